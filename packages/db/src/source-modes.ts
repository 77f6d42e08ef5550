import { DATA_SOURCE_MODES, type DataSourceMode } from '@spreadscope/core';
import { type SQL, sql } from 'drizzle-orm';
import type { HistorySourceMode } from './schema-source-mode.ts';

/** The market sources history is kept apart for: core's data-source modes (live, simulated, replay). */
export type SourceMode = DataSourceMode;

/** One source, or a function asked at every call (a repository that follows whichever source is running). */
export type ModeOption = SourceMode | (() => SourceMode);

export interface SourceModeOptions {
  /**
   * Whose history the repository writes and reads (default `live`). Every row written is tagged with it and
   * every read returns only its rows, so simulated and live minutes never mix.
   */
  readonly mode?: ModeOption | undefined;
}

/** The mode as a bound parameter of the `source_mode` enum; throws for anything else (a caller's typo). */
export function modeParam(mode: SourceMode): SQL {
  return sql`${assertMode(mode)}::source_mode`;
}

export function assertMode(mode: SourceMode): SourceMode {
  if (!(DATA_SOURCE_MODES as readonly string[]).includes(mode)) {
    throw new RangeError(`source mode must be one of ${DATA_SOURCE_MODES.join(', ')}, got ${String(mode)}`);
  }
  return mode;
}

/**
 * The sources whose rows a repository of `mode` prunes: those on the same clock. Live and simulated minutes
 * are wall-clock time, and so (as far as anyone can tell) are the untagged rows from before sources were
 * recorded, so one retention cutoff fits them all: a live deployment also ages out the simulated minutes an
 * earlier fallback left behind. A replay's minutes are its tape's time, which a wall-clock cutoff says nothing
 * about (and the other way round), so a replay prunes replay rows only and the others leave them alone.
 */
export function sameClockModes(mode: SourceMode): HistorySourceMode[] {
  return assertMode(mode) === 'replay' ? ['replay'] : ['live', 'simulated', 'untagged'];
}
