import type { VenueConnection } from '@spreadscope/contracts';
import { describe, expect, it } from 'vitest';
import {
  capabilityCell,
  capabilityColumns,
  connectionSummary,
  groupByRegion,
  troubledFeeds,
  usingFallback,
} from './exchange-health.ts';

const venue = (
  partial: Partial<VenueConnection> & Pick<VenueConnection, 'id' | 'status'>,
): VenueConnection => ({
  name: partial.id,
  kind: 'cex',
  region: 'overseas',
  markets: ['spot'],
  dataSource: 'live',
  instruments: 0,
  lastMessageAt: null,
  lastMessageAgeMs: null,
  lastError: null,
  feeds: [],
  capabilities: null,
  rejects: {
    total: 0,
    counts: { crossed: 0, invalid: 0, jump: 0, 'out-of-order': 0, future: 0 },
    last: null,
  },
  ...partial,
});

describe('exchange health view', () => {
  const venues = [
    venue({ id: 'binance', status: 'connected' }),
    venue({ id: 'upbit', status: 'degraded', region: 'korea' }),
    venue({ id: 'kbit', status: 'unsupported', region: 'korea' }),
    venue({ id: 'mexc', status: 'disabled' }),
    venue({ id: 'okx', status: 'down' }),
  ];

  it('puts Korean exchanges first, keeping the registry order', () => {
    expect(groupByRegion(venues).map((g) => [g.region, g.venues.map((v) => v.id)])).toEqual([
      ['korea', ['upbit', 'kbit']],
      ['overseas', ['binance', 'mexc', 'okx']],
    ]);
  });

  it('counts connected venues among those actually read', () => {
    expect(connectionSummary(venues)).toEqual({ up: 1, total: 3 });
  });

  it('reads capabilities, with REST fallback and API-key needs', () => {
    const binance = venue({
      id: 'binance',
      status: 'connected',
      capabilities: {
        'spot-tickers': { via: 'ws', fallback: 'rest' },
        wallets: { via: 'none', needsKey: { configured: false }, note: 'key only' },
        candles: { via: 'on-demand' },
      },
    });
    expect(capabilityCell(binance, 'spot-tickers')).toEqual({
      via: 'ws',
      fallback: true,
      key: null,
      note: null,
    });
    expect(capabilityCell(binance, 'wallets')).toEqual({
      via: 'none',
      fallback: false,
      key: 'needed',
      note: 'key only',
    });
    expect(capabilityCell(binance, 'pools')).toEqual({ via: 'none', fallback: false, key: null, note: null });
    expect(capabilityColumns([binance])).toEqual(['spot-tickers', 'wallets', 'candles']);
  });

  it('knows when REST stands in for a stream', () => {
    const base = {
      feed: 'spot-tickers',
      status: 'degraded',
      lastMessageAt: 1,
      lastMessageAgeMs: 1,
      lastError: 'x',
      restarts: 1,
    } as const;
    expect(usingFallback({ ...base, transport: 'ws', via: 'rest' })).toBe(true);
    expect(usingFallback({ ...base, transport: 'ws', via: 'ws' })).toBe(false);
    expect(usingFallback({ ...base, transport: 'rest', via: 'rest' })).toBe(false);
  });

  it('lists the feeds in trouble, healthy and connecting ones left out', () => {
    const feed = { lastMessageAt: 1, lastMessageAgeMs: 1, lastError: null, restarts: 0 } as const;
    expect(
      troubledFeeds([
        { ...feed, feed: 'spot-tickers', transport: 'ws', via: 'rest', status: 'degraded' },
        { ...feed, feed: 'books', transport: 'ws', via: null, status: 'connecting' },
        { ...feed, feed: 'funding', transport: 'rest', via: null, status: 'down' },
        { ...feed, feed: 'wallets', transport: 'rest', via: 'rest', status: 'connected' },
      ]),
    ).toEqual([
      { feed: 'spot-tickers', status: 'degraded', fallback: true },
      { feed: 'funding', status: 'down', fallback: false },
    ]);
  });
});
