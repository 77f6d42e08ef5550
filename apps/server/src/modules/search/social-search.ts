import type { SearchHit } from '@spreadscope/contracts';

/**
 * What the global search asks the social trends module (Telegram channels and posts, Naver search trends).
 * The trends module provides it when it runs; each finder it leaves out makes its search group answer empty
 * with `available: false`, so the palette says the source is not there rather than "no results".
 */
export interface SocialSearchSource {
  readonly telegramChannels?: (q: string, limit: number) => Promise<SearchHit[]>;
  readonly telegramPosts?: (q: string, limit: number) => Promise<SearchHit[]>;
  readonly naverSearch?: (q: string, limit: number) => Promise<SearchHit[]>;
}

export const NO_SOCIAL_SEARCH: SocialSearchSource = {};
