import type { FeedHealth, FeedKind, FeedTransport, SupervisedTask } from './feed-health.ts';

/**
 * A task that waits for something before it starts: order books wait for the first tickers, because the
 * markets worth a book are chosen by the volumes the tickers report. Until then it is `connecting`, with
 * the wait explained, rather than failing or reporting a silent stream.
 */
export class DeferredTask implements SupervisedTask {
  private started = false;
  private stopped = false;
  private open = false;

  constructor(
    private readonly inner: SupervisedTask,
    private readonly gate: Promise<void>,
    private readonly transport: FeedTransport,
    private readonly waiting: string,
    private readonly onChange: () => void,
  ) {}

  get feed(): FeedKind {
    return this.inner.feed;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.gate.then(
      () => {
        if (this.stopped) return;
        this.open = true;
        this.inner.start();
        this.onChange();
      },
      () => {},
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.open) await this.inner.stop();
  }

  async settled(): Promise<void> {
    if (this.open) await this.inner.settled();
  }

  health(): FeedHealth {
    if (this.open) return this.inner.health();
    return {
      feed: this.inner.feed,
      transport: this.transport,
      via: null,
      status: 'connecting',
      lastMessageAt: null,
      lastError: this.waiting,
      restarts: 0,
    };
  }
}
