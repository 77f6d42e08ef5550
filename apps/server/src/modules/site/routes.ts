import { type SiteInfo, siteInfoSchema } from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/v1/front/site: the operator and support channels (configuration, so it changes only on restart). */
export function siteRoutes(info: SiteInfo): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/site',
      {
        schema: {
          tags: ['site'],
          summary: 'Who runs this installation and where to reach them',
          response: { 200: siteInfoSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return info;
      },
    );
  };
}
