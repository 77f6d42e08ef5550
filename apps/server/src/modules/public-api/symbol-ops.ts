import { DAY_MS, MINUTE_MS, tokenIdOf } from '@spreadscope/core';
import type { AnnouncementRecord, CautionRecord } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import { z } from 'zod';
import type { MarketApi } from '../market/api.ts';
import type { NoticesRoutesDeps } from '../notices/routes.ts';
import {
  flag,
  int,
  MARKETS,
  multi,
  oneOf,
  oneOfOr,
  type PublicMarket,
  text,
  toPublicMarket,
} from './public-params.ts';

/**
 * §2.7 symbol operations besides volume: metadata (trading status, caution, tags, delisting per market), tags,
 * cautions, delistings, and a base asset's open interest, its deltas and its liquidations per venue. The
 * listing ones page as `{data, page, limit, total}`; the SDK models none of them, so these shapes are ours.
 */

/** A market not updated for this long is listed as `inactive` rather than `trading`. */
const STALE_MS = 15 * MINUTE_MS;
/** A market listed this recently carries the `new_listing` tag. */
const NEW_LISTING_MS = 30 * DAY_MS;
const LEVELS = ['caution', 'warning', 'danger'] as const;

const page = (fallback: number, max: number) => ({ page: int(1, 1, 100_000), limit: int(fallback, 1, max) });

function paged<T>(rows: readonly T[], q: { page: number; limit: number }) {
  const start = (q.page - 1) * q.limit;
  return { data: rows.slice(start, start + q.limit), page: q.page, limit: q.limit, total: rows.length };
}

const lower = (values: readonly string[] | undefined) => values?.map((v) => v.toLowerCase());

/** What the notices store knows about markets now: caution flags, delisting notices, recent listings. */
interface Notes {
  cautions: CautionRecord[];
  delistings: AnnouncementRecord[];
  listed: { venue: string; market: 'spot' | 'perp'; base: string; quote: string; at: number }[];
}

async function readNotes(notices: NoticesRoutesDeps | undefined, from: number): Promise<Notes> {
  if (!notices) return { cautions: [], delistings: [], listed: [] };
  const [cautions, delistings, listed] = await Promise.all([
    notices.repository.listCautions({}),
    notices.repository.delistingSchedule(from, 2_000),
    notices.repository.listTokenUpdates({ update: 'listed', sort: 'desc', page: 1, limit: 2_000 }),
  ]);
  return { cautions, delistings, listed: listed.rows };
}

export const metadataQuery = z.object({
  exchange: multi(),
  market: oneOf(MARKETS),
  base: text(20),
  quote: text(12),
  status: multi(),
  ...page(200, 2_000),
});

/** /cex/symbol/metadata: every market we follow with its status, caution flag, tags and scheduled delisting. */
export async function metadataAnswer(
  api: MarketApi,
  notices: NoticesRoutesDeps | undefined,
  q: z.infer<typeof metadataQuery>,
) {
  const { engine } = api.market;
  const now = api.market.now();
  const notes = await readNotes(notices, now);
  const exchanges = lower(q.exchange);
  const statuses = lower(q.status);
  const base = q.base?.toUpperCase();
  const quote = q.quote?.toUpperCase();
  const cautions = new Map(notes.cautions.map((c) => [`${c.venue}|${c.base}|${c.quote}`, c]));
  const delisting = new Map<string, AnnouncementRecord>();
  for (const a of notes.delistings) {
    for (const token of a.tokens)
      if (!delisting.has(`${a.venue}|${token}`)) delisting.set(`${a.venue}|${token}`, a);
  }
  const rows = [];
  for (const info of engine.state.instruments) {
    const market = toPublicMarket(info.market);
    if (exchanges && !exchanges.includes(info.venue)) continue;
    if (q.market && market !== q.market) continue;
    if ((base && info.base !== base) || (quote && info.quote !== quote)) continue;
    const caution = cautions.get(`${info.venue}|${info.base}|${info.quote}`) ?? null;
    const delist = delisting.get(`${info.venue}|${info.base}`) ?? null;
    const updatedAt = engine.state.updatedAt.array[info.id] as number;
    const status = delist ? 'delisting' : now - updatedAt <= STALE_MS ? 'trading' : 'inactive';
    if (statuses && !statuses.includes(status)) continue;
    const tags = [
      ...(caution ? [caution.level] : []),
      ...(delist ? ['delisting'] : []),
      ...(notes.listed.some(
        (l) =>
          l.venue === info.venue &&
          l.base === info.base &&
          l.quote === info.quote &&
          l.market === info.market &&
          now - l.at <= NEW_LISTING_MS,
      )
        ? ['new_listing']
        : []),
    ];
    rows.push({
      exchange: info.venue,
      market,
      symbol: `${info.base}-${info.quote}`,
      base: info.base,
      quote: info.quote,
      token_id: tokenIdOf(info.base),
      trading_status: status,
      caution: caution ? { level: caution.level, reasons: [...caution.reasons], since: caution.since } : null,
      tags,
      delisting: delist
        ? { delisting_at: delist.effectiveAt, announced_at: delist.publishedAt, url: delist.url }
        : null,
      updated_at: updatedAt > 0 ? updatedAt : null,
    });
  }
  rows.sort(
    (a, b) =>
      a.exchange.localeCompare(b.exchange) ||
      a.market.localeCompare(b.market) ||
      a.symbol.localeCompare(b.symbol),
  );
  return paged(rows, q);
}

export const tagsQuery = z.object({
  tag: multi(),
  exchange: multi(),
  market: oneOf(MARKETS),
  base: text(20),
  source: oneOf(['rest_native', 'announcement', 'cmc', 'manual'] as const),
  min_confidence: int(80, 0, 100),
  ...page(500, 5_000),
});

/** The market of `venue` that trades `base`: spot where it has one, else its perpetual. */
function marketOf(
  engine: MarketEngine,
  venue: string,
  base: string,
): { market: PublicMarket; quote: string | null } {
  let perp: string | null = null;
  for (const id of engine.state.findToken(base)?.instruments ?? []) {
    const info = engine.state.instruments[id];
    if (!info || info.venue !== venue) continue;
    if (info.market === 'spot') return { market: 'spot', quote: info.quote };
    perp ??= info.quote;
  }
  return perp ? { market: 'futures', quote: perp } : { market: 'spot', quote: null };
}

/**
 * /cex/symbol/tags: the tags we can vouch for. `caution` / `warning` are the Korean venues' own flags (their
 * REST market lists, confidence 100); `delisting` comes from a delisting notice (read from its title,
 * confidence 90); `new_listing` from the venue's market list (a market opened in the last 30 days, 100).
 * Venue programme tags (seed, alpha …) are not in our feeds and are never guessed.
 */
export async function tagsAnswer(
  api: MarketApi,
  notices: NoticesRoutesDeps | undefined,
  q: z.infer<typeof tagsQuery>,
) {
  const { engine } = api.market;
  const now = api.market.now();
  const notes = await readNotes(notices, now);
  const rows: {
    exchange: string;
    market: PublicMarket;
    symbol: string | null;
    base: string;
    quote: string | null;
    tag: string;
    source: 'rest_native' | 'announcement';
    confidence: number;
    since: number;
  }[] = [];
  for (const c of notes.cautions) {
    rows.push({
      exchange: c.venue,
      market: 'spot',
      symbol: `${c.base}-${c.quote}`,
      base: c.base,
      quote: c.quote,
      tag: c.level,
      source: 'rest_native',
      confidence: 100,
      since: c.since,
    });
  }
  for (const a of notes.delistings) {
    for (const base of a.tokens) {
      const { market, quote } = marketOf(engine, a.venue, base);
      rows.push({
        exchange: a.venue,
        market,
        symbol: quote ? `${base}-${quote}` : null,
        base,
        quote,
        tag: 'delisting',
        source: 'announcement',
        confidence: 90,
        since: a.publishedAt,
      });
    }
  }
  for (const l of notes.listed) {
    if (now - l.at > NEW_LISTING_MS) continue;
    rows.push({
      exchange: l.venue,
      market: toPublicMarket(l.market),
      symbol: `${l.base}-${l.quote}`,
      base: l.base,
      quote: l.quote,
      tag: 'new_listing',
      source: 'rest_native',
      confidence: 100,
      since: l.at,
    });
  }
  const tags = lower(q.tag);
  const exchanges = lower(q.exchange);
  const base = q.base?.toUpperCase();
  const data = rows
    .filter(
      (r) =>
        r.confidence >= q.min_confidence &&
        (!tags || tags.includes(r.tag)) &&
        (!exchanges || exchanges.includes(r.exchange)) &&
        (!q.market || r.market === q.market) &&
        (!base || r.base === base) &&
        (!q.source || r.source === q.source),
    )
    .sort((a, b) => b.since - a.since);
  return paged(data, q);
}

export const cautionsQuery = z.object({
  exchange: multi(),
  market: oneOf(MARKETS),
  min_level: oneOfOr(LEVELS, 'caution'),
  active_only: flag(true),
  ...page(500, 5_000),
});

/**
 * /cex/symbol/cautions: the Korean venues' caution flags (Upbit 유의/주의, Bithumb 투자유의), strongest first.
 * The store keeps only flags in force (a lifted one is removed), so `end_at` is null and `active_only=False`
 * returns the same rows.
 */
export async function cautionsAnswer(
  notices: NoticesRoutesDeps | undefined,
  q: z.infer<typeof cautionsQuery>,
) {
  const exchanges = lower(q.exchange);
  const min = LEVELS.indexOf(q.min_level);
  const flags = notices ? await notices.repository.listCautions({}) : [];
  const data = flags
    .filter(
      (c) =>
        LEVELS.indexOf(c.level) >= min &&
        (!exchanges || exchanges.includes(c.venue)) &&
        (!q.market || q.market === 'spot'),
    )
    .sort((a, b) => LEVELS.indexOf(b.level) - LEVELS.indexOf(a.level) || b.since - a.since)
    .map((c) => ({
      exchange: c.venue,
      market: 'spot' as const,
      symbol: `${c.base}-${c.quote}`,
      base: c.base,
      quote: c.quote,
      level: c.level,
      reasons: [...c.reasons],
      start_at: c.since,
      end_at: null,
    }));
  return paged(data, q);
}

export const delistingsQuery = z.object({
  exchange: multi(),
  market: oneOf(MARKETS),
  from_ms: int(0, 0, 1e14).transform((v) => (v === 0 ? undefined : v)),
  to_ms: int(0, 0, 1e14).transform((v) => (v === 0 ? undefined : v)),
  include_past: flag(false),
  ...page(200, 2_000),
});

/**
 * /cex/symbol/delistings: one row per market a delisting notice names, filtered on its trading end
 * (`delisting_at`, ms) between `from_ms` (default now) and `to_ms` (default now + 30 days), soonest first;
 * `include_past=True` also keeps those whose end has passed. Notices whose date we could not read are left out.
 */
export async function delistingsAnswer(
  api: MarketApi,
  notices: NoticesRoutesDeps | undefined,
  q: z.infer<typeof delistingsQuery>,
) {
  const now = api.market.now();
  const from = q.from_ms ?? now;
  const to = q.to_ms ?? now + 30 * DAY_MS;
  const since = q.include_past ? 0 : from;
  const notes = notices ? await notices.repository.delistingSchedule(since, 2_000) : [];
  const exchanges = lower(q.exchange);
  const data = notes
    .filter((a) => a.effectiveAt !== null && a.effectiveAt >= since && a.effectiveAt <= to)
    .filter((a) => !exchanges || exchanges.includes(a.venue))
    .flatMap((a) =>
      a.tokens.map((base) => {
        const { market, quote } = marketOf(api.market.engine, a.venue, base);
        return {
          exchange: a.venue,
          market,
          symbol: quote ? `${base}-${quote}` : null,
          base,
          quote,
          delisting_at: a.effectiveAt as number,
          announced_at: a.publishedAt,
          title: a.title,
          url: a.url,
        };
      }),
    )
    .filter((r) => !q.market || r.market === q.market)
    .sort((a, b) => a.delisting_at - b.delisting_at);
  return paged(data, q);
}
