/**
 * `npm run admin -- jobs …`: the operator's view of the job runner (apps/server/src/jobs).
 *
 *   jobs list [--state queued|running|done|failed|dead] [--limit N]
 *   jobs show <id>
 *   jobs retry <id> | --all-dead
 */
import { parseArgs } from 'node:util';
import {
  createJobsRepository,
  type Database,
  JOB_STATES,
  type JobRecord,
  type JobState,
} from '@spreadscope/db';

export const JOBS_USAGE = `  npm run admin -- jobs list [--state ${JOB_STATES.join('|')}] [--limit N]
  npm run admin -- jobs show <id>
  npm run admin -- jobs retry <id> | --all-dead`;

interface Output {
  log(line: string): void;
}

/** Thrown for bad arguments; the caller prints it with the usage. */
export class JobsUsageError extends Error {
  override readonly name = 'UsageError';
}

const OPTIONS = {
  state: { type: 'string' },
  limit: { type: 'string' },
  'all-dead': { type: 'boolean' },
} as const;

/**
 * Runs one `jobs` sub-command; returns the exit code. `openDb` gives the database with whether this command
 * owns it (and closes it), or the exit code of a command that ran elsewhere (the running server).
 */
export async function runJobsCommand(
  argv: readonly string[],
  openDb: () => Promise<{ database: Database; owned: boolean } | number>,
  out: Output,
  now: () => number = Date.now,
): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new JobsUsageError((error as Error).message);
  }
  const [command, ...positionals] = parsed.positionals;
  const { values } = parsed;
  const state = values.state;
  if (state !== undefined && !(JOB_STATES as readonly string[]).includes(state)) {
    throw new JobsUsageError(`--state must be one of ${JOB_STATES.join(', ')}`);
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    throw new JobsUsageError('--limit must be a whole number from 1 to 10000');
  }
  let id: number | undefined;
  if (command === 'show' || (command === 'retry' && !values['all-dead'])) {
    id = Number(positionals[0]);
    if (positionals.length !== 1 || !Number.isSafeInteger(id) || id < 1) {
      throw new JobsUsageError(`jobs ${command} needs one job id (a positive whole number)`);
    }
  } else if (command !== 'list' && command !== 'retry') {
    throw new JobsUsageError(command ? `unknown jobs command "${command}"` : 'jobs needs a command');
  }

  const opened = await openDb();
  if (typeof opened === 'number') return opened;
  const { database, owned } = opened;
  try {
    const jobs = createJobsRepository(database);
    if (command === 'list') {
      const rows = await jobs.list({ state: state as JobState | undefined, limit });
      if (rows.length === 0) {
        out.log(state ? `no ${state} jobs` : 'no jobs');
        return 0;
      }
      out.log('id\tstate\tkind\tattempts\trun at\tlast error');
      for (const job of rows) out.log(listLine(job));
      return 0;
    }
    if (command === 'show') {
      const job = await jobs.get(id as number);
      if (!job) {
        out.log(`no job ${id}`);
        return 1;
      }
      for (const line of describe(job)) out.log(line);
      return 0;
    }
    if (values['all-dead']) {
      const n = await jobs.retryAllDead(now());
      out.log(`${n} dead ${n === 1 ? 'job' : 'jobs'} queued again`);
      return 0;
    }
    const before = await jobs.get(id as number);
    const job = await jobs.retry(id as number, now());
    if (!job) {
      out.log(
        before ? `job ${id} is ${before.state}; only dead or failed jobs can be retried` : `no job ${id}`,
      );
      return 1;
    }
    out.log(`job ${job.id} (${job.kind}): ${before?.state ?? 'dead'} → queued, runs at the next claim`);
    return 0;
  } finally {
    if (owned) await database.close();
  }
}

function iso(ms: number | null): string {
  return ms === null ? '-' : new Date(ms).toISOString();
}

function listLine(job: JobRecord): string {
  const error = job.lastError === null ? '' : oneLine(job.lastError, 80);
  return `${job.id}\t${job.state}\t${job.kind}\t${job.attempts}/${job.maxAttempts}\t${iso(job.runAt)}\t${error}`;
}

function describe(job: JobRecord): string[] {
  return [
    `job ${job.id}: ${job.kind} (${job.state})`,
    `  key:          ${job.key}`,
    `  attempts:     ${job.attempts} of ${job.maxAttempts}`,
    `  run at:       ${iso(job.runAt)}`,
    `  locked by:    ${job.lockedBy ?? '-'} until ${iso(job.lockedUntil)}`,
    `  created:      ${iso(job.createdAt)}`,
    `  updated:      ${iso(job.updatedAt)}`,
    `  finished:     ${iso(job.finishedAt)}`,
    `  payload:      ${JSON.stringify(job.payload)}`,
    `  last error:   ${job.lastError ?? '-'}`,
  ];
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
