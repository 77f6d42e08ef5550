import {
  choseongOf,
  isChoseongQuery,
  SEARCH_FUZZY_THRESHOLD,
  tokenName,
  type VenueId,
} from '@spreadscope/core';
import { PrefilteredFuse } from './prefiltered-fuse.ts';

type Hit = { base: string; score: number; exchanges: VenueId[] };

/** Distinct texts whose answers are kept (a few hundred bytes each). */
const ANSWERS_KEPT = 1_000;

interface Entry {
  readonly base: string;
  readonly exchanges: VenueId[];
}

interface Named extends Entry {
  readonly ko: string;
  readonly en: string;
  readonly aliases: readonly string[];
  /** Initial consonants of the Korean name and Korean aliases (ㅂㅌㅋㅇ for 비트코인). */
  readonly initials: readonly string[];
}

/**
 * Fuzzy search over the tokens the engine quotes (spec §9: threshold 0.4 on symbol and name: the ticker, and
 * the Korean and English names core knows, so 비트코인 and bitcoin find BTC). The index is rebuilt only when
 * new tokens appeared, which after start-up is rare.
 */
export class TokenSearch {
  private fuse: PrefilteredFuse<Named> | null = null;
  private withInitials: Named[] = [];
  private indexed = -1;
  private owner: object | undefined;
  /** Answers of this index by query, most recent last: a text typed again costs no Fuse pass. */
  private answers = new Map<string, { limit: number; hits: Hit[] }>();
  /** Bumped on every rebuild: cached search answers made from the old index are stale. */
  generation = 0;

  /** `keep`: how many texts' answers are kept (0: none, for measuring the index itself). */
  constructor(private readonly keep = ANSWERS_KEPT) {}

  /**
   * Rebuilds the index when the token count changed, or when `owner` (the engine state the tokens come from)
   * is another one: after a source switch the count alone could match by chance.
   */
  refresh(tokenCount: number, load: () => Entry[], owner?: object): void {
    if (tokenCount === this.indexed && owner === this.owner && this.fuse) return;
    const named = load().map((entry): Named => {
      const names = tokenName(entry.base);
      const aliases = names?.aliases ?? [];
      const initials = [names?.ko ?? '', ...aliases].map(choseongOf).filter((c) => c !== '');
      return { ...entry, ko: names?.ko ?? '', en: names?.en ?? '', aliases, initials };
    });
    this.withInitials = named.filter((n) => n.initials.length > 0);
    this.fuse = new PrefilteredFuse(named, {
      keys: ['base', 'ko', 'en', 'aliases'],
      threshold: SEARCH_FUZZY_THRESHOLD,
      includeScore: true,
      ignoreLocation: true,
    });
    this.indexed = tokenCount;
    this.owner = owner;
    this.answers = new Map();
    this.generation++;
  }

  find(q: string, limit: number): Hit[] {
    const query = q.trim().toUpperCase();
    if (!this.fuse || query === '') return [];
    // Fuse scores every token whatever the limit, so a longer answer kept serves any shorter one exactly.
    const kept = this.answers.get(query);
    if (kept && (kept.limit >= limit || kept.hits.length < kept.limit)) {
      this.answers.delete(query);
      this.answers.set(query, kept);
      return kept.hits.slice(0, limit);
    }
    const hits = isChoseongQuery(query)
      ? this.findInitials(query.replace(/\s+/g, ''), limit)
      : this.fuse.search(query, limit).map((hit) => ({
          base: hit.item.base,
          score: Number((hit.score ?? 0).toFixed(4)),
          exchanges: hit.item.exchanges,
        }));
    if (this.keep === 0) return hits;
    this.answers.set(query, { limit, hits });
    if (this.answers.size > this.keep) this.answers.delete(this.answers.keys().next().value as string);
    return hits.slice();
  }

  /**
   * A query of initial consonants only (ㅂㅌㅋㅇ) is a Korean name typed the short way: fuzzy matching on
   * syllables cannot see it, so it matches the names' initials (a name starting with them ranks first).
   */
  private findInitials(query: string, limit: number) {
    const hits: Hit[] = [];
    // Only tokens with a Korean name have initials: a few hundred of 7,000, kept apart at each rebuild.
    for (const entry of this.withInitials) {
      let score = Number.POSITIVE_INFINITY;
      for (const initials of entry.initials) {
        const index = initials.indexOf(query);
        if (index >= 0) score = Math.min(score, index === 0 && initials.length === query.length ? 0 : 0.1);
      }
      if (Number.isFinite(score)) hits.push({ base: entry.base, score, exchanges: entry.exchanges });
    }
    return hits.sort((a, b) => a.score - b.score || a.base.localeCompare(b.base)).slice(0, limit);
  }
}
