import type { Plan } from '@spreadscope/core';
import { createApiUsageRepository, type Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedMarket, startTestServer, type TestServer } from '../../test-support/test-server.ts';

/** Keys, plans, credits and rates of the paid API, through HTTP, in memory and (with REDIS_URL) in Redis. */

const STORES = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

let database: Database;
const servers: TestServer[] = [];
const clients: Redis[] = [];

beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const client of clients.splice(0)) client.disconnect();
});

/** Half a minute into a minute: the rate window cannot roll over while a test runs. */
const METER_NOW = Date.UTC(2026, 10, 25, 12, 0, 30);

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer({ database, clockForMeter: () => METER_NOW, ...options });
  servers.push(server);
  seedMarket(server.source);
  return server;
}

let serial = 0;
async function keyOn(server: TestServer, plan: Plan): Promise<{ key: string; userId: string }> {
  serial += 1;
  const email = `meter-${Date.now()}-${serial}@example.com`;
  const user = await server.accounts.auth.createAccount({
    email,
    displayName: email,
    passwordHash: null,
    googleSub: `google-${email}`,
    verified: true,
    language: 'en',
    referredBy: null,
    plan,
  });
  const created = await server.accounts.apiKeys.create(user, 'sdk', { operator: true });
  return { key: created.key, userId: user.id };
}

const forex = (server: TestServer, key: string, lang = 'en') =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/forex?symbol=USD-KRW',
    headers: { 'x-dtmx-apikey': key, 'accept-language': lang },
  });

describe('who may call', () => {
  it('refuses a plan without the API with 403 naming Pro+, in the caller’s language', async () => {
    const server = await start();
    const { key } = await keyOn(server, 'pro');
    const en = await forex(server, key);
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({ error: expect.stringContaining('Pro+'), data: { code: 'plan_required' } });
    const ko = await forex(server, key, 'ko');
    expect(ko.json().error).toContain('플랜');
  });

  it('stops a revoked key', async () => {
    const server = await start();
    const { key, userId } = await keyOn(server, 'pro_plus');
    expect((await forex(server, key)).statusCode).toBe(200);
    const user = await server.accounts.users.findById(userId);
    if (!user) throw new Error('no user');
    const [listed] = await server.accounts.apiKeys.list(user);
    await server.accounts.apiKeys.revoke(user, listed?.id ?? '');
    // The gate trusts a looked-up key for a few seconds at most.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const after = await forex(server, key);
    expect(after.statusCode).toBe(401);
    expect(after.json().data.code).toBe('invalid_api_key');
  });
});

for (const store of STORES) {
  describe(`credits and rate limits [${store}]`, () => {
    const redisOption = () => {
      if (store !== 'redis') return {};
      const redis = new Redis(process.env.REDIS_URL ?? '', { maxRetriesPerRequest: 2 });
      clients.push(redis);
      return { redis };
    };

    it('refuses the call past the month’s credits with 402, charges nothing for it, and records the usage', async () => {
      const server = await start({ ...redisOption(), publicApiLimits: { credits: { developer: 3 } } });
      const { key, userId } = await keyOn(server, 'developer');
      for (let i = 0; i < 3; i++) {
        const ok = await forex(server, key);
        expect(ok.statusCode).toBe(200);
        expect(ok.headers['x-credits-used']).toBe(String(i + 1));
        expect(ok.headers['x-credits-limit']).toBe('3');
      }
      const refused = await forex(server, key);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({
        error: expect.stringContaining('used up (3 of 3). They renew on 2026-12-01'),
        data: { code: 'credits_exhausted' },
      });
      await server.apiMeter.flush();
      const usage = createApiUsageRepository(database);
      const month = new Date(METER_NOW).toISOString().slice(0, 7);
      expect(await usage.creditsSince(userId, `${month}-01`)).toBe(3);
      const days = await usage.daysSince(userId, `${month}-01`);
      expect(days).toEqual([expect.objectContaining({ endpoint: '/forex', calls: 3, credits: 3 })]);
    });

    it('limits calls per key per minute with 429 and Retry-After; other keys are not affected', async () => {
      const server = await start({ ...redisOption(), publicApiLimits: { rate: { pro_plus: 2 } } });
      const first = await keyOn(server, 'pro_plus');
      const second = await keyOn(server, 'pro_plus');
      const a = await forex(server, first.key);
      expect(a.headers['x-ratelimit-limit']).toBe('2');
      expect(a.headers['x-ratelimit-remaining']).toBe('1');
      expect((await forex(server, first.key)).statusCode).toBe(200);
      const limited = await forex(server, first.key);
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBe(30);
      expect(limited.json().data.code).toBe('rate_limited');
      expect((await forex(server, second.key)).statusCode).toBe(200);
    });

    if (store === 'redis') {
      it('shares the counters between API processes', async () => {
        const one = await start({ ...redisOption(), publicApiLimits: { rate: { pro_plus: 3 } } });
        const two = await start({ ...redisOption(), publicApiLimits: { rate: { pro_plus: 3 } } });
        const { key } = await keyOn(one, 'pro_plus');
        expect((await forex(one, key)).statusCode).toBe(200);
        expect((await forex(two, key)).statusCode).toBe(200);
        expect((await forex(one, key)).statusCode).toBe(200);
        expect((await forex(two, key)).statusCode).toBe(429);
      });
    }
  });
}
