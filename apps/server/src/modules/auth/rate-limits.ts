import { normalizeEmail } from '@spreadscope/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';

/**
 * Per-address limits on top of the per-IP limit of each auth route: they stop a spread-out guessing run on
 * one account and mail-bombing one inbox. Counters live where the global ones do (Redis when configured),
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
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${name}:${typeof email === 'string' ? normalizeEmail(email) : ''}`;
    },
  });
  return async (request, reply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new ApiError(429, 'rate_limited', 'error.rateLimited', { seconds: result.ttlInSeconds });
  };
}
