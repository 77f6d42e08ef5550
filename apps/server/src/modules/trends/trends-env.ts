import { z } from 'zod';

/** Environment variables of the social trend screens, merged into the server's config schema (README lists them). */
export const trendsEnv = {
  /**
   * The Telegram channels read, comma-separated, each `name` or `name:english` (default category korean);
   * unset: the curated default list. `npm run admin -- telegram-channels add|remove` edits on top of it.
   */
  TELEGRAM_CHANNELS: z.string().optional(),
  /** Where `/s/<channel>` pages are fetched (default https://t.me): a proxy or a test's loopback server. */
  TELEGRAM_PREVIEW_URL: z.url().optional(),
  /** Minutes between reads of every channel's public page. */
  TELEGRAM_READ_MINUTES: z.coerce.number().min(1).max(1_440).int().default(10),
  /** Naver DataLab search-trend API credentials (developers.naver.com, "데이터랩 (검색어 트렌드)"). */
  NAVER_CLIENT_ID: z.string().optional(),
  NAVER_CLIENT_SECRET: z.string().optional(),
  /** The DataLab endpoint (default https://openapi.naver.com/v1/datalab/search). */
  NAVER_DATALAB_URL: z.url().optional(),
};
