import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MINUTE_MS, type MinuteBar } from '@spreadscope/core';
import { instruments, openDatabase, priceMinutes } from '@spreadscope/db';
import { MarketEngine } from '@spreadscope/engine';
import { Simulator, TapeWriter } from '@spreadscope/feeds';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test-support/spawn-server.ts';

/**
 * A `kill -9` just after a minute boundary must not lose the minute that just closed: the real server (on
 * embedded PGlite, replaying a simulator tape at 2× speed so the boundary comes in seconds) is killed as soon
 * as its market clock has passed the boundary, and the reopened database must hold that minute's bar for
 * every market the tape quoted in it.
 */

// Thirty seconds of the minute before the boundary, and some after it so the clock runs on past it.
const BOUNDARY = Date.UTC(2026, 0, 5, 3, 1, 0);
const TAPE_START = BOUNDARY - 30_000;
const TAPE_END = BOUNDARY + 20_000;

let dir = '';
let tape = '';
let expected: MinuteBar[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadscope-crash-'));
  tape = join(dir, 'market.ndjson');
  const simulator = new Simulator({ seed: 5, startTime: TAPE_START });
  const writer = await TapeWriter.open(tape, { source: 'crash test', start: TAPE_START });
  // What the closed minute holds, by the engine the server runs: every market quoted before the boundary.
  const engine = new MarketEngine();
  for (const event of simulator.advanceTo(TAPE_END)) {
    if (event.t < BOUNDARY) engine.apply(event);
    if (!writer.write(event)) await writer.drained();
  }
  await writer.close();
  engine.closeBefore(BOUNDARY);
  expected = engine.bars.drain().bars;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function startServer(): { child: ChildProcess; url: Promise<string>; log: () => string } {
  const server = spawnServer({
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    MARKET_SOURCE: `replay:${tape}`,
    REPLAY_SPEED: '2',
    // The test asks the clock every few milliseconds.
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  return { child: server.child, url: server.url, log: server.output };
}

describe('kill -9 just after a minute boundary', { timeout: 240_000 }, () => {
  it('keeps the bars of the minute that just closed, for every market', async () => {
    expect(expected.length).toBeGreaterThan(1_000);
    const server = startServer();
    const url = await server.url;
    let marketTime = 0;
    while (marketTime < BOUNDARY) {
      const response = await fetch(`${url}/api/v1/front/time`);
      expect(response.status).toBe(200);
      marketTime = ((await response.json()) as { marketTime: number }).marketTime;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    // Killed before the tape's end: the clock was just past the boundary, not at the last event.
    expect(marketTime).toBeLessThan(TAPE_END - 5_000);

    const database = await openDatabase({ dataDir: join(dir, 'pglite') });
    try {
      const rows = await database.db
        .select({
          venue: instruments.venue,
          market: instruments.market,
          base: instruments.base,
          quote: instruments.quote,
          open: priceMinutes.open,
        })
        .from(priceMinutes)
        .innerJoin(instruments, eq(instruments.id, priceMinutes.instrumentId))
        .where(
          and(eq(priceMinutes.minute, new Date(BOUNDARY - MINUTE_MS)), eq(priceMinutes.sourceMode, 'replay')),
        );
      const stored = new Map(rows.map((r) => [`${r.venue}/${r.market}/${r.base}/${r.quote}`, r.open]));
      const missing = expected.filter((b) => !stored.has(`${b.venue}/${b.market}/${b.base}/${b.quote}`));
      expect(missing.length, `${missing.length} of ${expected.length} markets lost the closed minute`).toBe(
        0,
      );
      // The stored bar is that minute's own: it opens where the tape opened it.
      const wrongOpen = expected.filter(
        (b) => stored.get(`${b.venue}/${b.market}/${b.base}/${b.quote}`) !== b.open,
      );
      expect(wrongOpen).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
