import type {
  SearchGroup,
  SearchGroupType,
  SearchHit,
  SearchQuery,
  SearchResponse,
  TokensSearchResponse,
} from '@spreadscope/contracts';
import { getVenue, isVenueId, SEARCH_FUZZY_THRESHOLD, VENUES } from '@spreadscope/core';
import Fuse from 'fuse.js';
import type { TokenEntry } from '../tokens/token-table.ts';
import type { TokensService } from '../tokens/tokens-service.ts';
import type { AnnouncementFinder } from './announcement-search.ts';
import { NO_SOCIAL_SEARCH, type SocialSearchSource } from './social-search.ts';

export type { AnnouncementFinder } from './announcement-search.ts';

const GROUP_ORDER: readonly SearchGroupType[] = [
  'premium',
  'funding-rate',
  'exchanges',
  'announcements',
  'telegram-channel',
  'telegram-post',
  'naver-search',
];

/** Answers kept by (text, type, limit): a text many people type (BTC, 비트코인) is answered once per data version. */
const ANSWERS_KEPT = 500;

const venueIndex = new Fuse(
  VENUES.map((v) => ({ id: v.id, name: v.name })),
  { keys: ['id', 'name'], threshold: SEARCH_FUZZY_THRESHOLD, includeScore: true, ignoreLocation: true },
);

type TokenHit = { hit: TokensSearchResponse['data'][number]; entry: TokenEntry };

/**
 * Global search (spec §2): one text over tokens (ticker, Korean and English names, fuzzy at 0.4, Korean
 * initials), venues, announcements and the social sources, answered as groups by type. Every source answers
 * from memory (the token index, LiveCorpus indexes of posts and announcement titles); the token index is
 * asked once per search and every group takes its share of that answer; whole answers are kept per data
 * version, so a repeated text costs a map lookup.
 */
export class SearchService {
  private readonly answers = new Map<string, { version: string; response: SearchResponse }>();

  constructor(
    private readonly tokens: TokensService,
    private readonly announcements: AnnouncementFinder | undefined,
    private readonly social: () => SocialSearchSource = () => NO_SOCIAL_SEARCH,
    /** How many answers are kept (0: none, the search bench's uncached figure). */
    private readonly keepAnswers = ANSWERS_KEPT,
  ) {}

  async search(query: SearchQuery): Promise<SearchResponse> {
    const social = this.social();
    const version = this.keepAnswers > 0 ? this.version(social) : null;
    const key = `${query.type}\u0000${query.limit}\u0000${query.q}`;
    const kept = version === null ? undefined : this.answers.get(key);
    if (kept && kept.version === version) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept.response;
    }
    const response = await this.answer(query, social);
    if (version !== null) {
      this.answers.delete(key);
      this.answers.set(key, { version, response });
      if (this.answers.size > this.keepAnswers)
        this.answers.delete(this.answers.keys().next().value as string);
    }
    return response;
  }

  /** Every source's data version, or null when one cannot say (its answers are then not kept). */
  private version(social: SocialSearchSource): string | null {
    const announcements = this.announcements ? this.announcements.version?.() : 'none';
    const socialVersion = social === NO_SOCIAL_SEARCH ? 'none' : social.version?.();
    if (announcements === undefined || socialVersion === undefined) return null;
    return `${this.tokens.searchVersion()}|${announcements}|${socialVersion}`;
  }

  private async answer(query: SearchQuery, social: SocialSearchSource): Promise<SearchResponse> {
    const types = query.type === 'all' ? GROUP_ORDER : [query.type];
    const { q, limit } = query;
    // One pass of the token index for every group that needs tokens: funding looks at twice its limit (then
    // keeps the perpetuals), Naver further still (only tokens with a search series count), announcements at
    // the best one (a name finds the notices tagged with its ticker).
    const found = types.some((t) => t !== 'exchanges' && !t.startsWith('telegram'))
      ? this.tokens.find(q, Math.max(limit * 4, 20))
      : [];
    const tokenHits = this.withEntries(found);
    const top = found[0]?.base;
    const groups = await Promise.all(types.map((type) => this.group(type, q, limit, tokenHits, top, social)));
    return { q, type: query.type, groups, total: groups.reduce((n, g) => n + g.hits.length, 0) };
  }

  private async group(
    type: SearchGroupType,
    q: string,
    limit: number,
    tokenHits: readonly TokenHit[],
    topBase: string | undefined,
    social: SocialSearchSource,
  ): Promise<SearchGroup> {
    switch (type) {
      case 'premium':
        return { type, available: true, hits: tokenHits.slice(0, limit).map(premiumHit) };
      case 'funding-rate':
        return {
          type,
          available: true,
          hits: tokenHits
            .slice(0, limit * 2)
            .filter(({ entry }) => entry.perpetual)
            .slice(0, limit)
            .map(fundingHit),
        };
      case 'exchanges':
        return { type, available: true, hits: exchangeHits(q, limit) };
      case 'announcements':
        if (!this.announcements) return { type, available: false, hits: [] };
        return {
          type,
          available: true,
          hits: await announcementHits(this.announcements, q, limit, topBase),
        };
      case 'telegram-channel':
        return fromSocial(type, social, social.telegramChannels, q, limit);
      case 'telegram-post':
        return fromSocial(type, social, social.telegramPosts, q, limit);
      case 'naver-search':
        return naverGroup(social, tokenHits, limit);
    }
  }

  private withEntries(found: TokensSearchResponse['data']): TokenHit[] {
    return found.flatMap((hit) => {
      const entry = this.tokens.searchEntry(hit.base);
      return entry ? [{ hit, entry }] : [];
    });
  }
}

async function announcementHits(
  finder: AnnouncementFinder,
  q: string,
  limit: number,
  topBase: string | undefined,
): Promise<SearchHit[]> {
  let found = await finder.search(q, limit);
  // A name (비트코인, bitcoin) is found through the ticker the notices are tagged with.
  if (found.length === 0 && topBase && topBase !== q.toUpperCase())
    found = await finder.search(topBase, limit);
  return found.map((a) => ({
    id: `announcement:${a.id}`,
    title: a.title,
    subtitle: isVenueId(a.exchange) ? getVenue(a.exchange).name : a.exchange,
    path: '/events',
    url: a.url,
    score: 0,
  }));
}

const names = (hit: TokenHit['hit']) => [hit.nameKo, hit.nameEn].filter(Boolean).join(' · ') || null;

function premiumHit({ hit, entry }: TokenHit): SearchHit {
  return {
    id: `token:${hit.base}`,
    title: hit.base,
    subtitle: names(hit),
    path: entry.koreanSymbol ? `/premium/${entry.koreanSymbol}` : `/token/${hit.base}`,
    url: null,
    score: hit.score,
  };
}

function fundingHit({ hit, entry }: TokenHit): SearchHit {
  return {
    id: `funding:${hit.base}`,
    title: hit.base,
    subtitle: entry.row.fundingExchange ? getVenue(entry.row.fundingExchange).name : null,
    path: `/funding-rate/${hit.base}`,
    url: null,
    score: hit.score,
  };
}

/** Tokens with a Naver search-interest series open that series; without the keys the group says why. */
async function naverGroup(
  social: SocialSearchSource,
  tokenHits: readonly TokenHit[],
  limit: number,
): Promise<SearchGroup> {
  const type = 'naver-search';
  const off = social.off?.(type) ?? null;
  if (off) return { type, available: false, off, hits: [] };
  if (!social.naverBases) return { type, available: false, hits: [] };
  const bases = await social.naverBases();
  const hits = tokenHits
    .filter(({ hit }) => bases.has(hit.base))
    .slice(0, limit)
    .map(({ hit }) => ({
      id: `naver-search:${hit.base}`,
      title: hit.base,
      subtitle: names(hit),
      path: `/trend/naver-search?symbol=${encodeURIComponent(hit.base)}`,
      url: null,
      score: hit.score,
    }));
  return { type, available: true, hits };
}

function exchangeHits(q: string, limit: number): SearchHit[] {
  return venueIndex.search(q, { limit }).map((hit) => ({
    id: `exchange:${hit.item.id}`,
    title: hit.item.name,
    subtitle: hit.item.id,
    path: `/exchanges/${hit.item.id}`,
    url: null,
    score: Number((hit.score ?? 0).toFixed(4)),
  }));
}

async function fromSocial(
  type: SearchGroupType,
  social: SocialSearchSource,
  find: ((q: string, limit: number) => Promise<SearchHit[]>) | undefined,
  q: string,
  limit: number,
): Promise<SearchGroup> {
  const off = social.off?.(type) ?? null;
  if (off) return { type, available: false, off, hits: [] };
  if (!find) return { type, available: false, hits: [] };
  return { type, available: true, hits: (await find(q, limit)).slice(0, limit) };
}
