import type { MarketEvent, NoticeEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEED_SETTINGS } from '../live/feed-settings.ts';
import { type FixtureResponse, fixtureFetch } from '../live/fixtures/fixture-http.ts';
import type { PollTask } from '../supervisor/poll-task.ts';
import type { AdapterContext } from '../venues/adapter.ts';
import { recorded } from './notice-fixture.ts';
import { NOTICE_SOURCES, noticeExtras } from './notice-sources.ts';

const started: PollTask[] = [];
afterEach(async () => {
  for (const task of started.splice(0)) await task.stop();
});

/** One venue's notice feed over the fetch seam, answered by `answer` per request, polled every 20 ms. */
function feed(venue: 'bybit' | 'gateio' | 'binance', answer: () => FixtureResponse) {
  const events: MarketEvent[] = [];
  const path = new URL(NOTICE_SOURCES[venue]?.url ?? '').pathname;
  const ctx: AdapterContext = {
    venue,
    override: {},
    settings: {
      ...DEFAULT_FEED_SETTINGS,
      noticeIntervalMs: 20,
      backoff: { baseMs: 30, maxMs: 60, jitter: 0 },
    },
    fetch: fixtureFetch({ [path]: () => answer() }),
    clock: () => Date.now(),
    random: () => 0.5,
    logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never,
    emit: (event) => events.push(event),
    onChange: () => {},
  };
  const task = noticeExtras(ctx)?.tasks[0] as PollTask;
  started.push(task);
  task.start();
  return { events, task };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ok = (path: string): FixtureResponse => ({ body: recorded(path) });

describe('notice feeds under the supervisor', () => {
  it('emits each notice once across polls, then only what is new', async () => {
    let body = JSON.parse(recorded('./bybit/fixtures/bybit-notices.json'));
    const { events } = feed('bybit', () => ({ body: JSON.stringify(body) }));
    await until(() => events.length === 4, 'first page');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(events).toHaveLength(4);
    body = structuredClone(body);
    body.result.list.unshift({
      title: 'New Listing: ZAMA/USDT Spot Trading',
      type: { title: 'New Listings', key: 'new_crypto' },
      url: 'https://announcements.bybit.com/en/article/new-listing-zama-usdt-blt9/',
      dateTimestamp: 1763720000000,
    });
    await until(() => events.length === 5, 'the new notice');
    expect((events[4] as NoticeEvent).title).toBe('New Listing: ZAMA/USDT Spot Trading');
  });

  it('backs off on 429 and 5xx, says why, and recovers', async () => {
    let answer: FixtureResponse = { status: 429, body: '{"retCode":10006,"retMsg":"Too many visits"}' };
    const { events, task } = feed('bybit', () => answer);
    await until(() => task.health().status === 'down', 'down on 429');
    expect(task.health().lastError).toMatch(/HTTP 429 \(rate limited\)/);
    answer = { status: 503, body: '<html>503</html>', contentType: 'text/html' };
    await until(() => /HTTP 503/.test(task.health().lastError ?? ''), '503');
    answer = ok('./bybit/fixtures/bybit-notices.json');
    await until(() => task.health().status === 'connected' && events.length === 4, 'recovered');
  });

  it('fails the poll on a malformed answer instead of emitting nothing silently', async () => {
    const { task } = feed('binance', () => ({
      body: '{"code":"000000","data":{"articles":[]},"success":true}',
    }));
    await until(() => task.health().status === 'down', 'down');
    expect(task.health().lastError).toMatch(/no data.catalogs/);
  });

  it('reads an HTML list page (Gate) as text', async () => {
    const { events } = feed('gateio', () => ({
      body: recorded('./gateio/fixtures/gateio-announcements.html'),
      contentType: 'text/html',
    }));
    await until(() => events.length === 4, 'gate notices');
    expect(events.every((e) => e.type === 'notice' && e.venue === 'gateio')).toBe(true);
  });
});
