import type { CandidateReasonDto, DataSource, ListingPredictedResponse } from '@spreadscope/contracts';
import {
  CANDIDATE_TARGETS,
  type CandidateInputs,
  type CandidateMarket,
  type CandidateReason,
  type CandidateTarget,
  type CandidateToken,
  type DataSourceMode,
  type ListingCandidate,
  rankCandidates,
  tokenName,
} from '@spreadscope/core';
import type { ListingRecord } from '@spreadscope/db';
import { type MarketEngine, UNIT_DOLLAR, UNIT_KRW } from '@spreadscope/engine';

/** Where the social reasons come from (the trends module); absent: candidates carry market reasons only. */
export interface CandidateTrendSource {
  /** Telegram mention counts per token over 24 h and 7 d. */
  mentions(): Promise<readonly { base: string; h24: number; d7: number }[]>;
  /** Naver search interest per token: the last 3 days' mean and the 14 days before. */
  naverRising(): Promise<readonly { base: string; recent: number; before: number }[]>;
}

export interface ListingPredictedDeps {
  readonly engine: MarketEngine;
  /** The listing events held (who announced or started trading what, when). */
  readonly listings: () => Promise<readonly ListingRecord[]>;
  readonly trends?: CandidateTrendSource | undefined;
  readonly mode: () => DataSourceMode;
  readonly dataSource: () => DataSource;
  readonly now: () => number;
  /** How long one computation serves while the market moves (default 5 s; 0: every market move shows). */
  readonly ttlMs?: number;
}

/** The social counts change with the trend readers' runs (minutes apart): read at most once a minute. */
const TRENDS_TTL_MS = 60_000;

export const CANDIDATE_ORDER =
  'more reasons first; then listed on the other Korean venue; then overseas 24 h spot volume; then ticker';

interface Computed {
  readonly version: number;
  readonly at: number;
  readonly byTarget: Record<CandidateTarget, ListingCandidate[]>;
  readonly telegram: boolean;
  readonly naver: boolean;
}

/** The wire shape (its arrays mutable, as zod infers them). */
function reasonDto(r: CandidateReason): CandidateReasonDto {
  switch (r.kind) {
    case 'korean_listing':
      return { ...r, quotes: [...r.quotes] };
    case 'networks':
      return { ...r, networks: [...r.networks] };
    default:
      return { ...r };
  }
}

/** Every token's spot markets on centralized venues and the networks those venues move it on. */
export function candidateTokens(engine: MarketEngine): CandidateToken[] {
  const { state } = engine;
  const usdKrw = state.usdKrw;
  const volumes = state.volume24h.array;
  const out: CandidateToken[] = [];
  for (const token of state.tokens) {
    const markets: CandidateMarket[] = [];
    const venues = new Set<string>();
    for (const id of token.instruments) {
      const info = state.instruments[id];
      if (info?.market !== 'spot' || info.dex) continue;
      venues.add(info.venue);
      const raw = volumes[id] ?? Number.NaN;
      const volumeUsd = !Number.isFinite(raw)
        ? null
        : info.unit === UNIT_DOLLAR
          ? raw
          : info.unit === UNIT_KRW && usdKrw > 0
            ? raw / usdKrw
            : null;
      markets.push({ venue: info.venue, quote: info.quote, korean: info.korean, volumeUsd });
    }
    if (markets.length === 0) continue;
    const networks = new Set<string>();
    for (const venue of venues) {
      for (const n of engine.wallets.networks(venue, token.base)) networks.add(n.canonical);
    }
    out.push({ base: token.base, markets, networks: [...networks] });
  }
  return out;
}

/**
 * Listing candidates (spec §7 `listing/predicted`) from the engine's markets and wallets, the listing events
 * and the trends. Both targets are ranked in one pass over the market and kept a few seconds: every request in
 * that time (any user, any limit) is served from it, the user's blacklist applied on the way out.
 */
export class ListingPredictedService {
  private computed: Computed | null = null;
  private computing: Promise<Computed> | null = null;
  private trendsRead: {
    at: number;
    mentions: Map<string, { h24: number; d7: number }>;
    search: Map<string, { recent: number; before: number }>;
  } | null = null;

  constructor(private readonly deps: ListingPredictedDeps) {}

  private async trendInputs() {
    const now = Date.now();
    if (this.trendsRead && now - this.trendsRead.at < TRENDS_TTL_MS) return this.trendsRead;
    const source = this.deps.trends;
    // A trend source that fails leaves its reasons out; the market reasons still answer.
    const [mentions, rising] = await Promise.all([
      source ? source.mentions().catch(() => []) : [],
      source ? source.naverRising().catch(() => []) : [],
    ]);
    this.trendsRead = {
      at: now,
      mentions: new Map(mentions.map((m) => [m.base, { h24: m.h24, d7: m.d7 }])),
      search: new Map(rising.map((r) => [r.base, { recent: r.recent, before: r.before }])),
    };
    return this.trendsRead;
  }

  private async compute(): Promise<Computed> {
    const engine = this.deps.engine;
    const version = engine.version;
    const [records, trends] = await Promise.all([this.deps.listings(), this.trendInputs()]);
    const announced = new Set(records.map((r) => `${r.venue}|${r.base}`));
    const since = new Map<string, number>();
    for (const r of records) {
      if (r.tradingStartedAt === null) continue;
      // A market already trading when this process started is first "seen" at the start: the announced
      // trading time, when earlier, is when it really opened.
      const opened = Math.min(r.tradingStartedAt, r.tradingAt ?? Number.POSITIVE_INFINITY);
      const key = `${r.venue}|${r.base}`;
      since.set(key, Math.min(since.get(key) ?? Number.POSITIVE_INFINITY, opened));
    }
    const networksOf = (venue: CandidateTarget) => [
      ...new Set(engine.wallets.venueNetworks(venue).map((n) => n.canonical)),
    ];
    const inputs: CandidateInputs = {
      tokens: candidateTokens(engine),
      targetNetworks: { upbit: networksOf('upbit'), bithumb: networksOf('bithumb') },
      listedSince: (venue, base) => since.get(`${venue}|${base}`) ?? null,
      announced: (venue, base) => announced.has(`${venue}|${base}`),
      mentions: trends.mentions,
      search: trends.search,
    };
    const byTarget = Object.fromEntries(
      CANDIDATE_TARGETS.map((target) => [target, rankCandidates(target, inputs)]),
    ) as Record<CandidateTarget, ListingCandidate[]>;
    return {
      version,
      at: Date.now(),
      byTarget,
      telegram: trends.mentions.size > 0,
      naver: trends.search.size > 0,
    };
  }

  private async current(): Promise<Computed> {
    const held = this.computed;
    const ttl = this.deps.ttlMs ?? 5_000;
    const age = held ? Date.now() - held.at : Number.POSITIVE_INFINITY;
    // A still market keeps its answer too, up to the trends' own refresh (new listing events, new counts).
    if (held && (age < ttl || (held.version === this.deps.engine.version && age < TRENDS_TTL_MS)))
      return held;
    this.computing ??= this.compute()
      .then((c) => {
        this.computed = c;
        return c;
      })
      .finally(() => {
        this.computing = null;
      });
    return this.computing;
  }

  /** Candidates for one target, without the tokens the caller blacklisted. */
  async predicted(
    target: CandidateTarget,
    limit: number,
    blacklist: ReadonlySet<string> = new Set(),
  ): Promise<ListingPredictedResponse> {
    const computed = await this.current();
    const all = computed.byTarget[target].filter((c) => !blacklist.has(c.base));
    return {
      exchange: target,
      data: all.slice(0, limit).map((c) => {
        const names = tokenName(c.base);
        return {
          base: c.base,
          nameKo: names?.ko ?? null,
          nameEn: names?.en ?? null,
          reasons: c.reasons.map(reasonDto),
          overseasVolumeUsd: c.overseasVolumeUsd,
        };
      }),
      total: all.length,
      order: CANDIDATE_ORDER,
      trends: { telegram: computed.telegram, naver: computed.naver },
      updatedAt: this.deps.now(),
      simulated: this.deps.mode() === 'simulated',
      dataSource: this.deps.dataSource(),
    };
  }
}
