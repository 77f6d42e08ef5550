/**
 * Line colours for several exchanges on one chart: distinct in both themes and never the up/down colours,
 * which mean direction elsewhere on screen.
 */
export const SERIES_COLORS = [
  '#f5b83d',
  '#8b7cf6',
  '#2bb5b5',
  '#e879c6',
  '#9aa83a',
  '#5b8def',
  '#e08a3c',
  '#6fbf73',
  '#b07d5a',
  '#a3adbb',
] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] ?? '#a3adbb';
}
