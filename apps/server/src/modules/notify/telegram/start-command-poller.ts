import { type BackoffPolicy, backoffDelayMs, translate } from '@spreadscope/core';
import { sleep } from '@spreadscope/feeds';
import type { BotApiClient } from './bot-api-client.ts';
import { parseBotUsername, parseStartCommands } from './bot-api-parse.ts';

export interface StartPollerOptions {
  readonly client: BotApiClient;
  readonly log: { info(msg: string): void; warn(msg: string): void };
  /** Long-poll timeout Telegram holds the request open for (s). */
  readonly pollSeconds?: number;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
}

/**
 * Answers `/start` with the chat's ID (in the sender's Telegram language, Korean or English), which the user
 * pastes into the alert form. Long-polls getUpdates, so no public URL or webhook is needed; only the process
 * that runs the jobs runs it (Telegram refuses two getUpdates at once with 409). Network failures back off.
 */
export class StartCommandPoller {
  private stopped = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private offset: number | undefined;
  username: string | null = null;

  constructor(private readonly options: StartPollerOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
  }

  /** One getUpdates round; returns how many /start commands it answered. Tests call it directly. */
  async pollOnce(): Promise<number> {
    const pollSeconds = this.options.pollSeconds ?? 25;
    const { status, answer } = await this.options.client.call(
      'getUpdates',
      {
        ...(this.offset === undefined ? {} : { offset: this.offset }),
        timeout: pollSeconds,
        allowed_updates: ['message'],
      },
      { timeoutMs: (pollSeconds + 10) * 1000, signal: this.abort.signal },
    );
    if (!answer.ok) throw new Error(`getUpdates: ${answer.description || `HTTP ${status}`}`);
    const { commands, lastUpdateId } = parseStartCommands(answer.result);
    if (lastUpdateId !== null) this.offset = lastUpdateId + 1;
    for (const command of commands) {
      const key = command.chatType === 'private' ? 'notify.telegramStart' : 'notify.telegramStartGroup';
      const reply = await this.options.client.call('sendMessage', {
        chat_id: command.chatId,
        text: translate(command.language, key, { chatId: command.chatId }),
      });
      if (!reply.answer.ok)
        this.options.log.warn(`telegram: /start reply failed: ${reply.answer.description}`);
    }
    return commands.length;
  }

  private async run(): Promise<void> {
    let failures = 0;
    const backoff = this.options.backoff ?? { baseMs: 1_000, maxMs: 60_000, jitter: 0.5 };
    while (!this.stopped) {
      try {
        if (this.username === null) {
          const me = await this.options.client.call('getMe', {}, { signal: this.abort.signal });
          if (me.answer.ok) {
            this.username = parseBotUsername(me.answer.result);
            this.options.log.info(`telegram: bot @${this.username} answers /start with the chat ID`);
          }
        }
        await this.pollOnce();
        failures = 0;
      } catch (error) {
        if (this.stopped) break;
        failures += 1;
        const wait = backoffDelayMs(failures, backoff, this.options.random ?? Math.random);
        if (failures === 1 || failures % 10 === 0) {
          this.options.log.warn(
            `telegram: ${(error as Error).message}; polling again in ${Math.round(wait / 1000)} s`,
          );
        }
        await sleep(wait, this.abort.signal);
      }
    }
  }
}
