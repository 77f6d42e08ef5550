import { hasFeature, minimumPlanFor, PLAN_NAMES } from '@spreadscope/core';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../http/errors.ts';
import type { ApiMeter } from '../api-meter.ts';
import type { KeyGate } from '../key-gate.ts';
import { publicErrorHandler } from '../public-errors.ts';
import { LISTING_CHANNEL, PUBLIC_WS_CHANNELS } from './public-channels.ts';
import type { PublicWsHub } from './public-ws-hub.ts';

/** Each channel's socket at /ws/v1<channel>: the key is checked (and a credit spent) at the upgrade. */
export function publicWsRoutes(deps: { keys: KeyGate; meter: ApiMeter; hub: PublicWsHub }) {
  return async (app: FastifyInstance) => {
    app.setErrorHandler(publicErrorHandler);
    for (const channel of PUBLIC_WS_CHANNELS) {
      const path = `/ws/v1${channel}`;
      app.get(
        path,
        {
          websocket: true,
          schema: { hide: true },
          config: { rateLimit: false as const },
          preValidation: async (request, reply) => {
            const holder = await deps.keys.require(request);
            if (channel === LISTING_CHANNEL && !hasFeature(holder.plan, 'listingArbitrage')) {
              throw new ApiError(403, 'plan_required', 'publicApi.planRequired', {
                plan: PLAN_NAMES[holder.plan],
                required: PLAN_NAMES[minimumPlanFor('api')],
              });
            }
            const reading = await deps.meter.charge(holder, path, 1);
            reply
              .header('x-ratelimit-limit', reading.limit)
              .header('x-ratelimit-remaining', reading.remaining);
          },
        },
        (socket, request) => deps.hub.attach(socket, channel, request.raw.socket),
      );
    }
  };
}
