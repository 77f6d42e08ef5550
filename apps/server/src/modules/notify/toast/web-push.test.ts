import type { ClaimedDelivery, Database } from '@spreadscope/db';
import { createNotifyRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../../../test-support/fake-push-service.ts';
import { insertVerifiedUser } from '../../../test-support/notify-fixture.ts';
import { toastChannel } from './toast-channel.ts';
import { UserSockets } from './user-sockets.ts';
import { loadVapidKeys, vapidSubject } from './vapid-keys.ts';
import { WebPushSender } from './web-push-sender.ts';

forEachDatabase('Web Push', (getDb) => {
  let push: FakePushService;
  let database: Database;
  beforeAll(async () => {
    push = await startFakePushService();
  });
  afterAll(() => push.close());

  function delivery(userId: string, key: string): ClaimedDelivery {
    return {
      id: 1,
      leaseToken: 't',
      notificationId: 1,
      channel: 'toast',
      target: null,
      attempt: 1,
      resumed: false,
      idempotencyKey: key,
      userId,
      userEmail: '',
      userEmailVerified: true,
      locale: 'en',
      title: 'ETH funding above 0.1%',
      body: 'Bybit ETH/USDT perp 0.1250% (8h)',
      url: '/funding/ETH',
      occurredAt: 1_767_582_000_000,
      createdAt: 0,
    };
  }

  it('makes the VAPID pair once and keeps it', async () => {
    database = getDb();
    const repository = createNotifyRepository(database);
    const first = await loadVapidKeys(repository, Date.now());
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await loadVapidKeys(createNotifyRepository(database), Date.now())).toEqual(first);
    expect(vapidSubject('https://spreadscope.example/app', 'S <alerts@spreadscope.example>')).toBe(
      'https://spreadscope.example',
    );
    expect(vapidSubject(undefined, 'Spreadscope <no-reply@spreadscope.local>')).toBe(
      'mailto:no-reply@spreadscope.local',
    );
  });

  it('pushes an encrypted payload the browser can decrypt, signed with the stored VAPID key', async () => {
    database = getDb();
    const repository = createNotifyRepository(database);
    const user = await insertVerifiedUser(database, 'en');
    const keys = await loadVapidKeys(repository, Date.now());
    const sender = new WebPushSender(keys, 'mailto:ops@spreadscope.example', repository);
    const browser = push.subscribe();
    await repository.savePushSubscription(
      { userId: user.id, endpoint: browser.endpoint, ...browser.keys },
      Date.now(),
    );
    const channel = toastChannel({
      sockets: new UserSockets(),
      push: sender,
      repository,
      publicUrl: () => 'https://spreadscope.example',
    });

    const outcome = await channel.send(delivery(user.id, 'alert:r9:1'));
    expect(outcome).toEqual({ ok: true, externalId: 'tabs:0 push:1' });
    expect(push.refused).toEqual([]);
    const [got] = push.received;
    expect(got?.payload).toEqual({
      type: 'notification',
      key: 'alert:r9:1',
      title: 'ETH funding above 0.1%',
      body: 'Bybit ETH/USDT perp 0.1250% (8h)',
      url: 'https://spreadscope.example/en/funding/ETH',
      occurredAt: 1_767_582_000_000,
    });
    expect(got?.vapidPublicKey).toBe(keys.publicKey);
    expect(got?.claims.sub).toBe('mailto:ops@spreadscope.example');
    expect(got?.ttl).toBe(3600);
    expect(got?.urgency).toBe('high');
    expect(got?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('is refused by the push service when the VAPID signature does not match the key it names', async () => {
    database = getDb();
    const repository = createNotifyRepository(database);
    const user = await insertVerifiedUser(database, 'en');
    const stored = await loadVapidKeys(repository, Date.now());
    const other = (await import('web-push')).default.generateVAPIDKeys();
    const forged = new WebPushSender(
      { publicKey: stored.publicKey, privateKey: other.privateKey },
      'mailto:ops@x.example',
      repository,
    );
    const browser = push.subscribe();
    await repository.savePushSubscription(
      { userId: user.id, endpoint: browser.endpoint, ...browser.keys },
      Date.now(),
    );
    const channel = toastChannel({
      sockets: new UserSockets(),
      push: forged,
      repository,
      publicUrl: () => 'http://localhost:8080',
    });
    expect(await channel.send(delivery(user.id, 'alert:r9:3'))).toEqual({
      ok: false,
      permanent: false,
      error: 'push 403',
    });
    expect(push.refused.at(-1)).toMatchObject({ status: 403, reason: 'JWT signature does not verify' });
  });

  it('forgets a subscription the push service says is gone, and retries while nobody can show the toast', async () => {
    database = getDb();
    const repository = createNotifyRepository(database);
    const user = await insertVerifiedUser(database, 'ko');
    const sender = new WebPushSender(
      await loadVapidKeys(repository, Date.now()),
      'mailto:ops@x.example',
      repository,
    );
    const browser = push.subscribe();
    await repository.savePushSubscription(
      { userId: user.id, endpoint: browser.endpoint, ...browser.keys },
      Date.now(),
    );
    push.expire(browser.endpoint);
    const channel = toastChannel({
      sockets: new UserSockets(),
      push: sender,
      repository,
      publicUrl: () => 'http://localhost:8080',
    });
    const outcome = await channel.send({ ...delivery(user.id, 'alert:r9:2'), locale: 'ko' });
    expect(outcome).toEqual({
      ok: false,
      permanent: false,
      error: '알림을 띄울 열린 탭이나 설치된 앱이 없습니다',
    });
    expect(await repository.pushSubscriptionsOf(user.id)).toEqual([]);
  });
});
