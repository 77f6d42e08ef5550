import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Where a job stands; `failed` waits for its retry at `run_at`, `dead` waits for an operator. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Work that must happen once across the cluster (history pruning, later alerts, mail, billing webhooks).
 * `key` is the idempotency key: enqueueing the same key twice keeps one job. A runner claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds them until `locked_until` (its lease); a runner that dies leaves the row
 * `running` with an expired lease, and the next claim takes it again. `lease_token` names one claim, so a
 * runner whose lease was taken over cannot complete the job under the new holder.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique('jobs_key_key'),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: ts('run_at').notNull(),
    lockedBy: text('locked_by'),
    leaseToken: text('lease_token'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'dead')`),
    check('jobs_max_attempts_check', sql`${t.maxAttempts} >= 1`),
    // Claims read due rows by state and time; the operator lists by state.
    index('jobs_state_run_at_idx').on(t.state, t.runAt),
  ],
);
