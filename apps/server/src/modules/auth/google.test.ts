import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  PASSWORD,
  signUpAndActivate,
  startAccountsFixture,
  uniqueEmail,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { type FakeGoogle, type GoogleProfile, startFakeGoogle } from '../../test-support/fake-google.ts';
import { linkIn } from '../../test-support/mail-decode.ts';

forEachDatabase('Google sign-in over HTTP', (getDb) => {
  let fx: AccountsFixture;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    fx = await startAccountsFixture(getDb(), {
      accounts: {
        google: {
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          authUrl: google.authUrl,
          tokenUrl: google.tokenUrl,
          userinfoUrl: google.userinfoUrl,
        },
      },
    });
  });
  afterAll(async () => {
    await fx.close();
    await google.close();
  });

  let sub = 0;
  function profile(email: string, overrides: Partial<GoogleProfile> = {}): GoogleProfile {
    sub += 1;
    return {
      sub: `g-${process.pid}-${sub}-${Math.random()}`,
      email,
      email_verified: true,
      name: 'Kim Trader',
      ...overrides,
    };
  }

  /** Start → the provider's consent page → back to /login/google-login → the page posts code and state. */
  async function roundTrip(client: CookieClient, start: Record<string, unknown>) {
    const started = await client.post<{ url: string }>('/api/v1/auth/google/start', start);
    expect(started.status).toBe(200);
    const consent = await fetch(started.body.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.pathname).toBe('/login/google-login');
    return client.post('/api/v1/auth/google/callback', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
  }

  it('offers Google when configured', async () => {
    expect((await fx.client().get('/api/v1/auth/providers')).body).toEqual({ google: true });
  });

  it('signs up with Google after terms, verified at once, login type google, with PKCE', async () => {
    const client = fx.client();
    const email = uniqueEmail('google');
    google.nextProfile = profile(email);
    const done = await roundTrip(client, { intent: 'signup', acceptTerms: true, acceptPrivacy: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      role: 'free',
      user: { email, loginType: 'google', emailVerified: true, displayName: 'Kim Trader' },
    });
    expect(client.jar.has('ss_session')).toBe(true);
    expect(client.jar.has('ss_google_flow')).toBe(false);
    expect(google.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect((await client.get('/api/v1/account')).status).toBe(200);

    // Next time the same Google account simply signs in, from the login page.
    const again = fx.client();
    const second = await roundTrip(again, { intent: 'login' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ user: { email } });

    // A password sign-in for this account says it was made with Google.
    const password = await fx.client('ko').post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(password.status).toBe(409);
    expect(password.body.message).toBe('Google 계정으로 가입하셨습니다.');
    // A reset request proves nothing about the caller: it answers as for any address (and mails no link).
    const forgot = await fx.client('en').post('/api/v1/auth/password/forgot', { email });
    expect(forgot.status).toBe(202);
  });

  it('does not create an account from the login page without consent', async () => {
    google.nextProfile = profile(uniqueEmail('nobody'));
    const answer = await roundTrip(fx.client(), { intent: 'login' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('google_signup_required');
  });

  it('needs terms and privacy accepted to sign up with Google', async () => {
    const answer = await fx
      .client()
      .post('/api/v1/auth/google/start', { intent: 'signup', acceptTerms: true });
    expect(answer.status).toBe(400);
    expect(answer.body.param).toBe('acceptPrivacy');
  });

  it('links Google to an existing password account with the same verified address', async () => {
    const email = uniqueEmail('linked');
    await signUpAndActivate(fx, fx.client(), email);
    google.nextProfile = profile(email);
    const answer = await roundTrip(fx.client(), { intent: 'login' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      user: { email, loginType: 'email', googleLinked: true, hasPassword: true },
    });
  });

  it('does not let an unverified sign-up with someone else’s address keep a way into that account', async () => {
    // The attacker signs up with the victim's address and a password of their own, never activating it.
    const email = uniqueEmail('victim');
    const attackerPassword = 'attacker-Horse9#';
    const signup = await fx.client().post('/api/v1/auth/signup', {
      email,
      password: attackerPassword,
      passwordConfirm: attackerPassword,
      displayName: 'attacker',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(signup.status).toBe(201);
    const staleActivation = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');

    // The victim, who owns the mailbox, later signs in with Google: the account is theirs, verified.
    const victim = fx.client();
    google.nextProfile = profile(email, { name: 'Real Owner' });
    const linked = await roundTrip(victim, { intent: 'login' });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      user: { email, emailVerified: true, googleLinked: true, hasPassword: false, displayName: 'Real Owner' },
    });

    // The attacker's password opens nothing, and the activation link mailed for their sign-up is dead.
    const attacker = await fx.client('ko').post('/api/v1/auth/login', { email, password: attackerPassword });
    expect(attacker.status).toBe(409);
    expect(attacker.body.message).toBe('Google 계정으로 가입하셨습니다.');
    expect(attacker.setCookies).toEqual([]);
    expect((await fx.client().post('/api/v1/auth/verify', { token: staleActivation })).status).toBe(400);
    const stored = await fx.server.accounts.users.findByEmail(email);
    expect(stored?.passwordHash).toBeNull();
    expect((await victim.get('/api/v1/account')).status).toBe(200);
  });

  it('keeps the password of a verified account when Google is linked to it', async () => {
    const email = uniqueEmail('kept');
    await signUpAndActivate(fx, fx.client(), email);
    google.nextProfile = profile(email);
    expect((await roundTrip(fx.client(), { intent: 'login' })).status).toBe(200);
    expect((await fx.client().post('/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses an address Google has not verified', async () => {
    google.nextProfile = profile(uniqueEmail('unverified'), { email_verified: false });
    const answer = await roundTrip(fx.client(), { intent: 'signup', acceptTerms: true, acceptPrivacy: true });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Email not verified.');
    google.nextProfile = profile(uniqueEmail('unverified'), { email_verified: false });
    const ko = await roundTrip(fx.client('ko'), { intent: 'signup', acceptTerms: true, acceptPrivacy: true });
    expect(ko.status).toBe(403);
    expect(ko.body).toEqual({ error: 'email_not_verified', message: '이메일 인증이 완료되지 않았습니다.' });
  });

  it('refuses a callback whose state does not match the browser’s flow', async () => {
    const client = fx.client();
    const started = await client.post<{ url: string }>('/api/v1/auth/google/start', { intent: 'login' });
    const consent = await fetch(started.body.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const forged = await client.post('/api/v1/auth/google/callback', {
      code: back.searchParams.get('code'),
      state: 'x'.repeat(32),
    });
    expect(forged.status).toBe(400);
    // Another browser (no flow cookie) cannot finish it either.
    const stranger = await fx.client().post('/api/v1/auth/google/callback', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Invalid token.');
  });
});

forEachDatabase('Google sign-in not configured', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  it('says so instead of failing', async () => {
    expect((await fx.client().get('/api/v1/auth/providers')).body).toEqual({ google: false });
    const answer = await fx.client().post('/api/v1/auth/google/start', { intent: 'login' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Sign-in with Google is not set up on this server.');
  });
});
