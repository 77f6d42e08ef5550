import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { type IconKind, iconFor } from './icon-art.ts';

/** A name as it may appear in a path: tickers, venue ids, chain names; `.svg` allowed at the end. */
const NAME = /^[A-Za-z0-9._-]{1,40}$/;

const paramsSchema = z.object({ name: z.string().max(200) });

/**
 * Icons (spec §7: /icons/exchanges|tokens|networks/{name}) from our own drawings, never hot-linked. Unknown
 * tokens and networks get a generated mark; an exchange we do not list is 404; a malformed name 400. The
 * bytes never change for a name, so browsers and proxies keep them a week.
 */
export function iconRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of ['exchanges', 'tokens', 'networks'] as const satisfies readonly IconKind[]) {
      app.get(
        `/icons/${kind}/:name`,
        {
          schema: {
            tags: ['icons'],
            summary: `SVG icon of ${kind === 'exchanges' ? 'an exchange' : kind === 'tokens' ? 'a token' : 'a network'}`,
            description: 'image/svg+xml; 400 for a malformed name, 404 for an exchange we do not list',
            params: paramsSchema,
          },
        },
        async (request, reply) => {
          const raw = request.params.name.replace(/\.svg$/i, '');
          if (!NAME.test(raw))
            throw new ApiError(400, 'invalid_parameter', 'icons.badName', { name: raw.slice(0, 40) }, 'name');
          const icon = iconFor(kind, raw);
          if (!icon) throw new ApiError(404, 'unknown_exchange', 'error.unknownExchange', { exchange: raw });
          const etag = `"${createHash('sha1').update(icon.svg).digest('base64url')}"`;
          reply
            .header('cache-control', 'public, max-age=604800')
            .header('etag', etag)
            .header('x-icon', icon.known ? 'drawn' : 'generated');
          if (request.headers['if-none-match'] === etag) return reply.code(304).send();
          return reply.type('image/svg+xml; charset=utf-8').send(icon.svg);
        },
      );
    }
  };
}
