import type { SearchGroupOff, SearchGroupType, SearchHit } from '@spreadscope/contracts';

/**
 * What the global search asks the social trends module (Telegram channels and posts, Naver search trends).
 * The trends module provides it when it runs; each finder it leaves out makes its search group answer empty
 * with `available: false`, so the palette says the source is not there rather than "no results".
 */
export interface SocialSearchSource {
  readonly telegramChannels?: (q: string, limit: number) => Promise<SearchHit[]>;
  readonly telegramPosts?: (q: string, limit: number) => Promise<SearchHit[]>;
  /** Tokens with a stored Naver search-interest series: the Naver group is the token hits among them. */
  readonly naverBases?: () => Promise<ReadonlySet<string>>;
  /** Why a group's source is off (Naver without its keys), or null while it is on. */
  readonly off?: (type: SearchGroupType) => SearchGroupOff | null;
  /** Changes whenever an answer may have; absent, answers are not cached. */
  readonly version?: () => string;
}

export const NO_SOCIAL_SEARCH: SocialSearchSource = {};
