import type { MarketEvent } from '@spreadscope/core';
import WebSocket from 'ws';
import { rewriteWsOrigin } from './ccxt/ws-seam.ts';

/** A frame that could not be read (not JSON, not the venue's shape): skipped, the socket stays up. */
export class BadFrameError extends Error {
  override readonly name = 'BadFrameError';
}

/** The venue said no (an error frame): the subscription needs to start over. */
export class VenueStreamError extends Error {
  override readonly name = 'VenueStreamError';
}

export interface RawWsOptions {
  /** The venue's own WebSocket URL; the override, when set, replaces its origin (host kept in the path). */
  readonly url: string;
  readonly override?: string;
  /** Subscription messages, sent on every (re)connect. */
  readonly subscribe: () => readonly unknown[];
  /** A parsed frame → events; [] for control frames (acks, pongs). Throw BadFrameError / VenueStreamError. */
  readonly parse: (frame: unknown) => readonly MarketEvent[];
  /** A reply the venue expects to a frame (JSON pings), or null. */
  readonly answer?: (frame: unknown) => unknown | null;
  /** Protocol-level ping period (ms): keeps NAT and proxies from dropping an idle socket. */
  readonly pingMs?: number;
  readonly connectTimeoutMs: number;
}

type Item = { readonly events: readonly MarketEvent[] } | { readonly error: Error };

/**
 * A venue WebSocket for the raw adapters, shaped for StreamTask: next() connects on first use and hands out
 * the next batch of events; a socket that closes or errors rejects the waiting next(); reset() tears the
 * socket down so the next call connects afresh. Frames arrive into a queue, so none is lost between calls.
 */
export class RawWsStream {
  private socket: WebSocket | null = null;
  private readonly queue: Item[] = [];
  private waiter: { resolve: (e: readonly MarketEvent[]) => void; reject: (e: Error) => void } | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: RawWsOptions) {}

  get target(): string {
    return rewriteWsOrigin(this.options.url, this.options.override);
  }

  next(): Promise<readonly MarketEvent[]> {
    if (this.socket === null) this.connect();
    const item = this.queue.shift();
    if (item) return 'error' in item ? Promise.reject(item.error) : Promise.resolve(item.events);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  async reset(reason: string): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.queue.length = 0;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    if (socket) {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
    }
    this.fail(new Error(reason));
  }

  private connect(): void {
    const socket = new WebSocket(this.target, { handshakeTimeout: this.options.connectTimeoutMs });
    this.socket = socket;
    socket.on('open', () => {
      for (const message of this.options.subscribe()) socket.send(JSON.stringify(message));
      if (this.options.pingMs) {
        this.pinger = setInterval(() => {
          if (socket.readyState === WebSocket.OPEN) socket.ping();
        }, this.options.pingMs);
        this.pinger.unref?.();
      }
    });
    socket.on('message', (data) => {
      if (this.socket !== socket) return;
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        this.push({ error: new BadFrameError('frame is not JSON') });
        return;
      }
      const reply = this.options.answer?.(frame);
      if (reply !== null && reply !== undefined) socket.send(JSON.stringify(reply));
      try {
        const events = this.options.parse(frame);
        if (events.length > 0) this.push({ events });
      } catch (error) {
        this.push({ error: error instanceof Error ? error : new BadFrameError(String(error)) });
      }
    });
    socket.on('error', (error) => {
      if (this.socket === socket) this.lost(error);
    });
    socket.on('close', (code) => {
      if (this.socket === socket) this.lost(new Error(`the venue closed the WebSocket (code ${code})`));
    });
  }

  private lost(error: Error): void {
    this.socket = null;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    this.push({ error });
  }

  private push(item: Item): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      if ('error' in item) waiter.reject(item.error);
      else waiter.resolve(item.events);
      return;
    }
    // Bounded: a consumer that stopped listening must not grow the queue forever.
    if (this.queue.length < 10_000) this.queue.push(item);
  }

  private fail(error: Error): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(error);
  }
}
