import {
  deletePushSubscriptionRequestSchema,
  errorResponseSchema,
  notificationListResponseSchema,
  notifyConfigResponseSchema,
  pushSubscriptionRequestSchema,
} from '@spreadscope/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../http/errors.ts';
import { requireSessionUser, sessionUserOf } from '../../http/guards.ts';
import { principalOf } from '../../http/principal.ts';
import { isOriginAllowed } from '../../ws/origin.ts';
import type { NotifyService } from './notify-service.ts';
import type { UserSockets } from './toast/user-sockets.ts';

export const USER_WS_PATH = '/ws/user';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

export interface NotifyHttp {
  readonly service: NotifyService;
  readonly sockets: UserSockets;
}

/**
 * /api/v1/push/subscriptions (a browser's Web Push subscription), /api/v1/notifications (setup and what was
 * sent) and the per-user WebSocket /api/v1/ws/user, whose upgrade needs the session cookie and an allowed
 * origin: a toast goes only to the tabs of the user it is for.
 */
export function notifyRoutes(notify: NotifyHttp, allowedOrigins: readonly string[]): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];

    app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addHook('preValidation', requireSessionUser);
      scope.get(
        '/notifications/config',
        {
          schema: {
            tags,
            summary: 'Web Push key, Telegram bot, channel modes',
            response: { 200: notifyConfigResponseSchema, ...errors },
          },
        },
        async (request) => notify.service.config((await sessionUserOf(request)).user.id),
      );
      scope.get(
        '/notifications',
        {
          schema: {
            tags,
            summary: 'The latest 50 notifications and how each channel fared',
            response: { 200: notificationListResponseSchema, ...errors },
          },
        },
        async (request) => notify.service.recent((await sessionUserOf(request)).user.id),
      );
      scope.post(
        '/push/subscriptions',
        {
          schema: {
            tags,
            summary: 'Receive alerts as Web Push in this browser (its PushSubscription.toJSON())',
            body: pushSubscriptionRequestSchema,
            response: { 201: z.object({ ok: z.literal(true) }), ...errors },
          },
        },
        async (request, reply) => {
          const { user } = await sessionUserOf(request);
          await notify.service.subscribe(user.id, request.body, request.headers['user-agent']);
          return reply.code(201).send({ ok: true });
        },
      );
      scope.delete(
        '/push/subscriptions',
        {
          schema: {
            tags,
            summary: 'Stop Web Push to this browser',
            body: deletePushSubscriptionRequestSchema,
            response: { 200: z.object({ removed: z.boolean() }), ...errors },
          },
        },
        async (request) => ({
          removed: await notify.service.unsubscribe(
            (await sessionUserOf(request)).user.id,
            request.body.endpoint,
          ),
        }),
      );
    });

    app.get(
      USER_WS_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          if (!isOriginAllowed(request.headers.origin, request.headers.host, allowedOrigins)) {
            return sendError(request, reply, 403, {
              error: 'forbidden_origin',
              key: 'error.forbiddenOrigin',
            });
          }
          const principal = await principalOf(request);
          if (principal.via !== 'session' || !principal.user) {
            return sendError(request, reply, 401, { error: 'unauthenticated', key: 'auth.unauthenticated' });
          }
        },
      },
      async (socket, request) => {
        const { user } = await principalOf(request);
        if (!user || !notify.sockets.attach(user.id, socket)) socket.close(1008, 'too many tabs');
        // The client never needs to talk; anything it sends is ignored, so nothing here can be abused.
        socket.on('message', () => undefined);
      },
    );
  };
}
