import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { type FakePushService, startFakePushService } from '../../test-support/fake-push-service.ts';
import { alertNotification } from '../../test-support/notify-fixture.ts';
import { connectWs } from '../../test-support/ws-client.ts';
import { createNotifyModule, type NotifyModule } from './notify-module.ts';

forEachDatabase('notifications over HTTP and the per-user WebSocket', (getDb) => {
  let fx: AccountsFixture;
  let notify: NotifyModule;
  let push: FakePushService;
  let wsUrl = '';
  beforeAll(async () => {
    push = await startFakePushService();
    fx = await startAccountsFixture(getDb(), {
      notify: async ({ database, bus, accounts }) => {
        notify = await createNotifyModule({
          database,
          bus,
          mailer: accounts.mailer,
          logger: { info: () => {}, warn: () => {}, error: () => {} },
          publicUrl: () => 'http://localhost:8080',
          mailFrom: 'Spreadscope <alerts@spreadscope.test>',
          dataDir: mkdtempSync(join(tmpdir(), 'notify-routes-')),
          telegram: { apiUrl: 'http://127.0.0.1:9' },
          sendLeaseMs: 30_000,
          deliver: true,
        });
        return notify.http;
      },
    });
    const address = await fx.server.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/api/v1/ws/user`;
  }, 180_000);
  afterAll(async () => {
    await notify?.stop();
    await fx.close();
    await push.close();
  });

  it('tells a signed-in user the push key and how each channel is set up; visitors must sign in', async () => {
    expect((await fx.client().get('/api/v1/notifications/config')).status).toBe(401);
    const { client } = await signedInUser(fx, 'pro', 'ko');
    const config = await client.get('/api/v1/notifications/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      pushSubscriptions: 0,
      telegram: { mode: 'simulated', botUsername: null },
      email: { mode: 'live' },
      iosRequiresInstall: true,
    });
    expect(config.body.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('stores a browser’s subscription, refuses a malformed one, and forgets it on DELETE', async () => {
    const { client } = await signedInUser(fx, 'pro');
    const browser = push.subscribe();
    const bad = await client.post('/api/v1/push/subscriptions', {
      ...browser,
      keys: { p256dh: 'short', auth: browser.keys.auth },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('keys.p256dh');
    expect((await client.post('/api/v1/push/subscriptions', browser)).status).toBe(201);
    expect((await client.post('/api/v1/push/subscriptions', browser)).status).toBe(201);
    expect((await client.get('/api/v1/notifications/config')).body.pushSubscriptions).toBe(1);
    const removed = await client.request('DELETE', '/api/v1/push/subscriptions', {
      endpoint: browser.endpoint,
    });
    expect(removed.body).toEqual({ removed: true });
    expect((await client.get('/api/v1/notifications/config')).body.pushSubscriptions).toBe(0);
  });

  it('shows a toast in every open tab of the user and in no one else’s, pushes it, and lists it with the channel outcomes', async () => {
    const alice = await signedInUser(fx, 'pro', 'ko');
    const bob = await signedInUser(fx, 'pro', 'ko');
    const cookie = (c: typeof alice.client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const tab1 = connectWs(wsUrl, {
      cookie: cookie(alice.client),
      origin: new URL(wsUrl.replace('ws', 'http')).origin,
    });
    const tab2 = connectWs(wsUrl, { cookie: cookie(alice.client) });
    const bobTab = connectWs(wsUrl, { cookie: cookie(bob.client) });
    await Promise.all([tab1.opened, tab2.opened, bobTab.opened]);
    const browser = push.subscribe();
    await alice.client.post('/api/v1/push/subscriptions', browser);

    const n = alertNotification(alice.user.id, { channels: { toast: true, telegram: { chatId: '4242' } } });
    expect(await notify.notifier.enqueue(n)).toEqual({ duplicate: false });
    const [first, second] = await Promise.all([
      tab1.next((m) => m.type === 'notification'),
      tab2.next((m) => m.type === 'notification'),
    ]);
    expect(first).toEqual({
      type: 'notification',
      key: n.idempotencyKey,
      title: n.title,
      body: n.body,
      url: '/premium/BTC',
      occurredAt: n.occurredAt,
    });
    expect(second).toEqual(first);
    await expect(bobTab.next((m) => m.type === 'notification', 500)).rejects.toThrow('timed out');
    expect(
      push.received
        .filter((p) => p.endpoint === browser.endpoint)
        .map((p) => (p.payload as { key: string }).key),
    ).toEqual([n.idempotencyKey]);

    const list = await alice.client.get<{ notifications: { key: string; deliveries: unknown[] }[] }>(
      '/api/v1/notifications',
    );
    expect(list.body.notifications[0]?.key).toBe(n.idempotencyKey);
    expect(list.body.notifications[0]?.deliveries).toEqual([
      { channel: 'telegram', state: 'sent', attempts: 1, lastError: null, simulated: true },
      { channel: 'toast', state: 'sent', attempts: 1, lastError: null, simulated: false },
    ]);
    expect(
      (await bob.client.get<{ notifications: unknown[] }>('/api/v1/notifications')).body.notifications,
    ).toEqual([]);
    for (const tab of [tab1, tab2, bobTab]) tab.close();
  });

  it('refuses the per-user socket to visitors and to foreign origins', async () => {
    const visitor = connectWs(wsUrl);
    await expect(visitor.opened).rejects.toThrow(/401/);
    const { client } = await signedInUser(fx, 'free');
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const foreign = connectWs(wsUrl, { cookie, origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow(/403/);
  });
});
