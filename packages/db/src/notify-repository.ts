import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, min, or, sql } from 'drizzle-orm';
import type { Database, Drizzle } from './database.ts';
import { notifyHistory } from './notify-history.ts';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRecord,
  DeliverySettlement,
  NewNotification,
  PushSubscriptionRecord,
  RecentNotification,
} from './notify-records.ts';
import { webPushStore } from './notify-web-push.ts';
import { users } from './schema-accounts.ts';
import {
  type NotifyChannelName,
  notificationAttempts,
  notificationDeliveries,
  notifications,
} from './schema-notify.ts';
import { arrayParam, chunks } from './sql-arrays.ts';

export type * from './notify-records.ts';

export interface NotifyRepository {
  /**
   * Stores notifications and their deliveries in one transaction. Returns the keys that were new; a key
   * stored before (or twice in the batch) stores nothing. With `hold`, the new deliveries are written already
   * claimed by the caller (first try, under that lease) and returned: the dispatcher of this process sends
   * them at once without reading them back, and should it die they are taken over when the lease runs out.
   */
  insert(
    items: readonly NewNotification[],
    now: number,
    hold?: { leaseMs: number },
    /** The caller's transaction to write in (the alert firings that caused them): none of its own then. */
    within?: Drizzle,
  ): Promise<{ created: Set<string>; held: ClaimedDelivery[] }>;
  /**
   * Takes up to `limit` deliveries that are due (queued with `due_at <= now`, or sending with an expired
   * lease) and holds them for `leaseMs`. Rows another dispatcher is taking are skipped, not waited for.
   */
  claim(options: { limit: number; leaseMs: number; now: number }): Promise<ClaimedDelivery[]>;
  /** Records the tries' outcomes; a settlement whose lease was lost meanwhile changes nothing. */
  settle(results: readonly DeliverySettlement[], now: number): Promise<number>;
  /** The earliest time a queued delivery falls due or a held one's lease runs out; null when none. */
  nextWakeAt(): Promise<number | null>;
  attemptsByOrigin(originKind: string, originId: string, limit: number): Promise<AttemptRecord[]>;
  deliveriesByKey(idempotencyKey: string): Promise<DeliveryRecord[]>;
  /** The user's latest notifications, newest first, each with its deliveries. */
  recentForUser(userId: string, limit: number): Promise<RecentNotification[]>;
  savePushSubscription(
    sub: Omit<PushSubscriptionRecord, 'id'> & { userAgent?: string | null },
    now: number,
  ): Promise<void>;
  deletePushSubscription(userId: string, endpoint: string): Promise<boolean>;
  /** The push service said the subscription is gone (404/410). */
  dropPushEndpoint(endpoint: string): Promise<void>;
  pushSubscriptionsOf(userId: string): Promise<PushSubscriptionRecord[]>;
  /** The stored value of a server key, made and stored by `make` the first time (once across processes). */
  serverKey<T>(name: string, make: () => T, now: number): Promise<T>;
}

const ERROR_MAX = 500;
const INSERT_CHUNK = 2_000;

export function createNotifyRepository(database: Pick<Database, 'db'>): NotifyRepository {
  const db: Drizzle = database.db;
  const d = notificationDeliveries;
  const n = notifications;

  return {
    async insert(items, now, hold, within) {
      const created = new Set<string>();
      const held: ClaimedDelivery[] = [];
      const seen = new Set<string>();
      const unique = items.filter((item) => !seen.has(item.idempotencyKey) && seen.add(item.idempotencyKey));
      if (unique.length === 0) return { created, held };
      const at = new Date(now);
      const leaseToken = randomUUID();
      const lockedUntil = hold ? new Date(now + hold.leaseMs) : null;
      const accounts = new Map<string, { email: string; verified: boolean }>();
      if (hold) {
        const rows = await (within ?? db)
          .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(inArray(users.id, [...new Set(unique.map((i) => i.userId))]));
        for (const row of rows) accounts.set(row.id, { email: row.email, verified: row.verifiedAt !== null });
      }
      const inTransaction = (run: (tx: Drizzle) => Promise<void>) =>
        within ? run(within) : db.transaction(run);
      await inTransaction(async (tx) => {
        for (const chunk of chunks(unique, INSERT_CHUNK)) {
          // One statement per chunk: arrays per column, unnested server-side (a burst of alerts is one write).
          const rows = await tx.execute<{ id: number | string; idempotency_key: string }>(sql`
            insert into notifications (idempotency_key, user_id, origin_kind, origin_id, locale, title, body, url, occurred_at, created_at)
            select k, u, ok, oi, l, t, b, url, to_timestamp(o / 1000.0), ${at}
            from unnest(
              ${arrayParam(
                chunk.map((i) => i.idempotencyKey),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.userId),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.originKind),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.originId),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.locale),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.title),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.body),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.url),
                'text',
              )},
              ${arrayParam(
                chunk.map((i) => i.occurredAt),
                'float8',
              )}
            ) as v(k, u, ok, oi, l, t, b, url, o)
            on conflict (idempotency_key) do nothing
            returning id, idempotency_key`);
          const byKey = new Map(chunk.map((i) => [i.idempotencyKey, i]));
          const ids: number[] = [];
          const channels: string[] = [];
          const targets: (string | null)[] = [];
          const owners: NewNotification[] = [];
          for (const row of resultRows<{ id: number | string; idempotency_key: string }>(rows)) {
            created.add(row.idempotency_key);
            const item = byKey.get(row.idempotency_key);
            for (const delivery of item?.deliveries ?? []) {
              ids.push(Number(row.id));
              channels.push(delivery.channel);
              targets.push(delivery.target);
              if (item) owners.push(item);
            }
          }
          if (ids.length === 0) continue;
          const inserted = await tx.execute<{
            id: number | string;
            notification_id: number | string;
            channel: string;
          }>(sql`
            insert into notification_deliveries (notification_id, channel, target, state, attempts, due_at, locked_until, lease_token, updated_at)
            select i, c, t, ${hold ? 'sending' : 'queued'}, ${hold ? 1 : 0}, ${at}, ${lockedUntil}, ${hold ? leaseToken : null}, ${at}
            from unnest(${sql`${sql.param(ids)}::int8[]`}, ${arrayParam(channels, 'text')}, ${arrayParam(targets, 'text')}) as v(i, c, t)
            returning id, notification_id, channel`);
          if (!hold) continue;
          // (notification, channel) is unique: it finds each returned row's input, whatever order rows come in.
          const index = new Map(ids.map((id, k) => [`${id}:${channels[k]}`, k]));
          for (const row of resultRows<{
            id: number | string;
            notification_id: number | string;
            channel: string;
          }>(inserted)) {
            const k = index.get(`${Number(row.notification_id)}:${row.channel}`) ?? -1;
            const item = owners[k];
            const account = item ? accounts.get(item.userId) : undefined;
            if (!item || !account) continue;
            held.push({
              id: Number(row.id),
              leaseToken,
              notificationId: ids[k] ?? 0,
              channel: channels[k] as NotifyChannelName,
              target: targets[k] ?? null,
              attempt: 1,
              resumed: false,
              idempotencyKey: item.idempotencyKey,
              userId: item.userId,
              userEmail: account.email,
              userEmailVerified: account.verified,
              locale: item.locale,
              title: item.title,
              body: item.body,
              url: item.url,
              occurredAt: item.occurredAt,
              createdAt: now,
            });
          }
        }
      });
      return { created, held };
    },

    async claim({ limit, leaseMs, now }) {
      if (limit <= 0) return [];
      const at = new Date(now);
      const due = db
        .select({ id: d.id })
        .from(d)
        .where(
          or(
            and(eq(d.state, 'queued'), lte(d.dueAt, at)),
            and(eq(d.state, 'sending'), lte(d.lockedUntil, at)),
          ),
        )
        .orderBy(asc(d.dueAt), asc(d.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const leaseToken = randomUUID();
      const held = await db
        .update(d)
        .set({
          // A row still `sending` here was cut off mid-send: remember that for the channel (resumed).
          lastError: sql`case when ${d.state} = 'sending' then 'interrupted' else ${d.lastError} end`,
          state: 'sending',
          attempts: sql`${d.attempts} + 1`,
          leaseToken,
          lockedUntil: new Date(now + leaseMs),
          updatedAt: at,
        })
        .where(inArray(d.id, due))
        .returning();
      if (held.length === 0) return [];
      const cutOff = held.filter((row) => row.lastError === 'interrupted');
      if (cutOff.length > 0) {
        // The try a dead dispatcher never finished goes into the history too: it may or may not have reached
        // the channel, and the user reading the history should know a resend may follow.
        await db.insert(notificationAttempts).values(
          cutOff.map((row) => ({
            deliveryId: row.id,
            attempt: row.attempts - 1,
            outcome: 'failed' as const,
            error: 'interrupted: the server stopped while sending',
            at,
          })),
        );
      }
      const texts = await db
        .select({
          id: n.id,
          idempotencyKey: n.idempotencyKey,
          userId: n.userId,
          locale: n.locale,
          title: n.title,
          body: n.body,
          url: n.url,
          occurredAt: n.occurredAt,
          createdAt: n.createdAt,
          email: users.email,
          verifiedAt: users.emailVerifiedAt,
        })
        .from(n)
        .innerJoin(users, eq(users.id, n.userId))
        .where(inArray(n.id, [...new Set(held.map((row) => row.notificationId))]));
      const byId = new Map(texts.map((row) => [row.id, row]));
      const orphans = held.filter((row) => !byId.has(row.notificationId)).map((row) => row.id);
      if (orphans.length > 0) {
        // Their notification went with a deleted account: nothing to send, nobody to show the history to.
        await db.delete(notificationAttempts).where(inArray(notificationAttempts.deliveryId, orphans));
        await db.delete(d).where(inArray(d.id, orphans));
      }
      const claimed: ClaimedDelivery[] = [];
      for (const row of held) {
        const text = byId.get(row.notificationId);
        if (!text) continue;
        claimed.push({
          id: row.id,
          leaseToken,
          notificationId: row.notificationId,
          channel: row.channel,
          target: row.target,
          attempt: row.attempts,
          resumed: row.lastError === 'interrupted',
          idempotencyKey: text.idempotencyKey,
          userId: text.userId,
          userEmail: text.email,
          userEmailVerified: text.verifiedAt !== null,
          locale: text.locale === 'en' ? 'en' : 'ko',
          title: text.title,
          body: text.body,
          url: text.url,
          occurredAt: text.occurredAt.getTime(),
          createdAt: text.createdAt.getTime(),
        });
      }
      return claimed.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    },

    async settle(results, now) {
      if (results.length === 0) return 0;
      const at = new Date(now);
      let changed = 0;
      await db.transaction(async (tx) => {
        for (const chunk of chunks(results, INSERT_CHUNK)) {
          const state = chunk.map((r) => (r.outcome === 'failed' ? 'queued' : r.outcome));
          const rows = await tx.execute<{
            id: number | string;
            attempt: number;
            outcome: string;
            error: string | null;
          }>(sql`
            update notification_deliveries as d set
              state = v.state,
              due_at = coalesce(to_timestamp(v.retry_at / 1000.0), d.due_at),
              last_error = v.error,
              external_id = coalesce(v.external_id, d.external_id),
              sent_at = case when v.state = 'sent' then ${at}::timestamptz else d.sent_at end,
              lease_token = null,
              locked_until = null,
              updated_at = ${at}
            from unnest(
              ${sql`${sql.param(chunk.map((r) => r.id))}::int8[]`},
              ${arrayParam(
                chunk.map((r) => r.leaseToken),
                'text',
              )},
              ${arrayParam(state, 'text')},
              ${arrayParam(
                chunk.map((r) => r.retryAt ?? null),
                'float8',
              )},
              ${arrayParam(
                chunk.map((r) => clip(r.error)),
                'text',
              )},
              ${arrayParam(
                chunk.map((r) => r.externalId ?? null),
                'text',
              )},
              ${arrayParam(
                chunk.map((r) => r.attempt),
                'int4',
              )},
              ${arrayParam(
                chunk.map((r) => r.outcome),
                'text',
              )}
            ) as v(id, lease_token, state, retry_at, error, external_id, attempt, outcome)
            where d.id = v.id and d.lease_token = v.lease_token and d.state = 'sending'
            returning d.id, v.attempt, v.outcome, v.error`);
          const settled = resultRows<{
            id: number | string;
            attempt: number;
            outcome: string;
            error: string | null;
          }>(rows);
          changed += settled.length;
          if (settled.length === 0) continue;
          // Only tries whose lease still held are history: a try whose lease was taken over is the new
          // holder's to record.
          await tx.execute(sql`
            insert into notification_attempts (delivery_id, attempt, outcome, error, at)
            select i, a, o, e, ${at}
            from unnest(
              ${sql`${sql.param(settled.map((r) => Number(r.id)))}::int8[]`},
              ${arrayParam(
                settled.map((r) => r.attempt),
                'int4',
              )},
              ${arrayParam(
                settled.map((r) => r.outcome),
                'text',
              )},
              ${arrayParam(
                settled.map((r) => r.error),
                'text',
              )}
            ) as v(i, a, o, e)`);
        }
      });
      return changed;
    },

    async nextWakeAt() {
      const [queued] = await db
        .select({ at: min(d.dueAt) })
        .from(d)
        .where(eq(d.state, 'queued'));
      const [sending] = await db
        .select({ at: min(d.lockedUntil) })
        .from(d)
        .where(eq(d.state, 'sending'));
      const times = [queued?.at, sending?.at]
        .filter((t): t is Date => t instanceof Date)
        .map((t) => t.getTime());
      return times.length === 0 ? null : Math.min(...times);
    },

    ...notifyHistory(db),
    ...webPushStore(db),
  };
}

function clip(error: string | undefined): string | null {
  return error === undefined ? null : error.slice(0, ERROR_MAX);
}

/** pg returns `{ rows }`, PGlite too; both through Drizzle's execute. */
function resultRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
