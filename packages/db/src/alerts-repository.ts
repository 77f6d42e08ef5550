import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { markEnqueued, type OutboxInTransaction, recordFires, toHistory } from './alert-fires.ts';
import type { Database } from './database.ts';
import { users } from './schema-accounts.ts';
import { alertHistory, alertState, alerts } from './schema-alerts.ts';

export interface AlertRow {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly definition: Record<string, unknown>;
  readonly active: boolean;
  readonly expiresAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly lastTriggeredAt: number | null;
  readonly triggerCount: number;
}

export interface AlertStateRow {
  readonly alertId: string;
  readonly watchKey: string;
  readonly armed: boolean;
  readonly sign: number;
  readonly since: number;
  readonly last: number | null;
}

export interface AlertFireRecord {
  readonly alertId: string;
  readonly userId: string;
  readonly alertName: string;
  readonly once: boolean;
  readonly state: AlertStateRow;
  readonly firedAt: number;
  readonly token: string;
  readonly pair: string;
  readonly dataType: string;
  readonly condition: string;
  readonly threshold: number;
  readonly value: number;
  readonly title: string;
  readonly body: string;
  /** Built by the caller once the crossing number is known. */
  readonly notification: (seq: number) => Record<string, unknown>;
}

export interface AlertHistoryRow {
  readonly id: string;
  readonly alertId: string | null;
  readonly userId: string;
  readonly alertName: string;
  readonly seq: number;
  readonly watchKey: string;
  readonly firedAt: number;
  readonly token: string;
  readonly pair: string;
  readonly dataType: string;
  readonly condition: string;
  readonly threshold: number;
  readonly value: number;
  readonly title: string;
  readonly body: string;
  readonly notification: Record<string, unknown>;
  readonly status: 'pending' | 'enqueued';
}

export type AlertBulkAction = 'pause-all' | 'restart-inactive' | 'delete-inactive';

export interface AlertsRepository {
  list(userId: string): Promise<AlertRow[]>;
  get(userId: string, id: string): Promise<AlertRow | undefined>;
  count(userId: string): Promise<number>;
  /**
   * Inserts unless the user already holds `max` alerts; the count and the insert run under a lock on the
   * user's row, so two tabs saving at once cannot pass the limit together.
   */
  insert(row: Omit<AlertRow, 'lastTriggeredAt' | 'triggerCount'>, max: number): Promise<'added' | 'limit'>;
  update(
    userId: string,
    id: string,
    change: Pick<AlertRow, 'name' | 'definition' | 'active' | 'expiresAt' | 'updatedAt'>,
    resetState: boolean,
  ): Promise<AlertRow | undefined>;
  delete(userId: string, id: string): Promise<boolean>;
  bulk(userId: string, action: AlertBulkAction, now: number): Promise<number>;
  /** Rows changed after `since` (epoch ms), any user, oldest first: how the evaluator follows edits. */
  changedSince(since: number): Promise<AlertRow[]>;
  /** Ids of every active alert (the evaluator reconciles deletions with them). */
  activeIds(): Promise<string[]>;
  states(alertIds: readonly string[]): Promise<AlertStateRow[]>;
  saveStates(rows: readonly AlertStateRow[], now: number): Promise<void>;
  /**
   * The firings of one tick in one transaction (see `recordFires`): crossing numbers, history rows, trigger
   * states, last-triggered times (one-time rules become inactive) and, with `outbox`, the outbox rows too.
   * Returns the history rows of the firings whose rule was still active.
   */
  recordFires(fires: readonly AlertFireRecord[], outbox?: OutboxInTransaction): Promise<AlertHistoryRow[]>;
  markEnqueued(historyIds: readonly string[]): Promise<void>;
  /** Firings recorded but not yet handed to the outbox (a crash in between), oldest first. */
  pendingFires(limit?: number): Promise<AlertHistoryRow[]>;
  history(
    userId: string,
    options: { alertId?: string | undefined; limit: number },
  ): Promise<AlertHistoryRow[]>;
  deleteHistory(userId: string): Promise<number>;
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

function toRow(r: typeof alerts.$inferSelect): AlertRow {
  return {
    id: r.id,
    userId: r.userId,
    name: r.name,
    definition: r.definition as Record<string, unknown>,
    active: r.active,
    expiresAt: r.expiresAt?.getTime() ?? null,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    lastTriggeredAt: r.lastTriggeredAt?.getTime() ?? null,
    triggerCount: r.triggerCount,
  };
}

export function createAlertsRepository(database: Pick<Database, 'db'>): AlertsRepository {
  const { db } = database;
  const own = (userId: string, id: string) => and(eq(alerts.userId, userId), eq(alerts.id, id));

  return {
    async list(userId) {
      const rows = await db
        .select()
        .from(alerts)
        .where(eq(alerts.userId, userId))
        .orderBy(asc(alerts.createdAt));
      return rows.map(toRow);
    },
    async get(userId, id) {
      const [row] = await db.select().from(alerts).where(own(userId, id)).limit(1);
      return row ? toRow(row) : undefined;
    },
    async count(userId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(alerts)
        .where(eq(alerts.userId, userId));
      return Number(row?.n ?? 0);
    },
    async insert(row, max) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(alerts)
          .where(eq(alerts.userId, row.userId));
        if (Number(held?.n ?? 0) >= max) return 'limit' as const;
        await tx.insert(alerts).values({
          ...row,
          expiresAt: date(row.expiresAt),
          createdAt: new Date(row.createdAt),
          updatedAt: new Date(row.updatedAt),
        });
        return 'added' as const;
      });
    },
    async update(userId, id, change, resetState) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(alerts)
          .set({ ...change, expiresAt: date(change.expiresAt), updatedAt: new Date(change.updatedAt) })
          .where(own(userId, id))
          .returning();
        if (!row) return undefined;
        // A changed rule watches other things or by another measure: its crossings start afresh.
        if (resetState) await tx.delete(alertState).where(eq(alertState.alertId, id));
        return toRow(row);
      });
    },
    async delete(userId, id) {
      const rows = await db.delete(alerts).where(own(userId, id)).returning({ id: alerts.id });
      return rows.length > 0;
    },
    async bulk(userId, action, now) {
      const mine = eq(alerts.userId, userId);
      const at = new Date(now);
      if (action === 'pause-all') {
        const rows = await db
          .update(alerts)
          .set({ active: false, updatedAt: at })
          .where(and(mine, eq(alerts.active, true)))
          .returning({ id: alerts.id });
        return rows.length;
      }
      if (action === 'restart-inactive') {
        // An alert past its expiry stays inactive: restarting it would be refused by the form's rule too.
        const rows = await db
          .update(alerts)
          .set({ active: true, updatedAt: at })
          .where(
            and(
              mine,
              eq(alerts.active, false),
              sql`(${alerts.expiresAt} is null or ${alerts.expiresAt} > ${at.toISOString()}::timestamptz)`,
            ),
          )
          .returning({ id: alerts.id });
        return rows.length;
      }
      const rows = await db
        .delete(alerts)
        .where(
          and(
            mine,
            sql`(not ${alerts.active} or (${alerts.expiresAt} is not null and ${alerts.expiresAt} <= ${at.toISOString()}::timestamptz))`,
          ),
        )
        .returning({ id: alerts.id });
      return rows.length;
    },
    async changedSince(since) {
      const rows = await db
        .select()
        .from(alerts)
        .where(gt(alerts.updatedAt, new Date(since)))
        .orderBy(asc(alerts.updatedAt));
      return rows.map(toRow);
    },
    async activeIds() {
      const rows = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.active, true));
      return rows.map((r) => r.id);
    },
    async states(alertIds) {
      if (alertIds.length === 0) return [];
      const out: AlertStateRow[] = [];
      for (let i = 0; i < alertIds.length; i += 5_000) {
        const rows = await db
          .select()
          .from(alertState)
          .where(inArray(alertState.alertId, alertIds.slice(i, i + 5_000) as string[]));
        for (const r of rows) out.push({ ...r });
      }
      return out;
    },
    async saveStates(rows, now) {
      for (let i = 0; i < rows.length; i += 2_000) {
        const batch = rows.slice(i, i + 2_000).map((r) => ({ ...r, updatedAt: new Date(now) }));
        // A state of a rule deleted meanwhile has no parent any more: skip it rather than fail the batch.
        const ids = [...new Set(batch.map((r) => r.alertId))];
        const alive = new Set(
          (await db.select({ id: alerts.id }).from(alerts).where(inArray(alerts.id, ids))).map((r) => r.id),
        );
        const kept = batch.filter((r) => alive.has(r.alertId));
        if (kept.length === 0) continue;
        await db
          .insert(alertState)
          .values(kept)
          .onConflictDoUpdate({
            target: [alertState.alertId, alertState.watchKey],
            set: {
              armed: sql`excluded.armed`,
              sign: sql`excluded.sign`,
              since: sql`excluded.since`,
              last: sql`excluded.last`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
    },
    recordFires(fires, outbox) {
      return recordFires(db, fires, outbox);
    },
    markEnqueued(historyIds) {
      return markEnqueued(db, historyIds);
    },
    async pendingFires(limit = 500) {
      const rows = await db
        .select()
        .from(alertHistory)
        .where(eq(alertHistory.status, 'pending'))
        .orderBy(asc(alertHistory.firedAt))
        .limit(limit);
      return rows.map(toHistory);
    },
    async history(userId, { alertId, limit }) {
      const rows = await db
        .select()
        .from(alertHistory)
        .where(and(eq(alertHistory.userId, userId), alertId ? eq(alertHistory.alertId, alertId) : undefined))
        .orderBy(desc(alertHistory.firedAt))
        .limit(limit);
      return rows.map(toHistory);
    },
    async deleteHistory(userId) {
      const rows = await db
        .delete(alertHistory)
        .where(eq(alertHistory.userId, userId))
        .returning({ id: alertHistory.id });
      return rows.length;
    },
  };
}
