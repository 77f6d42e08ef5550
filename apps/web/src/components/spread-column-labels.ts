import type { TFunction } from 'i18next';
import type { ColumnId } from '../lib/spread-columns.ts';

const WINDOWS: Partial<Record<ColumnId, string>> = {
  gap5m: '5m',
  gap15m: '15m',
  gap30m: '30m',
  gap1h: '1h',
  gap4h: '4h',
  gap24h: '24h',
};

/** A column's name as the header, the detail list and the column picker show it. */
export function columnTitle(id: ColumnId, t: TFunction, source: string, target: string): string {
  const window = WINDOWS[id];
  if (window)
    return t('columns.gapAgo', { window: t(`filters.durations.${window}` as 'filters.durations.5m') });
  switch (id) {
    case 'sourcePrice':
      return source;
    case 'targetPrice':
      return target;
    case 'volume':
      return t('columns.volumeOf', { venue: source });
    case 'targetVolume':
      return t('columns.volumeOf', { venue: target });
    case 'change':
      return t('columns.changeOf', { venue: source });
    case 'sourceFunding':
      return t('columns.fundingOf', { venue: source });
    case 'targetFunding':
      return t('columns.fundingOf', { venue: target });
    case 'sourceBook':
      return t('columns.bookOf', { venue: source });
    case 'targetBook':
      return t('columns.bookOf', { venue: target });
    default:
      return t(`columns.${id}` as 'columns.token');
  }
}
