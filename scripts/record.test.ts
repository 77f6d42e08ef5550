import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VENUES } from '@spreadscope/core';
import { readTapeFile } from '@spreadscope/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordArgs, record, summarize, UsageError } from './record.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadscope-record-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseRecordArgs', () => {
  it('reads the options, with auto as the default source', () => {
    expect(parseRecordArgs(['--out', 'a.ndjson', '--minutes', '2.5'])).toEqual({
      out: 'a.ndjson',
      minutes: 2.5,
      source: 'auto',
      seed: 1,
      start: null,
    });
    expect(
      parseRecordArgs([
        '--out',
        'a',
        '--minutes',
        '1',
        '--source',
        'sim',
        '--seed',
        '7',
        '--start',
        '2025-11-21T03:00:00Z',
      ]),
    ).toMatchObject({ source: 'sim', seed: 7, start: Date.UTC(2025, 10, 21, 3) });
    expect(parseRecordArgs(['--help'])).toBe('help');
  });

  it.each([
    [[], '--out FILE is required'],
    [['--out', 'a'], '--minutes N is required'],
    [['--out', 'a', '--minutes', '0'], '--minutes must be a positive number'],
    [['--out', 'a', '--minutes', 'ten'], '--minutes must be a positive number'],
    [['--out', 'a', '--minutes', '1', '--source', 'replay'], '--source must be one of sim, live, auto'],
    [['--out', 'a', '--minutes', '1', '--seed', '1.5'], '--seed must be an integer'],
    [['--out', 'a', '--minutes', '1', '--source', 'sim', '--start', 'yesterday'], '--start must be'],
    [['--out', 'a', '--minutes', '1', '--start', '0'], '--start only applies to --source sim'],
    [['--out', 'a', '--minutes', '1', '--verbose'], "Unknown option '--verbose'"],
    [['stray', '--out', 'a'], 'Unexpected argument'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseRecordArgs(argv)).toThrow(UsageError);
    expect(() => parseRecordArgs(argv)).toThrow(message);
  });
});

describe('record --source sim', () => {
  it('writes N minutes of sim time without waiting, reproducibly', async () => {
    // 24 s of sim time, twice: paced in real time this would outlast the test's 20 s timeout.
    const args = { minutes: 0.4, source: 'sim' as const, seed: 5, start: Date.UTC(2025, 10, 21, 3) };
    const first = await record({ ...args, out: join(dir, 'a.ndjson') }, { log: () => {} });
    await record({ ...args, out: join(dir, 'b.ndjson') }, { log: () => {} });
    const [a, b] = await Promise.all([readFile(join(dir, 'a.ndjson')), readFile(join(dir, 'b.ndjson'))]);
    expect(a.equals(b)).toBe(true);
    expect(first.stats.bytes).toBe(a.length);
    expect(first.stats.firstT).toBe(args.start);
    expect((first.stats.lastT ?? 0) - args.start).toBeGreaterThan(23_800);
    expect((first.stats.lastT ?? 0) - args.start).toBeLessThan(24_000);
    const { events, errors } = await readTapeFile(join(dir, 'a.ndjson'));
    expect(errors).toEqual([]);
    expect(events[0]).toMatchObject({
      type: 'meta',
      version: 1,
      source: 'simulator seed 5',
      start: args.start,
    });
    expect(events.length).toBe(first.stats.events + 1);
    expect(summarize('a.ndjson', first)).toMatch(
      /^wrote [\d,]+ events, [\d,]+ bytes \([\d.]+ MB\) to a\.ndjson; span 2025-11-21T03:00:00\.000Z → 2025-11-21T03:00:23\.\d{3}Z \(0\.40 min\); source: simulator seed 5$/,
    );
  });
});

describe('record --source auto', () => {
  it('records the simulator when no venue answers, and says so', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const env: Record<string, string> = { FOREX_URLS: `http://127.0.0.1:${port}/fx` };
    // Every venue's REST and WebSocket traffic goes to the closed port: nothing leaves loopback.
    for (const { id } of VENUES) {
      env[`VENUE_${id.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
      env[`VENUE_${id.toUpperCase()}_WS_URL`] = `ws://127.0.0.1:${port}`;
    }
    const logs: string[] = [];
    const out = join(dir, 'auto.ndjson');
    const result = await record(
      { out, minutes: 0.05, source: 'auto', seed: 1, start: null },
      { log: (l) => logs.push(l), env },
    );
    // Every venue was refused at once: the reason says so, not that it waited out the 15 s timeout.
    expect(result.description).toMatch(
      /^simulated \(every live exchange failed \(all \d+, within [\d.]+ s: /,
    );
    expect(result.stats.events).toBeGreaterThan(100);
    expect(logs.some((l) => l.startsWith('source is now simulated'))).toBe(true);
    const { events } = await readTapeFile(out);
    // The header names the source that actually ran, and a recording does not switch back to live.
    expect(events[0]).toMatchObject({ type: 'meta' });
    const header = (events[0] as { source: string }).source;
    expect(header).toMatch(/^simulated \(auto: every live exchange failed \(all \d+, within [\d.]+ s: /);
    expect(header).toMatch(/showing simulated data\); recorded by npm run record$/);
    expect(header).not.toContain('trying live again');
  });
});

describe('the CLI', () => {
  it('exits with code 2 and the usage on bad arguments', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/record.ts', '--minutes', 'soon'], {
      encoding: 'utf8',
      cwd: join(import.meta.dirname, '..'),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('record: --out FILE is required');
    expect(run.stderr).toContain('usage: npm run record -- --out FILE --minutes N');
  });
});
