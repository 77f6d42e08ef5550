import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AlertFireRecord, AlertHistoryRow } from './alerts-repository.ts';
import type { Drizzle } from './database.ts';
import { alertHistory, alertState, alerts } from './schema-alerts.ts';

/**
 * Writes done inside the firings' transaction once their crossing numbers are known: the outbox rows of the
 * same firings. When given, the history rows are stored `enqueued` — they commit or roll back with the outbox
 * rows, so there is no window in which a crash leaves one without the other.
 */
export type OutboxInTransaction = (tx: Drizzle, rows: readonly AlertHistoryRow[]) => Promise<void>;

export function toHistory(r: typeof alertHistory.$inferSelect): AlertHistoryRow {
  return {
    ...r,
    firedAt: r.firedAt.getTime(),
    notification: r.notification as Record<string, unknown>,
  };
}

/**
 * Every firing of one tick in one transaction: per firing the rule's next crossing number, last-triggered time
 * (a one-time rule becomes inactive), its trigger state and its history row; then the outbox rows when
 * `outbox` is given. A firing of a rule that is gone or no longer active records nothing.
 */
export async function recordFires(
  db: Drizzle,
  fires: readonly AlertFireRecord[],
  outbox?: OutboxInTransaction,
): Promise<AlertHistoryRow[]> {
  if (fires.length === 0) return [];
  return db.transaction(async (tx) => {
    const out: AlertHistoryRow[] = [];
    // One rule can fire more than once in a tick (several watched pairs): in order, so crossing numbers follow.
    for (const fire of fires) {
      const at = new Date(fire.firedAt);
      const [rule] = await tx
        .update(alerts)
        .set({
          fireSeq: sql`${alerts.fireSeq} + 1`,
          triggerCount: sql`${alerts.triggerCount} + 1`,
          lastTriggeredAt: at,
          ...(fire.once ? { active: false, updatedAt: at } : {}),
        })
        .where(and(eq(alerts.id, fire.alertId), eq(alerts.active, true)))
        .returning({ seq: alerts.fireSeq });
      if (!rule) continue;
      await tx
        .insert(alertState)
        .values({ ...fire.state, updatedAt: at })
        .onConflictDoUpdate({
          target: [alertState.alertId, alertState.watchKey],
          set: {
            armed: fire.state.armed,
            sign: fire.state.sign,
            since: fire.state.since,
            last: fire.state.last,
            updatedAt: at,
          },
        });
      const [row] = await tx
        .insert(alertHistory)
        .values({
          id: crypto.randomUUID(),
          alertId: fire.alertId,
          userId: fire.userId,
          alertName: fire.alertName,
          seq: rule.seq,
          watchKey: fire.state.watchKey,
          firedAt: at,
          token: fire.token,
          pair: fire.pair,
          dataType: fire.dataType,
          condition: fire.condition,
          threshold: fire.threshold,
          value: fire.value,
          title: fire.title,
          body: fire.body,
          notification: fire.notification(rule.seq),
          status: outbox ? 'enqueued' : 'pending',
        })
        .returning();
      if (row) out.push(toHistory(row));
    }
    if (outbox && out.length > 0) await outbox(tx, out);
    return out;
  });
}

/** Firings handed to the outbox after their own transaction (a notifier that cannot join it). */
export async function markEnqueued(db: Drizzle, historyIds: readonly string[]): Promise<void> {
  if (historyIds.length === 0) return;
  await db
    .update(alertHistory)
    .set({ status: 'enqueued' })
    .where(inArray(alertHistory.id, historyIds as string[]));
}
