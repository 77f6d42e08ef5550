import { networkReason } from '../channel.ts';
import { type BotApiAnswer, parseEnvelope } from './bot-api-parse.ts';

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

export interface BotApiClientOptions {
  readonly token: string;
  /** TELEGRAM_API_URL: Telegram's, a local Bot API server, a proxy or a test fake. */
  readonly apiUrl?: string | undefined;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/**
 * The Bot API over HTTPS: `POST <api>/bot<token>/<method>` with a JSON body. The token is part of the path,
 * so no URL of a request is ever logged or put into an error here; failures name the method only.
 */
export class BotApiClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: BotApiClientOptions) {
    this.base = (options.apiUrl ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetch = options.fetch ?? fetch;
  }

  /**
   * Calls a method. Resolves with Telegram's answer (ok or its error); rejects only when no answer came
   * (network, timeout) with an error naming the method and the network reason.
   */
  async call(
    method: string,
    body: Record<string, unknown>,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<{ status: number; answer: BotApiAnswer<unknown>; raw: unknown }> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let response: Response;
    try {
      response = await this.fetch(`${this.base}/bot${this.options.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new Error(`telegram ${method}: ${networkReason(error)}`);
    }
    let raw: unknown = null;
    try {
      raw = await response.json();
    } catch {
      // A proxy's HTML error page: judged by its status alone.
    }
    return { status: response.status, answer: parseEnvelope(response.status, raw), raw };
  }
}
