import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database, Drizzle } from './database.ts';
import { JOB_STATES, type JobState, jobs } from './schema-jobs.ts';

/** A job as the runner and the operator see it; times in epoch ms. */
export interface JobRecord {
  readonly id: number;
  readonly kind: string;
  readonly key: string;
  readonly payload: unknown;
  readonly state: JobState;
  /** Claims so far, the one running included. */
  readonly attempts: number;
  readonly maxAttempts: number;
  /** When it is due (next retry for `failed`). */
  readonly runAt: number;
  readonly lockedBy: string | null;
  readonly lockedUntil: number | null;
  readonly lastError: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finishedAt: number | null;
}

/** A job claimed by one runner: `leaseToken` proves the claim when completing, failing or extending it. */
export interface ClaimedJob extends JobRecord {
  readonly leaseToken: string;
}

export interface NewJob {
  readonly kind: string;
  /** Idempotency key: a second enqueue with it returns the first job. */
  readonly key: string;
  readonly payload?: unknown;
  readonly runAt: number;
  readonly maxAttempts: number;
}

export interface ClaimOptions {
  /** Names this runner in `locked_by` (process and host), for the operator. */
  readonly worker: string;
  /** Only these kinds: a runner never claims work it has no handler for. */
  readonly kinds: readonly string[];
  readonly limit: number;
  readonly leaseMs: number;
  readonly now: number;
}

export type JobCounts = Record<JobState, number>;

export interface JobsRepository {
  enqueue(job: NewJob, now: number): Promise<{ job: JobRecord; created: boolean }>;
  /**
   * Takes up to `limit` due jobs (queued or failed with `run_at <= now`, or running with an expired lease)
   * and marks them running for `leaseMs`. Rows another runner is claiming are skipped, not waited for.
   * A job whose lease expired on its last allowed attempt goes dead instead (its runner died every time).
   */
  claim(options: ClaimOptions): Promise<ClaimedJob[]>;
  /** Moves the lease on; false when the claim was lost (lease expired and taken over). */
  extend(job: ClaimedJob, lockedUntil: number, now: number): Promise<boolean>;
  complete(job: ClaimedJob, now: number): Promise<boolean>;
  /** A failed attempt: retried at `retryAt`, or dead when `retryAt` is null. */
  fail(job: ClaimedJob, error: string, retryAt: number | null, now: number): Promise<boolean>;
  get(id: number): Promise<JobRecord | undefined>;
  /** Newest first. */
  list(options?: { state?: JobState | undefined; limit?: number | undefined }): Promise<JobRecord[]>;
  /** A dead or failed job queued again now with a fresh set of attempts; undefined when it is neither. */
  retry(id: number, now: number): Promise<JobRecord | undefined>;
  /** Every dead job queued again; returns how many. */
  retryAllDead(now: number): Promise<number>;
  counts(): Promise<JobCounts>;
  /** Deletes done jobs finished before `cutoff`; dead ones stay for the operator. */
  deleteDoneBefore(cutoff: number): Promise<number>;
}

const LAST_ERROR_MAX = 2_000;

export function createJobsRepository(database: Pick<Database, 'db'>): JobsRepository {
  const db: Drizzle = database.db;
  const t = jobs;

  return {
    async enqueue(job, now) {
      const at = new Date(now);
      const inserted = await db
        .insert(t)
        .values({
          kind: job.kind,
          key: job.key,
          payload: job.payload ?? {},
          state: 'queued',
          maxAttempts: job.maxAttempts,
          runAt: new Date(job.runAt),
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: t.key })
        .returning();
      if (inserted[0]) return { job: toRecord(inserted[0]), created: true };
      const [existing] = await db.select().from(t).where(eq(t.key, job.key));
      if (!existing) throw new Error(`job ${job.key} neither inserted nor found`);
      return { job: toRecord(existing), created: false };
    },

    async claim({ worker, kinds, limit, leaseMs, now }) {
      if (kinds.length === 0 || limit <= 0) return [];
      const at = new Date(now);
      const expired = and(eq(t.state, 'running'), lte(t.lockedUntil, at));
      await db
        .update(t)
        .set({
          state: 'dead',
          lastError: sql`left(coalesce(${t.lastError} || ' · ', '') || 'lease expired on attempt ' || ${t.attempts} || ': its runner stopped', ${LAST_ERROR_MAX})`,
          lockedBy: null,
          leaseToken: null,
          lockedUntil: null,
          finishedAt: at,
          updatedAt: at,
        })
        .where(and(expired, sql`${t.attempts} >= ${t.maxAttempts}`, inArray(t.kind, [...kinds])));
      const due = db
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            inArray(t.kind, [...kinds]),
            or(and(inArray(t.state, ['queued', 'failed']), lte(t.runAt, at)), expired),
          ),
        )
        .orderBy(asc(t.runAt), asc(t.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const leaseToken = randomUUID();
      const rows = await db
        .update(t)
        .set({
          state: 'running',
          attempts: sql`${t.attempts} + 1`,
          lockedBy: worker,
          leaseToken,
          lockedUntil: new Date(now + leaseMs),
          updatedAt: at,
        })
        .where(inArray(t.id, due))
        .returning();
      return rows
        .map((row) => ({ ...toRecord(row), leaseToken }))
        .sort((a, b) => a.runAt - b.runAt || a.id - b.id);
    },

    async extend(job, lockedUntil, now) {
      const rows = await db
        .update(t)
        .set({ lockedUntil: new Date(lockedUntil), updatedAt: new Date(now) })
        .where(held(job))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    async complete(job, now) {
      const at = new Date(now);
      const rows = await db
        .update(t)
        .set({ state: 'done', ...released, finishedAt: at, updatedAt: at })
        .where(held(job))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    async fail(job, error, retryAt, now) {
      const at = new Date(now);
      const lastError = error.slice(0, LAST_ERROR_MAX);
      const rows = await db
        .update(t)
        .set(
          retryAt === null
            ? { state: 'dead', ...released, lastError, finishedAt: at, updatedAt: at }
            : { state: 'failed', ...released, lastError, runAt: new Date(retryAt), updatedAt: at },
        )
        .where(held(job))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    async get(id) {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row ? toRecord(row) : undefined;
    },

    async list({ state, limit = 50 } = {}) {
      const rows = await db
        .select()
        .from(t)
        .where(state === undefined ? undefined : eq(t.state, state))
        .orderBy(desc(t.id))
        .limit(limit);
      return rows.map(toRecord);
    },

    async retry(id, now) {
      const [row] = await db
        .update(t)
        .set(requeued(now))
        .where(and(eq(t.id, id), inArray(t.state, ['dead', 'failed'])))
        .returning();
      return row ? toRecord(row) : undefined;
    },

    async retryAllDead(now) {
      const rows = await db.update(t).set(requeued(now)).where(eq(t.state, 'dead')).returning({ id: t.id });
      return rows.length;
    },

    async counts() {
      const rows = await db
        .select({ state: t.state, n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(t)
        .groupBy(t.state);
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobCounts;
      for (const row of rows) counts[row.state] = row.n;
      return counts;
    },

    async deleteDoneBefore(cutoff) {
      const rows = await db
        .delete(t)
        .where(and(eq(t.state, 'done'), lte(t.finishedAt, new Date(cutoff))))
        .returning({ id: t.id });
      return rows.length;
    },
  };

  function held(job: ClaimedJob) {
    return and(eq(t.id, job.id), eq(t.state, 'running'), eq(t.leaseToken, job.leaseToken));
  }
}

const released = { lockedBy: null, leaseToken: null, lockedUntil: null } as const;

function requeued(now: number) {
  const at = new Date(now);
  return { state: 'queued' as const, attempts: 0, runAt: at, finishedAt: null, updatedAt: at, ...released };
}

function toRecord(row: typeof jobs.$inferSelect): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    payload: row.payload,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt.getTime(),
    lockedBy: row.lockedBy,
    lockedUntil: row.lockedUntil?.getTime() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}
