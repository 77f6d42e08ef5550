import { pricingConfigSchema } from '@spreadscope/contracts';
import { DAY_MS } from '@spreadscope/core';
import { createJobsRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import {
  type AccountsFixture,
  signedInUser,
  signIn,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import {
  FAKE_STRIPE_PRICING,
  type FakeStripe,
  type StripeEvent,
  startFakeStripe,
} from '../../test-support/fake-stripe.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and checked by the assertions
type Loose = Record<string, any>;

const WEBHOOK = '/api/v1/billing/webhooks/stripe';

/**
 * Billing on Stripe: the real SDK pointed (STRIPE_API_URL) at a loopback fake of Stripe's API, webhooks signed
 * with the SDK's test-header helper and applied by the database job runner, as in production.
 */
forEachDatabase('billing on Stripe (loopback fake)', (getDb) => {
  let fx: AccountsFixture;
  let stripe: FakeStripe;
  let queue: DatabaseJobQueue;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    queue = new DatabaseJobQueue({
      repository: createJobsRepository(getDb()),
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      // The runner's clock is the test's, so the minute cycle runs again once time moves.
      now: () => (fx ? fx.clock.now() : Date.now()),
    });
    fx = await startAccountsFixture(getDb(), {
      jobs: queue,
      billing: {
        pricing: pricingConfigSchema.parse(FAKE_STRIPE_PRICING),
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
      },
    });
  });
  afterAll(async () => {
    await fx.close();
    await stripe.close();
  });

  /** Delivers events as Stripe would, then lets the job runner apply them. */
  const deliver = async (events: StripeEvent[], options: { secret?: string; timestamp?: number } = {}) => {
    const answers = [];
    for (const event of events) {
      const { payload, header } = stripe.signed(event, options);
      const answer = await fx.server.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      answers.push({ status: answer.statusCode, body: answer.json() as Loose });
    }
    while ((await queue.runOnce()) > 0) {}
    return answers;
  };
  const mine = async (client: CookieClient) => (await client.get<Loose>('/api/v1/billing/subscription')).body;
  const role = async (client: CookieClient) => (await client.get<Loose>('/api/v1/auth/session')).body.role;
  /** Moves both clocks (ours and Stripe's) and signs in again (sessions idle out). */
  const advance = async (client: CookieClient, email: string, ms: number) => {
    fx.clock.advance(ms);
    stripe.now += Math.floor(ms / 1000);
    await signIn(client, email);
  };
  const subscribe = async (plan: 'pro' | 'starter' = 'pro') => {
    const user = await signedInUser(fx, 'free');
    const started = await user.client.post<Loose>('/api/v1/billing/checkout', { plan, interval: 'month' });
    expect(started.status).toBe(200);
    const sessionId = String(started.body.url).split('/pay/')[1] as string;
    const events = stripe.completeCheckout(sessionId);
    const subId = [...stripe.subscriptions.keys()].at(-1) as string;
    return { ...user, sessionId, events, subId };
  };

  it('Checkout with the 7-day trial; the webhooks, through the job runner, make the user Pro', async () => {
    const { client, user, sessionId, events } = await subscribe();
    const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(request?.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      line_items: { 0: { price: 'price_pro_month', quantity: '1' } },
      subscription_data: { trial_period_days: '7', metadata: { userId: user.id } },
    });
    expect(sessionId).toMatch(/^cs_test_/);
    // Before the webhook nothing is granted.
    expect(await role(client)).toBe('free');
    const answers = await deliver(events);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const me = await mine(client);
    expect(me.provider).toBe('stripe');
    expect(me.portal).toBe(true);
    expect(me.subscription).toMatchObject({
      status: 'trialing',
      plan: 'pro',
      interval: 'month',
      amount: 5900,
      currency: 'USD',
    });
    expect(me.subscription.paymentMethod).toBe('visa •••• 4242');
    expect(Math.round((me.subscription.nextBillingAt - fx.clock.now()) / DAY_MS)).toBe(7);
    expect(await role(client)).toBe('pro');
    const portal = await client.post<Loose>('/api/v1/billing/portal');
    expect(portal.body.url).toContain('/portal/cus_');
  });

  it('a replayed event changes nothing; forged, stale and unsigned ones are 400 and change nothing', async () => {
    const { client, email, events, subId } = await subscribe();
    await deliver(events);
    const before = await mine(client);
    const replay = await deliver([events[1] as StripeEvent]);
    expect(replay[0]).toMatchObject({ status: 200, body: { received: true, duplicate: true } });

    // A forged deletion: signed with the wrong secret, or too old, or not signed.
    stripe.subscriptions.get(subId); // state at Stripe unchanged
    const forged = stripe.remove(subId);
    stripe.setStatus(subId, 'trialing');
    (stripe.subscriptions.get(subId) as { canceled_at: number | null }).canceled_at = null;
    const wrong = await deliver(forged, { secret: 'whsec_someone_else' });
    expect(wrong[0]?.status).toBe(400);
    expect(wrong[0]?.body.error).toBe('bad_signature');
    const stale = await deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale[0]?.status).toBe(400);
    const unsigned = await fx.server.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(forged[0]),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing fails too.
    const { header } = stripe.signed(forged[0] as StripeEvent);
    const tampered = await fx.server.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: JSON.stringify({ ...forged[0], type: 'customer.subscription.updated' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await mine(client)).toEqual(before);
    expect(await role(client)).toBe('pro');
    await advance(client, email, 0);
  });

  it('drives every status: trial → active (invoice with PDF) → past_due (still Pro, banner) → unpaid → active → paused → active', async () => {
    const { client, email, events, subId } = await subscribe();
    await deliver(events);
    await advance(client, email, 7 * DAY_MS + 1000);
    await deliver(stripe.renew(subId));
    let me = await mine(client);
    expect(me.subscription.status).toBe('active');
    const paid = me.invoices.find((i: Loose) => i.amountPaid === 5900);
    expect(paid).toMatchObject({ status: 'paid', currency: 'USD', subtotal: 5900 });
    expect(paid.pdfUrl).toMatch(/\/invoice\/pdf\//);

    await deliver(stripe.failPayment(subId));
    me = await mine(client);
    expect(me.subscription.status).toBe('past_due');
    expect(me.invoices[0]).toMatchObject({ status: 'open', amountPaid: 0, amountDue: 5900 });
    expect(await role(client)).toBe('pro');

    await deliver(stripe.setStatus(subId, 'unpaid'));
    expect((await mine(client)).subscription.status).toBe('unpaid');
    expect(await role(client)).toBe('free');

    await deliver(stripe.renew(subId));
    expect(await role(client)).toBe('pro');
    await deliver(stripe.setStatus(subId, 'paused'));
    expect((await mine(client)).subscription.status).toBe('paused');
    expect(await role(client)).toBe('free');
    await deliver(stripe.setStatus(subId, 'active'));
    expect(await role(client)).toBe('pro');

    for (const status of ['incomplete', 'incomplete_expired']) {
      await deliver(stripe.setStatus(subId, status));
      expect((await mine(client)).subscription.status).toBe(status);
      expect(await role(client)).toBe('free');
    }
  });

  it('an event arriving out of order cannot roll the subscription back', async () => {
    const { client, email, events, subId } = await subscribe();
    await deliver(events);
    await advance(client, email, 7 * DAY_MS + 1000);
    const renewal = stripe.renew(subId);
    await deliver(renewal);
    // The old "created, trialing" event retried late by Stripe, under a new delivery.
    const late = { ...(events[1] as StripeEvent), id: 'evt_late_retry' };
    await deliver([late]);
    expect((await mine(client)).subscription.status).toBe('active');
  });

  it('cancel with reasons (cancelRequested) → renew → switch to yearly with Stripe’s preview → cancelled at Stripe keeps access to the end date, then expires', async () => {
    const { client, email, events, subId } = await subscribe();
    await deliver(events);
    await advance(client, email, 7 * DAY_MS + 1000);
    await deliver(stripe.renew(subId));

    const cancelled = await client.post<Loose>('/api/v1/billing/subscription/cancel', {
      reasons: ['switched_service', 'other'],
      other: 'Found a cheaper feed',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelRequested',
      hasAccess: true,
      cancelReasons: ['switched_service', 'other'],
    });
    expect(stripe.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);
    // Stripe's own update event agrees and keeps our reasons.
    await deliver(stripe.setStatus(subId, 'active'));
    expect((await mine(client)).subscription).toMatchObject({
      status: 'cancelRequested',
      cancelReasons: ['switched_service', 'other'],
    });

    const renewed = await client.post<Loose>('/api/v1/billing/subscription/renew');
    expect(renewed.body.subscription).toMatchObject({ status: 'active' });
    expect(stripe.subscriptions.get(subId)?.cancel_at_period_end).toBe(false);

    await advance(client, email, 10 * DAY_MS);
    const preview = await client.get<Loose>('/api/v1/billing/subscription/switch-preview');
    expect(preview.status).toBe(200);
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/invoices/create_preview',
      params: { subscription: subId, subscription_details: { items: { 0: { price: 'price_pro_year' } } } },
    });
    expect(preview.body.credit).toBeGreaterThan(0);
    expect(preview.body.charge).toBe(55200 - preview.body.credit);
    const switched = await client.post<Loose>('/api/v1/billing/subscription/switch');
    expect(switched.body).toMatchObject({ interval: 'year', amount: 55200, status: 'active' });

    const end = stripe.subscriptions.get(subId)?.items.data[0]?.current_period_end as number;
    await deliver(stripe.remove(subId));
    const me = await mine(client);
    expect(me.subscription).toMatchObject({
      status: 'canceled',
      hasAccess: true,
      renewable: true,
      endsAt: end * 1000,
    });
    expect(await role(client)).toBe('pro');

    await advance(client, email, end * 1000 - fx.clock.now() + 1000);
    await queue.runOnce();
    expect((await mine(client)).subscription).toMatchObject({ status: 'expired', hasAccess: false });
    expect(await role(client)).toBe('free');
  });
});
