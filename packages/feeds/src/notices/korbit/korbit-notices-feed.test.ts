import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MarketEvent, NoticeEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEED_SETTINGS } from '../../live/feed-settings.ts';
import type { PollTask } from '../../supervisor/poll-task.ts';
import type { AdapterContext } from '../../venues/adapter.ts';
import { recorded } from '../notice-fixture.ts';
import { noticeExtras } from '../notice-sources.ts';

/**
 * Korbit's portal over loopback, as the real one behaves: it answers only a request naming a Korbit client
 * platform (403 otherwise), at its Contentful proxy path.
 */
async function portal(answer: () => { status: number; body: string }) {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const named = req.headers.korbit_platform_id !== undefined && req.headers['platform-identifier'];
    const { status, body } = named ? answer() : { status: 403, body: '{"message":"Forbidden"}' };
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function feed(answer: () => { status: number; body: string }) {
  const server = await portal(answer);
  cleanups.push(server.close);
  const events: MarketEvent[] = [];
  const ctx: AdapterContext = {
    venue: 'korbit',
    override: { baseUrl: server.url },
    settings: {
      ...DEFAULT_FEED_SETTINGS,
      noticeIntervalMs: 20,
      backoff: { baseMs: 30, maxMs: 60, jitter: 0 },
    },
    fetch: (url, init) => fetch(url, init),
    clock: () => Date.now(),
    random: () => 0.5,
    logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never,
    emit: (event) => events.push(event),
    onChange: () => {},
  };
  const extras = noticeExtras(ctx);
  expect(extras?.capabilities.notices).toEqual({ via: 'rest' });
  const task = extras?.tasks[0] as PollTask;
  cleanups.push(() => task.stop());
  task.start();
  return { events, task, seen: server.seen };
}

describe('Korbit notices under the supervisor', () => {
  it('asks the portal as a Korbit client, emits each notice once, oldest first', async () => {
    const { events, seen } = await feed(() => ({
      status: 200,
      body: recorded('./korbit/fixtures/korbit-notices.json'),
    }));
    await until(() => events.length === 6, 'the first page');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(events).toHaveLength(6);
    expect(seen[0]?.path).toMatch(
      /\/api\/korbit\/v2\/contentful\?content_type=notice&order=-fields.createdAt/,
    );
    expect(seen[0]?.headers.korbit_platform_id).toBe('21');
    const newest = events.at(-1) as NoticeEvent;
    expect(newest).toMatchObject({ venue: 'korbit', category: 'listing', tokens: ['WLFI'] });
  });

  it('backs off on 429 and on a Contentful error, and recovers', async () => {
    let answer = { status: 429, body: '{"sys":{"type":"Error","id":"RateLimitExceeded"}}' };
    const { events, task } = await feed(() => answer);
    await until(() => task.health().status === 'down', 'down on 429');
    expect(task.health().lastError).toMatch(/HTTP 429/);
    answer = { status: 200, body: recorded('./korbit/fixtures/korbit-notices-error.json') };
    await until(() => /refused/.test(task.health().lastError ?? ''), 'the Contentful error');
    answer = { status: 200, body: recorded('./korbit/fixtures/korbit-notices.json') };
    await until(() => task.health().status === 'connected' && events.length === 6, 'recovered');
  });
});
