import { describe, expect, it } from 'vitest';
import {
  columnPrefsFromWire,
  columnPrefsToWire,
  createColumnPrefsStore,
  parseColumnPrefs,
} from './column-prefs.ts';
import {
  CORE_COLUMNS,
  choosableColumns,
  gridTemplate,
  moveColumn,
  visibleColumns,
} from './spread-columns.ts';

describe('visible columns', () => {
  it('keeps token, both prices and the gap on a phone whatever the user chose', () => {
    expect(visibleColumns('premium', 'spot-spot', 'sm', ['volume', 'depth'])).toEqual([...CORE_COLUMNS]);
  });

  it("fills a phone's gap slot with the gap metric the rows are sorted by, so they read in order", () => {
    expect(visibleColumns('spot-spot', 'spot-spot', 'sm', null, 'netGap')).toEqual([
      'token',
      'sourcePrice',
      'targetPrice',
      'netGap',
    ]);
    expect(visibleColumns('premium', 'spot-spot', 'sm', null, 'exitGap').at(-1)).toBe('exitGap');
    // Sorted by anything that is not a gap, the phone keeps the raw gap.
    expect(visibleColumns('spot-spot', 'spot-spot', 'sm', null, 'volume').at(-1)).toBe('gap');
    // Wider screens have every chosen column: the sort key does not move anything there.
    expect(visibleColumns('spot-spot', 'spot-spot', 'md', ['netGap'], 'netGap')).toEqual([
      ...CORE_COLUMNS,
      'netGap',
    ]);
    const phone = gridTemplate(
      visibleColumns('spot-spot', 'spot-spot', 'sm', null, 'netGap'),
      8,
      false,
      true,
    );
    expect(phone.tracks).toBe(gridTemplate(CORE_COLUMNS, 8, false, true).tracks);
  });

  it('widens with the screen by default and follows the user once they choose', () => {
    const md = visibleColumns('premium', 'spot-spot', 'md', null);
    const xl = visibleColumns('premium', 'spot-spot', 'xl', null);
    expect(md.length).toBeLessThan(xl.length);
    expect(visibleColumns('premium', 'spot-spot', 'md', ['transfer', 'volume'])).toEqual([
      ...CORE_COLUMNS,
      'transfer',
      'volume',
    ]);
  });

  it('leaves funding columns out where no leg is a perpetual, and ignores unknown ids', () => {
    const chosen = ['fundingGap', 'volume', 'nonsense', 'volume'];
    expect(visibleColumns('spot-spot', 'spot-spot', 'lg', chosen)).toEqual([...CORE_COLUMNS, 'volume']);
    expect(visibleColumns('perp-perp', 'spot-spot', 'lg', chosen)).toEqual([
      ...CORE_COLUMNS,
      'fundingGap',
      'volume',
    ]);
    expect(choosableColumns('premium', 'spot-perp')).toContain('targetFunding');
    expect(choosableColumns('premium', 'spot-spot')).not.toContain('targetFunding');
  });

  it('sums the narrowest tracks into the width below which the table scrolls sideways', () => {
    const { tracks, minWidth } = gridTemplate(['token', 'gap'], 10);
    expect(tracks).toBe('minmax(140px, 1fr) minmax(72px, 0.8fr)');
    expect(minWidth).toBe(140 + 72 + 10);
  });

  it('gives the token column of a phone room for the arrow and an eight-letter ticker', () => {
    const { tracks } = gridTemplate(CORE_COLUMNS, 6, false, true);
    const [token, source, target, gap] = tracks.split(' minmax').map((t) => t.replace(/^minmax/, ''));
    expect(token).toBe('(88px, 1fr)');
    expect(source).toBe('(0px, 1fr)');
    expect(target).toBe('(0px, 1fr)');
    expect(gap).toBe('(66px, 0.7fr)');
  });

  it('moves a column within bounds', () => {
    expect(moveColumn(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('column preferences', () => {
  it('remembers a choice per table group and forgets it on reset', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
    };
    const store = createColumnPrefsStore(storage);
    store.set('arbitrage', ['netGap', 'depth']);
    expect(createColumnPrefsStore(storage).get()).toEqual({ arbitrage: ['netGap', 'depth'] });
    store.set('arbitrage', null);
    expect(createColumnPrefsStore(storage).get()).toEqual({});
  });

  it('takes the account choice in place of the browser one, and sends both groups back', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
    };
    const store = createColumnPrefsStore(storage);
    store.set('premium', ['volume']);
    const saved = columnPrefsFromWire({ premium: null, arbitrage: ['netGap', 'depth'] });
    store.replace(saved);
    expect(store.get()).toEqual({ arbitrage: ['netGap', 'depth'] });
    expect(createColumnPrefsStore(storage).get()).toEqual({ arbitrage: ['netGap', 'depth'] });
    expect(columnPrefsToWire(store.get())).toEqual({ premium: null, arbitrage: ['netGap', 'depth'] });
  });

  it('reads damaged storage as no choice', () => {
    expect(parseColumnPrefs('{oops')).toEqual({});
    expect(parseColumnPrefs('{"premium":[1,"volume"]}')).toEqual({ premium: ['volume'] });
  });
});
