import type {
  BookEvent,
  FeedKind,
  FundingEvent,
  MarketEvent,
  QuoteEvent,
  VenueId,
  WalletEvent,
} from '@spreadscope/core';
import { type FixtureResponse, type FixtureRoutes, fixture, json } from '../live/fixtures/fixture-http.ts';
import type { LiveSourceOptions } from '../live/live-source.ts';
import type { VenueLink } from '../market-source.ts';
import { PollTask } from '../supervisor/poll-task.ts';
import { StreamTask } from '../supervisor/stream-task.ts';
import { type Harness, startManual } from './live-harness.ts';

/**
 * Test support shared by the per-venue tests: recorded answers by venue, routing by query or POST body,
 * failure answers, one manual REST round with normalized events sorted out, and a look at a feed's
 * supervision (its next wait).
 */

/** Events of one type, typed. */
export function of<T extends MarketEvent['type']>(
  events: readonly MarketEvent[],
  type: T,
): Extract<MarketEvent, { type: T }>[] {
  return events.filter((e): e is Extract<MarketEvent, { type: T }> => e.type === type);
}

/** A venue's recorded answers in `src/venues/<dir>/` (e.g. `ccxt/fixtures/bitget`). */
export function venueFixtures(dir: string): {
  json: (name: string) => FixtureResponse;
  load: <T = unknown>(name: string) => T;
} {
  return {
    json: (name) => json(`../../venues/${dir}/${name}`),
    load: <T>(name: string) => JSON.parse(fixture(`../../venues/${dir}/${name}`)) as T,
  };
}

const UNEXPECTED: FixtureResponse = { status: 400, body: '{"error":"unexpected query"}' };

/** Answers by the value of one query parameter. */
export const by =
  (param: string, answers: Record<string, FixtureResponse>) =>
  (url: URL): FixtureResponse =>
    answers[url.searchParams.get(param) ?? ''] ?? UNEXPECTED;

/** Answers by a field of a JSON POST body (one path, many questions). */
export const byBody =
  (field: string, answers: Record<string, FixtureResponse>) =>
  (_url: URL, body: string): FixtureResponse => {
    let key = '';
    try {
      key = String((JSON.parse(body) as Record<string, unknown>)[field] ?? '');
    } catch {
      return UNEXPECTED;
    }
    return answers[key] ?? UNEXPECTED;
  };

export const RATE_LIMITED: FixtureResponse = {
  status: 429,
  body: '{"code":429,"msg":"Too many requests"}',
};
/** What a venue's load balancer answers when the service behind it is down: HTML, not JSON. */
export const SERVER_ERROR: FixtureResponse = {
  status: 503,
  body: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
  contentType: 'text/html',
};

/**
 * Routes where one path can be made to fail on demand (`set(RATE_LIMITED)`, `set(null)` to answer again).
 */
export function failing(
  routes: FixtureRoutes,
  path: string,
): { routes: FixtureRoutes; set: (answer: FixtureResponse | null) => void } {
  let failure: FixtureResponse | null = null;
  const original = routes[path];
  if (original === undefined) throw new Error(`no route ${path} to make fail`);
  return {
    routes: {
      ...routes,
      [path]: (url: URL, body: string) =>
        failure ?? (typeof original === 'function' ? original(url, body) : original),
    },
    set: (answer) => {
      failure = answer;
    },
  };
}

export interface RestRound extends Harness {
  /** `market BASE/QUOTE` of every quote, sorted. */
  readonly keys: string[];
  quote(key: string): QuoteEvent | undefined;
  readonly funding: FundingEvent[];
  readonly wallets: WalletEvent[];
  readonly books: BookEvent[];
  readonly venueLink: VenueLink | undefined;
  /** Runs one more round of every polled feed. */
  again(): Promise<void>;
}

/** Noon-ish on 21 Nov 2025: the fixtures were shaped around this moment. */
export const FIXTURE_NOW = Date.UTC(2025, 10, 21, 4, 40);

/** One REST round of every polled feed of one venue, on a pinned clock and jitter. */
export async function restRound(
  venue: VenueId,
  routes: FixtureRoutes,
  options: Partial<LiveSourceOptions> = {},
): Promise<RestRound> {
  const harness = await startManual(venue, routes, { clock: () => FIXTURE_NOW, random: () => 0, ...options });
  await harness.source.pollOnce();
  const key = (q: QuoteEvent) => `${q.market} ${q.base}/${q.quote}`;
  const quotes = () => of(harness.events, 'quote');
  return {
    ...harness,
    get keys() {
      return [...new Set(quotes().map(key))].sort();
    },
    quote: (k) => quotes().find((q) => key(q) === k),
    get funding() {
      return of(harness.events, 'funding');
    },
    get wallets() {
      return of(harness.events, 'wallet');
    },
    get books() {
      return of(harness.events, 'book');
    },
    get venueLink() {
      return harness.link(venue);
    },
    again: () => harness.source.pollOnce(),
  };
}

/** The wait a venue's feed would take before its next attempt (interval, or back-off after failures). */
export function nextWait(harness: Harness, venue: VenueId, feed: FeedKind): number {
  const task = harness.source
    .adapter(venue)
    ?.tasks()
    .find((t) => t.feed === feed);
  if (task instanceof PollTask || task instanceof StreamTask) return task.nextDelayMs();
  throw new Error(`${venue} has no supervised ${feed} feed to ask`);
}
