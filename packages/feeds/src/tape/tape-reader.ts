import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { type MarketEvent, parseTapeLine, TapeLineError } from '@spreadscope/core';

/**
 * Streams a market tape line by line. Per the tape contract a malformed line is reported — as a
 * TapeLineError naming its 1-based line number — and skipped; reading goes on. Blank lines (a trailing
 * newline, hand-edited tapes) are skipped silently; unknown fields are dropped by the core schema.
 */

export interface ReadTapeOptions {
  /** Hears about each malformed line; without it they are skipped silently. */
  readonly onError?: (error: TapeLineError) => void;
}

/** Fails early, with the path in the message, when the tape cannot be opened. */
export async function assertTapeReadable(path: string): Promise<void> {
  try {
    await access(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(error);
    throw new Error(`cannot open tape ${path}: ${why}`);
  }
}

export async function* readTape(path: string, options: ReadTapeOptions = {}): AsyncGenerator<MarketEvent> {
  await assertTapeReadable(path);
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  try {
    for await (const raw of lines) {
      lineNumber++;
      // A byte-order mark from a Windows editor is not part of the JSON.
      const text = lineNumber === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      if (text.trim() === '') continue;
      const parsed = parseTapeLine(text, lineNumber);
      if (parsed instanceof TapeLineError) {
        options.onError?.(parsed);
        continue;
      }
      yield parsed;
    }
  } finally {
    // Closing readline leaves its input open; a replay stopped early must release the file too.
    lines.close();
    input.destroy();
  }
}

/** Reads a whole tape into memory (tests, small tapes); malformed lines are collected, not thrown. */
export async function readTapeFile(
  path: string,
): Promise<{ events: MarketEvent[]; errors: TapeLineError[] }> {
  const events: MarketEvent[] = [];
  const errors: TapeLineError[] = [];
  for await (const event of readTape(path, { onError: (error) => errors.push(error) })) events.push(event);
  return { events, errors };
}
