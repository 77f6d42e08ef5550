import { contactRequestSchema, contactResponseSchema, errorResponseSchema } from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/language.ts';
import { ContactLimitError, type ContactService } from './contact-service.ts';

const HOUR_MS = 3_600_000;

/** POST /api/v1/contact: the contact form of /contact-us and the landing page (spec §5). No sign-in needed. */
export function contactRoutes(service: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    // Counted where the global limits are (Redis when configured), so every API process counts together.
    const counter = app.createRateLimit({
      max: service.perHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request) => `contact:${request.ip}`,
    });
    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary:
            'Send an inquiry to the operator (email required, Telegram handle optional, inquiry required)',
          body: contactRequestSchema,
          response: {
            201: contactResponseSchema,
            400: errorResponseSchema,
            403: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        try {
          const received = await service.submit(request.body, requestLanguage(request), async () => {
            const result = await counter(request);
            return result.isAllowed || !result.isExceeded ? null : Math.max(1, result.ttlInSeconds);
          });
          return reply.code(201).send(received);
        } catch (error) {
          if (error instanceof ContactLimitError) reply.header('retry-after', error.retryAfter);
          throw error;
        }
      },
    );
  };
}
