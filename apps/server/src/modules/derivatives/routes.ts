import {
  derivativesSymbolsResponseSchema,
  liquidationsQuerySchema,
  liquidationsResponseSchema,
  type OpenInterestResponse,
  openInterestQuerySchema,
  openInterestResponseSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-reply.ts';
import { historyErrors, marketErrors } from '../market/route-support.ts';
import type { DerivativesService } from './derivatives-service.ts';

const tags = ['derivatives'];

/** How long an open-interest answer (it reads the database) is served again to the next callers (ms). */
const OI_ANSWER_MS = 2_000;

/** /open-interest (latest per venue + history with liquidations), /open-interest/symbols, /liquidations. */
export function derivativesRoutes(derivatives: DerivativesService): FastifyPluginAsyncZod {
  // The answer cache computes synchronously; open interest reads history, so it keeps its own short memo.
  const memo = new Map<string, { at: number; answer: Promise<OpenInterestResponse> }>();
  return async (app) => {
    app.get(
      '/open-interest',
      {
        schema: {
          tags,
          summary: 'Open interest of a token’s perpetuals per venue, and its history with liquidations',
          querystring: openInterestQuerySchema,
          response: { 200: openInterestResponseSchema, ...historyErrors },
        },
      },
      async (request) => {
        const key = JSON.stringify(request.query);
        const now = Date.now();
        const hit = memo.get(key);
        if (hit && now - hit.at < OI_ANSWER_MS) return hit.answer;
        const answer = derivatives.openInterest(request.query);
        memo.set(key, { at: now, answer });
        if (memo.size > 500) for (const [k, v] of memo) if (now - v.at >= OI_ANSWER_MS) memo.delete(k);
        answer.catch(() => memo.delete(key));
        return answer;
      },
    );
    app.get(
      '/open-interest/symbols',
      { schema: { tags, response: { 200: derivativesSymbolsResponseSchema } } },
      async (request, reply) =>
        sendCached(request, reply, `d${derivatives.version}`, () => derivatives.symbols()),
    );
    app.get(
      '/liquidations',
      {
        schema: {
          tags,
          summary: 'Forced liquidations, newest first (poll with `since` for a live feed), and 24 h totals',
          querystring: liquidationsQuerySchema,
          response: { 200: liquidationsResponseSchema, ...marketErrors },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, `d${derivatives.version}`, () => derivatives.liquidations(request.query)),
    );
  };
}
