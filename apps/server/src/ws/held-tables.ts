import { arbitrageQuerySchema, premiumQuerySchema, type WsTopic } from '@spreadscope/contracts';
import type { z } from 'zod';
import type { AnswerCache } from '../http/answer-cache.ts';
import { answerKey } from '../http/cached-reply.ts';
import type { TableView } from '../modules/market/gated-rows.ts';

/** A table a client says it holds (by ETag), as the server served it: its rows, and when it showed the market. */
export interface HeldTable {
  readonly data: unknown;
  readonly version: number;
  readonly at: number;
  /** Its size serialized. */
  readonly bytes: number;
}

/** Finds the table a subscriber holds from `since` (the ETag of a REST answer); undefined when unknown. */
export type HeldTables = (
  topic: WsTopic,
  params: Readonly<Record<string, unknown>>,
  view: TableView,
  etag: string,
) => HeldTable | undefined;

const FRONT_PREFIX = '/api/v1/front';

/** The REST route and query schema of each table topic whose answer a subscription may start from. */
const REST_OF: Partial<Record<WsTopic, { readonly route: string; readonly query: z.ZodType }>> = {
  premium: { route: `${FRONT_PREFIX}/premium`, query: premiumQuerySchema },
  'arbitrage-spot-spot': { route: `${FRONT_PREFIX}/arbitrage/spot-spot`, query: arbitrageQuerySchema },
  'arbitrage-spot-perp': { route: `${FRONT_PREFIX}/arbitrage/spot-perp`, query: arbitrageQuerySchema },
  'arbitrage-perp-perp': { route: `${FRONT_PREFIX}/arbitrage/perp-perp`, query: arbitrageQuerySchema },
};

/**
 * Looks the subscription's params up as the REST route's query (the same canonical cache key, under the
 * subscriber's own view) in the answer cache: when the answer kept there has the ETag the client sent, the
 * client holds exactly those bytes — the ETag is their hash — so they are a base its deltas may start from.
 * Anything else (an older answer, another view, a made-up tag) finds nothing, and the client gets a snapshot.
 */
export function heldTablesFrom(cache: AnswerCache): HeldTables {
  return (topic, params, view, etag) => {
    const rest = REST_OF[topic];
    if (!rest) return undefined;
    const query = rest.query.safeParse(params);
    if (!query.success) return undefined;
    const entry = cache.byEtag(answerKey(rest.route, query.data, view), etag);
    if (!entry) return undefined;
    return {
      data: JSON.parse(entry.raw.toString()),
      version: entry.version,
      at: entry.at,
      bytes: entry.raw.length,
    };
  };
}
