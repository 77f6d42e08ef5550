import { MarketEngine } from '@spreadscope/engine';
import { describe, expect, it } from 'vitest';
import { ManualSource } from '../../test-support/manual-source.ts';
import { ExchangesService } from './service.ts';

const T0 = Date.UTC(2025, 10, 21, 4, 0);

function setup() {
  const source = new ManualSource(T0, 'live');
  const service = new ExchangesService(new MarketEngine(), source);
  source.links_ = [
    {
      venue: 'binance',
      status: 'degraded',
      lastMessageAt: T0,
      lastError: 'funding: HTTP 503 (venue server error) from fapi.binance.com',
      feeds: [
        {
          feed: 'spot-tickers',
          transport: 'ws',
          via: 'ws',
          status: 'connected',
          lastMessageAt: T0,
          lastError: null,
          restarts: 2,
        },
        {
          feed: 'funding',
          transport: 'rest',
          via: null,
          status: 'down',
          lastMessageAt: null,
          lastError: 'HTTP 503 (venue server error) from fapi.binance.com',
          restarts: 1,
        },
      ],
      capabilities: {
        'spot-tickers': { via: 'ws', fallback: 'rest' },
        wallets: { via: 'none', needsKey: { configured: false }, note: 'key only' },
      },
    },
    { venue: 'kbit', status: 'unsupported', lastMessageAt: null, lastError: 'no public API' },
  ];
  return { source, service };
}

describe('ExchangesService', () => {
  it('passes each feed’s health and the capability map through, with ages on the source clock', () => {
    const { source, service } = setup();
    source.clock = T0 + 2_000;
    const binance = service.connection().venues.find((v) => v.id === 'binance');
    expect(binance?.feeds).toEqual([
      {
        feed: 'spot-tickers',
        transport: 'ws',
        via: 'ws',
        status: 'connected',
        lastMessageAt: T0,
        lastMessageAgeMs: 2_000,
        lastError: null,
        restarts: 2,
      },
      expect.objectContaining({ feed: 'funding', status: 'down', lastMessageAgeMs: null }),
    ]);
    expect(binance?.capabilities).toEqual({
      'spot-tickers': { via: 'ws', fallback: 'rest' },
      wallets: { via: 'none', needsKey: { configured: false }, note: 'key only' },
    });
    const kbit = service.connection().venues.find((v) => v.id === 'kbit');
    expect(kbit).toMatchObject({
      status: 'unsupported',
      lastError: 'no public API',
      feeds: [],
      capabilities: null,
    });
  });

  it('marks a price feed that went quiet as degraded, then down, whatever it claims', () => {
    const { source, service } = setup();
    source.clock = T0 + 25_000;
    let feed = service.connection().venues.find((v) => v.id === 'binance')?.feeds[0];
    expect(feed).toMatchObject({ status: 'degraded', lastError: 'no data for 25 s' });
    source.clock = T0 + 130_000;
    feed = service.connection().venues.find((v) => v.id === 'binance')?.feeds[0];
    expect(feed).toMatchObject({ status: 'down', lastError: 'no data for 130 s' });
  });

  it('reports USD/KRW forex failing, with its reason and the age of the last good rate', () => {
    const { source, service } = setup();
    source.clock = T0 + 90_000;
    source.forex_ = {
      status: 'down',
      source: 'quotation-api-cdn.dunamu.com',
      rate: 1432.5,
      lastRateAt: T0,
      lastError: 'no USD/KRW rate (quotation-api-cdn.dunamu.com: HTTP 503; open.er-api.com: timed out)',
    };
    expect(service.connection().forex).toEqual({
      status: 'down',
      source: 'quotation-api-cdn.dunamu.com',
      rate: 1432.5,
      lastRateAt: T0,
      lastRateAgeMs: 90_000,
      lastError: 'no USD/KRW rate (quotation-api-cdn.dunamu.com: HTTP 503; open.er-api.com: timed out)',
    });
    expect(service.connection().liveFailures).toBeUndefined();
  });

  it('lists why each live exchange failed while auto shows simulated data', () => {
    const { source, service } = setup();
    source.failures_ = [
      { venue: 'binance', reason: 'spot-tickers: HTTP 451 from api.binance.com' },
      { venue: 'upbit', reason: 'spot-tickers: DNS lookup failed for api.upbit.com' },
    ];
    expect(service.connection().liveFailures).toEqual(source.failures_);
    expect(service.connection().forex).toBeNull();
  });
});
