import type { ClaimedDelivery, NotifyChannelName } from '@spreadscope/db';

/**
 * What one try of one channel came to. `retry` is tried again with the shared backoff (or no sooner than
 * `retryAfterMs` when the channel said when: Telegram's 429 retry_after); `dead` is final (blocked bot, no such
 * chat, no address) and says why. Errors are short, for the user's alert history: never a token or a body.
 */
export type SendOutcome =
  | { readonly ok: true; readonly externalId?: string | undefined }
  | { readonly ok: false; readonly permanent: false; readonly error: string; readonly retryAfterMs?: number }
  | { readonly ok: false; readonly permanent: true; readonly error: string };

export interface ChannelSender {
  readonly channel: NotifyChannelName;
  /** `simulated` when no real service is configured (messages kept in a local outbox instead). */
  readonly mode: 'live' | 'simulated';
  send(delivery: ClaimedDelivery): Promise<SendOutcome>;
}

export const sent = (externalId?: string): SendOutcome => ({ ok: true, externalId });
export const retry = (error: string, retryAfterMs?: number): SendOutcome =>
  retryAfterMs === undefined
    ? { ok: false, permanent: false, error }
    : { ok: false, permanent: false, error, retryAfterMs };
export const dead = (error: string): SendOutcome => ({ ok: false, permanent: true, error });

/** A network error's short name (ECONNREFUSED, timeout) without URLs, which may carry a bot token. */
export function networkReason(error: unknown): string {
  const e = error as { name?: string; code?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return e?.cause?.code ?? e?.code ?? 'network error';
}
