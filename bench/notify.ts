import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJobsRepository, createNotifyRepository, openDatabase } from '@spreadscope/db';
import { DatabaseJobQueue } from '../apps/server/src/jobs/database-job-queue.ts';
import { JOB_BACKOFF } from '../apps/server/src/jobs/job-queue.ts';
import type { ChannelSender } from '../apps/server/src/modules/notify/channel.ts';
import { DeliveryDispatcher } from '../apps/server/src/modules/notify/delivery-dispatcher.ts';
import { DELIVERY_MAX_ATTEMPTS } from '../apps/server/src/modules/notify/notify-module.ts';
import { OutboxNotifier } from '../apps/server/src/modules/notify/outbox-notifier.ts';
import { alertNotification, insertVerifiedUser } from '../apps/server/src/test-support/notify-fixture.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * A burst of alerts through the outbox: N notifications enqueued at once, each for Telegram, email and toast
 * (3N deliveries), on the embedded PGlite (a file, as `npm start` runs) or PostgreSQL with DATABASE_URL.
 * Measured per delivery: from the producer's enqueue call to the moment the dispatcher hands it to its
 * channel (the channel's own network time is not in it: channels answer at once here). Also: how long
 * enqueue takes to be durable, and the whole burst's wall time.
 */
async function run(url: string | undefined, burst: number): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-notify-bench-'));
  const database = await openDatabase(url ? { url } : { dataDir: join(dir, 'pglite') });
  try {
    const user = await insertVerifiedUser(database);
    const repository = createNotifyRepository(database);
    const enqueuedAt = new Map<string, number>();
    const handed: number[] = [];
    let done: () => void = () => {};
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    const instant = (channel: ChannelSender['channel']): ChannelSender => ({
      channel,
      mode: 'live',
      send: async () => ({ ok: true }),
    });
    const dispatcher = new DeliveryDispatcher({
      repository,
      senders: { telegram: instant('telegram'), email: instant('email'), toast: instant('toast') },
      logger: { warn: console.warn, error: console.error },
      backoff: JOB_BACKOFF,
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
      leaseMs: 60_000,
      concurrency: { telegram: 25, email: 8, toast: 64 },
      onHandedOver: (delivery) => {
        handed.push(performance.now() - (enqueuedAt.get(delivery.idempotencyKey) ?? Number.NaN));
        if (handed.length === burst * 3) done();
      },
    });
    const queue = new DatabaseJobQueue({ repository: createJobsRepository(database), logger: console });
    const notifier = new OutboxNotifier({ repository, queue, dispatcher, logger: console });
    const items = Array.from({ length: burst }, (_, i) =>
      alertNotification(user.id, {
        idempotencyKey: `bench:${i}`,
        channels: { telegram: { chatId: '1' }, email: {}, toast: true },
      }),
    );

    const durable: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      items.map((item) => {
        const at = performance.now();
        enqueuedAt.set(item.idempotencyKey, at);
        return notifier.enqueue(item).then(() => durable.push(performance.now() - at));
      }),
    );
    await all;
    const wallMs = performance.now() - t0;
    await dispatcher.drain();
    handed.sort((a, b) => a - b);
    durable.sort((a, b) => a - b);
    return {
      backend: database.kind,
      notifications: burst,
      deliveries: handed.length,
      handed_p50_ms: round(percentile(handed, 50), 1),
      handed_p99_ms: round(percentile(handed, 99), 1),
      handed_max_ms: round(handed.at(-1) ?? Number.NaN, 1),
      target_handed_p99_ms: 1_000,
      enqueue_durable_p99_ms: round(percentile(durable, 99), 1),
      burst_wall_ms: round(wallMs, 1),
      deliveries_per_s: Math.round((handed.length / wallMs) * 1000),
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const burst = Number(process.env.NOTIFY_BENCH_BURST ?? 10_000);
// Other burst sizes are kept beside the headline's file, not over it.
const suffix = burst === 10_000 ? '' : `-${burst}`;
const pglite = await run(undefined, burst);
console.log('notify (PGlite)', pglite);
writeResult(`notify-pglite${suffix}`, pglite);
if (process.env.DATABASE_URL) {
  const postgres = await run(process.env.DATABASE_URL, burst);
  console.log('notify (PostgreSQL)', postgres);
  writeResult(`notify-postgres${suffix}`, postgres);
}
