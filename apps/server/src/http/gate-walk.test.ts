import { hasFeature, minimumPlanFor, PLAN_NAMES, PLANS, type Plan } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../test-support/accounts-fixture.ts';
import type { CookieClient } from '../test-support/cookie-client.ts';

/**
 * Every route behind an entitlement gate (collected by the gate registry as routes are registered, so a new
 * module's gated route joins this walk by itself), called as every role: a visitor is asked to sign in, a plan
 * without the feature is told which plan has it, and a plan with it gets past the gate.
 */
forEachDatabase('every gated route for every role', (getDb) => {
  let fx: AccountsFixture;
  const clients = new Map<Plan, CookieClient>();
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
    for (const plan of PLANS) clients.set(plan, (await signedInUser(fx, plan)).client);
  });
  afterAll(() => fx.close());

  it('walks the registry', async () => {
    const routes = fx.server.app.gatedRoutes;
    // The API key route sells the API; later modules (alerts, listing, DEX pages) add theirs.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/v1/account/api-keys');
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'gate walk' };
      const visitor = await fx.client().request(method, url, body);
      expect(visitor.status, `${method} ${url} as a visitor`).toBe(401);
      for (const plan of PLANS) {
        const answer = await (clients.get(plan) as CookieClient).request(method, url, body);
        const label = `${method} ${url} as ${plan}`;
        if (hasFeature(plan, route.feature)) {
          expect([401, 403], label).not.toContain(answer.status);
        } else {
          expect(answer.status, label).toBe(403);
          expect(answer.body.error, label).toBe('plan_required');
          expect(answer.body.message, label).toContain(PLAN_NAMES[minimumPlanFor(route.feature)]);
        }
      }
    }
  });
});
