import { readFileSync } from 'node:fs';

/** Test support: a recorded venue answer beside the parser (`binance/fixtures/…`), as the wire gave it. */
export function recorded(path: string): string {
  return readFileSync(new URL(path, import.meta.url), 'utf8');
}

export function recordedJson(path: string): unknown {
  return JSON.parse(recorded(path));
}
