import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';

const KEYS = '/api/v1/account/api-keys';

forEachDatabase('API keys over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  it('creates a key on Pro+, shows its secret once, stores only a hash, and lists it without the secret', async () => {
    const { client, email } = await signedInUser(fx, 'pro_plus');
    const created = await client.post<{ id: string; key: string; prefix: string; lastUsedAt: null }>(KEYS, {
      name: 'my bot',
    });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body.key).toMatch(/^ssk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const list = await client.get<{ keys: Record<string, unknown>[] }>(KEYS);
    expect(list.body.keys).toEqual([
      {
        id: created.body.id,
        name: 'my bot',
        prefix: created.body.prefix,
        createdAt: expect.any(Number),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const { apiKeys } = await import('@spreadscope/db');
    expect(JSON.stringify(await getDb().db.select().from(apiKeys))).not.toContain(created.body.key);

    // The key works for the public API and records when it was used.
    const me = await fx.server.app.inject({ url: '/api/v1/me', headers: { 'x-api-key': created.body.key } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ via: 'apiKey', role: 'pro_plus', user: { email } });
    const bearer = await fx.server.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${created.body.key}` },
    });
    expect(bearer.statusCode).toBe(200);
    const used = await client.get<{ keys: { lastUsedAt: number | null }[] }>(KEYS);
    expect(used.body.keys[0]?.lastUsedAt).toBe(fx.clock.ms);

    // A key cannot manage the account.
    const viaKey = await fx.server.app.inject({
      method: 'POST',
      url: KEYS,
      headers: { 'x-api-key': created.body.key },
      payload: { name: 'x' },
    });
    expect(viaKey.statusCode).toBe(401);

    // Revoked: refused at once.
    expect((await client.request('DELETE', `${KEYS}/${created.body.id}`)).status).toBe(204);
    const revoked = await fx.server.app.inject({
      url: '/api/v1/me',
      headers: { 'x-api-key': created.body.key },
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ error: 'invalid_api_key', message: '유효하지 않은 API 키입니다.' });
    expect((await client.request('DELETE', `${KEYS}/${created.body.id}`)).status).toBe(404);
  });

  it('keeps the API from plans without it, naming the plan that has it', async () => {
    for (const plan of ['free', 'starter', 'pro'] as const) {
      const { client } = await signedInUser(fx, plan);
      const answer = await client.post(KEYS, { name: 'bot' });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('plan_required');
      expect(answer.body.message).toMatch(/It is available from Pro\+\.$/);
    }
  });

  it('stops a key working when its owner’s plan loses the API, and lets it work again after', async () => {
    const { client, user } = await signedInUser(fx, 'developer');
    const created = await client.post<{ key: string }>(KEYS, { name: 'dev' });
    expect(created.status).toBe(201);
    await fx.server.accounts.users.setPlan(user.id, 'free');
    const downgraded = await fx.server.app.inject({
      url: '/api/v1/me',
      headers: { 'x-api-key': created.body.key, 'accept-language': 'en' },
    });
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json().message).toBe(
      'Your plan (Free) does not include this. It is available from Pro+.',
    );
    await fx.server.accounts.users.setPlan(user.id, 'pro_plus');
    expect(
      (await fx.server.app.inject({ url: '/api/v1/me', headers: { 'x-api-key': created.body.key } }))
        .statusCode,
    ).toBe(200);
  });

  it('caps active keys and asks for a name', async () => {
    const { client } = await signedInUser(fx, 'partner');
    expect((await client.post(KEYS, { name: '  ' })).body.param).toBe('name');
    for (let i = 0; i < 10; i++) expect((await client.post(KEYS, { name: `k${i}` })).status).toBe(201);
    const over = await client.post(KEYS, { name: 'k10' });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('You can keep up to 10 active API keys.');
  });

  it('tells a caller without a key what the public API needs', async () => {
    const answer = await fx.server.app.inject({ url: '/api/v1/me', headers: { 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toBe('api_key_required');
    const garbage = await fx.server.app.inject({ url: '/api/v1/me', headers: { 'x-api-key': 'ssk_nope' } });
    expect(garbage.statusCode).toBe(401);
  });
});
