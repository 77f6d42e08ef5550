import { exchangesConnectionResponseSchema } from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExchangesService } from './service.ts';

export function exchangesRoutes(exchanges: ExchangesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/exchanges/connection',
      {
        schema: {
          tags: ['exchanges'],
          summary: 'Every venue of the registry with its link status and the data source in use',
          response: { 200: exchangesConnectionResponseSchema },
        },
      },
      async () => exchanges.connection(),
    );
  };
}
