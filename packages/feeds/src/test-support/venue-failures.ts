import type { BookEvent, FeedKind, MarketEvent, QuoteEvent, VenueId } from '@spreadscope/core';
import { afterEach, expect, it } from 'vitest';
import { type FixtureRoutes, fixtureFetch } from '../live/fixtures/fixture-http.ts';
import type { LiveSourceOptions } from '../live/live-source.ts';
import {
  type FixtureWsServer,
  type Frame,
  type ServeOptions,
  serveWs,
  type WsScript,
  waitFor,
} from './fixture-ws.ts';
import { startLive, stopAll } from './live-harness.ts';
import { failing, nextWait, of, RATE_LIMITED, restRound, SERVER_ERROR } from './venue-kit.ts';

/**
 * The failure paths every venue family is proven on, as shared test cases: a malformed frame is skipped
 * without dropping the link, a dropped socket hands prices to REST and then reconnects, and HTTP 429/5xx
 * put the feed down with its reason and a growing wait before the next attempt.
 */

/** The feed under test, and which of its events only the stream sends / only REST sends. */
export type StreamedFeed =
  | {
      readonly feed: Extract<FeedKind, 'spot-tickers' | 'perp-tickers'>;
      readonly streamed: (q: QuoteEvent) => boolean;
      readonly polled: (q: QuoteEvent) => boolean;
    }
  | {
      /** Venues that poll their tickers but stream books: the book stream is the socket under test. */
      readonly feed: 'books';
      readonly streamed: (b: BookEvent) => boolean;
      readonly polled: (b: BookEvent) => boolean;
    };

export type StreamFailureSpec = StreamedFeed & {
  readonly venue: VenueId;
  readonly routes: FixtureRoutes;
  readonly script: WsScript;
  readonly serve?: ServeOptions;
  /** Frames in the venue's framing that cannot be read (cut JSON, wrong types, unknown shapes). */
  readonly malformed: readonly Frame[];
  /** Only sockets whose path contains this get the malformed frames (the feed's own host). */
  readonly pathPart?: string;
  readonly options?: Partial<LiveSourceOptions>;
};

/** The events of the feed under test that match the stream's (or REST's) marker. */
function matching(spec: StreamedFeed, events: readonly MarketEvent[], via: 'streamed' | 'polled'): number {
  if (spec.feed === 'books') return of(events, 'book').filter(spec[via]).length;
  return of(events, 'quote').filter(spec[via]).length;
}

/** Defines the two stream failure cases for one venue (call inside its describe). */
export function streamFailureCases(spec: StreamFailureSpec): void {
  const streamed = (events: readonly MarketEvent[]) => matching(spec, events, 'streamed');
  const polled = (events: readonly MarketEvent[]) => matching(spec, events, 'polled');
  const what = spec.feed === 'books' ? 'book' : 'quote';
  let ws: FixtureWsServer | null = null;
  afterEach(async () => {
    await stopAll();
    await ws?.close();
    ws = null;
  });
  const start = async () => {
    ws = await serveWs(spec.script, spec.serve);
    const harness = await startLive(
      [spec.venue],
      { [spec.venue]: { wsUrl: ws.url } },
      fixtureFetch(spec.routes),
      spec.options,
    );
    const feed = () => harness.link(spec.venue)?.feeds?.find((f) => f.feed === spec.feed);
    return { ...harness, server: ws, feed };
  };

  it('skips malformed frames without dropping the socket or publishing them', async () => {
    const { events, server, feed, link } = await start();
    await waitFor(() => streamed(events) > 0, `a streamed ${what}`);
    const connections = server.connections();
    for (const frame of spec.malformed) server.push(frame, spec.pathPart);
    const before = events.length;
    await waitFor(() => streamed(events.slice(before)) >= 3, `streamed ${what}s after the malformed frames`);
    expect(server.connections()).toBe(connections);
    expect(of(events, 'quote').every((q) => Number.isFinite(q.last) && q.last > 0)).toBe(true);
    expect(feed()).toMatchObject({ via: 'ws' });
    expect(link(spec.venue)?.status).not.toBe('down');
  });

  it('keeps prices flowing over REST while the socket is down, then reconnects', async () => {
    const { events, server, feed, link } = await start();
    await waitFor(() => streamed(events) > 0, `a streamed ${what}`);
    // The socket dies and the venue stays unreachable for a while: every reconnect is cut at once.
    server.refuse(true);
    server.drop();
    await waitFor(() => polled(events) > 0, `REST fallback ${what}s`);
    await waitFor(() => feed()?.via === 'rest', 'the fallback reported');
    expect(feed()?.status).toBe('degraded');
    expect(link(spec.venue)?.status).toBe('degraded');
    const attemptsWhileDown = server.connections();
    server.refuse(false);
    const before = events.length;
    await waitFor(() => streamed(events.slice(before)) > 0, `streamed ${what}s again`);
    // The quotes came over a socket opened once the venue was back.
    expect(server.connections()).toBeGreaterThan(attemptsWhileDown);
    await waitFor(() => feed()?.status === 'connected', 'the stream healthy again');
    expect(feed()).toMatchObject({ via: 'ws', lastError: null });
    expect(feed()?.restarts).toBeGreaterThanOrEqual(1);
  });
}

export interface RestFailureSpec {
  readonly venue: VenueId;
  readonly routes: FixtureRoutes;
  /** The route of the ticker poll to fail, and the feed it serves. */
  readonly path: string;
  readonly feed: FeedKind;
  /** The host named in the reason (`api.bitget.com`). */
  readonly host: string;
  /** Source options for the round (e.g. a back-off ceiling above a venue's rate-limit poll floor). */
  readonly options?: Partial<LiveSourceOptions>;
}

/** Defines the REST failure case: 429, then 5xx, then recovery, with the wait growing and resetting. */
export function restFailureCase(spec: RestFailureSpec): void {
  afterEach(stopAll);
  it('reports HTTP 429 and 5xx in plain words and backs off, then recovers', async () => {
    const route = failing(spec.routes, spec.path);
    const round = await restRound(spec.venue, route.routes, spec.options);
    const feed = () => round.venueLink?.feeds?.find((f) => f.feed === spec.feed);
    expect(feed()?.status).toBe('connected');
    const interval = nextWait(round, spec.venue, spec.feed);

    route.set(RATE_LIMITED);
    await round.again();
    expect(feed()).toMatchObject({
      status: 'down',
      lastError: `HTTP 429 (rate limited) from ${spec.host}`,
    });
    // One failure: the first step of the back-off, never shorter than the poll interval.
    expect(nextWait(round, spec.venue, spec.feed)).toBe(interval);

    route.set(SERVER_ERROR);
    await round.again();
    expect(feed()).toMatchObject({
      status: 'down',
      lastError: `HTTP 503 (venue server error) from ${spec.host}`,
    });
    expect(nextWait(round, spec.venue, spec.feed)).toBe(2 * interval);

    route.set(null);
    await round.again();
    expect(feed()).toMatchObject({ status: 'connected', lastError: null });
    expect(nextWait(round, spec.venue, spec.feed)).toBe(interval);
  });
}
