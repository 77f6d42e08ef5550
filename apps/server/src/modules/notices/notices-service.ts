import type {
  Announcement,
  AnnouncementFilterOptions,
  AnnouncementsQuery,
  AnnouncementsResponse,
  DataSource,
} from '@spreadscope/contracts';
import { type DataSourceMode, getVenue, isVenueId, type Logger, type MarketEvent } from '@spreadscope/core';
import type { AnnouncementRecord, NewAnnouncement, NoticesRepository } from '@spreadscope/db';

/** Where new announcements go live (the WebSocket hub's `announcements` topic). */
export interface AnnouncementPush {
  broadcast(topic: 'announcements', data: Announcement): void;
}

export interface NoticesServiceDeps {
  /** Bound to the running source's mode: reads serve only that source's notices. */
  readonly repository: NoticesRepository;
  readonly dataSource: () => DataSource;
  readonly push?: AnnouncementPush | undefined;
  readonly logger: Logger;
  /** False on API replicas: the ingest stores; a replica only pushes what its event log brings. */
  readonly write?: boolean;
}

type Queued = { readonly event: MarketEvent; readonly mode: DataSourceMode };

/**
 * Exchange announcements, token updates and caution flags: stored as the feeds (or the simulator, or a tape)
 * deliver them, deduplicated by the database, pushed live to `/events` as they are stored, and read back with
 * the filters of spec §7. Events are written in small batches in arrival order, one batch at a time.
 */
export class NoticesService {
  private queue: Queued[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(private readonly deps: NoticesServiceDeps) {}

  /** Takes a notice, token-update or caution event from the runtime (any other event is ignored). */
  ingest(event: MarketEvent, mode: DataSourceMode): void {
    if (event.type !== 'notice' && event.type !== 'token_update' && event.type !== 'caution') return;
    this.queue.push({ event, mode });
    if (this.scheduled) return;
    this.scheduled = true;
    // One batch per turn of the event loop: a poll's page of notices is one insert, and nothing waits on a timer.
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue;
      this.queue = [];
      this.writing = this.writing.then(() => this.store(batch));
    });
  }

  /** Settles when everything ingested so far is stored and pushed (tests, shutdown). */
  async flushed(): Promise<void> {
    while (this.scheduled || this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    await this.writing;
  }

  private async store(batch: readonly Queued[]): Promise<void> {
    const { logger, push, write = true } = this.deps;
    for (const mode of new Set(batch.map((q) => q.mode))) {
      const repository = this.deps.repository.forMode(mode);
      const events = batch.filter((q) => q.mode === mode).map((q) => q.event);
      try {
        const notices = events.flatMap((e) => (e.type === 'notice' ? [toNewAnnouncement(e)] : []));
        if (!write) {
          for (const n of notices)
            push?.broadcast('announcements', present({ ...n, id: 0 }, mode === 'simulated'));
          continue;
        }
        const stored = await repository.insertAnnouncements(notices);
        for (const row of stored) push?.broadcast('announcements', present(row, mode === 'simulated'));
        const updates = events.flatMap((e) =>
          e.type === 'token_update'
            ? [{ venue: e.venue, market: e.market, base: e.base, quote: e.quote, update: e.update, at: e.t }]
            : [],
        );
        await repository.insertTokenUpdates(updates);
        for (const e of events) {
          if (e.type !== 'caution') continue;
          await repository.setCaution({
            venue: e.venue,
            base: e.base,
            quote: e.quote,
            level: e.level,
            reasons: e.reasons,
            since: e.t,
          });
        }
      } catch (error) {
        logger.error(`notices: storing ${events.length} ${mode} events failed: ${(error as Error).message}`);
      }
    }
  }

  async list(query: AnnouncementsQuery): Promise<AnnouncementsResponse> {
    const { rows, total } = await this.deps.repository.listAnnouncements({
      categories: query.category,
      venues: query.exchange,
      search: query.search,
      ...(query.token ? { token: query.token } : {}),
      sort: query.sort,
      key: query.key,
      page: query.page,
      limit: query.limit,
    });
    const simulated = this.deps.repository.mode === 'simulated';
    return {
      data: rows.map((r) => present(r, simulated)),
      page: query.page,
      limit: query.limit,
      total,
      sort: query.sort,
      key: query.key,
      exchange: query.exchange,
      category: query.category,
      dataSource: this.deps.dataSource(),
    };
  }

  async search(q: string, limit: number): Promise<Announcement[]> {
    const { rows } = await this.deps.repository.listAnnouncements({
      search: q,
      sort: 'desc',
      key: 'timestamp',
      page: 1,
      limit,
    });
    const simulated = this.deps.repository.mode === 'simulated';
    return rows.map((r) => present(r, simulated));
  }

  async filterOptions(): Promise<AnnouncementFilterOptions> {
    const facets = await this.deps.repository.announcementFacets();
    return {
      exchanges: facets.venues.map((v) => ({
        id: v.venue,
        name: isVenueId(v.venue) ? getVenue(v.venue).name : v.venue,
        count: v.count,
      })),
      categories: (['listing', 'delisting', 'notice', 'user_events'] as const).map((id) => ({
        id,
        count: facets.categories.find((c) => c.category === id)?.count ?? 0,
      })),
    };
  }

  async delistings(now: number): Promise<Announcement[]> {
    const simulated = this.deps.repository.mode === 'simulated';
    return (await this.deps.repository.delistingSchedule(now, 200)).map((r) => present(r, simulated));
  }
}

function toNewAnnouncement(e: Extract<MarketEvent, { type: 'notice' }>): NewAnnouncement {
  return {
    venue: e.venue,
    category: e.category,
    title: e.title,
    summary: e.summary ?? null,
    url: e.url,
    // Venues that print no time: when we first saw it, which the poll period bounds.
    publishedAt: e.publishedAt ?? e.t,
    receivedAt: e.t,
    tokens: e.tokens ?? [],
    networks: e.networks ?? [],
    effectiveAt: e.effectiveAt ?? null,
  };
}

export function present(row: AnnouncementRecord, simulated: boolean): Announcement {
  return {
    id: row.id,
    exchange: row.venue,
    category: row.category,
    title: row.title,
    summary: row.summary,
    url: row.url,
    date: row.publishedAt,
    tokens: [...row.tokens],
    networks: [...row.networks],
    effectiveAt: row.effectiveAt,
    simulated,
  };
}
