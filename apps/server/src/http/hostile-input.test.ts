import { forEachDatabase } from '@spreadscope/db/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  PASSWORD,
  signedInUser,
  startAccountsFixture,
  uniqueEmail,
} from '../test-support/accounts-fixture.ts';
import {
  type Operation,
  operationsOf,
  type Slot,
  sampleRequest,
  sendRequest,
  stringSlots,
} from '../test-support/openapi-requests.ts';

/**
 * Every operation the app documents, with hostile text in each string field, path and query parameter in
 * turn (the rest of the request valid-looking), signed in on a plan that may use every route: nothing may
 * answer 5xx, on either database. NUL and unpaired surrogates must be refused at the schema (400).
 */
const FIXED_HOSTILE: readonly string[] = [
  '\u0000',
  'a\u0000b@example.com',
  '%00',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  '\ufeff\u200b',
  '😀👍🏽𠜎',
  '../../etc/passwd',
  "' or 1=1 --",
  'x'.repeat(100_000),
];

const UNSTORABLE = ['\u0000', 'a\u0000b@example.com', '\ud800', 'x\udfffy'];

forEachDatabase('hostile strings on every route', (getDb) => {
  let fx: AccountsFixture;
  let cookie = '';
  let operations: Operation[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    fx = await startAccountsFixture(getDb(), { log: { level: 'error', lines } });
    const { client } = await signedInUser(fx, 'pro_plus');
    cookie = `ss_session=${client.jar.get('ss_session')}`;
    operations = operationsOf((await fx.server.app.inject({ url: '/api/docs/json' })).json());
  });
  afterAll(() => fx.close());

  const fresh = () => ({ email: uniqueEmail('hostile'), password: PASSWORD });

  async function statusWith(operation: Operation, slot: Slot, hostile: string): Promise<number> {
    const request = sampleRequest(operation, fresh());
    slot.set(request, hostile);
    return (await sendRequest(fx.server.app, request, cookie)).status;
  }

  it('finds every documented operation and its text inputs', () => {
    expect(operations.length).toBeGreaterThanOrEqual(61);
    const slots = operations.flatMap((o) =>
      stringSlots(o, fresh()).map((s) => `${o.method} ${o.path} ${s.name}`),
    );
    for (const expected of [
      'post /api/v1/auth/login body.email',
      'post /api/v1/auth/password/forgot body.email',
      'post /api/v1/auth/verify/resend body.email',
      'post /api/v1/settings/pins body.key',
      'delete /api/v1/settings/pins/{key} path.key',
      'delete /api/v1/account/api-keys/{id} path.id',
      'patch /api/v1/settings body.columns.premium.0',
    ]) {
      expect(slots).toContain(expected);
    }
  });

  it('never answers 5xx, for fixed hostile strings in every text input', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const slot of stringSlots(operation, fresh())) {
        for (const hostile of FIXED_HOSTILE) {
          const status = await statusWith(operation, slot, hostile);
          if (status >= 500) {
            failures.push(
              `${operation.method} ${operation.path} ${slot.name}=${JSON.stringify(hostile.slice(0, 20))}: ${status}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(lines.filter((l) => l.includes('unhandled error'))).toEqual([]);
  });

  it('never answers 5xx, for arbitrary UTF-16 (lone surrogates and NUL included)', {
    timeout: 600_000,
  }, async () => {
    const targets = operations.flatMap((operation) =>
      stringSlots(operation, fresh()).map((slot) => ({ operation, slot })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.string({ unit: 'binary', maxLength: 40 }),
        async ({ operation, slot }, hostile) => {
          expect(await statusWith(operation, slot, hostile)).toBeLessThan(500);
        },
      ),
      { numRuns: 300, seed: 19 },
    );
  });

  it('refuses NUL and unpaired surrogates with 400 naming the field, before any database work', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/v1/auth/login', { password: PASSWORD }, 'email'],
      [
        'POST',
        '/api/v1/auth/signup',
        { password: PASSWORD, passwordConfirm: PASSWORD, acceptTerms: true, acceptPrivacy: true },
        'email',
      ],
      ['POST', '/api/v1/auth/password/forgot', {}, 'email'],
      ['POST', '/api/v1/auth/verify/resend', { password: PASSWORD }, 'email'],
    ];
    for (const [method, url, rest, field] of cases) {
      for (const bad of UNSTORABLE) {
        const answer = await fx.server.app.inject({
          method: method as 'POST',
          url,
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          payload: JSON.stringify({ ...rest, [field]: bad }),
        });
        expect(answer.statusCode, `${url} ${JSON.stringify(bad)}`).toBe(400);
        expect(answer.json()).toMatchObject({ error: 'invalid_parameter', param: field });
        expect(answer.json().message).toContain('NUL characters or unpaired surrogates');
      }
    }
    for (const bad of ['%00', 'a%00b', '%ED%A0%80']) {
      const pin = await fx.server.app.inject({
        method: 'DELETE',
        url: `/api/v1/settings/pins/${bad}`,
        headers: { cookie },
      });
      expect(pin.statusCode, bad).toBe(400);
      const key = await fx.server.app.inject({
        method: 'DELETE',
        url: `/api/v1/account/api-keys/${bad}`,
        headers: { cookie },
      });
      expect(key.statusCode, bad).toBe(400);
    }
    const columns = await fx.server.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ columns: { premium: ['gap\ud800'] } }),
    });
    expect(columns.statusCode).toBe(400);
  });
});
