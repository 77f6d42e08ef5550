import {
  type Feature,
  findVenue,
  hasFeature,
  InvalidSymbolError,
  type Role,
  tryParseSymbol,
  type VenueId,
} from '@spreadscope/core';
import type { FastifyRequest } from 'fastify';
import { assertEntitled } from '../../http/guards.ts';
import { principalOf, unauthenticated } from '../../http/principal.ts';

/**
 * The one place market data meets plans (spec §6). CEX data is open to everyone. DEX data — anything from a
 * venue the registry lists as a perp DEX or an AMM — needs a plan with `dexData`, however it is asked for:
 *
 * - `dex=true` on a table, or a DEX venue named by `source`, `target`, `exchange`, `exchanges` or in a
 *   `symbol` (dydx-btc): a visitor is told to sign in (401), a plan without DEX data which plan has it (403).
 * - No venue named: lists leave DEX venues out for such callers, silently ({@link withoutDexVenues}).
 * - The premium and arbitrage tables are the one exception to refusing `dex=true`: a signed-in user without
 *   DEX data gets the table with its DEX rows masked, `gated: 'upgrade'` (see gated-rows.ts).
 *
 * REST routes call {@link assertMarketAccess} (or {@link assertTableAccess}) as a preHandler; the WebSocket hub
 * asks {@link mayView} per subscription.
 */

export function isDexVenue(id: string): boolean {
  const venue = findVenue(id);
  return venue !== undefined && venue.kind !== 'cex';
}

type VenueQuery = Record<string, unknown>;

/** Every venue a query names, in any parameter that names one. */
export function namedVenues(query: VenueQuery): string[] {
  const named: string[] = [];
  for (const key of ['source', 'target', 'exchange'] as const) {
    const value = query[key];
    if (typeof value === 'string') named.push(value);
  }
  const list = query.exchanges;
  if (Array.isArray(list)) for (const v of list) if (typeof v === 'string') named.push(v);
  if (typeof query.symbol === 'string') {
    const parsed = tryParseSymbol(query.symbol);
    if (!(parsed instanceof InvalidSymbolError)) named.push(parsed.exchange);
  }
  return named;
}

export function namesDexVenue(query: VenueQuery): boolean {
  return namedVenues(query).some(isDexVenue);
}

/**
 * The features a query needs. `table`: the premium and arbitrage tables, where `dex=true` only needs a
 * signed-in caller (DEX rows come back masked without the plan).
 */
export function marketFeatures(query: VenueQuery, table = false): Feature[] {
  if (namesDexVenue(query)) return ['dexData'];
  if (query.dex === true && !table) return ['dexData'];
  return [];
}

function assertQueryAllowed(role: Role, query: VenueQuery, table: boolean): void {
  for (const feature of marketFeatures(query, table)) assertEntitled(role, feature);
  if (table && query.dex === true && role === 'visitor') throw unauthenticated();
}

/** preHandler of every market route that can return DEX venue data. */
export async function assertMarketAccess(request: FastifyRequest): Promise<void> {
  const query = request.query as VenueQuery;
  if (marketFeatures(query).length === 0) return;
  const { role } = await principalOf(request);
  assertQueryAllowed(role, query, false);
}

/** preHandler of the premium and arbitrage tables. */
export async function assertTableAccess(request: FastifyRequest): Promise<void> {
  const query = request.query as VenueQuery;
  if (marketFeatures(query, true).length === 0 && query.dex !== true) return;
  const { role } = await principalOf(request);
  assertQueryAllowed(role, query, true);
}

/**
 * The feature a WebSocket subscription lacks for this role, or null when allowed. `table`: the subscription
 * is to a premium or arbitrage table (see {@link marketFeatures}); a visitor asking those for `dex` lacks
 * `dexData` as well.
 */
export function mayView(role: Role, query: VenueQuery, table = false): Feature | null {
  const missing = marketFeatures(query, table).find((feature) => !hasFeature(role, feature));
  if (missing) return missing;
  if (table && query.dex === true && role === 'visitor') return 'dexData';
  return null;
}

/** Whether the caller may see DEX venues in lists that name none. */
export async function seesDexVenues(request: FastifyRequest): Promise<boolean> {
  return hasFeature((await principalOf(request)).role, 'dexData');
}

/** A list without the entries of DEX venues, unless the caller's plan has DEX data. */
export async function withoutDexVenues<T>(
  request: FastifyRequest,
  items: readonly T[],
  venueOf: (item: T) => VenueId | string,
): Promise<T[]> {
  return dropDexVenues(await seesDexVenues(request), items, venueOf);
}

/** The same, for a caller whose access is already known (cached answers are keyed by it). */
export function dropDexVenues<T>(
  seesDex: boolean,
  items: readonly T[],
  venueOf: (item: T) => VenueId | string,
): T[] {
  if (seesDex) return [...items];
  return items.filter((item) => !isDexVenue(venueOf(item)));
}

/** Search hits with DEX venues taken out of their venue lists; a hit quoted on DEX venues only goes. */
export async function searchWithoutDexVenues<T extends { exchanges: VenueId[] }>(
  request: FastifyRequest,
  hits: readonly T[],
): Promise<T[]> {
  if (await seesDexVenues(request)) return [...hits];
  return hits
    .map((hit) => ({ ...hit, exchanges: hit.exchanges.filter((v) => !isDexVenue(v)) }))
    .filter((hit) => hit.exchanges.length > 0);
}
