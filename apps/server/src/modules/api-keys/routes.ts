import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  errorResponseSchema,
  sessionResponseSchema,
} from '@spreadscope/contracts';
import { entitlementsOf } from '@spreadscope/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { requireEntitlement, requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import { principalOf } from '../../http/principal.ts';
import { presentUser } from '../account/present-user.ts';
import type { ApiKeysService } from './api-keys-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/** /api/v1/account/api-keys (managed from the account page) and /api/v1/me (who a key belongs to). */
export function apiKeysRoutes(apiKeys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['api-keys'];
    app.get(
      '/account/api-keys',
      {
        preHandler: requireSessionUser,
        schema: {
          tags,
          summary: 'Active API keys (never their secrets)',
          response: { 200: apiKeyListSchema, ...errors },
        },
      },
      async (request) => ({ keys: await apiKeys.list((await sessionUserOf(request)).user) }),
    );

    app.post(
      '/account/api-keys',
      {
        preHandler: [requireSessionUser, requireEntitlement('api')],
        schema: {
          tags,
          summary: 'Create a key (Pro+); the secret is in this response only',
          body: createApiKeyRequestSchema,
          response: { 201: createdApiKeySchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await apiKeys.create((await sessionUserOf(request)).user, request.body.name);
        return reply.code(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.delete(
      '/account/api-keys/:id',
      {
        preHandler: requireSessionUser,
        schema: {
          tags,
          summary: 'Revoke a key at once',
          params: apiKeyParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await apiKeys.revoke((await sessionUserOf(request)).user, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/me',
      {
        schema: {
          tags: ['public API'],
          summary: 'Public API: the account and plan behind the API key (X-API-Key or Authorization: Bearer)',
          response: { 200: sessionResponseSchema.extend({ via: z.enum(['session', 'apiKey']) }), ...errors },
        },
      },
      async (request) => {
        const principal = await principalOf(request);
        if (principal.user === null || principal.via === 'visitor') {
          throw new ApiError(401, 'api_key_required', 'apiKey.required');
        }
        return {
          user: presentUser(principal.user),
          role: principal.role,
          entitlements: entitlementsOf(principal.role),
          via: principal.via,
        };
      },
    );
  };
}
