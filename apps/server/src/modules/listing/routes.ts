import {
  errorResponseSchema,
  listingAccessSchema,
  listingChartQuerySchema,
  listingChartResponseSchema,
  listingHistoryQuerySchema,
  listingHistoryResponseSchema,
  listingInviteBodySchema,
  listingPredictedQuerySchema,
  listingPredictedResponseSchema,
  listingQuerySchema,
  listingResponseSchema,
  listingSettingsInputSchema,
  listingSettingsSchema,
} from '@spreadscope/contracts';
import { LISTING_QUOTES, LISTING_VENUES, parseListingSlug } from '@spreadscope/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/errors.ts';
import { requireEntitlement, sessionUserOf } from '../../http/guards.ts';
import { principalOf } from '../../http/principal.ts';
import { type ListingGateDeps, listingAccess, requireListingInvite } from './listing-access.ts';
import type { ListingCases } from './listing-cases.ts';
import { listingChart } from './listing-chart.ts';
import { depositRoutes } from './listing-deposit-routes.ts';
import type { ListingDepositService } from './listing-deposit-service.ts';
import type { ListingPredictedService } from './listing-predicted.ts';
import type { ListingService } from './listing-service.ts';

export interface ListingRoutesDeps extends ListingGateDeps {
  readonly service: ListingService;
  /** Past cases (`/listing/history`). */
  readonly cases: ListingCases;
  /** The deposit tracker (`/listing/deposit*`); absent: those routes are not served. */
  readonly deposits?: ListingDepositService | undefined;
  /** Listing candidates (`/listing/predicted`); absent: that route is not served. */
  readonly predicted?: ListingPredictedService | undefined;
  readonly now: () => number;
}

const tags = ['listing'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The calculator's and filters' defaults for a user who saved nothing. */
export const DEFAULT_LISTING_SETTINGS = {
  exchanges: [...LISTING_VENUES],
  quotes: [...LISTING_QUOTES],
  blacklist: [] as string[],
  amountKrw: 1_000_000,
};

/**
 * Spec §7 `listing`, `/setting`, `/history`, `/predicted`, and the invite gate: Starter and up (401 for visitors, 403 naming
 * the plan), plus a redeemed invite code while LISTING_INVITE_REQUIRED (403 invite_required).
 */
export function listingRoutes(deps: ListingRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const gate = [requireEntitlement('listingArbitrage'), requireListingInvite(deps)];
    // Checked before the body is: a visitor is asked to sign in, not told the settings are malformed. The
    // preHandler copy below marks the routes for the gate registry (the principal is resolved once).
    const open = new Set(['/listing/access', '/listing/invite']);
    app.addHook('preValidation', async (request) => {
      const path = request.routeOptions.url?.replace(/^.*?(\/listing)/, '$1') ?? '';
      if (open.has(path)) return;
      for (const check of gate) await check(request);
    });

    if (deps.deposits) await app.register(depositRoutes(deps.deposits, gate));

    app.get(
      '/listing/access',
      {
        schema: {
          tags,
          summary: 'Whether you may open listing arbitrage, and what is missing',
          response: { 200: listingAccessSchema },
        },
      },
      async (request) => listingAccess(deps, await principalOf(request)),
    );

    app.post(
      '/listing/invite',
      {
        schema: {
          tags,
          summary: 'Redeem an invitation code (binds it to you; a used code cannot be revoked)',
          body: listingInviteBodySchema,
          response: { 200: listingAccessSchema, ...errors },
        },
      },
      async (request) => {
        const { user, principal } = await sessionUserOf(request);
        const outcome = await deps.repository.redeemInvite(request.body.code, user.id, deps.now());
        if (outcome === 'invalid')
          throw new ApiError(400, 'invalid_invite', 'listing.invalidInvite', {}, 'code');
        return listingAccess(deps, principal);
      },
    );

    app.get(
      '/listing',
      {
        preHandler: gate,
        schema: {
          tags,
          summary:
            'Current listings on Korean venues: status, times, networks, premium over the best overseas market',
          querystring: listingQuerySchema,
          response: { 200: listingResponseSchema, ...errors },
        },
      },
      async (request) => deps.service.list(request.query),
    );

    app.get(
      '/listing/history',
      {
        preHandler: gate,
        schema: {
          tags,
          summary:
            'Past listing cases: deposits before trading, listing price, 24 h high/low, peak premium, cap change, posts',
          querystring: listingHistoryQuerySchema,
          response: { 200: listingHistoryResponseSchema, ...errors },
        },
      },
      async (request) => deps.cases.history(request.query),
    );

    app.get(
      '/listing/chart',
      {
        preHandler: gate,
        schema: {
          tags,
          summary:
            'A listing’s price chart from 3 h before the notice to 24 h after: the new market and the overseas one in KRW, and the premium, per minute',
          querystring: listingChartQuerySchema,
          response: { 200: listingChartResponseSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { key } = request.query;
        if (!parseListingSlug(key)) throw new ApiError(400, 'invalid_parameter', 'listing.badKey', {}, 'key');
        const card = (await deps.service.list({ key })).data[0];
        if (!card) throw new ApiError(404, 'not_found', 'listing.notFound', { key }, 'key');
        return listingChart(card, deps.cases.bars(), deps.now(), deps.cases.simulator());
      },
    );

    const predicted = deps.predicted;
    if (predicted) {
      app.get(
        '/listing/predicted',
        {
          preHandler: gate,
          schema: {
            tags,
            summary:
              'Tokens likely to list next on Upbit or Bithumb, each with its reasons (no score), without your blacklisted tokens',
            querystring: listingPredictedQuerySchema,
            response: { 200: listingPredictedResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { user } = await principalOf(request);
          const saved = user
            ? listingSettingsSchema.safeParse({
                ...DEFAULT_LISTING_SETTINGS,
                ...(await deps.repository.settings(user.id)),
              })
            : null;
          const blacklist = new Set(saved?.success ? saved.data.blacklist : []);
          return predicted.predicted(request.query.exchange, request.query.limit, blacklist);
        },
      );
    }

    app.get(
      '/listing/setting',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'Your listing settings',
          response: { 200: listingSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessionUserOf(request);
        const saved = listingSettingsSchema.safeParse({
          ...DEFAULT_LISTING_SETTINGS,
          ...(await deps.repository.settings(user.id)),
        });
        return saved.success ? saved.data : DEFAULT_LISTING_SETTINGS;
      },
    );

    app.put(
      '/listing/setting',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'Save your listing settings (venues, quote markets, blacklist, calculator amount)',
          body: listingSettingsInputSchema,
          response: { 200: listingSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessionUserOf(request);
        await deps.repository.saveSettings(user.id, request.body, deps.now());
        return request.body;
      },
    );
  };
}
