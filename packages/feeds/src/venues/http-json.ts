import { redact } from '../live/describe-failure.ts';
import { type FetchLike, rewriteOrigin } from '../live/http-seam.ts';
import type { AdapterContext } from './adapter.ts';

/** An HTTP failure already put in plain words for operators. */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
}

function statusWords(status: number): string {
  if (status === 429) return ' (rate limited)';
  if (status === 418) return ' (blocked for exceeding rate limits)';
  if (status === 401 || status === 403) return ' (refused; check the API key, region or IP)';
  if (status >= 500) return ' (venue server error)';
  return '';
}

function plain(error: unknown, host: string, timeoutMs: number): string {
  if (!(error instanceof Error)) return `request to ${host} failed`;
  const cause = error.cause as NodeJS.ErrnoException | undefined;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `DNS lookup failed for ${host}`;
  if (cause?.code === 'ECONNREFUSED') return `connection refused by ${host}`;
  if (cause?.code === 'ECONNRESET') return `connection reset by ${host}`;
  if (error.name === 'TimeoutError') return `no answer from ${host} within ${Math.round(timeoutMs / 1000)} s`;
  if (error.name === 'AbortError') return 'stopped';
  return `request to ${host} failed: ${error.message}`;
}

export interface JsonRequest {
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** `text`: hand back the body as text (HTML pages of venues without a JSON API); default JSON. */
  readonly accept?: 'json' | 'text';
}

/**
 * GET/POST a venue's JSON endpoint for the raw (non-ccxt) adapters: the venue's base-URL override is
 * applied, the request times out, and every failure — network, HTTP status, a body that is not JSON — is
 * an HttpFailure in plain words, with secrets and query strings kept out of it.
 */
export async function fetchJson(
  ctx: Pick<AdapterContext, 'fetch' | 'override' | 'settings'>,
  url: string,
  request: JsonRequest = {},
  secrets: readonly (string | undefined)[] = [],
): Promise<unknown> {
  return fetchJsonWith(
    ctx.fetch,
    rewriteOrigin(url, ctx.override.baseUrl),
    ctx.settings.requestTimeoutMs,
    request,
    secrets,
  );
}

export async function fetchJsonWith(
  fetchFn: FetchLike,
  target: string,
  timeoutMs: number,
  request: JsonRequest = {},
  secrets: readonly (string | undefined)[] = [],
): Promise<unknown> {
  const host = new URL(target).host;
  const signals = [AbortSignal.timeout(timeoutMs), ...(request.signal ? [request.signal] : [])];
  let response: Response;
  try {
    response = await fetchFn(target, {
      method: request.method ?? 'GET',
      headers: {
        Accept: request.accept === 'text' ? 'text/html,application/xhtml+xml' : 'application/json',
        'User-Agent': 'Mozilla/5.0 (compatible; Spreadscope)',
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.any(signals),
      redirect: 'error',
    });
  } catch (error) {
    throw new HttpFailure(redact(plain(error, host, timeoutMs), secrets));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new HttpFailure(`HTTP ${response.status}${statusWords(response.status)} from ${host}`);
  }
  const text = await response.text();
  if (request.accept === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpFailure(`unreadable response from ${host}: not JSON`);
  }
}

/** A record's field as a finite number (venues send numbers as strings too), or undefined. */
export function num(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
