import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrossSiteGuard } from '../../http/cross-site.ts';
import { registerPrincipal } from '../../http/principal.ts';
import { accountRoutes } from '../account/routes.ts';
import { apiKeysRoutes } from '../api-keys/routes.ts';
import { savedViewsRoutes } from '../saved-views/routes.ts';
import { settingsRoutes } from '../settings/routes.ts';
import type { Accounts } from './accounts.ts';
import { authRoutes } from './routes.ts';

export const ACCOUNTS_PREFIX = '/api/v1';

/**
 * Installs accounts on the root app: cookies, the caller's principal (for every route, see http/guards.ts),
 * the cross-site guard, and the routes under /api/v1. Call before other routes are registered so their
 * handlers can ask `principalOf(request)`.
 */
export async function installAccounts(
  app: FastifyInstance,
  accounts: Accounts,
  allowedOrigins: readonly string[],
): Promise<void> {
  await app.register(cookie);
  registerPrincipal(app, accounts.resolvePrincipal);
  registerCrossSiteGuard(app, allowedOrigins);
  const routes: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(authRoutes(accounts));
    await scope.register(accountRoutes(accounts));
    await scope.register(settingsRoutes(accounts.settings));
    await scope.register(savedViewsRoutes(accounts.savedViews));
    await scope.register(apiKeysRoutes(accounts.apiKeys));
  };
  await app.register(routes, { prefix: ACCOUNTS_PREFIX });
}
