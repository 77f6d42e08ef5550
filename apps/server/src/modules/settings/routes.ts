import {
  addFavoriteRequestSchema,
  errorResponseSchema,
  favoriteParamsSchema,
  preferencesSchema,
  replaceOwnedTokensRequestSchema,
  settingsResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import type { SettingsService } from './settings-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/** /api/v1/settings: display settings, pins and owned tokens of the signed-in user. */
export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['settings'];
    const response = { 200: settingsResponseSchema, ...errors };
    app.addHook('preValidation', requireSessionUser);

    app.get(
      '/settings',
      { schema: { tags, summary: 'Saved settings, pins, owned tokens and their limits', response } },
      async (request) => settings.get((await sessionUserOf(request)).user),
    );

    app.patch(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Change some display settings; the others stay',
          body: preferencesSchema,
          response,
        },
      },
      async (request) => settings.update((await sessionUserOf(request)).user, request.body),
    );

    app.post(
      '/settings/pins',
      {
        schema: { tags, summary: 'Pin a row (10 pins, 2 on Free)', body: addFavoriteRequestSchema, response },
      },
      async (request) => settings.addPin((await sessionUserOf(request)).user, request.body.key),
    );

    app.delete(
      '/settings/pins/:key',
      { schema: { tags, summary: 'Unpin a row', params: favoriteParamsSchema, response } },
      async (request) => settings.remove((await sessionUserOf(request)).user, 'pins', request.params.key),
    );

    app.put(
      '/settings/owned-tokens',
      {
        schema: {
          tags,
          summary: 'Replace the owned tokens (up to 20)',
          body: replaceOwnedTokensRequestSchema,
          response,
        },
      },
      async (request) =>
        settings.replaceOwnedTokens((await sessionUserOf(request)).user, request.body.tokens),
    );
  };
}
