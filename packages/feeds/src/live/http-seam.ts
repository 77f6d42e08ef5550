/**
 * The one HTTP seam of live feeds. ccxt lets a caller supply `fetchImplementation` (read in
 * Exchange.fetch: when it is set before the first request, ccxt calls it as `fetch(url, init)` and reads
 * the returned Response's status, headers and text). We hand it a small wrapper that
 * - sends the request to the venue's `baseUrl` override when there is one (proxies, testnets, tests);
 * - remembers the last request and response, so failures can be told in plain words ("HTTP 429");
 * - goes through an injectable fetch, so tests feed recorded responses without any network.
 */

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface HttpTrace {
  lastUrl: string | null;
  lastStatus: number | null;
  lastStatusText: string | null;
}

export function newTrace(): HttpTrace {
  return { lastUrl: null, lastStatus: null, lastStatusText: null };
}

/**
 * Sends `url` to `baseUrl` with the venue's own host kept as the first path segment, as the WebSocket
 * override does: `https://fapi.binance.com/fapi/v1/ticker?x=1` with `http://127.0.0.1:8080/proxy` becomes
 * `http://127.0.0.1:8080/proxy/fapi.binance.com/fapi/v1/ticker?x=1`. Venues serve REST from several hosts
 * (Binance api + fapi, Upbit api + api-manager, Bitget …), and one override must keep them apart so a proxy
 * can route each request to its own host.
 */
export function rewriteOrigin(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const original = new URL(url);
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${prefix}/${original.host}${original.pathname}${original.search}`;
}

/** ccxt passes node-fetch era options too (timeout, agent); only the standard ones are forwarded. */
interface CcxtRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * `trace` may be a function giving the trace of the request's own task (the caller's async context), so
 * that concurrent requests of one exchange — a spot and a perpetual poll at once — never describe each
 * other's failures.
 */
export function ccxtFetchImplementation(
  fetchFn: FetchLike,
  baseUrl: string | undefined,
  traceOf: HttpTrace | (() => HttpTrace),
): (url: string, init?: CcxtRequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const trace = typeof traceOf === 'function' ? traceOf() : traceOf;
    const target = rewriteOrigin(url, baseUrl);
    trace.lastUrl = target;
    trace.lastStatus = null;
    trace.lastStatusText = null;
    const request: RequestInit = { method: init.method ?? 'GET', redirect: 'error' };
    if (init.headers) request.headers = init.headers;
    if (init.body !== undefined) request.body = init.body;
    if (init.signal) request.signal = init.signal;
    const response = await fetchFn(target, request);
    trace.lastStatus = response.status;
    trace.lastStatusText = response.statusText;
    return response;
  };
}
