import { and, asc, eq } from 'drizzle-orm';
import type { Drizzle } from './database.ts';
import type { NotifyRepository } from './notify-repository.ts';
import { pushSubscriptions, serverKeys } from './schema-notify.ts';

/** The browsers' push subscriptions and the server's own keys (the VAPID pair web push signs with). */
export function webPushStore(
  db: Drizzle,
): Pick<
  NotifyRepository,
  'savePushSubscription' | 'deletePushSubscription' | 'dropPushEndpoint' | 'pushSubscriptionsOf' | 'serverKey'
> {
  return {
    async savePushSubscription(sub, now) {
      const p = pushSubscriptions;
      // An endpoint belongs to one browser profile: signing in as someone else there moves it to them.
      await db
        .insert(p)
        .values({ ...sub, userAgent: sub.userAgent ?? null, createdAt: new Date(now) })
        .onConflictDoUpdate({
          target: p.endpoint,
          set: { userId: sub.userId, p256dh: sub.p256dh, auth: sub.auth, userAgent: sub.userAgent ?? null },
        });
    },

    async deletePushSubscription(userId, endpoint) {
      const p = pushSubscriptions;
      const rows = await db
        .delete(p)
        .where(and(eq(p.userId, userId), eq(p.endpoint, endpoint)))
        .returning({ id: p.id });
      return rows.length > 0;
    },

    async dropPushEndpoint(endpoint) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    async pushSubscriptionsOf(userId) {
      const p = pushSubscriptions;
      return db
        .select({ id: p.id, userId: p.userId, endpoint: p.endpoint, p256dh: p.p256dh, auth: p.auth })
        .from(p)
        .where(eq(p.userId, userId))
        .orderBy(asc(p.id));
    },

    async serverKey<T>(name: string, make: () => T, now: number): Promise<T> {
      const [found] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
      if (found) return found.value as T;
      // Two processes starting at once may both make one; the first stored wins and both read it back.
      await db
        .insert(serverKeys)
        .values({ name, value: make() as object, createdAt: new Date(now) })
        .onConflictDoNothing();
      const [stored] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
      if (!stored) throw new Error(`server key ${name} neither stored nor found`);
      return stored.value as T;
    },
  };
}
