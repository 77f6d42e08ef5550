import {
  columnLayoutQuerySchema,
  columnLayoutSchema,
  errorResponseSchema,
  filterPresetParamsSchema,
  filterPresetsResponseSchema,
  replaceShortcutsRequestSchema,
  savedViewTableQuerySchema,
  saveFilterPresetRequestSchema,
  shortcutsResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import type { SavedViewsService } from './saved-views-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * /api/v1/front/option/*: the signed-in user's saved views of the premium and arbitrage tables. Visitors
 * get 401 (the web app keeps theirs in the browser).
 */
export function savedViewsRoutes(views: SavedViewsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['saved views'];
    // Before validation: a visitor is asked to sign in, not told what is malformed in a request they may not make.
    app.addHook('preValidation', requireSessionUser);
    const user = async (request: Parameters<typeof sessionUserOf>[0]) => (await sessionUserOf(request)).user;

    app.get(
      '/front/option/premium-customize',
      {
        schema: {
          tags,
          summary: 'The chosen columns of a table group, in order',
          querystring: columnLayoutQuerySchema,
          response: { 200: columnLayoutSchema, ...errors },
        },
      },
      async (request) => views.columns(await user(request), request.query.group),
    );

    app.put(
      '/front/option/premium-customize',
      {
        schema: {
          tags,
          summary: 'Replace the chosen columns of a table group (null: back to the default)',
          body: columnLayoutSchema.strict(),
          response: { 200: columnLayoutSchema, ...errors },
        },
      },
      async (request) => views.saveColumns(await user(request), request.body),
    );

    const presets = { 200: filterPresetsResponseSchema, 201: filterPresetsResponseSchema, ...errors };
    app.get(
      '/front/option/premium-filters',
      {
        schema: {
          tags,
          summary: 'Named filter presets of a table',
          querystring: savedViewTableQuerySchema,
          response: presets,
        },
      },
      async (request) => views.presets(await user(request), request.query.table),
    );

    app.post(
      '/front/option/premium-filters',
      {
        schema: {
          tags,
          summary: 'Save a filter preset (a name the table has already is replaced)',
          body: saveFilterPresetRequestSchema,
          response: presets,
        },
      },
      async (request, reply) => {
        const { created, answer } = await views.savePreset(await user(request), request.body);
        return reply.code(created ? 201 : 200).send(answer);
      },
    );

    app.delete(
      '/front/option/premium-filters/:id',
      {
        schema: {
          tags,
          summary: 'Delete a filter preset (and its shortcut)',
          params: filterPresetParamsSchema,
          querystring: savedViewTableQuerySchema,
          response: presets,
        },
      },
      async (request) => views.deletePreset(await user(request), request.query.table, request.params.id),
    );

    const shortcuts = { 200: shortcutsResponseSchema, ...errors };
    app.get(
      '/front/option/premium-shortcuts',
      {
        schema: {
          tags,
          summary: 'One-click shortcuts of a table, in order',
          querystring: savedViewTableQuerySchema,
          response: shortcuts,
        },
      },
      async (request) => views.shortcuts(await user(request), request.query.table),
    );

    app.put(
      '/front/option/premium-shortcuts',
      {
        schema: {
          tags,
          summary: 'Replace the shortcut row with these presets, in order',
          body: replaceShortcutsRequestSchema,
          response: shortcuts,
        },
      },
      async (request) =>
        views.replaceShortcuts(await user(request), request.body.table, request.body.presetIds),
    );
  };
}
