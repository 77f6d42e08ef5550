import type {
  Announcement,
  SearchGroup,
  SearchGroupType,
  SearchHit,
  SearchQuery,
  SearchResponse,
} from '@spreadscope/contracts';
import { getVenue, isVenueId, SEARCH_FUZZY_THRESHOLD, VENUES } from '@spreadscope/core';
import Fuse from 'fuse.js';
import type { TokensService } from '../tokens/tokens-service.ts';
import { NO_SOCIAL_SEARCH, type SocialSearchSource } from './social-search.ts';

/** Announcements the search reads (modules/notices); absent without a database. */
export interface AnnouncementFinder {
  search(q: string, limit: number): Promise<Announcement[]>;
}

const GROUP_ORDER: readonly SearchGroupType[] = [
  'premium',
  'funding-rate',
  'exchanges',
  'announcements',
  'telegram-channel',
  'telegram-post',
  'naver-search',
];

const venueIndex = new Fuse(
  VENUES.map((v) => ({ id: v.id, name: v.name })),
  { keys: ['id', 'name'], threshold: SEARCH_FUZZY_THRESHOLD, includeScore: true, ignoreLocation: true },
);

/**
 * Global search (spec §2): one text over tokens (ticker, Korean and English names, fuzzy at 0.4, Korean
 * initials), venues, announcements and the social sources, answered as groups by type.
 */
export class SearchService {
  constructor(
    private readonly tokens: TokensService,
    private readonly announcements: AnnouncementFinder | undefined,
    private readonly social: () => SocialSearchSource = () => NO_SOCIAL_SEARCH,
  ) {}

  async search(query: SearchQuery): Promise<SearchResponse> {
    const types = query.type === 'all' ? GROUP_ORDER : [query.type];
    const groups = await Promise.all(types.map((type) => this.group(type, query.q, query.limit)));
    return {
      q: query.q,
      type: query.type,
      groups,
      total: groups.reduce((n, g) => n + g.hits.length, 0),
    };
  }

  private async group(type: SearchGroupType, q: string, limit: number): Promise<SearchGroup> {
    const social = this.social();
    switch (type) {
      case 'premium':
        return { type, available: true, hits: this.premiumHits(q, limit) };
      case 'funding-rate':
        return { type, available: true, hits: this.fundingHits(q, limit) };
      case 'exchanges':
        return { type, available: true, hits: exchangeHits(q, limit) };
      case 'announcements':
        if (!this.announcements) return { type, available: false, hits: [] };
        return { type, available: true, hits: await this.announcementHits(this.announcements, q, limit) };
      case 'telegram-channel':
        return fromSocial(type, social.telegramChannels, q, limit);
      case 'telegram-post':
        return fromSocial(type, social.telegramPosts, q, limit);
      case 'naver-search':
        return fromSocial(type, social.naverSearch, q, limit);
    }
  }

  private tokenHits(q: string, limit: number) {
    return this.tokens.find(q, limit).flatMap((hit) => {
      const entry = this.tokens.entry(hit.base);
      return entry ? [{ hit, entry }] : [];
    });
  }

  private premiumHits(q: string, limit: number): SearchHit[] {
    return this.tokenHits(q, limit).map(({ hit, entry }) => ({
      id: `token:${hit.base}`,
      title: hit.base,
      subtitle: [hit.nameKo, hit.nameEn].filter(Boolean).join(' · ') || null,
      path: entry.koreanSymbol ? `/premium/${entry.koreanSymbol}` : `/token/${hit.base}`,
      url: null,
      score: hit.score,
    }));
  }

  private fundingHits(q: string, limit: number): SearchHit[] {
    return this.tokenHits(q, limit * 2)
      .filter(({ entry }) => entry.perpetual)
      .slice(0, limit)
      .map(({ hit, entry }) => ({
        id: `funding:${hit.base}`,
        title: hit.base,
        subtitle: entry.row.fundingExchange ? getVenue(entry.row.fundingExchange).name : null,
        path: `/funding-rate/${hit.base}`,
        url: null,
        score: hit.score,
      }));
  }

  private async announcementHits(finder: AnnouncementFinder, q: string, limit: number): Promise<SearchHit[]> {
    let found = await finder.search(q, limit);
    // A name (비트코인, bitcoin) is found through the ticker the notices are tagged with.
    const top = this.tokens.find(q, 1)[0];
    if (found.length === 0 && top && top.base !== q.toUpperCase())
      found = await finder.search(top.base, limit);
    return found.map((a) => ({
      id: `announcement:${a.id}`,
      title: a.title,
      subtitle: isVenueId(a.exchange) ? getVenue(a.exchange).name : a.exchange,
      path: '/events',
      url: a.url,
      score: 0,
    }));
  }
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
  find: ((q: string, limit: number) => Promise<SearchHit[]>) | undefined,
  q: string,
  limit: number,
): Promise<SearchGroup> {
  if (!find) return { type, available: false, hits: [] };
  return { type, available: true, hits: (await find(q, limit)).slice(0, limit) };
}
