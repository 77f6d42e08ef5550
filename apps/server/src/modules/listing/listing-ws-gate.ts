import { minimumPlanFor, PLAN_NAMES } from '@spreadscope/core';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../http/principal.ts';
import type { EventGate } from '../../ws/topic-hub.ts';
import { listingAccess } from './listing-access.ts';
import type { ListingRoutesDeps } from './routes.ts';

/**
 * The `listing` WebSocket topic's gate: the same answer as the REST routes, asked of the session the
 * connection was opened with. Without the listing module nobody joins.
 */
export function listingGateFor(deps: ListingRoutesDeps | undefined, request: FastifyRequest): EventGate {
  return async (topic): ReturnType<EventGate> => {
    if (!deps) return { error: 'unknown_topic', key: 'ws.unknownTopic', params: { topic } };
    const principal = await principalOf(request);
    const access = await listingAccess(deps, principal);
    if (access.allowed) return null;
    if (access.needs === 'sign_in') return { error: 'unauthenticated', key: 'auth.unauthenticated' };
    if (access.needs === 'invite') return { error: 'invite_required', key: 'listing.inviteRequired' };
    const plan = principal.role === 'visitor' ? 'Free' : PLAN_NAMES[principal.role];
    return {
      error: 'plan_required',
      key: 'plan.upgradeRequired',
      params: { plan, required: PLAN_NAMES[minimumPlanFor('listingArbitrage')] },
    };
  };
}
