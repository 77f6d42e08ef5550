import type { DataSource, ListingCard, ListingQuery, ListingResponse } from '@spreadscope/contracts';
import {
  type DataSourceMode,
  isListingVenue,
  type Logger,
  listingSlug,
  type MarketEvent,
  parseListingSlug,
} from '@spreadscope/core';
import type { ListingRecord, ListingRepository, ListingUpsert } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import { parseListingNotice } from '@spreadscope/feeds';
import { Publisher } from '../../runtime/publisher.ts';
import { mergeNotice } from './listing-merge.ts';
import { type ListingMoment, ListingMoments } from './listing-moments.ts';
import { buildCard, type CardExtras, LISTING_FEES, observe, typeAtNotice } from './listing-observe.ts';

/** Where changed cards go live (the WebSocket hub's `listing` topic, gated on joining). */
export interface ListingPush {
  broadcast(topic: 'listing', data: ListingCard): void;
}

export interface ListingServiceDeps {
  /** Follows the running source's mode, like the notices repository. */
  readonly repository: ListingRepository;
  readonly engine: MarketEngine;
  readonly mode: () => DataSourceMode;
  readonly dataSource: () => DataSource;
  readonly now: () => number;
  readonly push?: ListingPush | undefined;
  readonly logger: Logger;
  /** False on API replicas: they read what the ingest stored. */
  readonly write?: boolean;
  /** How often wallet and market state is compared with what was seen (default 1 s). */
  readonly tickMs?: number;
  /** Supply and margin lenders on the cards; absent: none shown. */
  readonly extras?: CardExtras;
}

/** Listings stay on the cards this long after their notice; older ones are history. */
export const CURRENT_FOR_MS = 3 * 86_400_000;
const LOADED_DAYS_MS = 30 * 86_400_000;

/**
 * Listing events (spec §3, §4): born from the Korean venues' listing notices as the runtime delivers them,
 * followed through deposit opening and trading start by comparing the engine's wallet and market state once a
 * second, stored per source mode, and pushed to open pages when a card's status or premium moves.
 */
export class ListingService {
  /** Notice seen, deposits opened, trading started: once each, by the process that writes (alerts listen). */
  readonly moments = new ListingMoments();
  /**
   * A listing first seen in the running mode, in every process (API replicas too, which read the same notices):
   * the paid API's listing WebSocket pushes it to its own sockets.
   */
  readonly noticed = new Publisher<ListingRecord>();
  private readonly byMode = new Map<DataSourceMode, Map<string, ListingRecord>>();
  private readonly loading = new Map<DataSourceMode, Promise<Map<string, ListingRecord>>>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  /** Last pushed status and premium (0.1 % steps) per card: pushes only what moved. */
  private readonly pushed = new Map<string, string>();
  /**
   * Events read before the engine held the market (the notices a start replays come before the first quotes):
   * typed once it has for a while, since "trades abroad" cannot be told from an empty engine.
   */
  private readonly untyped = new Set<string>();
  private warmSince: number | null = null;

  constructor(private readonly deps: ListingServiceDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs ?? 1_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushed();
  }

  /** Settles when everything ingested so far is stored. */
  async flushed(): Promise<void> {
    await this.writing;
  }

  private events(mode: DataSourceMode): Promise<Map<string, ListingRecord>> {
    const held = this.byMode.get(mode);
    if (held) return Promise.resolve(held);
    let loading = this.loading.get(mode);
    if (!loading) {
      loading = this.deps.repository
        .forMode(mode)
        .list(this.deps.now() - LOADED_DAYS_MS, 500)
        .then((rows) => {
          const map = new Map(rows.map((r) => [listingSlug(r.venue, r.quote, r.base), r]));
          this.byMode.set(mode, map);
          return map;
        })
        .catch((error: Error) => {
          this.loading.delete(mode);
          throw error;
        });
      this.loading.set(mode, loading);
    }
    return loading;
  }

  /** Takes a listing notice of a Korean venue from the runtime (anything else is ignored). */
  ingest(event: MarketEvent, mode: DataSourceMode): void {
    if (event.type !== 'notice' || event.category !== 'listing' || !isListingVenue(event.venue)) return;
    const parsed = parseListingNotice(event.title, event.summary ?? null, event.publishedAt ?? event.t);
    if (!parsed) return;
    this.writing = this.writing.then(async () => {
      try {
        const events = await this.events(mode);
        const notice = {
          venue: event.venue,
          title: event.title,
          url: event.url,
          publishedAt: event.publishedAt ?? event.t,
          seenAt: event.t,
        };
        for (const token of parsed.tokens) {
          for (const quote of parsed.quotes) {
            const key = listingSlug(event.venue, quote, token.base);
            const existing = events.get(key) ?? null;
            const warm = this.warm();
            const type =
              existing?.type ?? (warm ? typeAtNotice(this.deps.engine, event.venue, token.base) : 'default');
            if (!existing && !warm) this.untyped.add(key);
            const merged = mergeNotice(existing, notice, parsed, token, quote, type);
            if (merged) await this.save(mode, events, key, merged);
          }
        }
      } catch (error) {
        this.deps.logger.error(`listing: reading notice ${event.url} failed: ${(error as Error).message}`);
      }
    });
  }

  /** The engine has quoted USDT/KRW for 10 s: its market lists can be trusted for the listing type. */
  private warm(): boolean {
    return this.warmSince !== null && this.deps.now() - this.warmSince >= 10_000;
  }

  private async save(
    mode: DataSourceMode,
    events: Map<string, ListingRecord>,
    key: string,
    row: ListingUpsert,
  ): Promise<void> {
    const known = events.has(key);
    const stored =
      this.deps.write === false
        ? { ...row, id: events.get(key)?.id ?? 0 }
        : await this.deps.repository.forMode(mode).upsert(row);
    events.set(key, stored);
    if (mode !== this.deps.mode()) return;
    const card = this.pushCard(stored, true);
    if (known) return;
    this.noticed.emit(stored, (error) =>
      this.deps.logger.error(`listing: a notice listener failed: ${String(error)}`),
    );
    this.announce(stored, 'notice', stored.updatedAt, card.price.premiumPct);
  }

  /** The running mode's listing events as held (last 30 days): the candidates read who listed what, when. */
  async held(): Promise<readonly ListingRecord[]> {
    return [...(await this.events(this.deps.mode())).values()];
  }

  /** The running mode's stored listings, newest notice first (the paid API's listing history). */
  async stored(limit: number): Promise<ListingRecord[]> {
    return this.deps.repository.forMode(this.deps.mode()).list(0, limit);
  }

  private pushCard(row: ListingRecord, force: boolean): ListingCard {
    const card = buildCard(
      this.deps.engine,
      row,
      this.deps.now(),
      this.deps.mode() === 'simulated',
      this.deps.extras,
    );
    if (!this.deps.push) return card;
    const mark = `${card.status}|${card.price.premiumPct === null ? '-' : card.price.premiumPct.toFixed(1)}`;
    if (!force && this.pushed.get(card.key) === mark) return card;
    this.pushed.set(card.key, mark);
    this.deps.push.broadcast('listing', card);
    return card;
  }

  private announce(
    row: ListingRecord,
    kind: ListingMoment['kind'],
    at: number,
    premiumPct: number | null,
  ): void {
    if (this.deps.write === false || !isListingVenue(row.venue)) return;
    this.moments.emit(
      {
        kind,
        venue: row.venue,
        base: row.base,
        quote: row.quote,
        slug: listingSlug(row.venue, row.quote, row.base),
        at,
        premiumPct,
      },
      (error) => this.deps.logger.error(`listing: a moment listener failed: ${String(error)}`),
    );
  }

  /** Compares each current listing with the venue's state: records deposit opening, trading start, the peak. */
  async tick(): Promise<void> {
    const mode = this.deps.mode();
    let events: Map<string, ListingRecord>;
    try {
      events = await this.events(mode);
    } catch {
      return;
    }
    const now = this.deps.now();
    if (this.warmSince === null && this.deps.engine.state.usdtKrw > 0) this.warmSince = now;
    const typing = this.warm();
    for (const [key, row] of events) {
      if (now - row.announcedAt > CURRENT_FOR_MS) continue;
      const obs = observe(this.deps.engine, row.venue, row.base, row.quote, now);
      const timeline = [...row.timeline];
      let next: ListingRecord = row;
      const typed = typing && this.untyped.delete(key);
      if (typed) next = { ...next, type: typeAtNotice(this.deps.engine, row.venue, row.base) };
      if (obs.deposit === 'open' && row.depositOpenedAt === null) {
        timeline.push({ at: now, kind: 'deposit_opened' });
        next = { ...next, depositOpenedAt: now, timeline };
      }
      if (obs.trading && row.tradingStartedAt === null) {
        timeline.push({ at: now, kind: 'trading_started' });
        next = { ...next, tradingStartedAt: now, timeline };
      }
      const card = buildCard(this.deps.engine, next, now, mode === 'simulated');
      const pct = card.price.premiumPct;
      if (pct !== null && card.quote === 'KRW' && (next.peakPremium === null || pct > next.peakPremium.pct)) {
        // A peak moves often in the first minutes: stored with the next observed step, kept in memory meanwhile.
        next = { ...next, peakPremium: { pct, at: now } };
      }
      if (next !== row) {
        const stepped =
          next.depositOpenedAt !== row.depositOpenedAt || next.tradingStartedAt !== row.tradingStartedAt;
        events.set(key, next);
        if (stepped && this.deps.write !== false) {
          const { id: _id, ...upsert } = next;
          this.writing = this.writing.then(() =>
            this.deps.repository
              .forMode(mode)
              .upsert({ ...upsert, updatedAt: now })
              .then(() => undefined)
              .catch((error: Error) =>
                this.deps.logger.error(`listing: storing ${key} failed: ${error.message}`),
              ),
          );
        }
      }
      const pushed = this.pushCard(next, false);
      if (next.depositOpenedAt !== row.depositOpenedAt)
        this.announce(next, 'deposit-open', now, pushed.price.premiumPct);
      if (next.tradingStartedAt !== row.tradingStartedAt)
        this.announce(next, 'trading-start', now, pushed.price.premiumPct);
    }
  }

  async list(query: ListingQuery): Promise<ListingResponse> {
    const mode = this.deps.mode();
    const now = this.deps.now();
    const events = await this.events(mode);
    let rows = [...events.values()];
    if (query.key !== undefined) {
      const key = parseListingSlug(query.key);
      rows = key
        ? rows.filter((r) => r.venue === key.venue && r.quote === key.quote && r.base === key.base)
        : [];
    } else rows = rows.filter((r) => now - r.announcedAt <= CURRENT_FOR_MS);
    if (query.exchange?.length) rows = rows.filter((r) => query.exchange?.includes(r.venue as never));
    let cards = rows
      .sort((a, b) => b.announcedAt - a.announcedAt)
      .map((r) => buildCard(this.deps.engine, r, now, mode === 'simulated', this.deps.extras));
    if (query.status?.length) cards = cards.filter((c) => query.status?.includes(c.status));
    return { data: cards, serverTime: now, fees: LISTING_FEES, dataSource: this.deps.dataSource() };
  }

  /** The running mode's listing events as held now (peaks included before they are stored). */
  async records(): Promise<ListingRecord[]> {
    return [...(await this.events(this.deps.mode())).values()];
  }
}
