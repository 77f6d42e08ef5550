import { addPeriod, DAY_MS } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../../../../../scripts/admin.ts';
import type { SyncJobQueue } from '../../jobs/sync-job-queue.ts';
import {
  type AccountsFixture,
  PASSWORD,
  signedInUser,
  signIn,
  startAccountsFixture,
  uniqueEmail,
} from '../../test-support/accounts-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and checked by the assertions
type Loose = Record<string, any>;

forEachDatabase('coupons and referrals over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(
      argv,
      { MARKET_SOURCE: 'sim', LOG_LEVEL: 'silent' },
      { log: (l) => lines.push(l), logTo: { write: () => {} } },
      () => '',
      fx.server.database,
    );
    return { code, lines };
  };

  it('a VIP partner coupon from the operator: renew first without a subscription, then once, irreversibly; billing resumes after it', async () => {
    const { client, email } = await signedInUser(fx, 'free');
    expect((await admin('issue-coupon', '--email', email, '--plan', 'pro', '--period', '2m')).code).toBe(0);
    await expect(admin('issue-coupon', '--email', email, '--plan', 'pro', '--period', 'x')).rejects.toThrow(
      /--period/,
    );
    await expect(
      admin('issue-coupon', '--email', email, '--plan', 'partner', '--period', '1m'),
    ).rejects.toThrow(/--plan/);

    const list = await client.get<Loose>('/api/v1/billing/coupons?type=vip_partner');
    expect(list.status).toBe(200);
    expect(list.body.available).toHaveLength(1);
    const coupon = list.body.available[0];
    expect(coupon).toMatchObject({
      type: 'vip_partner',
      plan: 'pro',
      period: { unit: 'month', count: 2 },
      used: false,
    });
    expect(coupon.promotionCode).toMatch(/^VIP-/);
    expect((await client.get<Loose>('/api/v1/billing/coupons?type=referral')).body.available).toHaveLength(0);

    // No subscription yet: the spec's words, and the coupon stays available.
    const early = await client.post<Loose>(`/api/v1/billing/coupons/${coupon.id}/use`);
    expect(early.status).toBe(402);
    expect(early.body.message).toBe('Please renew your subscription first.');

    await client.post('/api/v1/billing/checkout', { plan: 'pro', interval: 'month' });
    const before = (await client.get<Loose>('/api/v1/billing/subscription')).body.subscription;
    const used = await client.post<Loose>(`/api/v1/billing/coupons/${coupon.id}/use`);
    expect(used.status).toBe(200);
    expect(used.body.freeUntil).toBe(addPeriod(before.currentPeriodEnd, { unit: 'month', count: 2 }));
    expect(used.body.coupon).toMatchObject({ used: true });
    const after = (await client.get<Loose>('/api/v1/billing/subscription')).body.subscription;
    expect(after).toMatchObject({
      status: 'active',
      freeUntil: used.body.freeUntil,
      nextBillingAt: used.body.freeUntil,
    });
    // Irreversible and once.
    expect((await client.post(`/api/v1/billing/coupons/${coupon.id}/use`)).status).toBe(409);
    const listed = (await client.get<Loose>('/api/v1/billing/coupons')).body;
    expect(listed.available).toHaveLength(0);
    expect(listed.used[0]).toMatchObject({ id: coupon.id, used: true });
    // Another user's coupon id is not found.
    const other = await signedInUser(fx, 'free');
    expect((await other.client.post(`/api/v1/billing/coupons/${coupon.id}/use`)).status).toBe(404);

    // After the free period the job runner bills again.
    fx.clock.advance(used.body.freeUntil - fx.clock.now() + 1000);
    await signIn(client, email);
    await (fx.server.jobs as SyncJobQueue).runSchedules();
    const resumed = (await client.get<Loose>('/api/v1/billing/subscription')).body;
    expect(resumed.subscription.freeUntil).toBeNull();
    expect(resumed.invoices[0]).toMatchObject({ subtotal: 5900, periodStart: used.body.freeUntil });
  });

  it('referrals: link, code, latest invitees; both sides get a coupon on the first paid period, once', async () => {
    const inviter = await signedInUser(fx, 'free');
    const code = (await inviter.client.get<Loose>('/api/v1/auth/session')).body.user.referralCode;
    const mine = await inviter.client.get<Loose>('/api/v1/billing/referrals');
    expect(mine.body).toMatchObject({ code, eligible: true, count: 0, latest: [] });
    expect(mine.body.link).toContain(`ref=${code}`);

    const bad = await fx.client().get<Loose>('/api/v1/auth/referral/NOPE1234');
    expect(bad.body).toMatchObject({ valid: false, message: 'Invalid referral code. Please check again.' });
    const good = await fx.client().get<Loose>(`/api/v1/auth/referral/${code}`);
    expect(good.body).toMatchObject({ valid: true, message: 'Correct referral code entered.' });

    const invitee = fx.client();
    const email = uniqueEmail('invitee');
    const signup = await invitee.post('/api/v1/auth/signup', {
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
      referralCode: code,
      displayName: 'Invited Kim',
    });
    expect(signup.status).toBe(201);
    const user = await fx.server.accounts.users.findByEmail(email);
    if (!user) throw new Error('no invitee');
    await fx.server.accounts.users.markVerified(user.id, fx.clock.now());
    await signIn(invitee, email);

    const listed = (await inviter.client.get<Loose>('/api/v1/billing/referrals')).body;
    expect(listed.count).toBe(1);
    expect(listed.latest[0]).toMatchObject({ number: 1, name: 'Invited Kim' });

    // The trial pays nothing: no coupon yet. The first billed period rewards both, once.
    await invitee.post('/api/v1/billing/checkout', { plan: 'starter', interval: 'month' });
    expect((await invitee.get<Loose>('/api/v1/billing/coupons')).body.available).toHaveLength(0);
    fx.clock.advance(8 * DAY_MS);
    await (fx.server.jobs as SyncJobQueue).runSchedules();
    fx.clock.advance(31 * DAY_MS);
    await (fx.server.jobs as SyncJobQueue).runSchedules();
    await signIn(invitee, email);
    await signIn(inviter.client, inviter.email);
    const theirs = (await invitee.get<Loose>('/api/v1/billing/coupons?type=referral')).body.available;
    const ours = (await inviter.client.get<Loose>('/api/v1/billing/coupons?type=referral')).body.available;
    expect(theirs).toHaveLength(1);
    expect(ours).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ type: 'referral', period: { unit: 'month', count: 1 } });
  });

  it('refuses self-referral and the same person signing up again under another alias', async () => {
    const local = `kim.${Date.now()}`;
    const inviter = fx.client();
    const signup = (client: typeof inviter, email: string, referralCode?: string) =>
      client.post<Loose>('/api/v1/auth/signup', {
        email,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        acceptTerms: true,
        acceptPrivacy: true,
        ...(referralCode ? { referralCode } : {}),
      });
    expect((await signup(inviter, `${local}@gmail.com`)).status).toBe(201);
    const owner = await fx.server.accounts.users.findByEmail(`${local}@gmail.com`);
    const code = owner?.referralCode as string;
    const self = await signup(fx.client(), `${local.replace('.', '')}+alt@gmail.com`, code);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      error: 'referral_self',
      param: 'referralCode',
      message: 'You cannot use your own referral code.',
    });
    expect((await signup(fx.client(), `lee.${Date.now()}@example.com`, code)).status).toBe(201);
    const first = `park.${Date.now()}@example.com`;
    expect((await signup(fx.client(), first, code)).status).toBe(201);
    const again = await signup(fx.client(), first.replace('@', '+again@'), code);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('referral_repeat');
  });
});
