import { DATA_UPDATED_AT_HEADER } from '@spreadscope/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MarketApi } from '../market/api.ts';

/**
 * Every paid-API answer says how fresh its data is (issue item 6): `x-data-updated-at` is the epoch ms of the
 * newest event behind it, `x-data-source` whether that data is `live` or `simulated`. Market operations read the
 * engine (the last event any venue sent), open interest and liquidations the derivatives desk, and operations
 * read from the notices store at answer time carry that time.
 */

const DERIVATIVE_PATHS = ['/liquidation', '/open-interest', '/cex/symbol/oi', '/cex/symbol/liquidation'];
const STORE_PATHS = [
  '/cex/announcements',
  '/cex/token/updates',
  '/cex/symbol/cautions',
  '/cex/symbol/delistings',
  '/cex/symbol/tags',
  '/listings/historical',
];

export type FreshnessKind = 'market' | 'derivatives' | 'store';

export function freshnessKind(path: string): FreshnessKind {
  if (DERIVATIVE_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}-`))) {
    return 'derivatives';
  }
  return STORE_PATHS.includes(path) ? 'store' : 'market';
}

export function dataUpdatedAt(api: MarketApi, kind: FreshnessKind): number | null {
  if (kind === 'store') return api.market.now();
  if (kind === 'derivatives') {
    const { desk } = api.derivatives;
    let at = desk.recentLiquidations(() => true, 1)[0]?.at ?? 0;
    for (const o of desk.openInterestOf()) if (o.at > at) at = o.at;
    return at > 0 ? at : null;
  }
  let at = 0;
  for (const t of api.market.engine.state.venueLastEventAt) if (t > at) at = t;
  return at > 0 ? at : null;
}

/** The onSend hook of the paid API's scope: both headers on every answer, errors included. */
export function freshnessHook(api: MarketApi) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const path = (request.routeOptions.url ?? '').replace(/^\/api\/v1/, '');
    const at = dataUpdatedAt(api, freshnessKind(path));
    if (at !== null) reply.header(DATA_UPDATED_AT_HEADER, at);
    reply.header('x-data-source', api.market.dataSource().mode);
    return payload;
  };
}
