import type { FetchLike } from '../live/http-seam.ts';
import { ChannelPageError, parseChannelPage, type TelegramChannelPage } from './channel-page.ts';

export const TELEGRAM_PREVIEW_URL = 'https://t.me';

/** What one read of a channel gave: its page, or why not, in words an operator can act on. */
export type ChannelRead =
  | { readonly ok: true; readonly page: TelegramChannelPage }
  | {
      readonly ok: false;
      readonly reason: 'unavailable' | 'malformed' | 'rate_limited' | 'http_error' | 'network';
      readonly message: string;
      /** Seconds Telegram asked us to wait (429 Retry-After), when it said. */
      readonly retryAfterSeconds?: number;
    };

export interface ChannelReaderOptions {
  readonly fetch?: FetchLike;
  /** TELEGRAM_PREVIEW_URL: where `/s/<channel>` is asked (a proxy, or a test's loopback server). */
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
}

const CHANNEL_NAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

export function isChannelName(name: string): boolean {
  return CHANNEL_NAME.test(name);
}

/** Reads `<base>/s/<channel>`: one GET, no retry (the schedule is the retry). */
export async function readChannel(
  username: string,
  options: ChannelReaderOptions = {},
): Promise<ChannelRead> {
  if (!isChannelName(username)) {
    return { ok: false, reason: 'unavailable', message: `"${username}" is not a Telegram channel name` };
  }
  const base = (options.baseUrl ?? TELEGRAM_PREVIEW_URL).replace(/\/+$/, '');
  const url = `${base}/s/${username}`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      // A redirect away from /s/ is how Telegram says "no preview"; follow nothing and read the status.
      redirect: 'manual',
      headers: { 'accept-language': 'en', accept: 'text/html' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    return { ok: false, reason: 'network', message: `${url}: ${(error as Error).message}` };
  }
  if (response.status === 429) {
    const retry = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      reason: 'rate_limited',
      message: `${url}: HTTP 429 (Telegram rate limit)`,
      ...(Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {}),
    };
  }
  if (response.status >= 300 && response.status < 400) {
    return {
      ok: false,
      reason: 'unavailable',
      message: `${url} redirects: the channel has no public preview`,
    };
  }
  if (response.status === 404) {
    return { ok: false, reason: 'unavailable', message: `${url}: HTTP 404` };
  }
  if (!response.ok) {
    return { ok: false, reason: 'http_error', message: `${url}: HTTP ${response.status}` };
  }
  const html = await response.text();
  try {
    return { ok: true, page: parseChannelPage(html, username) };
  } catch (error) {
    if (error instanceof ChannelPageError) return { ok: false, reason: error.reason, message: error.message };
    return { ok: false, reason: 'malformed', message: `${url}: ${(error as Error).message}` };
  }
}
