import {
  LISTING_CASE_POSTS_MAX,
  type ListingCard,
  type ListingCase,
  type ListingCasePost,
  type ListingHistoryQuery,
  type ListingHistoryResponse,
} from '@spreadscope/contracts';
import {
  type DataSourceMode,
  type Logger,
  listingSlug,
  parseListingSlug,
  type VenueId,
} from '@spreadscope/core';
import type {
  HistoryRepository,
  ListingCaseRecord,
  ListingCaseRepository,
  ListingRecord,
} from '@spreadscope/db';
import { simListingSupply, simulatedListingCases } from '@spreadscope/feeds';
import { ApiError } from '../../http/errors.ts';
import { type CaseSources, caseFigures, DAY_MS, excerpt } from './listing-case-stats.ts';
import { simulatedDeposits } from './listing-deposit-sim.ts';
import { CURRENT_FOR_MS, type ListingService } from './listing-service.ts';

export interface ListingCasesDeps {
  readonly repository: ListingCaseRepository;
  readonly listing: Pick<ListingService, 'records'>;
  readonly history: Pick<HistoryRepository, 'forMode'>;
  readonly depositedBefore?: (key: string, until: number) => Promise<number | null>;
  readonly posts?: (
    mode: DataSourceMode,
    base: string,
    from: number,
    to: number,
  ) => Promise<ListingCasePost[]>;
  /** Circulating supply the operator listed (live); the simulator's own supply is used when simulated. */
  readonly supply: (base: string) => number | null;
  readonly mode: () => DataSourceMode;
  readonly now: () => number;
  readonly logger: Pick<Logger, 'error' | 'info'>;
  /** False on API replicas: they read what the ingest stored. */
  readonly write?: boolean;
  /** Seed and venues of the simulator, whose past listings are stored as cases on a simulated start. */
  readonly simulator?: { readonly seed: number; readonly venues: ReadonlySet<VenueId> };
  /** How often closed cases are looked for (default 60 s). */
  readonly tickMs?: number;
}

/** Most cases a history answer sorts over. */
const MAX_CASES = 5_000;

/** A listing has a case once trading has run 24 h, or once its notice is past the cards without trading. */
export function caseClosed(row: ListingRecord, now: number): boolean {
  return row.tradingStartedAt !== null
    ? now >= row.tradingStartedAt + DAY_MS
    : now - row.announcedAt > CURRENT_FOR_MS;
}

/** The stored case that is this listing's (a token relisted on the same market later is another case). */
const isCaseOf = (c: ListingCaseRecord, row: ListingRecord) =>
  c.announcedAt === row.announcedAt || (c.listedAt !== null && c.listedAt === row.tradingStartedAt);

/** Marks a stored case leaves, so a listing is matched to it without reading the table each minute. */
const marks = (key: string, announcedAt: number, listedAt: number | null) =>
  listedAt === null ? [`a:${key}:${announcedAt}`] : [`a:${key}:${announcedAt}`, `l:${key}:${listedAt}`];

/**
 * Listing history (spec §3 Listing historical case): each listing's figures computed from stored data and
 * stored once its first 24 h of trading are over, so history survives restarts and the 30-day working set of
 * listing events; operator imports sit in the same table. Listings still in their first day show as open.
 */
export class ListingCases {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly seeded = new Set<DataSourceMode>();
  private readonly failed = new Set<string>();
  /** Per source, the marks of the cases stored (read once, then kept as cases are recorded). */
  private readonly recorded = new Map<DataSourceMode, Set<string>>();

  constructor(private readonly deps: ListingCasesDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs ?? 60_000);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** The simulator whose listings a simulated start shows (the detail page's chart draws their path). */
  simulator(): ListingCasesDeps['simulator'] {
    return this.deps.simulator;
  }

  /** The running source's minute bars (the detail page's price chart reads them too). */
  bars(): CaseSources['history'] {
    return this.deps.history.forMode(this.deps.mode());
  }

  private sources(mode: DataSourceMode): CaseSources {
    const { depositedBefore, posts } = this.deps;
    return {
      history: this.deps.history.forMode(mode),
      supply: mode === 'simulated' ? simListingSupply : this.deps.supply,
      ...(depositedBefore ? { depositedBefore } : {}),
      ...(posts ? { posts: (base: string, from: number, to: number) => posts(mode, base, from, to) } : {}),
    };
  }

  /** Stores the cases that closed since the last look (and, simulated, the simulator's past ones). */
  tick(): Promise<void> {
    if (this.deps.write === false) return this.running;
    this.running = this.running.then(() =>
      this.record().catch((error: Error) => this.deps.logger.error(`listing cases: ${error.message}`)),
    );
    return this.running;
  }

  private async record(): Promise<void> {
    const mode = this.deps.mode();
    const now = this.deps.now();
    const repository = this.deps.repository.forMode(mode);
    if (mode === 'simulated' && this.deps.simulator && !this.seeded.has(mode)) {
      await this.seedSimulated(repository, now);
      this.seeded.add(mode);
    }
    const closed = (await this.deps.listing.records()).filter((r) => caseClosed(r, now));
    if (closed.length === 0) return;
    const done = this.recorded.get(mode) ?? (await this.loadMarks(mode, repository));
    const sources = this.sources(mode);
    for (const row of closed) {
      const key = listingSlug(row.venue, row.quote, row.base);
      const mine = marks(key, row.announcedAt, row.tradingStartedAt);
      if (mine.some((m) => done.has(m)) || this.failed.has(key)) continue;
      try {
        const figures = await caseFigures(row, sources, now);
        await repository.upsert([{ ...figures, origin: 'recorded', updatedAt: now }]);
        for (const m of mine) done.add(m);
        this.deps.logger.info(`listing cases: recorded ${key}`);
      } catch (error) {
        // Tried once per process: a case that cannot be computed must not fail every minute.
        this.failed.add(key);
        this.deps.logger.error(`listing cases: recording ${key} failed: ${(error as Error).message}`);
      }
    }
  }

  private async loadMarks(mode: DataSourceMode, repository: ListingCaseRepository): Promise<Set<string>> {
    const stored = await repository.list(MAX_CASES);
    const done = new Set(stored.flatMap((c) => marks(c.key, c.announcedAt, c.listedAt)));
    this.recorded.set(mode, done);
    return done;
  }

  private async seedSimulated(repository: ListingCaseRepository, now: number): Promise<void> {
    const sim = this.deps.simulator;
    if (!sim) return;
    const cases = simulatedListingCases(sim.seed, sim.venues, now);
    const known = await repository.known(cases.map((c) => listingSlug(c.venue, c.quote, c.base)));
    const rows: ListingCaseRecord[] = [];
    for (const c of cases) {
      const key = listingSlug(c.venue, c.quote, c.base);
      if (known.has(key)) continue;
      const deposits = simulatedDeposits({
        slug: key,
        base: c.base,
        from: c.depositOpenedAt,
        now: c.listedAt,
        nominalKrw: c.listingPrice,
        network: c.network,
        seed: sim.seed,
      });
      const amount = deposits.reduce((s, d) => s + d.amount, 0);
      const posts = this.deps.posts
        ? await this.deps.posts('simulated', c.base, c.announcedAt - DAY_MS, c.listedAt + DAY_MS)
        : [];
      rows.push({
        key,
        venue: c.venue,
        quote: c.quote,
        base: c.base,
        name: c.name,
        type: 'default',
        announcedAt: c.announcedAt,
        listedAt: c.listedAt,
        deposit: { amount, krw: amount * c.listingPrice },
        listingPrice: c.listingPrice,
        high24h: c.high24h,
        low24h: c.low24h,
        peakPremium: c.peakPremium,
        marketCapChange24hPct: c.marketCapChange24hPct,
        posts: posts.slice(0, LISTING_CASE_POSTS_MAX).map((p) => ({ ...p, text: excerpt(p.text) })),
        origin: 'recorded',
        updatedAt: now,
      });
    }
    await repository.upsert(rows);
  }

  /** Stored cases and the listings still in their first day, sorted and paged; `key` picks one market. */
  async history(query: ListingHistoryQuery): Promise<ListingHistoryResponse> {
    const mode = this.deps.mode();
    const now = this.deps.now();
    const simulated = mode === 'simulated';
    const market = query.key === undefined ? null : parseListingSlug(query.key);
    if (query.key !== undefined && !market)
      throw new ApiError(400, 'invalid_parameter', 'listing.badKey', {}, 'key');
    const stored = await this.deps.repository.forMode(mode).list(MAX_CASES);
    let cases: ListingCase[] = stored.map((c) => toCase(c, true, c.origin, simulated));
    // Listings still in their first day: figures so far, computed only for the page shown (below).
    const open = new Map<ListingCase, ListingRecord>();
    for (const row of await this.deps.listing.records()) {
      const past = row.tradingStartedAt !== null || now - row.announcedAt > CURRENT_FOR_MS;
      const key = listingSlug(row.venue, row.quote, row.base);
      if (!past || stored.some((c) => c.key === key && isCaseOf(c, row))) continue;
      const shown = toCase(
        { ...emptyFigures(row), key, origin: 'recorded', updatedAt: now },
        false,
        'open',
        simulated,
      );
      open.set(shown, row);
      cases.push(shown);
    }
    if (query.key !== undefined) cases = cases.filter((c) => c.key === query.key);
    const sign = query.order === 'asc' ? 1 : -1;
    cases.sort((a, b) => {
      if (query.sort === 'peak') {
        const pa = a.peakPremium?.pct ?? null;
        const pb = b.peakPremium?.pct ?? null;
        // Cases without a peak go last either way.
        if (pa === null || pb === null) return pa === pb ? 0 : pa === null ? 1 : -1;
        if (pa !== pb) return sign * (pa - pb);
      }
      return sign * (a.announcedAt - b.announcedAt);
    });
    const data: ListingCase[] = [];
    for (const c of cases.slice((query.page - 1) * query.limit, query.page * query.limit)) {
      const row = open.get(c);
      if (!row) data.push(c);
      else {
        const figures = await caseFigures(row, this.sources(mode), now);
        data.push(toCase({ ...figures, origin: 'recorded', updatedAt: now }, false, 'open', simulated));
      }
    }
    return { data, page: query.page, limit: query.limit, total: cases.length };
  }
}

function emptyFigures(row: ListingRecord): Omit<ListingCaseRecord, 'origin' | 'updatedAt' | 'key'> {
  return {
    venue: row.venue,
    quote: row.quote,
    base: row.base,
    name: row.name,
    type: row.type,
    announcedAt: row.announcedAt,
    listedAt: row.tradingStartedAt,
    deposit: null,
    listingPrice: null,
    high24h: null,
    low24h: null,
    peakPremium: row.peakPremium,
    marketCapChange24hPct: null,
    posts: [],
  };
}

function toCase(
  c: ListingCaseRecord,
  closed: boolean,
  origin: ListingCase['origin'],
  simulated: boolean,
): ListingCase {
  return {
    key: c.key,
    exchange: c.venue as ListingCard['exchange'],
    quote: c.quote as ListingCard['quote'],
    base: c.base,
    name: c.name,
    type: c.type,
    announcedAt: c.announcedAt,
    listedAt: c.listedAt,
    totalDepositBeforeTrading: c.deposit,
    listingPrice: c.listingPrice,
    high24h: c.high24h,
    low24h: c.low24h,
    peakPremium: c.peakPremium,
    marketCapChange24hPct: c.marketCapChange24hPct,
    posts: [...c.posts],
    closed,
    origin,
    simulated,
  };
}
