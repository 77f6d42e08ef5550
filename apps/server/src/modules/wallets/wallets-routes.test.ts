import type { WalletEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { forex, quote, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';
import type { WalletChangeEvent } from './wallet-events.ts';

const open = { deposit: true, withdraw: true };
const wallet = (
  t: number,
  venue: string,
  asset: string,
  network: string,
  state: { deposit: boolean; withdraw: boolean },
  extra: Partial<WalletEvent> = {},
): WalletEvent => ({ t, type: 'wallet', venue, asset, network, ...state, ...extra });

const TOKAMAK = '0x2be5e8c109e2197D077D13A82dAead6a9b3433C5';
const TONCOIN = '0x582d872a1b094fc48f5de31d3b73f2d9be47def1';
const HOUR = 3_600_000;

forEachDatabase('wallet status over HTTP', (getDb) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ database: getDb() });
  });
  afterEach(async () => {
    await server.close();
  });

  const front = (path: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/api/v1/front${path}`, headers });
  /**
   * Waits until the service's 20 ms sync has compared every pushed report. Its first sync runs before any push,
   * so a bare "has synced" would let two pushes meet in one comparison and hide the change between them.
   */
  const synced = () =>
    vi.waitFor(
      () => {
        expect(server.engine.wallets.version).toBeGreaterThan(0);
        expect(server.wallets.syncedVersion).toBe(server.engine.wallets.version);
      },
      { timeout: 10_000 },
    );

  it('serves a venue’s wallet table with health, worst first, filtered by health, asset and chain', async () => {
    server.source.push(
      wallet(T0, 'bithumb', 'BTC', 'BTC', open, { confirmations: 2 }),
      wallet(T0, 'bithumb', 'USDT', 'TRX', { deposit: true, withdraw: false }, { withdrawFee: 1 }),
      wallet(T0, 'bithumb', 'ETH', 'ETH', { deposit: false, withdraw: false }),
      wallet(T0, 'bithumb', 'SOL', 'SOL', open, { delayed: true }),
      wallet(T0, 'upbit', 'BTC', 'BTC', open),
    );
    await synced();
    const res = await front('/v2/wallet-status/bithumb');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ healthy: 1, warning: 2, unhealthy: 1, unknown: 0 });
    expect(body.data.map((r: { asset: string; health: string }) => `${r.asset}:${r.health}`)).toEqual([
      'ETH:unhealthy',
      'SOL:warning',
      'USDT:warning',
      'BTC:healthy',
    ]);
    // Bitcoin's block time comes from the chain's facts: 2 confirmations × 600 s.
    expect(body.data[3]).toMatchObject({
      chain: 'BTC',
      confirmations: 2,
      blockTimeSec: 600,
      transferTimeSec: 1200,
    });
    expect((await front('/v2/wallet-status/bithumb?health=warning')).json().total).toBe(2);
    expect(
      (await front('/v2/wallet-status/bithumb?q=us')).json().data.map((r: { asset: string }) => r.asset),
    ).toEqual(['USDT']);
    expect((await front('/v2/wallet-status/bithumb?chain=TRX')).json().total).toBe(1);
    expect(body.dataSource.mode).toBe('simulated');
  });

  it('answers an unknown exchange with 404 in the user’s language, and a bad filter with 400 naming it', async () => {
    const unknown = await front('/v2/wallet-status/notanexchange', { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'unknown_exchange',
      message: 'Unknown exchange "notanexchange".',
    });
    const ko = await front('/v2/wallet-status/notanexchange');
    expect(ko.json().message).toBe('지원하지 않는 거래소 "notanexchange"입니다.');
    const bad = await front('/v2/wallet-status/upbit?health=broken');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().param).toBe('health');
    expect((await front('/wallet-status/assets')).statusCode).toBe(400);
    expect((await front('/wallet-status?asset=B%24D')).json().param).toBe('asset');
  });

  it('marks a change within the hour as warning, records it, emits it once and keeps it after a restart', async () => {
    const seen: WalletChangeEvent[] = [];
    server.wallets.changes.on((e) => seen.push(e));
    server.source.push(wallet(T0, 'upbit', 'XRP', 'XRP', open));
    await synced();
    server.source.push(wallet(T0 + 60_000, 'upbit', 'XRP', 'XRP', { deposit: false, withdraw: true }));
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 10_000 });
    expect(seen[0]).toMatchObject({
      type: 'wallet.change',
      source: 'simulated',
      exchange: 'upbit',
      asset: 'XRP',
      chain: 'XRP',
      kind: 'deposit_suspended',
      at: T0 + 60_000,
    });
    server.source.push(wallet(T0 + 120_000, 'upbit', 'XRP', 'XRP', open));
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 10_000 });
    const row = () => front('/v2/wallet-status/upbit').then((r) => r.json().data[0]);
    // Open both ways again, but it changed two minutes ago: warning.
    expect(await row()).toMatchObject({ health: 'warning', changedAt: T0 + 120_000 });
    server.source.push(wallet(T0 + 2 * HOUR, 'upbit', 'XRP', 'XRP', open));
    await vi.waitFor(async () => expect((await row()).health).toBe('healthy'));
    await vi.waitFor(async () =>
      expect(
        (await front('/wallet-status/changes?exchange=upbit'))
          .json()
          .data.map((c: { kind: string }) => c.kind),
      ).toEqual(['deposit_opened', 'deposit_suspended']),
    );
    // A restarted server remembers when the network changed, and reports no change it already reported.
    await server.close();
    server = await startTestServer({ database: getDb(), clock: T0 + 2 * HOUR + 1 });
    await server.wallets.ready();
    const again: WalletChangeEvent[] = [];
    server.wallets.changes.on((e) => again.push(e));
    server.source.push(wallet(T0 + 2 * HOUR + 10, 'upbit', 'XRP', 'XRP', open));
    await synced();
    expect(again).toEqual([]);
    expect((await row()).changedAt).toBe(T0 + 120_000);
  });

  it('shows a token across venues with unknown for a venue that lists it but publishes no wallets, and flags a different token', async () => {
    server.source.push(
      forex(T0, 1_400),
      quote(T0, 'binance', 'TON', 'USDT', 3),
      quote(T0, 'bithumb', 'TON', 'KRW', 5_880),
      quote(T0, 'upbit', 'TON', 'KRW', 4_242),
      quote(T0, 'okx', 'TON', 'USDT', 3),
      wallet(T0, 'binance', 'TON', 'ERC20', open, { contract: TONCOIN }),
      wallet(T0, 'bithumb', 'TON', 'ETH', open, { contract: TOKAMAK }),
      wallet(T0, 'upbit', 'TON', 'ETH', { deposit: false, withdraw: true }, { contract: TONCOIN }),
    );
    await synced();
    const res = await front('/wallet-status?asset=ton');
    expect(res.statusCode).toBe(200);
    const venues = res.json().venues as {
      exchange: string;
      health: string;
      differentToken: string[];
      listed: boolean;
    }[];
    const of = (id: string) => venues.find((v) => v.exchange === id);
    expect(of('okx')).toMatchObject({ listed: true, health: 'unknown', differentToken: [] });
    expect(of('upbit')).toMatchObject({ health: 'warning', differentToken: ['bithumb'] });
    expect(of('bithumb')?.differentToken).toEqual(['upbit', 'binance']);
    const missing = await front('/wallet-status?asset=NOPE', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('Wallet info not supported for the token NOPE');
    expect((await front('/wallet-status/assets?exchange=bithumb')).json()).toEqual(['TON']);
    expect((await front('/wallet-status/exchanges')).json()).toEqual(['upbit', 'bithumb', 'binance']);
  });
});
