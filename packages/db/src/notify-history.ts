import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Drizzle } from './database.ts';
import type { NotifyRepository } from './notify-repository.ts';
import { notificationAttempts, notificationDeliveries, notifications } from './schema-notify.ts';

/** The notification store's reads of what was sent: by origin, by key, a user's latest. */
export function notifyHistory(
  db: Drizzle,
): Pick<NotifyRepository, 'attemptsByOrigin' | 'deliveriesByKey' | 'recentForUser'> {
  const d = notificationDeliveries;
  const n = notifications;
  return {
    async attemptsByOrigin(originKind, originId, limit) {
      const a = notificationAttempts;
      const rows = await db
        .select({
          idempotencyKey: n.idempotencyKey,
          channel: d.channel,
          attempt: a.attempt,
          outcome: a.outcome,
          error: a.error,
          at: a.at,
        })
        .from(a)
        .innerJoin(d, eq(d.id, a.deliveryId))
        .innerJoin(n, eq(n.id, d.notificationId))
        .where(and(eq(n.originKind, originKind), eq(n.originId, originId)))
        .orderBy(desc(a.at), desc(a.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, at: row.at.getTime() }));
    },

    async deliveriesByKey(idempotencyKey) {
      const rows = await db
        .select({
          id: d.id,
          channel: d.channel,
          state: d.state,
          attempts: d.attempts,
          target: d.target,
          externalId: d.externalId,
          lastError: d.lastError,
        })
        .from(d)
        .innerJoin(n, eq(n.id, d.notificationId))
        .where(eq(n.idempotencyKey, idempotencyKey))
        .orderBy(asc(d.channel));
      return rows;
    },

    async recentForUser(userId, limit) {
      const latest = await db
        .select()
        .from(n)
        .where(eq(n.userId, userId))
        .orderBy(desc(n.createdAt), desc(n.id))
        .limit(limit);
      if (latest.length === 0) return [];
      const rows = await db
        .select()
        .from(d)
        .where(
          inArray(
            d.notificationId,
            latest.map((row) => row.id),
          ),
        )
        .orderBy(asc(d.channel));
      return latest.map((row) => ({
        key: row.idempotencyKey,
        title: row.title,
        body: row.body,
        url: row.url,
        occurredAt: row.occurredAt.getTime(),
        createdAt: row.createdAt.getTime(),
        deliveries: rows
          .filter((r) => r.notificationId === row.id)
          .map((r) => ({
            id: r.id,
            channel: r.channel,
            state: r.state,
            attempts: r.attempts,
            target: r.target,
            externalId: r.externalId,
            lastError: r.lastError,
          })),
      }));
    },
  };
}
