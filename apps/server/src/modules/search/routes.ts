import { searchQuerySchema, searchResponseSchema } from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketErrors } from '../market/route-support.ts';
import type { SearchService } from './search-service.ts';

/** /search: the header's global search, results grouped by type (spec §2 global search). */
export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Global search over tokens (ticker, Korean/English name fuzzy at 0.4, Korean initials), exchanges, announcements and the social sources, grouped by type',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...marketErrors },
        },
      },
      async (request) => search.search(request.query),
    );
  };
}
