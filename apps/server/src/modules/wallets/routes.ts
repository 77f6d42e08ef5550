import {
  assetWalletsQuerySchema,
  assetWalletsResponseSchema,
  errorResponseSchema,
  venueWalletsParamsSchema,
  venueWalletsQuerySchema,
  venueWalletsResponseSchema,
  walletAssetsQuerySchema,
  walletChangesQuerySchema,
  walletChangesResponseSchema,
} from '@spreadscope/contracts';
import { isVenueId, type VenueId } from '@spreadscope/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../http/cached-reply.ts';
import { ApiError } from '../../http/errors.ts';
import type { WalletsService } from './wallets-service.ts';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema } as const;

/** An exchange named in a path: a registry id, else 404 in the spec's words (never 400: it is a page). */
export function knownExchange(name: string): VenueId {
  const id = name.toLowerCase();
  if (!isVenueId(id))
    throw new ApiError(404, 'unknown_exchange', 'error.unknownExchange', { exchange: name });
  return id;
}

/** Wallet and network status (spec §7 wallet-status, wallet-status/assets, v2/wallet-status/{exchange}). */
export function walletsRoutes(wallets: WalletsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet-status',
      {
        schema: {
          tags: ['wallets'],
          summary:
            'A token across venues (its transfer view): each venue’s networks with deposit/withdraw state, health, confirmations, fees, contract; venues holding another token under the ticker',
          querystring: assetWalletsQuerySchema,
          response: { 200: assetWalletsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { asset, exchange } = request.query;
        return sendCached(request, reply, `w${wallets.version}`, () => {
          const found = wallets.asset(asset, exchange);
          if (!found)
            throw new ApiError(404, 'wallet_not_supported', 'wallets.notSupported', { token: asset });
          return found;
        });
      },
    );

    app.get(
      '/wallet-status/exchanges',
      {
        schema: {
          tags: ['wallets'],
          summary: 'Venues that report deposit/withdraw status',
          response: { 200: z.array(z.string()) },
        },
      },
      async (request, reply) => sendCached(request, reply, `w${wallets.version}`, () => wallets.exchanges()),
    );

    app.get(
      '/wallet-status/assets',
      {
        schema: {
          tags: ['wallets'],
          summary: 'Assets a venue reports wallets for',
          querystring: walletAssetsQuerySchema,
          response: { 200: z.array(z.string()), ...errors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, `w${wallets.version}`, () => wallets.assets(request.query.exchange)),
    );

    app.get(
      '/wallet-status/changes',
      {
        schema: {
          tags: ['wallets'],
          summary: 'Latest deposit/withdraw openings and suspensions, newest first',
          querystring: walletChangesQuerySchema,
          response: { 200: walletChangesResponseSchema, ...errors },
        },
      },
      async (request) => wallets.history(request.query),
    );

    app.get(
      '/v2/wallet-status/:exchange',
      {
        schema: {
          tags: ['wallets'],
          summary:
            'A venue’s whole wallet table with health (worst first), filtered by health, asset and chain, paged',
          params: venueWalletsParamsSchema,
          querystring: venueWalletsQuerySchema,
          response: { 200: venueWalletsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const exchange = knownExchange(request.params.exchange);
        return sendCached(
          request,
          reply,
          `w${wallets.tableKey()}|${exchange}`,
          () => wallets.venue(exchange, request.query),
          true,
        );
      },
    );
  };
}
