import { SEARCH_FUZZY_THRESHOLD, tokenName, type VenueId } from '@spreadscope/core';
import Fuse from 'fuse.js';

interface Entry {
  readonly base: string;
  readonly exchanges: VenueId[];
}

interface Named extends Entry {
  readonly ko: string;
  readonly en: string;
}

/**
 * Fuzzy search over the tokens the engine quotes (spec §9: threshold 0.4 on symbol and name: the ticker, and
 * the Korean and English names core knows, so 비트코인 and bitcoin find BTC). The index is rebuilt only when
 * new tokens appeared, which after start-up is rare.
 */
export class TokenSearch {
  private fuse: Fuse<Named> | null = null;
  private indexed = -1;
  private owner: object | undefined;

  /**
   * Rebuilds the index when the token count changed, or when `owner` (the engine state the tokens come from)
   * is another one: after a source switch the count alone could match by chance.
   */
  refresh(tokenCount: number, load: () => Entry[], owner?: object): void {
    if (tokenCount === this.indexed && owner === this.owner && this.fuse) return;
    const named = load().map((entry) => {
      const names = tokenName(entry.base);
      return { ...entry, ko: names?.ko ?? '', en: names?.en ?? '' };
    });
    this.fuse = new Fuse(named, {
      keys: ['base', 'ko', 'en'],
      threshold: SEARCH_FUZZY_THRESHOLD,
      includeScore: true,
      ignoreLocation: true,
    });
    this.indexed = tokenCount;
    this.owner = owner;
  }

  find(q: string, limit: number): { base: string; score: number; exchanges: VenueId[] }[] {
    const query = q.trim().toUpperCase();
    if (!this.fuse || query === '') return [];
    return this.fuse.search(query, { limit }).map((hit) => ({
      base: hit.item.base,
      score: Number((hit.score ?? 0).toFixed(4)),
      exchanges: hit.item.exchanges,
    }));
  }
}
