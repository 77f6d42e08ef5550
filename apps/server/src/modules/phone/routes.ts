import { createHash } from 'node:crypto';
import {
  confirmPhoneRequestSchema,
  errorResponseSchema,
  phoneStatusSchema,
  phoneVerificationStartedSchema,
  startPhoneVerificationRequestSchema,
} from '@spreadscope/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import { requestLanguage } from '../../http/language.ts';
import { type Limit, PhoneLimitError, type PhoneService } from './phone-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/** Counter keys may live in a shared Redis: numbers go there hashed, never as typed. */
const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The send and confirm limits, counted where the global ones are (Redis when configured), so every API
 * process counts together. Each answers the seconds to wait, or null while allowed.
 */
function limits(app: FastifyInstance, service: PhoneService): (request: FastifyRequest) => Limit {
  const { rules } = service;
  const keys = new WeakMap<FastifyRequest, string>();
  const counter = (name: string, max: number) =>
    app.createRateLimit({
      max,
      timeWindow: rules.windowMs,
      keyGenerator: (request) => `phone-${name}:${keys.get(request) ?? request.ip}`,
    });
  const counters = {
    account: counter('send-account', rules.sendsPerAccount),
    ip: counter('send-ip', rules.sendsPerIp),
    number: counter('send-number', rules.sendsPerNumber),
    confirm: counter('confirm-ip', rules.confirmsPerIp),
  };
  return (request) => async (kind, key) => {
    keys.set(request, kind === 'ip' || kind === 'confirm' ? request.ip : hashed(key));
    const result = await counters[kind](request);
    return result.isAllowed || !result.isExceeded ? null : Math.max(1, result.ttlInSeconds);
  };
}

/** Copies a limit's wait into Retry-After before the error handler answers. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PhoneLimitError) reply.header('retry-after', error.retryAfter);
    if (error instanceof ApiError && error.code === 'sms_unavailable') {
      reply.header('retry-after', 60);
    }
    throw error;
  }
}

/** /api/v1/account/phone: link a phone number by a one-time code (spec §3 User). Session only. */
export function phoneRoutes(service: PhoneService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['account'];
    const limitFor = limits(app, service);

    app.get(
      '/account/phone',
      {
        preHandler: requireSessionUser,
        schema: {
          tags,
          summary: 'The linked phone number (masked) and the code being waited for',
          response: { 200: phoneStatusSchema, ...errors },
        },
      },
      async (request) => service.status((await sessionUserOf(request)).user.id),
    );

    app.post(
      '/account/phone/verification',
      {
        preHandler: requireSessionUser,
        schema: {
          tags,
          summary: 'Send a one-time code to a number (the previous code stops working)',
          body: startPhoneVerificationRequestSchema,
          response: { 202: phoneVerificationStartedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessionUserOf(request);
        const started = await withRetryAfter(reply, () =>
          service.start(user.id, request.body.phone, requestLanguage(request), limitFor(request)),
        );
        return reply.code(202).send(started);
      },
    );

    app.post(
      '/account/phone/verification/confirm',
      {
        preHandler: requireSessionUser,
        schema: {
          tags,
          summary: 'Type the code: the number is linked when it matches',
          body: confirmPhoneRequestSchema,
          response: { 200: phoneStatusSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessionUserOf(request);
        return withRetryAfter(reply, () => service.confirm(user.id, request.body.code, limitFor(request)));
      },
    );

    app.delete(
      '/account/phone/verification',
      {
        preHandler: requireSessionUser,
        schema: { tags, summary: 'Forget the code being waited for', response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await service.cancel((await sessionUserOf(request)).user.id);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/account/phone',
      {
        preHandler: requireSessionUser,
        schema: { tags, summary: 'Remove the linked phone number', response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await service.remove((await sessionUserOf(request)).user.id);
        return reply.code(204).send(null);
      },
    );
  };
}
