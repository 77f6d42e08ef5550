import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  PASSWORD,
  signIn,
  signUpAndActivate,
  startAccountsFixture,
  uniqueEmail,
} from '../../test-support/accounts-fixture.ts';
import type { Answer } from '../../test-support/cookie-client.ts';
import { linkIn } from '../../test-support/mail-decode.ts';

const SIGNUP = '/api/v1/auth/signup';
const HOUR = 3_600_000;

function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
    ...overrides,
  };
}

forEachDatabase('auth over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  describe('sign-up and activation', () => {
    it('signs up, mails an activation link in the user’s language, and activates with it', async () => {
      const client = fx.client('ko');
      const email = uniqueEmail();
      const answer = await client.post(SIGNUP, signupBody(email.toUpperCase()));
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ email, verificationSent: true });

      const mail = fx.inbox.last(email);
      expect(mail.subject).toBe('Spreadscope 계정을 활성화해 주세요');
      const link = linkIn(mail.text, '/register');
      expect(link.origin).toBe('http://localhost:8080');
      const verify = await client.post('/api/v1/auth/verify', { token: link.searchParams.get('token') });
      expect(verify.status).toBe(200);
      expect(verify.body).toEqual({
        email,
        message: '이메일 인증이 완료되었습니다. 이제 로그인할 수 있습니다.',
      });
      // A link works once.
      const again = await client.post('/api/v1/auth/verify', { token: link.searchParams.get('token') });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('유효하지 않은 토큰입니다.');
    });

    it('links English mail to the English pages', async () => {
      const email = uniqueEmail();
      await fx.client('en').post(SIGNUP, signupBody(email));
      const mail = fx.inbox.last(email);
      expect(mail.subject).toBe('Activate your Spreadscope account');
      expect(linkIn(mail.text, '/register').pathname).toBe('/en/register');
    });

    it('refuses an unverified account at sign-in and says why', async () => {
      const email = uniqueEmail();
      await fx.client().post(SIGNUP, signupBody(email));
      const en = await fx.client('en').post('/api/v1/auth/login', { email, password: PASSWORD });
      expect(en.status).toBe(403);
      expect(en.body).toEqual({
        error: 'account_not_activated',
        message: 'Account not activated. Please check your email to activate your account and try again.',
      });
      const ko = await fx.client('ko').post('/api/v1/auth/login', { email, password: PASSWORD });
      expect(ko.body.message).toBe(
        '계정이 활성화되지 않았습니다. 이메일에서 계정을 활성화한 뒤 다시 시도해 주세요.',
      );
      expect(en.setCookies).toEqual([]);
    });

    it('answers an expired activation link with a new activation email', async () => {
      const client = fx.client();
      const email = uniqueEmail();
      await client.post(SIGNUP, signupBody(email));
      const oldToken = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');
      fx.clock.advance(25 * HOUR);
      const expired = await client.post('/api/v1/auth/verify', { token: oldToken });
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({
        error: 'verification_expired',
        message: 'Verification token expired. A new activation email has been sent.',
      });
      expect(fx.inbox.to(email)).toHaveLength(2);
      const fresh = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');
      expect(fresh).not.toBe(oldToken);
      expect((await client.post('/api/v1/auth/verify', { token: fresh })).status).toBe(200);
      expect((await client.post('/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
    });

    it('resends the activation email on request, and only to accounts that need it', async () => {
      const client = fx.client();
      const email = uniqueEmail();
      await client.post(SIGNUP, signupBody(email));
      // Only the account's maker may have the link sent again: the password says who that is.
      const stranger = await client.post('/api/v1/auth/verify/resend', { email, password: 'Someone3lse!' });
      expect(stranger.status).toBe(401);
      expect(stranger.body.message).toBe('Invalid email or password.');
      expect(fx.inbox.to(email)).toHaveLength(1);
      const resend = await client.post('/api/v1/auth/verify/resend', { email, password: PASSWORD });
      expect(resend.status).toBe(202);
      expect(fx.inbox.to(email)).toHaveLength(2);
      // Only the newest link works.
      const [first, second] = fx.inbox
        .to(email)
        .map((m) => linkIn(m.text, '/register').searchParams.get('token'));
      expect((await client.post('/api/v1/auth/verify', { token: first })).status).toBe(400);
      expect((await client.post('/api/v1/auth/verify', { token: second })).status).toBe(200);
      // Once the password is proven, the account's state may be told.
      const done = await client.post('/api/v1/auth/verify/resend', { email, password: PASSWORD });
      expect(done.status).toBe(409);
    });

    it('answers a resend for an unknown address, a Google-only account and a wrong password alike', async () => {
      const client = fx.client();
      const verified = uniqueEmail();
      await signUpAndActivate(fx, client, verified);
      const google = uniqueEmail('google');
      await fx.server.accounts.auth.createAccount({
        email: google,
        displayName: 'g',
        passwordHash: null,
        googleSub: `sub-${google}`,
        verified: true,
        language: 'en',
        referredBy: null,
      });
      const answers = [
        await client.post('/api/v1/auth/verify/resend', { email: uniqueEmail(), password: PASSWORD }),
        await client.post('/api/v1/auth/verify/resend', { email: google, password: PASSWORD }),
        // A verified account does not say "already verified" to someone who does not know its password.
        await client.post('/api/v1/auth/verify/resend', { email: verified, password: 'wrong-Horse7!' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
      }
      expect(fx.inbox.to(google)).toEqual([]);
      expect(fx.inbox.to(verified)).toHaveLength(1);
    });

    it('lets the mailbox owner sign up over a stranger’s never-activated sign-up of their address', async () => {
      const email = uniqueEmail();
      const attacker = fx.client();
      await attacker.post(SIGNUP, signupBody(email));
      const attackersLink = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');
      const victim = fx.client();
      const VICTIM_PASSWORD = 'Victim-pass-42';
      const signup = await victim.post(SIGNUP, {
        ...signupBody(email),
        password: VICTIM_PASSWORD,
        passwordConfirm: VICTIM_PASSWORD,
      });
      expect(signup.status).toBe(201);
      // The stranger's link is dead; the owner's activates the account with the owner's password only.
      expect((await victim.post('/api/v1/auth/verify', { token: attackersLink })).status).toBe(400);
      const ownersLink = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');
      expect((await victim.post('/api/v1/auth/verify', { token: ownersLink })).status).toBe(200);
      expect((await attacker.post('/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(401);
      expect((await victim.post('/api/v1/auth/login', { email, password: VICTIM_PASSWORD })).status).toBe(
        200,
      );
    });

    it('refuses a taken email with 409 "Email already exists.", whatever its case', async () => {
      const email = uniqueEmail();
      const owner = fx.client();
      await owner.post(SIGNUP, signupBody(email));
      const token = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');
      expect((await owner.post('/api/v1/auth/verify', { token })).status).toBe(200);
      const again = await fx.client().post(SIGNUP, signupBody(` ${email.toUpperCase()} `));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'email_exists', message: 'Email already exists.', param: 'email' });
      const ko = await fx.client('ko').post(SIGNUP, signupBody(email));
      expect(ko.body.message).toBe('이미 가입된 이메일입니다.');
    });

    it('checks every sign-up rule of spec §5 and names the field', async () => {
      const client = fx.client();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
        [{ password: 'Ab1!', passwordConfirm: 'Ab1!' }, 'password', 'Use 8 to 128 characters.'],
        [{ password: 'abcdefgh!', passwordConfirm: 'abcdefgh!' }, 'password', 'Include at least one number.'],
        [
          { password: 'abcdefgh1', passwordConfirm: 'abcdefgh1' },
          'password',
          'Include at least one special character.',
        ],
        [{ passwordConfirm: 'other-Horse7!' }, 'passwordConfirm', 'Password not matched.'],
        [{ acceptTerms: false }, 'acceptTerms', 'Please accept the terms of service and the privacy policy.'],
        [
          { acceptPrivacy: false },
          'acceptPrivacy',
          'Please accept the terms of service and the privacy policy.',
        ],
        [
          { acceptTerms: undefined, acceptPrivacy: undefined },
          'acceptTerms',
          'Please accept the terms of service and the privacy policy.',
        ],
        [{ referralCode: 'ZZZZZZZZ' }, 'referralCode', 'Invalid referral code. Please check again.'],
        [{ displayName: 'x'.repeat(41) }, 'displayName', 'Display name must be 1 to 40 characters.'],
      ];
      for (const [override, param, message] of cases) {
        const email = uniqueEmail();
        const answer = await client.post(SIGNUP, signupBody(email, override));
        expect(answer.status, JSON.stringify(override)).toBe(400);
        expect(answer.body.param).toBe(param);
        expect(answer.body.message).toBe(message);
        expect(fx.inbox.to(email)).toEqual([]);
      }
      const missing = await client.post(SIGNUP, { email: uniqueEmail() });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('invalid_parameter');
    });

    it('takes a correct referral code and says so when checked', async () => {
      const inviter = fx.client();
      const inviterEmail = uniqueEmail('inviter');
      await signUpAndActivate(fx, inviter, inviterEmail);
      await signIn(inviter, inviterEmail);
      const code = (await inviter.get<{ user: { referralCode: string } }>('/api/v1/auth/session')).body.user
        .referralCode;

      const check = await fx.client('en').get(`/api/v1/auth/referral/${code.toLowerCase()}`);
      expect(check.body).toEqual({ valid: true, message: 'Correct referral code entered.' });
      const wrong = await fx.client('ko').get('/api/v1/auth/referral/NOPE');
      expect(wrong.body).toEqual({
        valid: false,
        message: '유효하지 않은 추천인 코드입니다. 다시 확인해 주세요.',
      });

      const invitee = uniqueEmail('invitee');
      expect((await fx.client().post(SIGNUP, signupBody(invitee, { referralCode: code }))).status).toBe(201);
      const stored = await fx.server.accounts.users.findByEmail(invitee);
      const inviterRecord = await fx.server.accounts.users.findByEmail(inviterEmail);
      expect(stored?.referredBy).toBe(inviterRecord?.id);
    });

    it('says "Failed to send email." when the mail server refuses, and leaves the address free', async () => {
      const email = uniqueEmail();
      fx.inbox.refuseNext();
      const failed = await fx.client().post(SIGNUP, signupBody(email));
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({ error: 'email_send_failed', message: 'Failed to send email.' });
      expect((await fx.client().post(SIGNUP, signupBody(email))).status).toBe(201);
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with a new HttpOnly SameSite session cookie and signs out everywhere', async () => {
      const client = fx.client();
      const email = uniqueEmail();
      await signUpAndActivate(fx, client, email);
      const login = await signIn(client, email);
      const cookie = login.setCookies.find((c) => c.startsWith('ss_session='));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      const token = client.jar.get('ss_session') ?? '';
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(login.body).toMatchObject({ role: 'free', user: { email, plan: 'free', loginType: 'email' } });
      expect(JSON.stringify(login.body)).not.toContain('argon2');

      // Only a hash of the token is stored.
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(token).digest('hex');
      const { sessions } = await import('@spreadscope/db');
      const { eq } = await import('drizzle-orm');
      const rows = await getDb().db.select().from(sessions).where(eq(sessions.tokenHash, hash));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(await getDb().db.select().from(sessions))).not.toContain(token);

      const stolen = client.jar.get('ss_session');
      const out = await client.post('/api/v1/auth/logout');
      expect(out.status).toBe(200);
      expect(client.jar.has('ss_session')).toBe(false);
      // The old cookie no longer works, even replayed by someone who copied it.
      const replay = await fx.server.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { cookie: `ss_session=${stolen}` },
      });
      expect(replay.statusCode).toBe(401);
    });

    it('gives a fresh session on each sign-in and ends the one presented before', async () => {
      const client = fx.client();
      const email = uniqueEmail();
      await signUpAndActivate(fx, client, email);
      await signIn(client, email);
      const first = client.jar.get('ss_session');
      await signIn(client, email);
      const second = client.jar.get('ss_session');
      expect(second).not.toBe(first);
      const old = await fx.server.app.inject({
        url: '/api/v1/account',
        headers: { cookie: `ss_session=${first}` },
      });
      expect(old.statusCode).toBe(401);
    });

    it('answers a wrong password and an unknown address alike', async () => {
      const email = uniqueEmail();
      await signUpAndActivate(fx, fx.client(), email);
      const wrong = await fx.client().post('/api/v1/auth/login', { email, password: 'wrong-Horse7!' });
      const unknown = await fx
        .client()
        .post('/api/v1/auth/login', { email: uniqueEmail(), password: PASSWORD });
      for (const answer of [wrong, unknown]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
      }
      const ko = await fx.client('ko').post('/api/v1/auth/login', { email, password: 'wrong-Horse7!' });
      expect(ko.body.message).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    });

    it('ends a session after the idle timeout and at the absolute timeout', async () => {
      const client = fx.client();
      const email = uniqueEmail();
      await signUpAndActivate(fx, client, email);
      await signIn(client, email);
      fx.clock.advance(2 * 24 * HOUR);
      expect((await client.get('/api/v1/account')).status).toBe(200);
      fx.clock.advance(3 * 24 * HOUR + 60_000);
      const idle = await client.get('/api/v1/account');
      expect(idle.status).toBe(401);
      expect(idle.body.message).toBe('Please sign in to continue.');

      await signIn(client, email);
      for (let day = 0; day < 29; day++) {
        fx.clock.advance(24 * HOUR);
        expect((await client.get('/api/v1/account')).status).toBe(200);
      }
      fx.clock.advance(24 * HOUR);
      expect((await client.get('/api/v1/account')).status).toBe(401);
    });

    it('documents the account calls in OpenAPI', async () => {
      const docs = await fx.server.app.inject({ url: '/api/docs/json' });
      const paths = Object.keys(docs.json().paths);
      for (const path of [
        '/api/v1/auth/signup',
        '/api/v1/auth/login',
        '/api/v1/settings',
        '/api/v1/account/api-keys',
        '/api/v1/me',
      ]) {
        expect(paths).toContain(path);
      }
    });

    it('tells visitors they are visitors', async () => {
      const session = await fx.client().get('/api/v1/auth/session');
      expect(session.body).toMatchObject({
        user: null,
        role: 'visitor',
        entitlements: { features: { cexData: true, api: false } },
      });
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password by email link, once, and signs out every session', async () => {
      const browser = fx.client();
      const phone = fx.client();
      const email = uniqueEmail();
      await signUpAndActivate(fx, browser, email);
      await signIn(browser, email);
      await signIn(phone, email);

      const forgot = await fx.client().post('/api/v1/auth/password/forgot', { email });
      expect(forgot.status).toBe(202);
      const link = linkIn(fx.inbox.last(email).text, '/reset-password');
      const token = link.searchParams.get('token');
      const newPassword = 'new-Horse8?';

      const same = await fx
        .client()
        .post('/api/v1/auth/password/reset', { token, password: PASSWORD, passwordConfirm: PASSWORD });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Same password.');
      const mismatch = await fx
        .client()
        .post('/api/v1/auth/password/reset', { token, password: newPassword, passwordConfirm: 'x' });
      expect(mismatch.body.message).toBe('Password not matched.');

      const reset = await fx
        .client()
        .post('/api/v1/auth/password/reset', { token, password: newPassword, passwordConfirm: newPassword });
      expect(reset.status).toBe(200);
      const reused = await fx.client().post('/api/v1/auth/password/reset', {
        token,
        password: 'third-Horse9#',
        passwordConfirm: 'third-Horse9#',
      });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe('Invalid token.');

      expect((await browser.get('/api/v1/account')).status).toBe(401);
      expect((await phone.get('/api/v1/account')).status).toBe(401);
      expect((await fx.client().post('/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(401);
      await signIn(fx.client(), email, newPassword);
    });

    it('expires a reset link after 30 minutes', async () => {
      const email = uniqueEmail();
      await signUpAndActivate(fx, fx.client(), email);
      await fx.client().post('/api/v1/auth/password/forgot', { email });
      const token = linkIn(fx.inbox.last(email).text, '/reset-password').searchParams.get('token');
      fx.clock.advance(31 * 60_000);
      const late = await fx.client().post('/api/v1/auth/password/reset', {
        token,
        password: 'new-Horse8?',
        passwordConfirm: 'new-Horse8?',
      });
      expect(late.status).toBe(400);
      expect(late.body.error).toBe('invalid_token');
    });

    it('answers a reset request for an unknown address or a Google-only account as for a real one', async () => {
      const known = uniqueEmail();
      await signUpAndActivate(fx, fx.client(), known);
      const google = uniqueEmail('google');
      await fx.server.accounts.auth.createAccount({
        email: google,
        displayName: 'g',
        passwordHash: null,
        googleSub: `sub-${google}`,
        verified: true,
        language: 'ko',
        referredBy: null,
      });
      const unknown = uniqueEmail();
      const answers = await Promise.all(
        [known, google, unknown].map((email) =>
          fx.client('ko').post('/api/v1/auth/password/forgot', { email }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(202);
        expect(answer.body).toEqual({ accepted: true });
      }
      // Only the real account with a password gets a link.
      expect(linkIn(fx.inbox.last(known).text, '/reset-password').searchParams.get('token')).toBeTruthy();
      expect(fx.inbox.to(google)).toEqual([]);
      expect(fx.inbox.to(unknown)).toEqual([]);
    });

    it('changes the password: current one required, new one different, other sessions end, this one stays', async () => {
      const me = fx.client();
      const other = fx.client();
      const email = uniqueEmail();
      await signUpAndActivate(fx, me, email);
      await signIn(me, email);
      await signIn(other, email);
      const change = (body: Record<string, string>) => me.post('/api/v1/auth/password/change', body);

      const wrong = await change({
        currentPassword: 'nope-Horse7!',
        password: 'new-Horse8?',
        passwordConfirm: 'new-Horse8?',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({
        error: 'wrong_password',
        message: 'Wrong password.',
        param: 'currentPassword',
      });
      const same = await change({ currentPassword: PASSWORD, password: PASSWORD, passwordConfirm: PASSWORD });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Same password.');
      const weak = await change({
        currentPassword: PASSWORD,
        password: 'short1!',
        passwordConfirm: 'short1!',
      });
      expect(weak.body.param).toBe('password');

      const before = me.jar.get('ss_session');
      const ok = await change({
        currentPassword: PASSWORD,
        password: 'new-Horse8?',
        passwordConfirm: 'new-Horse8?',
      });
      expect(ok.status).toBe(200);
      expect(me.jar.get('ss_session')).not.toBe(before);
      expect((await me.get('/api/v1/account')).status).toBe(200);
      expect((await other.get('/api/v1/account')).status).toBe(401);
      expect(fx.inbox.last(email).subject).toBe('Your Spreadscope password was changed');
      await signIn(fx.client(), email, 'new-Horse8?');
    });

    it('kills a mailed reset link once the password is changed another way', async () => {
      const me = fx.client();
      const email = uniqueEmail();
      await signUpAndActivate(fx, me, email);
      await signIn(me, email);
      await fx.client().post('/api/v1/auth/password/forgot', { email });
      const token = linkIn(fx.inbox.last(email).text, '/reset-password').searchParams.get('token');

      const changed = await me.post('/api/v1/auth/password/change', {
        currentPassword: PASSWORD,
        password: 'changed-Horse8?',
        passwordConfirm: 'changed-Horse8?',
      });
      expect(changed.status).toBe(200);
      // Whoever read the mail before the change cannot take the account back with the old link.
      const late = await fx.client('ko').post('/api/v1/auth/password/reset', {
        token,
        password: 'thief-Horse9#',
        passwordConfirm: 'thief-Horse9#',
      });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({
        error: 'invalid_token',
        message: '유효하지 않은 토큰입니다.',
        param: 'token',
      });
      expect(
        (await fx.client().post('/api/v1/auth/login', { email, password: 'thief-Horse9#' })).status,
      ).toBe(401);
      await signIn(fx.client(), email, 'changed-Horse8?');
    });

    it('kills every other reset link once one of them is used, and signs out sessions started meanwhile', async () => {
      const email = uniqueEmail();
      await signUpAndActivate(fx, fx.client(), email);
      await fx.client().post('/api/v1/auth/password/forgot', { email });
      const token = linkIn(fx.inbox.last(email).text, '/reset-password').searchParams.get('token');
      // Signed in after the link was mailed, before it was used.
      const laptop = fx.client();
      await signIn(laptop, email);
      const reset = await fx.client().post('/api/v1/auth/password/reset', {
        token,
        password: 'new-Horse8?',
        passwordConfirm: 'new-Horse8?',
      });
      expect(reset.status).toBe(200);
      expect((await laptop.get('/api/v1/account')).status).toBe(401);
      const again = await fx.client().post('/api/v1/auth/password/reset', {
        token,
        password: 'other-Horse9#',
        passwordConfirm: 'other-Horse9#',
      });
      expect(again.body.error).toBe('invalid_token');
      // The link is dead after its own use, and the next one mailed works on its own.
      await fx.client().post('/api/v1/auth/password/forgot', { email });
      const next = linkIn(fx.inbox.last(email).text, '/reset-password').searchParams.get('token');
      expect(next).not.toBe(token);
      const second = await fx.client().post('/api/v1/auth/password/reset', {
        token: next,
        password: 'other-Horse9#',
        passwordConfirm: 'other-Horse9#',
      });
      expect(second.status).toBe(200);
      await signIn(fx.client(), email, 'other-Horse9#');
    });

    it('needs a session to change a password', async () => {
      const answer = await fx.client().post('/api/v1/auth/password/change', {
        currentPassword: PASSWORD,
        password: 'new-Horse8?',
        passwordConfirm: 'new-Horse8?',
      });
      expect(answer.status).toBe(401);
    });
  });
});

forEachDatabase('auth messages in Korean over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  it('says "Wrong password." and "Same password." in Korean when changing the password', async () => {
    const me = fx.client('ko');
    const email = uniqueEmail();
    await signUpAndActivate(fx, me, email);
    await signIn(me, email);
    const wrong = await me.post('/api/v1/auth/password/change', {
      currentPassword: 'nope-Horse7!',
      password: 'new-Horse8?',
      passwordConfirm: 'new-Horse8?',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({
      error: 'wrong_password',
      message: '비밀번호가 틀렸습니다.',
      param: 'currentPassword',
    });
    const same = await me.post('/api/v1/auth/password/change', {
      currentPassword: PASSWORD,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({
      error: 'same_password',
      message: '기존 비밀번호와 같습니다.',
      param: 'password',
    });
  });

  it('says "Password not matched." in Korean on sign-up and on reset', async () => {
    const email = uniqueEmail();
    const signup = await fx
      .client('ko')
      .post(SIGNUP, signupBody(email, { passwordConfirm: 'other-Horse7!' }));
    expect(signup.status).toBe(400);
    expect(signup.body).toMatchObject({ param: 'passwordConfirm', message: '비밀번호가 일치하지 않습니다.' });

    await signUpAndActivate(fx, fx.client(), email);
    await fx.client().post('/api/v1/auth/password/forgot', { email });
    const token = linkIn(fx.inbox.last(email).text, '/reset-password').searchParams.get('token');
    const reset = await fx.client('ko').post('/api/v1/auth/password/reset', {
      token,
      password: 'new-Horse8?',
      passwordConfirm: 'new-Horse9?',
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe('비밀번호가 일치하지 않습니다.');
    const same = await fx
      .client('ko')
      .post('/api/v1/auth/password/reset', { token, password: PASSWORD, passwordConfirm: PASSWORD });
    expect(same.body.message).toBe('기존 비밀번호와 같습니다.');
  });

  it('says "Verification token expired." in Korean and sends the new link', async () => {
    const email = uniqueEmail();
    await fx.client('ko').post(SIGNUP, signupBody(email));
    const token = linkIn(fx.inbox.last(email).text, '/register').searchParams.get('token');
    fx.clock.advance(25 * HOUR);
    const expired = await fx.client('ko').post('/api/v1/auth/verify', { token });
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({
      error: 'verification_expired',
      message: '인증 토큰이 만료되었습니다. 새 활성화 메일을 보내드렸습니다.',
    });
    expect(fx.inbox.to(email)).toHaveLength(2);
  });

  it('says "Failed to send email." in Korean when the mail server refuses', async () => {
    const email = uniqueEmail();
    await signUpAndActivate(fx, fx.client(), email);
    fx.inbox.refuseNext();
    const forgot = await fx.client('ko').post('/api/v1/auth/password/forgot', { email });
    expect(forgot.status).toBe(503);
    expect(forgot.body).toEqual({ error: 'email_send_failed', message: '이메일 전송에 실패했습니다.' });
    fx.inbox.refuseNext();
    const signup = await fx.client('ko').post(SIGNUP, signupBody(uniqueEmail()));
    expect(signup.status).toBe(503);
    expect(signup.body.message).toBe('이메일 전송에 실패했습니다.');
  });

  it('answers an unexpected failure with 500 "Unknown error. Please try again later." in either language', async () => {
    const users = fx.server.accounts.users;
    // The database dropping the connection mid-request: nothing the caller did wrong, nothing leaked.
    const lost = vi.spyOn(users, 'findByEmail').mockRejectedValue(new Error('connection terminated'));
    try {
      const en = await fx
        .client('en')
        .post('/api/v1/auth/login', { email: uniqueEmail(), password: PASSWORD });
      expect(en.status).toBe(500);
      expect(en.body).toEqual({ error: 'internal', message: 'Unknown error. Please try again later.' });
      const ko = await fx.client('ko').post('/api/v1/auth/password/forgot', { email: uniqueEmail() });
      expect(ko.status).toBe(500);
      expect(ko.body).toEqual({
        error: 'internal',
        message: '알 수 없는 오류입니다. 잠시 후 다시 시도해 주세요.',
      });
      expect(JSON.stringify([en.body, ko.body])).not.toContain('connection terminated');
    } finally {
      lost.mockRestore();
    }
  });
});

forEachDatabase('auth rate limits', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb(), { accounts: { authRateLimitPerMinute: 3 } });
  });
  afterAll(() => fx.close());

  it('answers 429 with Retry-After once one client passes the per-minute limit of a sign-in route', async () => {
    const client = fx.client('ko');
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 4; i++) {
      last = await client.post('/api/v1/auth/login', { email: uniqueEmail(), password: PASSWORD });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.body.error).toBe('rate_limited');
    expect(String(last?.body.message)).toMatch(/^요청이 너무 많습니다/);
    // Other routes count separately.
    expect((await client.post('/api/v1/auth/password/forgot', { email: uniqueEmail() })).status).toBe(202);
  });
});
