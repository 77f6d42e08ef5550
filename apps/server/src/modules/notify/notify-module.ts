import { join } from 'node:path';
import type { Logger } from '@spreadscope/core';
import {
  createJobsRepository,
  createNotifyRepository,
  type Database,
  type NotifyRepository,
} from '@spreadscope/db';
import type { Bus } from '../../bus/bus.ts';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { JOB_BACKOFF, type JobQueue } from '../../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ChannelSender } from './channel.ts';
import { DeliveryDispatcher } from './delivery-dispatcher.ts';
import { emailChannel } from './email/email-channel.ts';
import { NotifyService } from './notify-service.ts';
import { bookRound, OutboxNotifier } from './outbox-notifier.ts';
import type { NotifyHttp } from './routes.ts';
import { BotApiClient } from './telegram/bot-api-client.ts';
import { StartCommandPoller } from './telegram/start-command-poller.ts';
import { simulatedTelegramChannel, telegramChannel } from './telegram/telegram-channel.ts';
import { toastChannel } from './toast/toast-channel.ts';
import { UserSockets } from './toast/user-sockets.ts';
import { loadVapidKeys, vapidSubject } from './toast/vapid-keys.ts';
import { WebPushSender } from './toast/web-push-sender.ts';

/** Tries per delivery: with the job backoff (10 s doubling) the last is about 20 minutes after the event. */
export const DELIVERY_MAX_ATTEMPTS = 8;

export interface NotifyModuleOptions {
  readonly database: Database;
  readonly bus: Bus;
  readonly mailer: Mailer;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** PUBLIC_URL, or the listen URL once known: links in messages. */
  readonly publicUrl: () => string;
  readonly configuredPublicUrl?: string | undefined;
  readonly mailFrom: string;
  readonly dataDir: string;
  readonly telegram: { token?: string | undefined; apiUrl: string; username?: string | undefined };
  readonly sendLeaseMs: number;
  /** Runs the dispatcher and the /start poller here (ROLE=all, ingest); API replicas only enqueue. */
  readonly deliver: boolean;
  /** Called as each delivery is handed to its channel (the benchmark's stopwatch). */
  readonly onHandedOver?: DeliveryDispatcherHook;
}

type DeliveryDispatcherHook = ConstructorParameters<typeof DeliveryDispatcher>[0]['onHandedOver'];

export interface NotifyModule {
  /** The seam producers (alerts) hand notifications to. */
  readonly notifier: OutboxNotifier;
  readonly http: NotifyHttp;
  readonly repository: NotifyRepository;
  readonly dispatcher: DeliveryDispatcher | null;
  /** Registers the delivery job on the process's runner (before it starts). */
  registerJobs(queue: JobQueue): void;
  /** Once the runner runs: a round for whatever a previous process left, and the /start poller. */
  resume(queue: JobQueue): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Notification delivery wired from configuration: the outbox, the three channels (live or simulated), the
 * dispatcher on the job runner and the HTTP/WebSocket side. The composition root calls this once.
 */
export async function createNotifyModule(options: NotifyModuleOptions): Promise<NotifyModule> {
  const repository = createNotifyRepository(options.database);
  const sockets = new UserSockets(options.bus);
  const vapid = await loadVapidKeys(repository, Date.now());
  const push = new WebPushSender(
    vapid,
    vapidSubject(options.configuredPublicUrl, options.mailFrom),
    repository,
  );
  const client = options.telegram.token
    ? new BotApiClient({ token: options.telegram.token, apiUrl: options.telegram.apiUrl })
    : null;
  const telegram: ChannelSender = client
    ? telegramChannel(client, options.publicUrl)
    : simulatedTelegramChannel(join(options.dataDir, 'outbox'), options.publicUrl, options.logger);
  const email = emailChannel(options.mailer, options.publicUrl);
  const toast = toastChannel({ sockets, push, repository, publicUrl: options.publicUrl });
  // Enqueues only: this queue is never started; the process's runner claims what it writes.
  const queue = new DatabaseJobQueue({
    repository: createJobsRepository(options.database),
    logger: options.logger,
  });
  const dispatcher = options.deliver
    ? new DeliveryDispatcher({
        repository,
        senders: { telegram, email, toast },
        logger: options.logger,
        backoff: JOB_BACKOFF,
        maxAttempts: DELIVERY_MAX_ATTEMPTS,
        leaseMs: options.sendLeaseMs,
        // Telegram allows about 30 messages a second per bot; SMTP servers a few connections.
        concurrency: { telegram: 25, email: 8, toast: 64 },
        ...(options.onHandedOver ? { onHandedOver: options.onHandedOver } : {}),
        onRetry: (at) => {
          bookRound(queue, at).catch((error: unknown) => {
            options.logger.warn(`notify: could not book a retry round: ${(error as Error).message}`);
          });
        },
      })
    : null;
  const notifier = new OutboxNotifier({
    repository,
    queue,
    dispatcher: dispatcher ?? undefined,
    logger: options.logger,
  });
  const poller = client && options.deliver ? new StartCommandPoller({ client, log: options.logger }) : null;
  const service = new NotifyService({
    repository,
    vapidPublicKey: vapid.publicKey,
    telegram,
    email,
    botUsername: () => options.telegram.username ?? poller?.username ?? null,
  });

  return {
    notifier,
    http: { service, sockets },
    repository,
    dispatcher,
    registerJobs(runner) {
      if (dispatcher) OutboxNotifier.registerJobs(runner, dispatcher, repository);
    },
    async resume(runner) {
      if (!dispatcher) return;
      await OutboxNotifier.resume(runner);
      poller?.start();
    },
    async stop() {
      sockets.close();
      await poller?.stop();
    },
  };
}
