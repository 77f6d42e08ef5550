import { type Feature, hasFeature, minimumPlanFor, PLAN_NAMES, type Role } from '@spreadscope/core';
import type { UserRecord } from '@spreadscope/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
export function requireEntitlement(feature: Feature): EntitlementGate {
  const gate = async (request: FastifyRequest): Promise<void> => {
    const principal = await principalOf(request);
    assertEntitled(principal.role, feature);
  };
  return Object.assign(gate, { feature });
}

/** A preHandler from {@link requireEntitlement}, marked with the feature it checks. */
export type EntitlementGate = ((request: FastifyRequest) => Promise<void>) & { readonly feature: Feature };

export interface GatedRoute {
  readonly method: string;
  readonly url: string;
  readonly feature: Feature;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route behind {@link requireEntitlement}: the gate walk test calls each one as every role. */
    readonly gatedRoutes: GatedRoute[];
  }
}

/** Records each route guarded by an entitlement gate as it is registered (before any route is). */
export function registerGateRegistry(app: FastifyInstance): void {
  const gated: GatedRoute[] = [];
  app.decorate('gatedRoutes', gated);
  app.addHook('onRoute', (route) => {
    const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
    for (const handler of handlers) {
      const feature = (handler as Partial<EntitlementGate>).feature;
      if (feature === undefined) continue;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') gated.push({ method, url: route.url, feature });
      }
    }
  });
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
