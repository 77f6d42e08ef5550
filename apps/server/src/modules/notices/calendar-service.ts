import type { CalendarEvent } from '@spreadscope/contracts';
import {
  type BackoffPolicy,
  backoffDelayMs,
  builtInCalendar,
  DEFAULT_BACKOFF,
  type Logger,
} from '@spreadscope/core';
import { type FeedCalendarEvent, parseCalendarFeed } from '@spreadscope/feeds';

export interface CalendarServiceOptions {
  /** ECONOMIC_CALENDAR_URL: an ICS or JSON calendar merged with the built-in schedule. */
  readonly feedUrl?: string | undefined;
  readonly logger: Logger;
  readonly fetch?: typeof fetch;
  /** How often the feed is read again (default hourly); failures retry with the shared back-off. */
  readonly refreshMs?: number;
  readonly backoff?: BackoffPolicy;
  readonly timeoutMs?: number;
}

/**
 * The economic calendar: the built-in official schedule, plus the operator's feed read at start and every
 * hour (a failed read keeps the last good events and retries with back-off; the error shows in the answer).
 */
export class CalendarService {
  private readonly builtIn = builtInCalendar();
  private feedEvents: FeedCalendarEvent[] = [];
  private lastError: string | null = null;
  private lastLoadedAt: number | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: CalendarServiceOptions) {}

  start(): void {
    if (this.options.feedUrl) void this.load();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Loads the feed once now (tests); resolves when done, whatever the outcome. */
  async load(): Promise<void> {
    const {
      feedUrl,
      logger,
      fetch: fetchFn = fetch,
      refreshMs = 3_600_000,
      timeoutMs = 10_000,
    } = this.options;
    if (!feedUrl || this.stopped) return;
    let wait = refreshMs;
    try {
      const response = await fetchFn(feedUrl, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { Accept: 'text/calendar, application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(feedUrl).host}`);
      this.feedEvents = parseCalendarFeed(await response.text());
      this.lastError = null;
      this.lastLoadedAt = Date.now();
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.lastError = (error as Error).message;
      wait = backoffDelayMs(this.failures, this.options.backoff ?? DEFAULT_BACKOFF, Math.random);
      logger.warn(
        `economic calendar: reading the feed failed (${this.lastError}); retrying in ${Math.round(wait / 1000)} s`,
      );
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.load(), wait);
    this.timer.unref();
  }

  events(query: {
    from?: number | undefined;
    to?: number | undefined;
    importance?: CalendarEvent['importance'] | undefined;
  }): {
    data: CalendarEvent[];
    feed: { configured: boolean; lastError: string | null; lastLoadedAt: number | null };
  } {
    const all: CalendarEvent[] = [
      ...this.builtIn.map((e) => ({ ...e, title: '', source: 'built-in' as const })),
      ...this.feedEvents.map((e) => ({
        id: e.id,
        kind: 'custom',
        title: e.title,
        country: e.country,
        at: e.at,
        importance: e.importance,
        status: 'confirmed' as const,
        source: 'feed' as const,
      })),
    ];
    const data = all
      .filter(
        (e) =>
          (query.from === undefined || e.at >= query.from) && (query.to === undefined || e.at <= query.to),
      )
      .filter((e) => query.importance === undefined || e.importance === query.importance)
      .sort((a, b) => a.at - b.at);
    return {
      data,
      feed: {
        configured: Boolean(this.options.feedUrl),
        lastError: this.lastError,
        lastLoadedAt: this.lastLoadedAt,
      },
    };
  }
}
