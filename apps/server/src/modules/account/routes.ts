import { errorResponseSchema, sessionUserSchema, updateAccountRequestSchema } from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import type { Accounts } from '../auth/accounts.ts';
import { checkedDisplayName } from '../auth/form-checks.ts';
import { presentUser } from './present-user.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/** /api/v1/account: the signed-in user's profile (display name, email, plan, login type). */
export function accountRoutes(accounts: Accounts): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['account'];
    app.get(
      '/account',
      {
        preHandler: requireSessionUser,
        schema: { tags, summary: 'The signed-in account', response: { 200: sessionUserSchema, ...errors } },
      },
      async (request) => presentUser((await sessionUserOf(request)).user),
    );

    app.patch(
      '/account',
      {
        preHandler: requireSessionUser,
        schema: {
          tags,
          summary: 'Change the display name or the language of emails',
          body: updateAccountRequestSchema,
          response: { 200: sessionUserSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessionUserOf(request);
        const patch = {
          ...(request.body.displayName !== undefined
            ? { displayName: checkedDisplayName(request.body.displayName) }
            : {}),
          ...(request.body.language !== undefined ? { language: request.body.language } : {}),
        };
        return presentUser((await accounts.users.update(user.id, patch)) ?? user);
      },
    );
  };
}
