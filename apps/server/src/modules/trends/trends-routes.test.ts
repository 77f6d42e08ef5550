import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TelegramPost } from '@spreadscope/contracts';
import type { DataSourceMode } from '@spreadscope/core';
import type { Database } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../http/errors.ts';
import { trendsRoutes } from './routes.ts';
import { createTrendsModule, type TrendsModule } from './trends-module.ts';

const fixtures = new URL('../../../../../packages/feeds/src/', import.meta.url);
const page = readFileSync(new URL('telegram-channels/fixtures/channel-page.html', fixtures), 'utf8');
const gone = readFileSync(new URL('telegram-channels/fixtures/channel-not-found.html', fixtures), 'utf8');
const naverAnswer = readFileSync(
  new URL('search-trends/fixtures/naver-datalab-response.json', fixtures),
  'utf8',
);
const NOW = Date.parse('2026-11-26T04:30:00Z');
const BASES = ['BTC', 'ETH', 'XRP', 'SOL', 'DOGE'];

/** A loopback t.me (two channels: one public, one gone) and a loopback Naver DataLab. */
async function fakePeers(): Promise<{ server: Server; url: string; naverBodies: unknown[] }> {
  const naverBodies: unknown[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/s/coinnesskr') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.url?.startsWith('/s/')) return res.writeHead(200, { 'content-type': 'text/html' }).end(gone);
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      naverBodies.push(JSON.parse(raw));
      if (req.headers['x-naver-client-id'] !== 'nid' || req.headers['x-naver-client-secret'] !== 'nsecret') {
        return res.writeHead(401).end('{"errorCode":"024","errorMessage":"Authentication failed"}');
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(naverAnswer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, naverBodies };
}

async function appFor(module: TrendsModule): Promise<FastifyInstance> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(trendsRoutes(module.service), { prefix: '/api/v1/front' });
  return app;
}

function moduleFor(database: Database, mode: DataSourceMode, peers: string, naver: boolean): TrendsModule {
  return createTrendsModule({
    database,
    usdtBases: () => BASES,
    mode: () => mode,
    now: () => NOW,
    dataSource: () => ({ mode, requested: mode, since: 0, reason: null }),
    seed: 7,
    config: {
      TELEGRAM_CHANNELS: 'coinnesskr,gone_channel_kr:english',
      TELEGRAM_PREVIEW_URL: peers,
      TELEGRAM_READ_MINUTES: 10,
      NAVER_DATALAB_URL: `${peers}/v1/datalab/search`,
      ...(naver ? { NAVER_CLIENT_ID: 'nid', NAVER_CLIENT_SECRET: 'nsecret' } : {}),
    },
    channelGapMs: 0,
    logger: { info: () => undefined, warn: () => undefined },
  });
}

forEachDatabase('trends-routes', (getDb) => {
  let peers: Awaited<ReturnType<typeof fakePeers>>;
  let live: FastifyInstance;
  let liveModule: TrendsModule;
  beforeAll(async () => {
    peers = await fakePeers();
    liveModule = moduleFor(getDb(), 'live', peers.url, true);
    live = await appFor(liveModule);
    await liveModule.ingest.readTelegram();
    await liveModule.ingest.readSearch();
  });
  afterAll(async () => {
    await live.close();
    await new Promise<void>((resolve) => peers.server.close(() => resolve()));
  });
  const get = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url: `/api/v1/front${url}` });

  describe('live: read from the loopback t.me and Naver', () => {
    it('lists the configured channels with what their page showed, and why one shows nothing', async () => {
      const body = (await get(live, '/telegram/channels?key=channelName&sort=asc')).json();
      expect(body.total).toBe(2);
      expect(body.data[0]).toMatchObject({
        username: 'coinnesskr',
        title: '코인니스',
        members: 86_400,
        status: 'ok',
        category: 'korean',
        link: 'https://t.me/coinnesskr',
        simulated: false,
      });
      expect(body.data[1]).toMatchObject({
        username: 'gone_channel_kr',
        status: 'unavailable',
        category: 'english',
      });
      expect(body.data[1].statusMessage).toContain('private or gone');
    });

    it('serves posts with the tokens they mention, filterable by token, channel and text', async () => {
      const all = (await get(live, '/telegram/posts')).json();
      expect(all.total).toBe(3);
      expect(all.data[0]).toMatchObject({ messageId: 251209, channelTitle: '코인니스', views: 2_050_000 });
      const eth = (await get(live, '/telegram/posts?token=eth')).json();
      expect(eth.data.map((p: { messageId: number }) => p.messageId)).toEqual([251207]);
      expect(eth.data[0].tokens).toEqual(['BTC', 'ETH']);
      const text = (
        await get(live, `/telegram/posts?search=${encodeURIComponent('솔라나')}&channel=coinnesskr`)
      ).json();
      expect(text.data.map((p: { messageId: number }) => p.messageId)).toEqual([251208]);
      const paged = (await get(live, '/telegram/posts?limit=2&page=2&sort=asc')).json();
      expect(paged.data.map((p: { messageId: number }) => p.messageId)).toEqual([251209]);
    });

    it('counts mentions per token over 1 h, 24 h and 7 d with a trend rank', async () => {
      const body = (await get(live, '/telegram/messages/overview?window=7d')).json();
      const byBase = Object.fromEntries(body.data.map((m: { base: string }) => [m.base, m]));
      // The BTC post is 77 minutes old, the SOL one 50.
      expect(byBase.BTC).toMatchObject({ h1: 0, h24: 1, d7: 1 });
      expect(byBase.SOL).toMatchObject({ h1: 1, d7: 1 });
      expect(await liveModule.service.tokenMentions('sol')).toMatchObject({ base: 'SOL', h1: 1 });
      expect(body.hourly).toHaveLength(24);
    });

    it('overview totals, channel detail and 404 for a channel not followed', async () => {
      const overview = (await get(live, '/telegram/channels/overview')).json();
      expect(overview.totals).toMatchObject({ channels: 2, subscribers: 86_400, messages: 3, shares: 0 });
      const detail = (await get(live, '/telegram/channels/coinnesskr/overview')).json();
      expect(detail.latest).toHaveLength(3);
      expect(detail.daily.at(-1).posts).toBe(3);
      const missing = await get(live, '/telegram/channels/someone_else/info');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().param).toBe('channel');
    });

    it('asks Naver per token batch and serves the per-token series and the rising ranking', async () => {
      expect(peers.naverBodies.length).toBeGreaterThan(0);
      const first = peers.naverBodies[0] as { keywordGroups: { groupName: string; keywords: string[] }[] };
      expect(first.keywordGroups[0]).toEqual({ groupName: 'BTC', keywords: ['비트코인', 'BTC', 'Bitcoin'] });
      const trend = (await get(live, '/naver/trend?symbol=xrp&days=30')).json();
      expect(trend.data.length).toBe(6);
      expect(trend.sources.find((s: { source: string }) => s.source === 'naver')).toMatchObject({
        state: 'ok',
      });
      const google = trend.sources.find((s: { source: string }) => s.source === 'google');
      expect(google).toMatchObject({ state: 'off', reason: 'no_source' });
      const rising = (await get(live, '/naver-trend')).json();
      expect(rising.data[0]).toMatchObject({ base: 'XRP', rank: 1 });
    });

    it('refuses bad parameters with 400 naming the parameter', async () => {
      for (const [url, param] of [
        ['/telegram/posts?limit=0', 'limit'],
        ['/telegram/posts?channel=../x', 'channel'],
        ['/telegram/channels?category=german', 'category'],
        ['/telegram/channels?sort=sideways', 'sort'],
        ['/naver/trend', 'symbol'],
        ['/naver/trend?symbol=BTC&days=2', 'days'],
        ['/telegram/messages/overview?window=2h', 'window'],
        ['/telegram/messages/search?q=', 'q'],
      ] as const) {
        const res = await get(live, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().param, url).toBe(param);
      }
    });
  });

  describe('live without a Naver key, and simulated', () => {
    it('says Naver is off for want of a key', async () => {
      const module = moduleFor(getDb(), 'live', peers.url, false);
      const app = await appFor(module);
      const before = peers.naverBodies.length;
      await module.ingest.readSearch();
      expect(peers.naverBodies.length).toBe(before);
      const body = (await get(app, '/naver/symbols')).json();
      expect(body.sources.find((s: { source: string }) => s.source === 'naver')).toMatchObject({
        state: 'off',
        reason: 'needs_key',
      });
      await app.close();
    });

    it('fills every screen from the simulator at once, labelled simulated', async () => {
      const module = moduleFor(getDb(), 'simulated', peers.url, false);
      const app = await appFor(module);
      const channels = (await get(app, '/telegram/channels')).json();
      expect(channels.total).toBeGreaterThanOrEqual(8);
      expect(
        channels.data.every((c: { simulated: boolean; messages: number }) => c.simulated && c.messages > 0),
      ).toBe(true);
      const overview = (await get(app, '/telegram/channels/overview')).json();
      expect(overview.mentions[0]).toMatchObject({ rank: 1 });
      expect(overview.sources.every((s: { state: string }) => s.state === 'simulated')).toBe(true);
      const trend = (await get(app, '/naver/trend?symbol=BTC')).json();
      expect(trend).toMatchObject({ simulated: true });
      expect(trend.data).toHaveLength(90);
      const found = (await get(app, '/telegram/channels/search?q=sim_coin')).json();
      expect(found.data[0].username).toBe('sim_coin_sokbo');
      await app.close();
    });

    it('finds posts from the search index exactly as the posts table filter does, newest first', async () => {
      const module = moduleFor(getDb(), 'simulated', peers.url, false);
      const app = await appFor(module);
      const latest = (await get(app, '/telegram/posts?limit=20')).json().data as TelegramPost[];
      const word = latest.flatMap((p) => p.postText.split(/\s+/)).find((w) => /^[A-Za-z가-힣]{4,}$/.test(w));
      expect(word).toBeDefined();
      for (const q of [word ?? '', 'BTC', (word ?? '').toUpperCase()]) {
        const indexed = (
          await get(app, `/telegram/messages/search?q=${encodeURIComponent(q)}&limit=10`)
        ).json().data as TelegramPost[];
        const filtered = (await get(app, `/telegram/posts?search=${encodeURIComponent(q)}&limit=10`)).json()
          .data as TelegramPost[];
        expect(indexed.length, q).toBeGreaterThan(0);
        expect(
          indexed.map((p) => `${p.channelUsername}/${p.messageId}`),
          q,
        ).toEqual(filtered.map((p) => `${p.channelUsername}/${p.messageId}`));
        for (const post of indexed) {
          const hit =
            post.postText.toLowerCase().includes(q.toLowerCase()) || post.tokens.includes(q.toUpperCase());
          expect(hit, `${q}: ${post.postText}`).toBe(true);
        }
        expect(indexed.map((p) => p.date)).toEqual([...indexed.map((p) => p.date)].sort((a, b) => b - a));
      }
      // The answers came from the in-memory index (filled by these searches), not from the table.
      expect(module.search.posts.size).toBeGreaterThan(0);
      await app.close();
    });
  });
});
