import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createListingCaseRepository, openDatabase } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from './admin.ts';

const good = [
  {
    exchange: 'upbit',
    quote: 'KRW',
    base: 'ait',
    name: '에이아이티프로토콜',
    announcedAt: '2025-11-21T11:59:00+09:00',
    listedAt: '2025-11-21T17:00:00+09:00',
    totalDepositBeforeTrading: { amount: 1_250_000, krw: 2_275_000_000 },
    listingPrice: 1_820,
    high24h: 2_400,
    low24h: 1_480,
    peakPremium: { pct: 71.4, at: '2025-11-21T17:01:00+09:00' },
    marketCapChange24hPct: -17.6,
    posts: [
      {
        channel: 'coinkorea',
        text: 'AIT on Upbit',
        url: 'https://t.me/coinkorea/42',
        publishedAt: 1_763_704_000_000,
      },
    ],
  },
  { exchange: 'bithumb', quote: 'KRW', base: 'KAITO', announcedAt: 1_745_000_000_000 },
];

// Every call opens PGlite (seconds each on a loaded machine).
describe('npm run admin -- listing import', { timeout: 120_000 }, () => {
  let env: Record<string, string> = {};
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'spreadscope-admin-listing-import-'));
    env = { DATA_DIR: dir, MARKET_SOURCE: 'sim', PORT: '0' };
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function admin(...argv: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await runAdmin(argv, env, { log: (l) => lines.push(l) });
    return { code, lines };
  }

  async function stored() {
    const database = await openDatabase({ dataDir: `${dir}/pglite` });
    try {
      return await createListingCaseRepository(database, { mode: 'live' }).list(100);
    } finally {
      await database.close();
    }
  }

  it('imports a good file, upserting by market key on a second run', async () => {
    const file = join(dir, 'good.json');
    await writeFile(file, JSON.stringify(good));
    expect(await admin('listing', 'import', file)).toEqual({
      code: 0,
      lines: ['imported 2 listing cases (2 new, 0 updated)'],
    });
    const rows = await stored();
    expect(rows.map((r) => r.key)).toEqual(['upbit-krw-ait', 'bithumb-krw-kaito']);
    expect(rows[0]).toMatchObject({
      base: 'AIT',
      origin: 'imported',
      announcedAt: Date.parse('2025-11-21T02:59:00Z'),
      deposit: { amount: 1_250_000, krw: 2_275_000_000 },
      peakPremium: { pct: 71.4, at: Date.parse('2025-11-21T08:01:00Z') },
      listingPrice: 1_820,
    });
    // Unknown figures stay unknown.
    expect(rows[1]).toMatchObject({ listingPrice: null, deposit: null, posts: [], type: 'default' });

    await writeFile(file, JSON.stringify([{ ...good[0], listingPrice: 1_800 }]));
    expect((await admin('listing', 'import', file)).lines).toEqual([
      'imported 1 listing cases (0 new, 1 updated)',
    ]);
    expect((await stored()).find((r) => r.key === 'upbit-krw-ait')?.listingPrice).toBe(1_800);
  });

  it('rejects a file with a bad row by its index and writes nothing', async () => {
    const before = (await stored()).length;
    const file = join(dir, 'bad.json');
    const bad = [
      { ...good[1], base: 'NEW1' },
      { exchange: 'binance', quote: 'KRW', base: 'X', announcedAt: 1 },
      { ...good[1], base: 'NEW2', high24h: 10, low24h: 20 },
    ];
    await writeFile(file, JSON.stringify(bad));
    const answer = await admin('listing', 'import', file);
    expect(answer.code).toBe(1);
    expect(answer.lines.some((l) => l.startsWith('row 1: exchange'))).toBe(true);
    expect(answer.lines.some((l) => l.startsWith('row 2: low24h'))).toBe(true);
    expect(answer.lines.some((l) => l.startsWith('row 0'))).toBe(false);
    expect(answer.lines.at(-1)).toBe('nothing imported');
    expect((await stored()).length).toBe(before);

    await writeFile(file, '{"not": "an array"}');
    expect((await admin('listing', 'import', file)).lines).toEqual([
      'the file must hold a JSON array of cases',
      'nothing imported',
    ]);
    await expect(admin('listing', 'import')).rejects.toBeInstanceOf(UsageError);
  });
});
