import { describe, expect, it } from 'vitest';
import {
  createLocalFavoritesStore,
  parseFavorites,
  toggleOwned,
  togglePin,
  VISITOR_LIMITS,
} from './local-favorites.ts';

describe('visitor favorites', () => {
  it('pins up to the Free limit and refuses the next one with the limit', () => {
    let lists = { pins: [] as readonly string[], ownedTokens: [] as readonly string[] };
    for (const key of ['upbit-binance-BTC', 'upbit-binance-ETH']) {
      const change = togglePin(lists, key, VISITOR_LIMITS.pins);
      if (!change.ok) throw new Error('refused');
      lists = change.lists;
    }
    expect(togglePin(lists, 'upbit-binance-XRP', VISITOR_LIMITS.pins)).toEqual({
      ok: false,
      reason: 'limit',
      max: 2,
    });
    const unpinned = togglePin(lists, 'upbit-binance-BTC', VISITOR_LIMITS.pins);
    expect(unpinned.ok && unpinned.lists.pins).toEqual(['upbit-binance-ETH']);
  });

  it('keeps owned tokens in upper case, at most 20', () => {
    const full = { pins: [], ownedTokens: Array.from({ length: 20 }, (_, i) => `T${i}`) };
    expect(toggleOwned(full, 'btc', VISITOR_LIMITS.ownedTokens).ok).toBe(false);
    const added = toggleOwned({ pins: [], ownedTokens: [] }, ' btc ', 20);
    expect(added.ok && added.lists.ownedTokens).toEqual(['BTC']);
  });

  it('survives a reload and drops what is not a valid key', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
    };
    createLocalFavoritesStore(storage).set({ pins: ['upbit-binance-BTC'], ownedTokens: ['ETH'] });
    expect(createLocalFavoritesStore(storage).get()).toEqual({
      pins: ['upbit-binance-BTC'],
      ownedTokens: ['ETH'],
    });
    expect(parseFavorites('{"pins":["<x>",3,"ok-1"]}')).toEqual({ pins: ['ok-1'], ownedTokens: [] });
    expect(parseFavorites('not json')).toEqual({ pins: [], ownedTokens: [] });
  });
});
