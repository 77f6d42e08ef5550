import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  signIn,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';

forEachDatabase('settings over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  it('keeps display settings on the account, across sign-out and on another device', async () => {
    const { client, email } = await signedInUser(fx, 'free');
    expect((await client.get('/api/v1/settings')).body).toMatchObject({
      preferences: {},
      pins: [],
      ownedTokens: [],
    });
    const saved = await client.request('PATCH', '/api/v1/settings', {
      currency: 'USD',
      theme: 'light',
      interval: '10s',
    });
    expect(saved.status).toBe(200);
    await client.request('PATCH', '/api/v1/settings', { theme: 'dark' });
    await client.post('/api/v1/auth/logout');
    expect((await client.get('/api/v1/settings')).status).toBe(401);

    const phone = fx.client();
    await signIn(phone, email);
    const back = await phone.get('/api/v1/settings');
    expect(back.body.preferences).toEqual({ currency: 'USD', theme: 'dark', interval: '10s' });
  });

  it('keeps the chosen table columns on the account, per table group', async () => {
    const { client, email } = await signedInUser(fx, 'free');
    const columns = { premium: ['volume', 'entryGap'], arbitrage: null };
    expect((await client.request('PATCH', '/api/v1/settings', { columns })).status).toBe(200);
    await client.request('PATCH', '/api/v1/settings', { theme: 'dark' });
    const laptop = fx.client();
    await signIn(laptop, email);
    expect((await laptop.get('/api/v1/settings')).body.preferences).toEqual({ columns, theme: 'dark' });
    const bad = await client.request('PATCH', '/api/v1/settings', { columns: { funding: ['rate'] } });
    expect(bad.status).toBe(400);
  });

  it('sends account mail in the language the user last chose', async () => {
    const { client, user } = await signedInUser(fx, 'free', 'ko');
    await client.request('PATCH', '/api/v1/settings', { language: 'en' });
    expect((await fx.server.accounts.users.findById(user.id))?.language).toBe('en');
  });

  it('rejects values outside the choices', async () => {
    const { client } = await signedInUser(fx, 'free');
    const bad = await client.request('PATCH', '/api/v1/settings', { currency: 'EUR' });
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('currency');
    const unknown = await client.request('PATCH', '/api/v1/settings', { fontSize: 30 });
    expect(unknown.status).toBe(400);
  });

  it('lets Free pin 2 and says so in the user’s language; paid plans pin 10', async () => {
    const free = await signedInUser(fx, 'free', 'ko');
    for (const key of ['BTC', 'ETH'])
      expect((await free.client.post('/api/v1/settings/pins', { key })).status).toBe(200);
    const third = await free.client.post('/api/v1/settings/pins', { key: 'XRP' });
    expect(third.status).toBe(403);
    expect(third.body).toEqual({
      error: 'limit_reached',
      message: '무료 플랜은 최대 2개까지 고정할 수 있습니다. 업그레이드하면 10개까지 고정할 수 있습니다.',
    });
    // Pinning what is already pinned is not a new pin.
    expect((await free.client.post('/api/v1/settings/pins', { key: 'BTC' })).status).toBe(200);

    const pro = await signedInUser(fx, 'pro');
    for (let i = 0; i < 10; i++) {
      expect((await pro.client.post('/api/v1/settings/pins', { key: `T${i}` })).status).toBe(200);
    }
    const eleventh = await pro.client.post('/api/v1/settings/pins', { key: 'T10' });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body.message).toBe('You can pin up to 10 items.');
    const unpinned = await pro.client.request('DELETE', '/api/v1/settings/pins/T3');
    expect(unpinned.body.pins).toHaveLength(9);
    expect((await pro.client.post('/api/v1/settings/pins', { key: 'T10' })).status).toBe(200);
  });

  it('keeps up to 20 owned tokens', async () => {
    const { client } = await signedInUser(fx, 'free');
    const twenty = Array.from({ length: 20 }, (_, i) => `tok${i}`);
    const ok = await client.request('PUT', '/api/v1/settings/owned-tokens', { tokens: [...twenty, 'TOK0'] });
    expect(ok.status).toBe(200);
    expect(ok.body.ownedTokens).toEqual(twenty.map((t) => t.toUpperCase()));
    const over = await client.request('PUT', '/api/v1/settings/owned-tokens', { tokens: [...twenty, 'ONE'] });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('You can register up to 20 owned tokens.');
  });

  it('keeps pins to the signed-in', async () => {
    const visitor = await fx.client('en').post('/api/v1/settings/pins', { key: 'BTC' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('Please sign in to continue.');
  });
});
