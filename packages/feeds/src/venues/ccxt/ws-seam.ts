import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent } from 'node:http';
import type { Exchange } from 'ccxt';

/**
 * The WebSocket seam of a ccxt pro exchange. ccxt opens every socket through `exchange.client(url)` and
 * subscribes through `watch`/`watchMultiple`; we wrap those to
 * - send the socket to the venue's WebSocket base-URL override (proxies, testnets, loopback fixtures);
 * - remember which sockets, and which subscriptions on them, each of our streams made, so the supervisor
 *   can restart exactly that stream when it goes silent or breaks (ccxt would otherwise keep a half-open
 *   socket and wait for its ping-pong timeout).
 * Many venues serve every channel from one URL (Bitget, Bybit per market type, Hyperliquid …), so one socket
 * often carries several of our streams: restarting one of them then re-subscribes its channels on that
 * socket instead of closing it under the others.
 * Streams are told apart with AsyncLocalStorage: a watch call runs inside `within(stream, …)` and every
 * `client()` call it makes, however deep in ccxt's awaits, sees that stream's name.
 */

interface WsClientLike {
  url: string;
  subscriptions?: Record<string, unknown>;
  onMessageCallback: (client: unknown, message: unknown) => void;
  reject(error: unknown): void;
  send(message: unknown): Promise<unknown>;
  error?: unknown;
  connection?: { readyState?: number };
  onError(error: unknown): void;
  close(): Promise<unknown> | unknown;
}

type ClientFactory = (url: string) => WsClientLike;

export interface WsSeam {
  /** Runs a watch call on behalf of `stream`. */
  within<T>(stream: string, call: () => Promise<T>): Promise<T>;
  /** Sockets the stream has opened (rewritten URLs). */
  urlsOf(stream: string): readonly string[];
  /**
   * Restarts the stream: its sockets are closed (pending watches reject and the next watch reconnects),
   * except sockets other streams also use, where the stream's subscriptions are forgotten so that its next
   * watch subscribes again on the open socket.
   */
  close(stream: string, error: Error): Promise<void>;
  /**
   * Whether every socket of the stream is still open and healthy. A watch that failed while its socket is
   * fine failed on one bad message (ccxt rejects the waiting watch when parsing a frame throws).
   */
  isOpen(stream: string): boolean;
}

/**
 * `wss://stream.binance.com:9443/ws/x` with `ws://127.0.0.1:8080/p` → `ws://127.0.0.1:8080/p/stream.binance.com:9443/ws/x`.
 * The venue's own host stays in the path: venues stream from several hosts (spot and futures, public and
 * business), a proxy needs it to route, and ccxt itself tells some streams apart by their URL.
 */
export function rewriteWsOrigin(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const original = new URL(url);
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.protocol}//${base.host}${prefix}/${original.host}${original.pathname}${original.search}`;
}

export function installWsSeam(exchange: Exchange, wsBaseUrl: string | undefined): WsSeam {
  const storage = new AsyncLocalStorage<string>();
  const urls = new Map<string, Set<string>>();
  /** Subscribe hashes per stream and (rewritten) URL, as ccxt keys them in `client.subscriptions`. */
  const hashes = new Map<string, Map<string, Set<string>>>();
  const patched = new WeakSet<WsClientLike>();
  const target = exchange as unknown as {
    client: ClientFactory;
    clients?: Record<string, WsClientLike>;
    watch: (
      url: string,
      messageHash: string,
      message?: unknown,
      subscribeHash?: string,
      ...rest: unknown[]
    ) => unknown;
    watchMultiple: (
      url: string,
      messageHashes: string[],
      message?: unknown,
      subscribeHashes?: string[],
      ...rest: unknown[]
    ) => unknown;
  };
  const original = target.client.bind(exchange) as ClientFactory;
  const remember = (url: string, subscribeHashes: readonly (string | undefined)[]) => {
    const stream = storage.getStore();
    if (stream === undefined) return;
    const key = rewriteWsOrigin(url, wsBaseUrl);
    let byUrl = hashes.get(stream);
    if (!byUrl) {
      byUrl = new Map();
      hashes.set(stream, byUrl);
    }
    let set = byUrl.get(key);
    if (!set) {
      set = new Set();
      byUrl.set(key, set);
    }
    for (const hash of subscribeHashes) if (hash !== undefined) set.add(hash);
  };
  const watch = target.watch.bind(exchange);
  target.watch = (url, messageHash, message, subscribeHash, ...rest) => {
    remember(url, [subscribeHash ?? messageHash]);
    return watch(url, messageHash, message, subscribeHash, ...rest);
  };
  const watchMultiple = target.watchMultiple.bind(exchange);
  target.watchMultiple = (url, messageHashes, message, subscribeHashes, ...rest) => {
    remember(url, subscribeHashes ?? messageHashes);
    return watchMultiple(url, messageHashes, message, subscribeHashes, ...rest);
  };
  target.client = (url: string) => {
    const rewritten = rewriteWsOrigin(url, wsBaseUrl);
    const stream = storage.getStore();
    if (stream !== undefined) {
      let set = urls.get(stream);
      if (!set) {
        set = new Set();
        urls.set(stream, set);
      }
      set.add(rewritten);
    }
    const client = original(rewritten);
    if (!patched.has(client)) {
      patched.add(client);
      // ccxt sends subscriptions without handling a socket that closed meanwhile: the rejected send would
      // be an unhandled rejection, which ends a Node process. Mark it handled; the closing socket itself
      // is reported through the watch that waits on it.
      const send = client.send.bind(client);
      client.send = (message: unknown) => {
        const sent = send(message);
        Promise.resolve(sent).catch(() => {});
        return sent;
      };
      // The socket library hands over every frame of one network read in a single loop, and ccxt mutates
      // the order book it resolved with each of them; a reader waiting on the first frame would only see
      // the book after the last one — including an update ccxt then rejects for a failed checksum. One
      // frame per macrotask lets every resolved state be read before the next frame changes it.
      const deliver = client.onMessageCallback;
      client.onMessageCallback = (self: unknown, message: unknown) => {
        setImmediate(() => {
          try {
            deliver(self, message);
          } catch (error) {
            // What ccxt does for a frame its handler throws on: fail what waits, keep the socket.
            client.reject(error);
          }
        });
      };
    }
    return client;
  };
  // ccxt refuses plain ws:// URLs (a local proxy, a loopback fixture) until it has an HTTP agent.
  if (wsBaseUrl?.startsWith('ws://')) (exchange as unknown as { httpAgent: Agent }).httpAgent = new Agent();
  // ccxt's own reconnect back-off would stack on top of our supervisor's; base 0 turns it off.
  const ws = (exchange.options.ws ?? {}) as Record<string, unknown>;
  exchange.options.ws = { ...ws, backoff: { base: 0, max: 0 } };
  return {
    within: (stream, call) => storage.run(stream, call),
    isOpen(stream) {
      const clients = target.clients ?? {};
      const mine = [...(urls.get(stream) ?? [])];
      return (
        mine.length > 0 &&
        mine.every((url) => {
          const client = clients[url];
          // 1 = OPEN in the WebSocket protocol's ready states.
          return client !== undefined && client.error === undefined && client.connection?.readyState === 1;
        })
      );
    },
    urlsOf: (stream) => [...(urls.get(stream) ?? [])],
    async close(stream, error) {
      const clients = target.clients ?? {};
      const closing: unknown[] = [];
      for (const url of urls.get(stream) ?? []) {
        const client = clients[url];
        if (!client) continue;
        const shared = [...urls].some(([other, set]) => other !== stream && set.has(url));
        if (shared && client.error === undefined) {
          // Other streams still listen on this socket: forget only this stream's subscriptions, so its next
          // watch sends them again; its own pending watches were abandoned by the caller.
          for (const hash of hashes.get(stream)?.get(url) ?? []) delete client.subscriptions?.[hash];
          continue;
        }
        // What ccxt does itself when a keep-alive ping goes unanswered: reject everything waiting on the
        // socket (the exchange then forgets the client), and close it.
        client.onError(error);
        closing.push(client.close());
      }
      urls.delete(stream);
      hashes.delete(stream);
      // A half-open socket may never finish its closing handshake; ws gives up after its own timeout, and
      // nothing here waits for that.
      for (const c of closing) Promise.resolve(c).catch(() => {});
    },
  };
}
