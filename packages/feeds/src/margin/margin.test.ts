import type { BorrowEvent, MarketEvent, VenueId } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_SETTINGS } from '../live/feed-settings.ts';
import {
  type FixtureResponse,
  type FixtureRoutes,
  fixture,
  fixtureFetch,
} from '../live/fixtures/fixture-http.ts';
import type { PollTask } from '../supervisor/poll-task.ts';
import { RATE_LIMITED, SERVER_ERROR } from '../test-support/venue-kit.ts';
import type { AdapterContext } from '../venues/adapter.ts';
import { parseBackpackMargin } from './backpack/backpack-margin.ts';
import { binanceMarginUrl, parseBinanceMargin } from './binance/binance-margin.ts';
import { parseBitgetMargin } from './bitget/bitget-margin.ts';
import { parseBybitMargin } from './bybit/bybit-margin.ts';
import { parseGateMargin } from './gate/gate-margin.ts';
import { htxMarginUrl, parseHtxMargin } from './htx/htx-margin.ts';
import { marginExtras, PER_COIN_ASSETS } from './margin-feed.ts';
import { parseOkxMargin } from './okx/okx-margin.ts';

const load = (path: string): unknown => JSON.parse(fixture(`../../margin/${path}`));
const answer = (path: string): FixtureResponse => ({ body: fixture(`../../margin/${path}`) });

function context(venue: VenueId, routes: FixtureRoutes, key?: { apiKey: string; apiSecret: string }) {
  const emitted: MarketEvent[] = [];
  const requested: string[] = [];
  const ctx: AdapterContext = {
    venue,
    override: key ?? {},
    settings: DEFAULT_FEED_SETTINGS,
    fetch: fixtureFetch(routes, requested),
    clock: () => 1_764_062_000_000,
    random: () => 0,
    logger: { info: () => {}, warn: () => {} },
    emit: (e) => emitted.push(e),
    onChange: () => {},
  };
  return { ctx, emitted, requested };
}

async function pollOnce(venue: VenueId, routes: FixtureRoutes, key?: { apiKey: string; apiSecret: string }) {
  const { ctx, emitted, requested } = context(venue, routes, key);
  const extras = marginExtras(venue, ctx);
  const task = extras?.tasks[0] as PollTask | undefined;
  const ok = task ? await task.pollOnce() : false;
  return { ok, health: task?.health(), borrows: emitted as BorrowEvent[], requested, extras };
}

describe('margin borrow parsers (real wire formats)', () => {
  it('Bybit: every VIP level of every coin, hourly as sent, the cap and the borrowable flag', () => {
    const rows = parseBybitMargin(load('bybit/fixtures/spot-margin-data.json'));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      asset: 'BTC',
      marginType: 'cross',
      vipLevel: 'No VIP',
      hourlyRate: 0.000001502122,
      borrowLimit: 20,
      borrowable: true,
    });
    expect(rows.find((r) => r.asset === 'XRP')?.borrowable).toBe(false);
    expect(rows.find((r) => r.vipLevel === 'VIP-1' && r.asset === 'BTC')?.borrowLimit).toBe(40);
  });

  it('Bybit: a changed field (string flags, a renamed coin key, an empty rate) keeps what still reads', () => {
    const rows = parseBybitMargin(load('bybit/fixtures/spot-margin-data-changed.json'));
    expect(rows.map((r) => [r.asset, r.borrowable])).toEqual([['BTC', true]]);
  });

  it('Bybit: an error body is a failed round, not an empty one', () => {
    expect(() => parseBybitMargin(load('bybit/fixtures/error-10006.json'))).toThrow(/Too many visits/);
    expect(() => parseBybitMargin({ retCode: 0, result: {} })).toThrow(/vipCoinList/);
  });

  it('OKX: the daily base rate per hour at every regular and VIP level, quota × the level coefficient', () => {
    const rows = parseOkxMargin(load('okx/fixtures/interest-rate-loan-quota.json'));
    const btc = rows.filter((r) => r.asset === 'BTC');
    expect(btc.map((r) => r.vipLevel)).toEqual(['Lv1', 'Lv2', 'VIP1', 'VIP2', 'VIP3']);
    expect(btc[0]?.hourlyRate).toBeCloseTo(0.00019992 / 24, 12);
    expect(btc.find((r) => r.vipLevel === 'VIP2')?.borrowLimit).toBe(70);
    expect(rows.find((r) => r.asset === 'XRP')?.borrowable).toBe(false);
    const discounted = parseOkxMargin(load('okx/fixtures/discounted.json'));
    expect(discounted[0]?.hourlyRate).toBeCloseTo((0.00024 / 24) * 0.9, 12);
    expect(() => parseOkxMargin(load('okx/fixtures/error-50011.json'))).toThrow(/Too Many Requests/);
  });

  it('Gate: the newest hourly rate, at the tier Gate answered for; an error label fails', () => {
    expect(parseGateMargin(load('gate/fixtures/history-loan-rate-btc.json'))).toEqual([
      { asset: 'BTC', marginType: 'cross', vipLevel: 'VIP1', hourlyRate: 0.00000112, borrowable: true },
    ]);
    expect(() => parseGateMargin(load('gate/fixtures/error-invalid-currency.json'))).toThrow(
      /INVALID_CURRENCY/,
    );
    expect(parseGateMargin({ currency: 'BTC', rates: [] })).toEqual([]);
  });

  it('Bitget: the base rate as VIP0 and each VIP level, daily → hourly, the coin limit', () => {
    const rows = parseBitgetMargin(load('bitget/fixtures/interest-rate-and-limit-btc.json'));
    expect(rows.map((r) => r.vipLevel)).toEqual(['VIP0', 'VIP1', 'VIP2']);
    expect(rows[1]?.hourlyRate).toBeCloseTo(0.0000665 / 24, 12);
    expect(rows.every((r) => r.borrowLimit === 26 && r.borrowable)).toBe(true);
    expect(() => parseBitgetMargin(load('bitget/fixtures/error-40001.json'))).toThrow(/does not exist/);
  });

  it('Backpack: the annual pool rate per hour, what is left under the cap, RepayOnly not borrowable', () => {
    const rows = parseBackpackMargin(load('backpack/fixtures/borrow-lend-markets.json'));
    expect(rows[0]).toMatchObject({ asset: 'BTC', vipLevel: 'default', borrowable: true });
    expect(rows[0]?.hourlyRate).toBeCloseTo(0.0241 / 8760, 12);
    expect(rows[0]?.borrowLimit).toBeCloseTo(208.8, 6);
    expect(rows.find((r) => r.asset === 'SOL')).toMatchObject({ borrowable: false, borrowLimit: 0 });
    expect(() => parseBackpackMargin({ code: 'TOO_MANY_REQUESTS' })).toThrow(/not a list/);
  });

  it('Binance (signed): VIP levels, daily → hourly; the signature is HMAC-SHA256 of the query', () => {
    const rows = parseBinanceMargin(load('binance/fixtures/cross-margin-data.json'));
    expect(rows.map((r) => `${r.asset} ${r.vipLevel} ${r.borrowLimit}`)).toEqual([
      'BTC VIP0 180',
      'USDT VIP0 7000000',
      'BTC VIP1 270',
    ]);
    expect(() => parseBinanceMargin(load('binance/fixtures/error-2015.json'))).toThrow(/Invalid API-key/);
    const url = new URL(binanceMarginUrl('secret', 1_764_062_000_000));
    expect(url.searchParams.get('timestamp')).toBe('1764062000000');
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('HTX (signed): isolated pairs, each side with its discounted daily rate and what is left to borrow', () => {
    const rows = parseHtxMargin(load('htx/fixtures/loan-info.json'));
    expect(rows.map((r) => `${r.pair} ${r.asset} ${r.borrowable}`)).toEqual([
      'BTCUSDT BTC true',
      'BTCUSDT USDT true',
      'ETHUSDT ETH false',
    ]);
    expect(rows[2]?.hourlyRate).toBeCloseTo(0.00088 / 24, 12);
    expect(() => parseHtxMargin(load('htx/fixtures/error-signature.json'))).toThrow(/Signature not valid/);
    const url = new URL(htxMarginUrl('key', 'secret', Date.UTC(2025, 10, 25, 9, 0, 0)));
    expect(url.searchParams.get('Timestamp')).toBe('2025-11-25T09:00:00');
    expect(url.searchParams.get('Signature')).toMatch(/=$/);
  });
});

describe('margin borrow polls under the supervisor', () => {
  it('Bybit: a round emits validated borrow events stamped with the venue and the clock', async () => {
    const { ok, borrows, health } = await pollOnce('bybit', {
      '/v5/spot-margin-trade/data': answer('bybit/fixtures/spot-margin-data.json'),
    });
    expect(ok).toBe(true);
    expect(health?.status).toBe('connected');
    expect(borrows).toHaveLength(6);
    expect(borrows[0]).toMatchObject({ type: 'borrow', venue: 'bybit', t: 1_764_062_000_000 });
  });

  it('a 429 or a 5xx page is a failed round in plain words, and the poll waits at least its period', async () => {
    for (const failure of [RATE_LIMITED, SERVER_ERROR]) {
      const { ctx } = context('okx', { '/api/v5/public/interest-rate-loan-quota': failure });
      const task = marginExtras('okx', ctx)?.tasks[0] as PollTask;
      expect(await task.pollOnce()).toBe(false);
      expect(task.health().status).toBe('down');
      expect(task.health().lastError).toMatch(
        failure.status === 429 ? /HTTP 429 \(rate limited\)/ : /HTTP 503/,
      );
      // Never sooner than the poll period while the venue keeps refusing.
      expect(task.nextDelayMs()).toBeGreaterThanOrEqual(DEFAULT_FEED_SETTINGS.walletIntervalMs);
      expect(task.health().restarts).toBe(1);
    }
  });

  it('a body that is not JSON (a proxy page with 200) fails the round', async () => {
    const { ok, health } = await pollOnce('backpack', {
      '/api/v1/borrowLend/markets': { body: '<html>maintenance</html>', contentType: 'text/html' },
    });
    expect(ok).toBe(false);
    expect(health?.lastError).toMatch(/not JSON/);
  });

  it('Gate and Bitget ask coin by coin; a coin that fails degrades the round and names the coin', async () => {
    const { ok, health, borrows, requested } = await pollOnce('gateio', {
      '/api/v4/unified/history_loan_rate': (url) =>
        url.searchParams.get('currency') === 'BTC'
          ? answer('gate/fixtures/history-loan-rate-btc.json')
          : url.searchParams.get('currency') === 'USDT'
            ? answer('gate/fixtures/history-loan-rate-usdt.json')
            : answer('gate/fixtures/error-invalid-currency.json'),
    });
    expect(ok).toBe(true);
    expect(requested).toHaveLength(PER_COIN_ASSETS.length);
    expect(borrows.map((b) => b.asset)).toEqual(['BTC', 'USDT']);
    expect(health).toMatchObject({ status: 'degraded' });
    expect(health?.lastError).toMatch(/ETH, USDC, SOL, XRP, DOGE, ADA: Gate refused: INVALID_CURRENCY/);

    const bitget = await pollOnce('bitget', {
      '/api/margin/v1/cross/public/interestRateAndLimit': (url) =>
        url.searchParams.get('coin') === 'USDT'
          ? answer('bitget/fixtures/interest-rate-and-limit-usdt.json')
          : answer('bitget/fixtures/interest-rate-and-limit-btc.json'),
    });
    expect(bitget.health?.status).toBe('connected');
  });

  it('Binance without a key reads nothing and says a key unlocks it; with one it signs and sends the key header', async () => {
    const none = await pollOnce('binance', {});
    expect(none.extras?.tasks).toHaveLength(0);
    expect(none.extras?.capabilities.margin).toMatchObject({ via: 'none', needsKey: { configured: false } });

    const seen: Headers[] = [];
    const { ctx, emitted } = context(
      'binance',
      { '/sapi/v1/margin/crossMarginData': answer('binance/fixtures/cross-margin-data.json') },
      { apiKey: 'read-only-key', apiSecret: 'read-only-secret' },
    );
    const inner = ctx.fetch;
    const withKey: AdapterContext = {
      ...ctx,
      fetch: async (url, init) => {
        seen.push(new Headers(init?.headers));
        return inner(url, init);
      },
    };
    const task = marginExtras('binance', withKey)?.tasks[0] as PollTask;
    expect(await task.pollOnce()).toBe(true);
    expect(seen[0]?.get('x-mbx-apikey')).toBe('read-only-key');
    expect(emitted).toHaveLength(3);
  });

  it('a key refused by the venue shows the refusal without the secret', async () => {
    const { ctx } = context(
      'huobi',
      { '/v1/margin/loan-info': answer('htx/fixtures/error-signature.json') },
      { apiKey: 'k-123', apiSecret: 's-456' },
    );
    const task = marginExtras('huobi', ctx)?.tasks[0] as PollTask;
    expect(await task.pollOnce()).toBe(false);
    expect(task.health().lastError).toMatch(/Signature not valid/);
    expect(task.health().lastError).not.toContain('s-456');
  });

  it('venues that publish no borrow rates get no margin feed', () => {
    const { ctx } = context('upbit', {});
    expect(marginExtras('upbit', ctx)).toBeNull();
  });
});
