import { describe, expect, it } from 'vitest';
import type { FeedHealth } from './feed-health.ts';
import { venueHealth } from './venue-health.ts';

const feed = (partial: Partial<FeedHealth> & Pick<FeedHealth, 'feed' | 'status'>): FeedHealth => ({
  transport: 'ws',
  via: partial.status === 'connecting' ? null : 'ws',
  lastMessageAt: null,
  lastError: null,
  restarts: 0,
  ...partial,
});

describe('venueHealth', () => {
  it('keeps a notice board or market-flag list that is down out of the venue status (its own feed says so)', () => {
    expect(
      venueHealth([
        feed({ feed: 'spot-tickers', status: 'connected', lastMessageAt: 10 }),
        feed({
          feed: 'notices',
          status: 'down',
          transport: 'rest',
          lastError: 'HTTP 503 (venue server error)',
        }),
        feed({
          feed: 'market-flags',
          status: 'down',
          transport: 'rest',
          lastError: 'HTTP 429 (rate limited)',
        }),
      ]),
    ).toEqual({ status: 'connected', lastMessageAt: 10, lastError: null });
  });

  it('is connecting until a feed has answered, and connected when all delivering feeds are healthy', () => {
    expect(venueHealth([feed({ feed: 'spot-tickers', status: 'connecting' })]).status).toBe('connecting');
    expect(
      venueHealth([
        feed({ feed: 'spot-tickers', status: 'connected', lastMessageAt: 10 }),
        feed({ feed: 'books', status: 'connecting', lastError: 'waiting for the first tickers' }),
        feed({ feed: 'wallets', status: 'connected', lastMessageAt: 50, transport: 'rest' }),
      ]),
    ).toEqual({ status: 'connected', lastMessageAt: 10, lastError: null });
  });

  it('names a side feed that failed while prices are still connecting', () => {
    expect(
      venueHealth([
        feed({ feed: 'spot-tickers', status: 'connecting' }),
        feed({ feed: 'wallets', status: 'down', transport: 'rest', lastError: 'HTTP 401 (refused)' }),
      ]),
    ).toEqual({ status: 'connecting', lastMessageAt: null, lastError: 'wallets: HTTP 401 (refused)' });
  });

  it('is degraded with every problem named when some feeds fail', () => {
    expect(
      venueHealth([
        feed({
          feed: 'spot-tickers',
          status: 'degraded',
          via: 'rest',
          lastError: 'WebSocket stopped answering pings',
        }),
        feed({
          feed: 'funding',
          status: 'down',
          lastError: 'HTTP 503 (venue server error) from fapi.binance.com',
        }),
      ]),
    ).toMatchObject({
      status: 'degraded',
      lastError:
        'spot-tickers: WebSocket stopped answering pings; funding: HTTP 503 (venue server error) from fapi.binance.com',
    });
  });

  it('is down when no price feed delivers, even if wallets still answer', () => {
    expect(
      venueHealth([
        feed({ feed: 'spot-tickers', status: 'down', lastError: 'DNS lookup failed for api.upbit.com' }),
        feed({ feed: 'notices', status: 'connected', lastMessageAt: 5 }),
      ]).status,
    ).toBe('down');
  });
});
