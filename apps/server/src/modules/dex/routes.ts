import {
  dexCandleQuerySchema,
  dexCandleResponseSchema,
  dexChainsResponseSchema,
  dexExchangesResponseSchema,
  dexIntervalsResponseSchema,
  dexLiquidityQuerySchema,
  dexLiquidityResponseSchema,
  dexPoolsQuerySchema,
  dexPoolsResponseSchema,
  dexTradesQuerySchema,
  dexTradesResponseSchema,
  errorResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireEntitlement } from '../../http/guards.ts';
import type { DexService } from './dex-service.ts';

const tags = ['dex'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** Spec §7 `dex/*`: AMM pools, their swaps, liquidity changes and candles, for Pro and up (spec §6). */
export function dexRoutes(service: DexService): FastifyPluginAsyncZod {
  return async (app) => {
    const gate = requireEntitlement('dexData');
    // Checked before the query is: a visitor is asked to sign in, not told a parameter is malformed.
    app.addHook('preValidation', async (request) => gate(request));

    app.get(
      '/dex/pools',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'Indexed AMM pools with their tokens, chain and indexing status',
          querystring: dexPoolsQuerySchema,
          response: { 200: dexPoolsResponseSchema, ...errors },
        },
      },
      async (request) => service.pools(request.query),
    );

    app.get(
      '/dex/trade',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'Swaps read from the pools’ Swap logs, newest first by default',
          querystring: dexTradesQuerySchema,
          response: { 200: dexTradesResponseSchema, ...errors },
        },
      },
      async (request) => service.trades(request.query),
    );

    app.get(
      '/dex/liquidity',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'Liquidity added and removed (Mint/Burn and the Kaia AMMs’ equivalents)',
          querystring: dexLiquidityQuerySchema,
          response: { 200: dexLiquidityResponseSchema, ...errors },
        },
      },
      async (request) => service.liquidity(request.query),
    );

    app.get(
      '/dex/candle',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'One pool’s candles built from its swaps (short keys d, o, h, l, c, v)',
          querystring: dexCandleQuerySchema,
          response: { 200: dexCandleResponseSchema, ...errors },
        },
      },
      async (request) => service.candles(request.query),
    );

    app.get(
      '/dex/chains',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'Chains with indexed pools',
          response: { 200: dexChainsResponseSchema, ...errors },
        },
      },
      async () => service.chains(),
    );
    app.get(
      '/dex/exchanges',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'AMM exchanges with indexed pools',
          response: { 200: dexExchangesResponseSchema, ...errors },
        },
      },
      async () => service.exchanges(),
    );
    app.get(
      '/dex/intervals',
      {
        preHandler: gate,
        schema: {
          tags,
          summary: 'DEX candle intervals',
          response: { 200: dexIntervalsResponseSchema, ...errors },
        },
      },
      async () => service.intervals(),
    );
  };
}
