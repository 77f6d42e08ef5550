import { forEachDatabase } from '@spreadscope/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsFixture,
  PASSWORD,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP, loginDelayMs, MAX_LOGIN_DELAY_MS } from './rate-limits.ts';

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

/** Counters in this process, and in Redis as several API processes share them (when REDIS_URL is set). */
const STORES = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

forEachDatabase('sign-in throttling', (getDb) => {
  describe.each(STORES)('counters in %s', (store) => {
    let fx: AccountsFixture;
    let redis: Redis | undefined;
    beforeAll(async () => {
      redis =
        store === 'redis'
          ? new Redis(process.env.REDIS_URL ?? '', {
              keyPrefix: `test:throttle:${process.pid}:${Date.now()}:`,
            })
          : undefined;
      fx = await startAccountsFixture(getDb(), redis ? { redis } : {});
    });
    afterAll(async () => {
      await fx.close();
      await redis?.quit();
    });

    const login = (ip: string, email: string, password: string) =>
      fx.server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify({ email, password }),
      });

    it('throttles the guessing IP on that account and still lets the owner in from another address', async () => {
      const { email } = await signedInUser(fx, 'free');
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP; i++) {
        expect((await login(ATTACKER, email, `guess-${i}-Horse7!`)).statusCode).toBe(401);
      }
      const throttled = await login(ATTACKER, email, 'guess-x-Horse7!');
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password is refused from the guessing IP until its window passes.
      expect((await login(ATTACKER, email, PASSWORD)).statusCode).toBe(429);

      // Ten failures from one stranger must not lock the owner out.
      const owner = await login(OWNER, email, PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ user: { email } });
    });

    it('keeps another account open to the guessing IP (the throttle is per account and IP)', async () => {
      const target = await signedInUser(fx, 'free');
      const other = await signedInUser(fx, 'free');
      for (let i = 0; i <= LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP; i++)
        await login(ATTACKER, target.email, 'nope-Horse7!');
      expect((await login(ATTACKER, other.email, PASSWORD)).statusCode).toBe(200);
    });
  });
});

describe('loginDelayMs', () => {
  it('adds no wait for the first failures, then grows, and never passes the cap', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(9)).toBe(0);
    expect(loginDelayMs(10)).toBeGreaterThan(0);
    expect(loginDelayMs(11)).toBeGreaterThan(loginDelayMs(10));
    expect(loginDelayMs(1_000_000)).toBe(MAX_LOGIN_DELAY_MS);
    expect(MAX_LOGIN_DELAY_MS).toBeLessThanOrEqual(5_000);
  });
});
