import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio } from '../../test-support/fake-twilio.ts';
import { SmsSendError } from './sms-provider.ts';
import { twilioSms } from './twilio-sms.ts';

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(() => twilio.close());

const adapter = (overrides: Partial<Parameters<typeof twilioSms>[0]> = {}) =>
  twilioSms({
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: twilio.from,
    apiUrl: `${twilio.url}/`,
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Twilio Programmable Messaging adapter', () => {
  it('posts To, From and Body form-encoded with Basic auth, and returns the message sid', async () => {
    const body = '[Spreadscope] 인증번호 [123456]를 입력해 주세요. & = + %';
    const sent = await adapter().send({ to: '+821012345678', body });
    expect(sent.id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.messages.at(-1)).toEqual({
      sid: sent.id,
      to: '+821012345678',
      from: twilio.from,
      messagingServiceSid: null,
      body,
    });
    expect(twilio.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      status: 201,
    });
  });

  it('sends through a Messaging Service when the sender is its SID', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    await adapter({ from: service }).send({ to: '+14155552671', body: 'hello' });
    expect(twilio.messages.at(-1)).toMatchObject({ from: null, messagingServiceSid: service });
  });

  it('tells a number Twilio refuses apart from Twilio failing', async () => {
    twilio.refuse.set('+821099990000', 21614);
    const refused = await failure(adapter().send({ to: '+821099990000', body: 'x' }));
    expect(refused.kind).toBe('undeliverable');
    expect(refused.detail).toBe('twilio HTTP 400 error 21614');
    expect(refused.detail).not.toContain('99990000');

    twilio.failNext(1, 503);
    expect((await failure(adapter().send({ to: '+821012345678', body: 'x' }))).kind).toBe('unavailable');
    twilio.failNext(1, 429);
    const throttled = await failure(adapter().send({ to: '+821012345678', body: 'x' }));
    expect(throttled).toMatchObject({ kind: 'unavailable', detail: 'twilio HTTP 429 error 20429' });
    const badToken = await failure(adapter({ authToken: 'wrong' }).send({ to: '+821012345678', body: 'x' }));
    expect(badToken).toMatchObject({ kind: 'unavailable', detail: 'twilio HTTP 401 error 20003' });
    // A wrong sender is our configuration, not the person's number.
    const badFrom = await failure(adapter({ from: '+15550000000' }).send({ to: '+821012345678', body: 'x' }));
    expect(badFrom).toMatchObject({ kind: 'unavailable', detail: 'twilio HTTP 400 error 21606' });
  });

  it('reports an unreachable API as unavailable', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const error = await failure(
      adapter({ apiUrl: `http://127.0.0.1:${port}` }).send({ to: '+821012345678', body: 'x' }),
    );
    expect(error.kind).toBe('unavailable');
  });
});
