import { createHash } from 'node:crypto';
import { normalizeEmail } from '@spreadscope/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';

/**
 * The address a limit counts for, as a hash: counters may live in a shared Redis, which has no business
 * holding users' addresses in its key names.
 */
function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  const normalized = typeof email === 'string' ? normalizeEmail(email) : '';
  return createHash('sha256').update(normalized).digest('base64url').slice(0, 22);
}

/**
 * Per-address limits on top of the per-IP limit of each auth route: they stop mail-bombing one inbox (sign-in
 * has its own, loginThrottle below). Counters live where the global ones do (Redis when configured),
 * so every API process counts together.
 */
export type AddressLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function addressLimiter(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindowMs: number,
): AddressLimiter {
  const limit = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => `${name}:${emailOf(request)}`,
  });
  return async (request, reply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new ApiError(429, 'rate_limited', 'error.rateLimited', { seconds: result.ttlInSeconds });
  };
}

/**
 * Sign-in throttling that stops password guessing without handing strangers a lock on someone's account:
 *
 * - per account and IP: 10 attempts per 15 minutes, then 429 for that IP on that account only — the owner,
 *   anywhere else, is not affected;
 * - per IP: the route's own limit (AUTH_RATE_LIMIT_PER_MINUTE);
 * - per account, from everywhere: after 10 wrong passwords in 15 minutes every further attempt waits before
 *   its answer, 250 ms doubling per failure up to 3 s. It slows a spread-out run and never refuses the right
 *   password: the owner waits a few seconds at worst.
 */
export interface LoginThrottle {
  /** Before the password is checked: 429 when this IP has tried this account too often, else the delay. */
  before(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** After a wrong password or an unknown address. */
  failed(request: FastifyRequest): Promise<void>;
}

export const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
const FAILURES_BEFORE_DELAY = 10;
const FIRST_DELAY_MS = 250;
export const MAX_LOGIN_DELAY_MS = 3_000;
/** A count the failure counter never reaches, so it only counts and never limits by itself. */
const UNBOUNDED = 1_000_000_000;

export function loginThrottle(
  app: FastifyInstance,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): LoginThrottle {
  const perAccountAndIp = app.createRateLimit({
    max: LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `login:${emailOf(request)}:${request.ip}`,
  });
  const failures = app.createRateLimit({
    max: UNBOUNDED,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `login-failures:${emailOf(request)}`,
  });
  return {
    async before(request, reply) {
      const pair = await perAccountAndIp(request);
      if (!pair.isAllowed && pair.isExceeded) {
        reply.header('retry-after', pair.ttlInSeconds);
        throw new ApiError(429, 'rate_limited', 'error.rateLimited', { seconds: pair.ttlInSeconds });
      }
      const count = await failures(request, { increment: false });
      const failed = count.isAllowed ? 0 : UNBOUNDED - count.remaining;
      const delay = loginDelayMs(failed);
      if (delay > 0) await sleep(delay);
    },
    async failed(request) {
      await failures(request);
    },
  };
}

/** The wait before answering a sign-in for an account that has had `failures` wrong passwords lately. */
export function loginDelayMs(failures: number): number {
  if (failures < FAILURES_BEFORE_DELAY) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FAILURES_BEFORE_DELAY), MAX_LOGIN_DELAY_MS);
}
