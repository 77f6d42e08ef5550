import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { type FakeTwilio, startFakeTwilio } from '../../test-support/fake-twilio.ts';
import { twilioSms } from './twilio-sms.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and checked by the assertions
type Loose = Record<string, any>;

const START = '/api/v1/account/phone/verification';
const CONFIRM = '/api/v1/account/phone/verification/confirm';
const PHONE = '/api/v1/account/phone';

/** The code in the last text message the fake Twilio accepted for `to`. */
function codeSentTo(twilio: FakeTwilio, to: string): string {
  const message = [...twilio.messages].reverse().find((m) => m.to === to);
  const code = /\[?(\d{6})\]?/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** A wrong code for a right one: the same length, another value. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

forEachDatabase('phone linking over Twilio (loopback fake of its API)', (getDb) => {
  let fx: AccountsFixture;
  let twilio: FakeTwilio;
  const warnings: string[] = [];
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    fx = await startAccountsFixture(getDb(), {
      phone: {
        sms: twilioSms({
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: twilio.from,
          apiUrl: twilio.url,
        }),
        // Every request here comes from one address: its limit has a test of its own below.
        rules: { sendsPerIp: 1_000, confirmsPerIp: 1_000 },
        log: { warn: (line) => warnings.push(line) },
      },
    });
  });
  afterAll(async () => {
    await fx.close();
    await twilio.close();
  });

  const after = (seconds: number) => fx.clock.advance(seconds * 1000);
  let nextNumber = 20_000_000;
  /** A fresh Korean mobile number per call: suites share one database and one fake. */
  const freshNumber = () => {
    nextNumber += 1;
    return {
      typed: `010-${String(nextNumber).slice(0, 4)}-${String(nextNumber).slice(4)}`,
      e164: `+8210${nextNumber}`,
    };
  };

  it('links a number by the code Twilio delivered, shows it masked, and removes it', async () => {
    const { client } = await signedInUser(fx, 'free', 'ko');
    const { typed, e164 } = freshNumber();
    const empty = await client.get<Loose>(PHONE);
    expect(empty.body).toMatchObject({ phone: null, pending: null, provider: 'twilio', codeLength: 6 });

    const sentBefore = twilio.messages.length;
    const started = await client.post<Loose>(START, { phone: typed });
    expect(started.status).toBe(202);
    expect(started.body.simulatedCode).toBeUndefined();
    expect(started.body.pending).toMatchObject({
      number: `+82 10-****-${e164.slice(-4)}`,
      attemptsLeft: 5,
      expiresAt: fx.clock.ms + 5 * 60_000,
      resendAt: fx.clock.ms + 60_000,
    });
    expect(twilio.messages.length).toBe(sentBefore + 1);
    const message = twilio.messages.at(-1);
    expect(message).toMatchObject({ to: e164, from: twilio.from });
    // In the account's language (the request's), with the code and its lifetime.
    expect(message?.body).toMatch(
      /^\[Spreadscope\] 인증번호 \[\d{6}\]를 입력해 주세요\. 5분 동안 유효합니다\./,
    );
    const code = codeSentTo(twilio, e164);

    const confirmed = await client.post<Loose>(CONFIRM, { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.phone).toEqual({
      number: `+82 10-****-${e164.slice(-4)}`,
      provider: 'twilio',
      verifiedAt: fx.clock.ms,
    });
    expect(confirmed.body.pending).toBeNull();
    expect((await client.get<Loose>(PHONE)).body.phone.number).toBe(`+82 10-****-${e164.slice(-4)}`);
    // The full number never leaves the server.
    expect(JSON.stringify((await client.get(PHONE)).body)).not.toContain(e164.slice(3, 9));

    // The same code twice does nothing more.
    expect((await client.post<Loose>(CONFIRM, { code })).body.error).toBe('no_code');
    const again = await client.post<Loose>(START, { phone: e164 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'already_linked',
      param: 'phone',
      message: '이미 이 계정에 연결된 번호입니다.',
    });

    expect((await client.request('DELETE', PHONE)).status).toBe(204);
    expect((await client.get<Loose>(PHONE)).body.phone).toBeNull();
    const gone = await client.request<Loose>('DELETE', PHONE);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('phone_not_linked');
  });

  it('a provider that refuses the number or fails answers clearly, links nothing and keeps no code', async () => {
    const { client } = await signedInUser(fx, 'free');
    const { typed, e164 } = freshNumber();

    twilio.refuse.set(e164, 21614);
    const refused = await client.post<Loose>(START, { phone: typed });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'phone_undeliverable',
      param: 'phone',
      message: 'Text messages cannot be delivered to this number. Check it or use another one.',
    });
    twilio.refuse.delete(e164);

    for (const [status, code] of [
      [500, 20500],
      [503, 20503],
      [429, 20429],
    ] as const) {
      twilio.failNext(1, status, code);
      const failed = await client.post<Loose>(START, { phone: typed });
      expect(failed.status, `provider ${status}`).toBe(503);
      expect(failed.body).toMatchObject({
        error: 'sms_unavailable',
        message: 'The code could not be sent right now. Please try again in a few minutes.',
      });
      expect(failed.headers['retry-after']).toBe('60');
    }
    const state = await client.get<Loose>(PHONE);
    expect(state.body).toMatchObject({ phone: null, pending: null });
    expect((await client.post<Loose>(CONFIRM, { code: '123456' })).body.error).toBe('no_code');
    // The operator learns what went wrong, never the number or a code.
    expect(warnings.some((line) => line.includes('twilio HTTP 400 error 21614'))).toBe(true);
    expect(warnings.some((line) => line.includes('twilio HTTP 503 error 20503'))).toBe(true);
    expect(warnings.join('\n')).not.toContain(e164.slice(3));

    // A failed send does not hold the person back: the next try goes at once.
    const sent = await client.post<Loose>(START, { phone: typed });
    expect(sent.status).toBe(202);
  });

  it('refuses bad input with the field and the message, in Korean or English', async () => {
    const { client } = await signedInUser(fx, 'free', 'ko');
    const landline = await client.post<Loose>(START, { phone: '02-123-4567' });
    expect(landline.status).toBe(400);
    expect(landline.body).toEqual({
      error: 'not_mobile',
      param: 'phone',
      message: '휴대폰 번호가 아니어서 문자로 인증번호를 받을 수 없습니다.',
    });
    const nonsense = await client.post<Loose>(START, { phone: 'call me maybe' }, { 'accept-language': 'en' });
    expect(nonsense.body).toEqual({
      error: 'invalid_phone',
      param: 'phone',
      message: 'Enter a mobile number, such as 010-1234-5678 or +82 10-1234-5678.',
    });
    expect((await client.post<Loose>(START, {})).status).toBe(400);
    expect((await client.post<Loose>(START, { phone: 12 })).status).toBe(400);
    expect((await client.post<Loose>(START, { phone: '010\u0000' })).status).toBe(400);
    const noCode = await client.post<Loose>(CONFIRM, { code: '123456' });
    expect(noCode.status).toBe(409);
    expect(noCode.body).toMatchObject({ error: 'no_code', message: '먼저 인증번호를 요청해 주세요.' });
    const badCode = await client.post<Loose>(CONFIRM, { code: '12ab56' });
    expect(badCode.status).toBe(400);
    expect(badCode.body).toMatchObject({ error: 'invalid_code', param: 'code' });
  });

  it('a code expires after 5 minutes, allows 5 tries, and only the newest works', async () => {
    const { client } = await signedInUser(fx, 'free');
    const { typed, e164 } = freshNumber();

    await client.post(START, { phone: typed });
    after(5 * 60 + 1);
    const expired = await client.post<Loose>(CONFIRM, { code: codeSentTo(twilio, e164) });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      error: 'code_expired',
      message: 'The code has expired. Request a new one.',
    });
    expect((await client.get<Loose>(PHONE)).body.pending).toBeNull();

    await client.post(START, { phone: typed });
    const code = codeSentTo(twilio, e164);
    for (const left of [4, 3, 2, 1]) {
      const miss = await client.post<Loose>(CONFIRM, { code: wrong(code) });
      expect(miss.status).toBe(400);
      expect(miss.body).toEqual({
        error: 'wrong_code',
        param: 'code',
        message: `The code is not correct. ${left} more tries.`,
      });
      expect((await client.get<Loose>(PHONE)).body.pending.attemptsLeft).toBe(left);
    }
    const fifth = await client.post<Loose>(CONFIRM, { code: wrong(code) });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toBe('too_many_attempts');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    // Used up: even the right code does not link now.
    expect((await client.post<Loose>(CONFIRM, { code })).body.error).toBe('no_code');
    expect((await client.get<Loose>(PHONE)).body.phone).toBeNull();

    // Resend: a cooldown, then a new code; the old one stops working.
    after(61);
    await client.post(START, { phone: typed });
    const first = codeSentTo(twilio, e164);
    const soon = await client.post<Loose>(START, { phone: typed });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toBe('resend_cooldown');
    expect(soon.headers['retry-after']).toBe('60');
    after(30);
    expect((await client.post<Loose>(START, { phone: typed })).headers['retry-after']).toBe('30');
    after(31);
    expect((await client.post<Loose>(START, { phone: typed })).status).toBe(202);
    const second = codeSentTo(twilio, e164);
    if (first !== second) expect((await client.post<Loose>(CONFIRM, { code: first })).status).toBe(400);
    expect((await client.post<Loose>(CONFIRM, { code: second })).status).toBe(200);
  });

  it('a number proven by one account cannot be linked to another; cancelling forgets the code', async () => {
    const first = await signedInUser(fx, 'free');
    const second = await signedInUser(fx, 'free');
    const { typed, e164 } = freshNumber();
    await first.client.post(START, { phone: typed });
    await first.client.post(CONFIRM, { code: codeSentTo(twilio, e164) });

    await second.client.post(START, { phone: typed });
    const taken = await second.client.post<Loose>(CONFIRM, { code: codeSentTo(twilio, e164) });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      error: 'phone_taken',
      message: 'This number is linked to another account. Remove it there first.',
    });
    expect((await second.client.get<Loose>(PHONE)).body).toMatchObject({ phone: null, pending: null });
    expect((await first.client.get<Loose>(PHONE)).body.phone.number).toContain(e164.slice(-4));

    // Once the first account lets it go, the second may prove and link it.
    expect((await first.client.request('DELETE', PHONE)).status).toBe(204);
    after(61);
    await second.client.post(START, { phone: typed });
    expect((await second.client.request('DELETE', `${START}`)).status).toBe(204);
    expect((await second.client.get<Loose>(PHONE)).body.pending).toBeNull();
    after(61);
    await second.client.post(START, { phone: typed });
    expect((await second.client.post<Loose>(CONFIRM, { code: codeSentTo(twilio, e164) })).status).toBe(200);
  });

  it('counts sends per account and per number (429 with Retry-After), across accounts', async () => {
    const { client } = await signedInUser(fx, 'free');
    for (let i = 0; i < 5; i++) {
      expect((await client.post<Loose>(START, { phone: freshNumber().typed })).status).toBe(202);
      after(61);
    }
    const sixth = await client.post<Loose>(START, { phone: freshNumber().typed });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      error: 'rate_limited',
      message: 'Too many codes were requested. Try again in 60 min.',
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3_000);

    // One stranger's phone cannot be flooded from many accounts.
    const victim = freshNumber();
    for (let i = 0; i < 5; i++) {
      const { client: other } = await signedInUser(fx, 'free');
      expect((await other.post<Loose>(START, { phone: victim.typed })).status).toBe(202);
    }
    const { client: sixthAccount } = await signedInUser(fx, 'free');
    const flooded = await sixthAccount.post<Loose>(START, { phone: victim.e164 });
    expect(flooded.status).toBe(429);
    expect(flooded.body.error).toBe('rate_limited');
  });

  it('is for signed-in people in the browser only, and refuses other sites’ pages', async () => {
    const visitor = fx.client();
    expect((await visitor.get(PHONE)).status).toBe(401);
    expect((await visitor.post(START, { phone: '010-1234-5678' })).status).toBe(401);
    const { client } = await signedInUser(fx, 'free');
    const foreign = await client.post<Loose>(
      START,
      { phone: freshNumber().typed },
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(foreign.status).toBe(403);
  });
});

forEachDatabase('phone linking with the simulated provider', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb(), { phone: { rules: { sendsPerIp: 3 } } });
  });
  afterAll(() => fx.close());

  it('hands the code to the person instead of sending it, and says so', async () => {
    const { client } = await signedInUser(fx, 'free');
    const status = await client.get<Loose>(PHONE);
    expect(status.body.provider).toBe('simulated');
    const started = await client.post<Loose>(START, { phone: '+82 10-5555-0101' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      provider: 'simulated',
      simulatedCode: expect.stringMatching(/^\d{6}$/),
    });
    const linked = await client.post<Loose>(CONFIRM, { code: ` ${started.body.simulatedCode} ` });
    expect(linked.body.phone).toMatchObject({ number: '+82 10-****-0101', provider: 'simulated' });
  });

  it('limits sends per client address', async () => {
    const clients: CookieClient[] = [];
    for (let i = 0; i < 3; i++) clients.push((await signedInUser(fx, 'free')).client);
    // One send was spent above; two more are allowed from this address, the next is refused.
    expect((await clients[0]?.post<Loose>(START, { phone: '010-5555-0202' }))?.status).toBe(202);
    expect((await clients[1]?.post<Loose>(START, { phone: '010-5555-0303' }))?.status).toBe(202);
    const refused = await clients[2]?.post<Loose>(START, { phone: '010-5555-0404' });
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
