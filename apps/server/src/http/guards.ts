import { type Feature, hasFeature, minimumPlanFor, PLAN_NAMES, type Role } from '@spreadscope/core';
import type { UserRecord } from '@spreadscope/db';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { type Principal, principalOf, unauthenticated } from './principal.ts';

/**
 * Server-side plan enforcement. Attach as a route's preHandler:
 *
 *   app.get('/dex/pools', { preHandler: requireEntitlement('dexData') }, handler)
 *
 * A visitor is told to sign in (401), a signed-in user whose plan lacks the feature is told which plan has
 * it (403). Limits (pins, alerts …) are counted by the service that stores them, with `limitOf(role, …)`.
 */
export function requireEntitlement(feature: Feature) {
  return async (request: FastifyRequest): Promise<void> => {
    const principal = await principalOf(request);
    assertEntitled(principal.role, feature);
  };
}

export function assertEntitled(role: Role, feature: Feature): void {
  if (hasFeature(role, feature)) return;
  if (role === 'visitor') throw unauthenticated();
  throw new ApiError(403, 'plan_required', 'plan.upgradeRequired', {
    plan: PLAN_NAMES[role],
    required: PLAN_NAMES[minimumPlanFor(feature)],
  });
}

/**
 * A signed-in person in a browser: account pages, settings and key management. API keys are for reading
 * data, so a key cannot manage the account (or mint more keys) even though it names a user.
 */
export async function requireSessionUser(request: FastifyRequest): Promise<void> {
  const principal = await principalOf(request);
  if (principal.via !== 'session' || principal.user === null) throw unauthenticated();
}

/** The signed-in user of a route guarded by {@link requireSessionUser}. */
export async function sessionUserOf(
  request: FastifyRequest,
): Promise<{ user: UserRecord; principal: Principal }> {
  const principal = await principalOf(request);
  if (principal.via !== 'session' || principal.user === null) throw unauthenticated();
  return { user: principal.user, principal };
}
