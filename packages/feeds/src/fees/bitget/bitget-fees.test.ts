import type { FeeTierEvent, MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_SETTINGS } from '../../live/feed-settings.ts';
import { type FixtureResponse, fixture, fixtureFetch } from '../../live/fixtures/fixture-http.ts';
import type { PollTask } from '../../supervisor/poll-task.ts';
import type { AdapterContext } from '../../venues/adapter.ts';
import { feeExtras } from '../fees-feed.ts';
import { parseBitgetFees } from './bitget-fees.ts';

const T = 1_764_062_000_000;
const raw = (name: string) => fixture(`../../fees/bitget/fixtures/${name}`);
const load = (name: string): unknown => JSON.parse(raw(name));

describe('Bitget VIP fee schedule (public market endpoints)', () => {
  it('reads each level as percent maker and taker, with its volume and asset thresholds', () => {
    const spot = parseBitgetFees(load('spot-vip-fee-rate.json'), 'spot', T);
    expect(spot.map((f) => [f.vipLevel, f.makerPercent, f.takerPercent])).toEqual([
      ['VIP0', 0.1, 0.1],
      ['VIP1', 0.08, 0.1],
      ['VIP2', 0.06, 0.08],
      ['VIP3', 0.05, 0.065],
    ]);
    expect(spot[0]?.requirement).toBeUndefined();
    expect(spot[1]).toMatchObject({
      t: T,
      type: 'fee_tier',
      venue: 'bitget',
      market: 'spot',
      requirement: '30d volume ≥ $1M or assets ≥ $50K',
    });
    const perp = parseBitgetFees(load('mix-vip-fee-rate.json'), 'perp', T);
    expect(perp[0]).toMatchObject({
      vipLevel: 'VIP1',
      makerPercent: 0.018,
      takerPercent: 0.045,
      market: 'perp',
    });
    expect(perp[0]?.requirement).toBe('30d futures volume ≥ $10M or assets ≥ $50K');
  });

  it('reads a changed answer (numbers as numbers) and skips a level whose rate fields were renamed', () => {
    const rows = parseBitgetFees(load('spot-vip-fee-rate-changed.json'), 'spot', T);
    expect(rows.map((f) => [f.vipLevel, f.makerPercent, f.takerPercent])).toEqual([['VIP1', 0.08, 0.1]]);
  });

  it('refuses an error code and an answer with no level', () => {
    expect(() => parseBitgetFees(load('error-40404.json'), 'spot', T)).toThrow(/Request URL NOT FOUND/);
    expect(() => parseBitgetFees({ code: '00000', data: [] }, 'spot', T)).toThrow(/no fee levels/);
  });
});

describe('Bitget fee feed under the supervisor', () => {
  function poll(spot: () => FixtureResponse, perp: () => FixtureResponse) {
    const emitted: MarketEvent[] = [];
    const ctx: AdapterContext = {
      venue: 'bitget',
      override: {},
      settings: DEFAULT_FEED_SETTINGS,
      fetch: fixtureFetch({
        '/api/v2/spot/market/vip-fee-rate': spot,
        '/api/v2/mix/market/vip-fee-rate': perp,
      }),
      clock: () => T,
      random: () => 0,
      logger: { info: () => {}, warn: () => {} },
      emit: (e) => emitted.push(e),
      onChange: () => {},
    };
    const extras = feeExtras('bitget', ctx);
    const task = extras?.tasks[0] as PollTask;
    return { task, emitted: emitted as FeeTierEvent[], extras };
  }

  it('emits both markets’ levels; one market failing (429) degrades the round and says why', async () => {
    const both = poll(
      () => ({ body: raw('spot-vip-fee-rate.json') }),
      () => ({ body: raw('mix-vip-fee-rate.json') }),
    );
    expect(both.extras?.capabilities.fees).toEqual({ via: 'rest' });
    expect(await both.task.pollOnce()).toBe(true);
    expect(both.emitted.map((e) => `${e.market} ${e.vipLevel}`)).toEqual([
      'spot VIP0',
      'spot VIP1',
      'spot VIP2',
      'spot VIP3',
      'perp VIP1',
      'perp VIP2',
    ]);
    const half = poll(
      () => ({ body: raw('spot-vip-fee-rate.json') }),
      () => ({ status: 429, body: '{"code":"429","msg":"Too Many Requests"}' }),
    );
    await half.task.pollOnce();
    expect(half.emitted).toHaveLength(4);
    expect(half.task.health()).toMatchObject({ status: 'degraded' });
    expect(half.task.health().lastError).toMatch(/perp: .*429/);
    const down = poll(
      () => ({ status: 503, body: 'busy', contentType: 'text/plain' }),
      () => ({ body: raw('error-40404.json') }),
    );
    expect(await down.task.pollOnce()).toBe(false);
    expect(down.emitted).toEqual([]);
  });

  it('is only Bitget’s', () => {
    expect(feeExtras('binance', {} as AdapterContext)).toBeNull();
  });
});
