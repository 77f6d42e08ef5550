import {
  tokenDetailResponseSchema,
  tokenParamsSchema,
  tokensQuerySchema,
  tokensResponseSchema,
  tokensSearchQuerySchema,
  tokensSearchResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { marketErrors } from '../market/route-support.ts';
import type { TokensService } from './tokens-service.ts';

const tags = ['tokens'];

/** /tokens (+ /search, /{id}): the token list and a token's summary (spec §7 `tokens`, `tokens/search`). */
export function tokensRoutes(tokens: TokensService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tokens',
      {
        schema: {
          tags,
          summary:
            'Every token with price (KRW/USD), 24 h change and volume, Kimchi premium, venues, funding and trend rank; sorted by a spec §3 ranking key or a column',
          querystring: tokensQuerySchema,
          response: { 200: tokensResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) => sendCached(request, reply, '', () => tokens.list(request.query)),
    );

    app.get(
      '/tokens/search',
      {
        schema: {
          tags,
          summary:
            'Tokens by ticker, Korean or English name (fuzzy, threshold 0.4) or Korean initial consonants',
          querystring: tokensSearchQuerySchema,
          response: { 200: tokensSearchResponseSchema, ...marketErrors },
        },
      },
      async (request) => ({ data: tokens.find(request.query.q, request.query.limit) }),
    );

    app.get(
      '/tokens/:id',
      {
        schema: {
          tags,
          summary: "One token's row of the list and the markets its detail tabs open",
          params: tokenParamsSchema,
          response: { 200: tokenDetailResponseSchema, ...marketErrors },
        },
      },
      async (request) => tokens.detail(request.params.id),
    );
  };
}
