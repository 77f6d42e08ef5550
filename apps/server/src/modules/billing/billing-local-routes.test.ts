import { DAY_MS } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncJobQueue } from '../../jobs/sync-job-queue.ts';
import {
  type AccountsFixture,
  signedInUser,
  signIn,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and checked by the assertions
type Loose = Record<string, any>;

/** The `local` provider end to end over HTTP: what a fresh install without Stripe offers. */
forEachDatabase('billing with the local provider', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  const cycle = () => (fx.server.jobs as SyncJobQueue).runSchedules();
  const session = async (client: CookieClient) => (await client.get<Loose>('/api/v1/auth/session')).body;
  const mine = async (client: CookieClient) => (await client.get<Loose>('/api/v1/billing/subscription')).body;

  it('prices come from the operator file, in integer minor units, with the entitlement table beside them', async () => {
    const answer = await fx.client().get<Loose>('/api/v1/billing/pricing');
    expect(answer.status).toBe(200);
    const pricing = answer.body;
    expect(pricing).toMatchObject({
      currency: 'USD',
      provider: 'local',
      trialDays: 7,
      yearlySavesUpToPercent: 22,
    });
    const starter = pricing.plans.find((p: { plan: string }) => p.plan === 'starter');
    expect(starter.price).toEqual({ month: 2900, year: 27100, yearlySavingPercent: 22 });
    for (const card of pricing.plans) {
      if (card.price) {
        expect(Number.isInteger(card.price.month)).toBe(true);
        expect(Number.isInteger(card.price.year)).toBe(true);
      }
    }
    expect(pricing.plans.find((p: { plan: string }) => p.plan === 'partner')).toMatchObject({
      price: null,
      purchasable: false,
    });
    const dex = pricing.comparison.find((r: { name: string }) => r.name === 'dexData');
    expect(dex.values).toMatchObject({ free: false, starter: false, pro: true, pro_plus: true });
    const api = pricing.comparison.find((r: { name: string }) => r.name === 'api');
    expect(api.values).toMatchObject({ starter: false, pro: false, pro_plus: true });
  });

  it('trial → switch to yearly with a pre-invoice → cancel with reasons → renew → expiry after a cancellation', async () => {
    const { client, email } = await signedInUser(fx, 'free');
    // Sessions end after 3 idle days of the same clock: sign in again after moving it.
    const later = async (ms: number) => {
      fx.clock.advance(ms);
      await signIn(client, email);
    };
    expect((await session(client)).role).toBe('free');
    const start = await client.post('/api/v1/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(start.status).toBe(200);
    expect(String(start.body.url)).toContain('/my/subscription');
    let me = await mine(client);
    expect(me.provider).toBe('local');
    expect(me.subscription).toMatchObject({
      status: 'trialing',
      plan: 'pro',
      interval: 'month',
      amount: 5900,
    });
    expect(me.subscription.nextBillingAt - fx.clock.now()).toBe(7 * DAY_MS);
    expect((await session(client)).role).toBe('pro');
    // A second checkout while subscribed is refused: switch or renew instead.
    expect(
      (await client.post('/api/v1/billing/checkout', { plan: 'starter', interval: 'month' })).status,
    ).toBe(409);

    // The trial ends: the job runner bills the first month (a zero-charge invoice listing the price).
    await later(7 * DAY_MS + 1000);
    await cycle();
    me = await mine(client);
    expect(me.subscription.status).toBe('active');
    expect(me.invoices[0]).toMatchObject({
      subtotal: 5900,
      amountDue: 0,
      amountPaid: 0,
      currency: 'USD',
      status: 'paid',
    });

    // Ten days into the month: the pre-invoice deducts the unused part of what was paid.
    await later(10 * DAY_MS);
    const preview = await client.get<Loose>('/api/v1/billing/subscription/switch-preview');
    expect(preview.status).toBe(200);
    expect(preview.body.yearly).toBe(55200);
    expect(preview.body.credit).toBeGreaterThan(0);
    expect(preview.body.credit).toBeLessThan(5900);
    expect(preview.body.charge).toBe(55200 - preview.body.credit);
    expect(Number.isInteger(preview.body.credit)).toBe(true);
    const switched = await client.post<Loose>('/api/v1/billing/subscription/switch');
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ interval: 'year', status: 'active', amount: 55200 });
    expect(switched.body.nextBillingAt).toBe(preview.body.nextBillingAt);
    me = await mine(client);
    expect(me.invoices[0]).toMatchObject({ subtotal: preview.body.charge, amountDue: 0 });
    // Already yearly: no second switch.
    expect((await client.get('/api/v1/billing/subscription/switch-preview')).status).toBe(409);

    // Cancel: reasons are required, "other" needs its text, and they are stored.
    expect((await client.post('/api/v1/billing/subscription/cancel', { reasons: [] })).status).toBe(400);
    expect((await client.post('/api/v1/billing/subscription/cancel', { reasons: ['other'] })).status).toBe(
      400,
    );
    expect((await client.post('/api/v1/billing/subscription/cancel', { reasons: ['bogus'] })).status).toBe(
      400,
    );
    const cancelled = await client.post<Loose>('/api/v1/billing/subscription/cancel', {
      reasons: ['too_expensive', 'other'],
      other: 'Back next season',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelRequested',
      hasAccess: true,
      renewable: true,
      nextBillingAt: null,
      cancelReasons: ['too_expensive', 'other'],
    });
    const row = await fx.server.billing.billing.subscriptionOf((await session(client)).user.id);
    expect(row?.cancelOther).toBe('Back next season');
    expect((await session(client)).role).toBe('pro');

    // Renew before the end date.
    const renewed = await client.post<Loose>('/api/v1/billing/subscription/renew');
    expect(renewed.status).toBe(200);
    expect(renewed.body.subscription).toMatchObject({ status: 'active', endsAt: null });

    // Cancel again and let the year run out: access ends with it.
    await client.post('/api/v1/billing/subscription/cancel', { reasons: ['not_using'] });
    await later(366 * DAY_MS);
    await cycle();
    me = await mine(client);
    expect(me.subscription).toMatchObject({ status: 'expired', hasAccess: false, renewable: false });
    expect(me.plan).toBe('free');
    expect((await session(client)).role).toBe('free');
    expect((await client.post('/api/v1/billing/subscription/renew')).status).toBe(409);
    // A second subscription gets no second trial.
    await client.post('/api/v1/billing/checkout', { plan: 'starter', interval: 'month' });
    expect((await mine(client)).subscription).toMatchObject({
      status: 'active',
      plan: 'starter',
      trialEnd: null,
    });
  });

  it('refuses visitors and bad input with 4xx, never 5xx', async () => {
    const visitor = fx.client();
    for (const path of [
      '/api/v1/billing/subscription',
      '/api/v1/billing/coupons',
      '/api/v1/billing/referrals',
    ]) {
      expect((await visitor.get(path)).status).toBe(401);
    }
    expect((await visitor.post('/api/v1/billing/checkout', { plan: 'pro', interval: 'month' })).status).toBe(
      401,
    );
    const { client } = await signedInUser(fx, 'free');
    expect(
      (await client.post('/api/v1/billing/checkout', { plan: 'partner', interval: 'month' })).status,
    ).toBe(400);
    expect((await client.post('/api/v1/billing/checkout', { plan: 'pro', interval: 'week' })).status).toBe(
      400,
    );
    expect(
      (await client.post('/api/v1/billing/subscription/cancel', { reasons: ['too_expensive'] })).status,
    ).toBe(409);
    expect((await client.post('/api/v1/billing/subscription/switch')).status).toBe(409);
    expect((await client.post('/api/v1/billing/portal')).status).toBe(409);
  });
});
