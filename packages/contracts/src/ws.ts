import { z } from 'zod';
import { announcementEventMessageSchema } from './announcements.ts';
import { arbitrageQuerySchema, arbitrageResponseSchema } from './arbitrage.ts';
import { dataSourceSchema, updateIntervalSchema } from './common.ts';
import {
  fundingLatestQuerySchema,
  fundingLatestResponseSchema,
  fundingOverviewQuerySchema,
  fundingOverviewResponseSchema,
  fundingRankingQuerySchema,
  fundingRankingResponseSchema,
} from './funding.ts';
import { listingEventMessageSchema } from './listing.ts';
import { premiumQuerySchema, premiumResponseSchema } from './premium.ts';
import { premiumIndexQuerySchema, premiumIndexResponseSchema } from './premium-index.ts';
import { priceStatsQuerySchema, priceStatsResponseSchema } from './price-stats.ts';

/**
 * WebSocket protocol at /api/v1/ws: JSON text frames, one message each. Every table has a topic; a
 * subscription's params are the query of the matching REST call (validated the same way, defaults the same),
 * and its snapshots carry exactly what that REST call would answer.
 *
 * Deltas (protocol 2, opt-in per subscription with `deltas: true`; the `subscribed` answer says whether they
 * apply). The big table topics (premium, arbitrage-*) then send a snapshot first and afterwards `delta`
 * messages that turn the previous state into the next one (ws-delta.ts applies them):
 *
 * - Every state of a key has a `seq` that grows by one per state; a delta names the state it applies to
 *   (`base`, usually `seq - 1`). A delta whose base is not the state the client holds means it missed
 *   something: it must resubscribe (the same subscription id), which answers `subscribed` and a snapshot. The
 *   server never sends a delta on another base than the one it last sent that connection for the key.
 * - Rows are keyed by their `id`. `upserts` are whole rows (new on the page, or whose shape changed);
 *   `patches` are the other changed rows, flat: `[id, path, value, path, value, …]`, each path an index
 *   into the delta's `paths` (dotted: `target.price`; an element of an array of objects whose length did not
 *   change by its position: `transfer.networks.0.withdrawFeeValue`), each value set at that path whole (a number, string,
 *   boolean, null, an array, or an object that was null before). `removed` lists ids that left the page. `order` gives the page's order whenever it
 *   changed (rows moved, came or went), as runs of the base order (`[start, count]`: base rows start…start +
 *   count − 1) and ids; omitted, the order is the base's.
 * - Nothing in a row moves with the clock alone: premium duration travels as its start (`durationSince`), so
 *   a row whose values did not change is not in the delta at all.
 * - `fields` holds the response's other fields that changed (updatedAt, total, rates, dataSource, gatedRows…),
 *   whole; `unset` names those that are now absent (gatedRows when no row is gated any more).
 * - Gated rows (spec §6) stay gated: deltas are computed on the table as the subscriber may see it, so a
 *   gated row's values never travel, only its `gatedRows` entry.
 * - The server sends a snapshot instead of a delta when that is smaller, to a connection that fell behind
 *   (it resumes from the newest snapshot), and to each subscriber every so many deltas.
 * Applied in order, snapshot and deltas give at every step exactly what the REST call answers.
 */

export const WS_TOPICS = [
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
  'funding-latest',
  'funding-ranking',
  'funding-overview',
  'kimchi-premium-index',
  'price-stats',
] as const;
export type WsTopic = (typeof WS_TOPICS)[number];

/**
 * Event topics: no table and no snapshot; the server pushes each new item as a `{type: 'event', topic, data}`
 * message as it happens (a new exchange announcement; a liquidation, as a /liquidations row). Params, interval
 * and deltas do not apply.
 */
export const WS_EVENT_TOPICS = ['announcements', 'liquidations', 'listing'] as const;
export type WsEventTopic = (typeof WS_EVENT_TOPICS)[number];
export function isEventTopic(topic: string): topic is WsEventTopic {
  return (WS_EVENT_TOPICS as readonly string[]).includes(topic);
}

/** Params of each topic: the REST query schema of the same table. */
export const WS_TOPIC_PARAMS = {
  premium: premiumQuerySchema,
  'arbitrage-spot-spot': arbitrageQuerySchema,
  'arbitrage-spot-perp': arbitrageQuerySchema,
  'arbitrage-perp-perp': arbitrageQuerySchema,
  'funding-latest': fundingLatestQuerySchema,
  'funding-ranking': fundingRankingQuerySchema,
  'funding-overview': fundingOverviewQuerySchema,
  'kimchi-premium-index': premiumIndexQuerySchema,
  'price-stats': priceStatsQuerySchema,
} as const satisfies Record<WsTopic, z.ZodType>;

/** Snapshot data of each topic: the REST response of the same table. */
export const WS_TOPIC_DATA = {
  premium: premiumResponseSchema,
  'arbitrage-spot-spot': arbitrageResponseSchema,
  'arbitrage-spot-perp': arbitrageResponseSchema,
  'arbitrage-perp-perp': arbitrageResponseSchema,
  'funding-latest': fundingLatestResponseSchema,
  'funding-ranking': fundingRankingResponseSchema,
  'funding-overview': fundingOverviewResponseSchema,
  'kimchi-premium-index': premiumIndexResponseSchema,
  'price-stats': priceStatsResponseSchema,
} as const satisfies Record<WsTopic, z.ZodType>;

export type WsTopicParams<T extends WsTopic> = z.infer<(typeof WS_TOPIC_PARAMS)[T]>;
export type WsTopicData<T extends WsTopic> = z.infer<(typeof WS_TOPIC_DATA)[T]>;

export const subscribeMessageSchema = z.object({
  op: z.literal('subscribe'),
  id: z.string().min(1).max(64).describe('client-chosen subscription id'),
  topic: z.enum([...WS_TOPICS, ...WS_EVENT_TOPICS]),
  interval: updateIntervalSchema.default('realtime'),
  params: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("the topic's REST query parameters; omitted ones take the REST defaults"),
  deltas: z
    .boolean()
    .default(false)
    .describe('table topics: after the first snapshot, send deltas (protocol 2) instead of whole tables'),
  since: z
    .string()
    .max(128)
    .optional()
    .describe(
      'table topics with deltas: the ETag of the REST answer the client already holds (e.g. the first screen inlined in the page). A server still holding that table for the group says so in `subscribed.since` and starts with a delta from it instead of a snapshot; otherwise a snapshot as usual',
    ),
});

export const clientMessageSchema = z.discriminatedUnion('op', [
  subscribeMessageSchema,
  z.object({ op: z.literal('unsubscribe'), id: z.string() }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;
/** A subscription to a table topic (everything but the event topics). */
export type TableSubscribeMessage = SubscribeMessage & { readonly topic: WsTopic };

const snapshotKey = z
  .string()
  .describe('identical for every subscriber with the same topic, interval and params');

function snapshotOf<T extends WsTopic>(topic: T) {
  return z.object({
    type: z.literal('snapshot'),
    topic: z.literal(topic),
    key: snapshotKey,
    seq: z.number().describe('increases by one per state of this key (snapshot or delta)'),
    data: WS_TOPIC_DATA[topic] as (typeof WS_TOPIC_DATA)[T],
  });
}

import type { WsDeltaTopic } from './wire-constants.ts';

export { isDeltaTopic, WS_DELTA_TOPICS, type WsDeltaTopic } from './wire-constants.ts';

/** A changed row, flat: its id, then pairs of an index into the delta's `paths` and the value to set there. */
export const rowPatchSchema = z.tuple([z.string()]).rest(z.unknown());
export type RowPatch = [string, ...unknown[]];

/** One entry of a delta's `order`: a run of the base order, `[start, count]`, or a row id. */
export const orderEntrySchema = z.union([
  z.string(),
  z.tuple([z.number().int().nonnegative(), z.number().int().positive()]),
]);
export type OrderEntry = z.infer<typeof orderEntrySchema>;

function deltaOf<T extends WsDeltaTopic, R extends z.ZodType, F extends z.ZodType>(
  topic: T,
  row: R,
  fields: F,
) {
  return z.object({
    type: z.literal('delta'),
    topic: z.literal(topic),
    key: snapshotKey,
    seq: z.number().describe('the state this delta leads to'),
    base: z.number().describe('the state it applies to; any other: resubscribe for a snapshot'),
    upserts: z.array(row).optional().describe('whole rows: new, or changed in shape'),
    paths: z.array(z.string()).optional().describe('the value paths the patches set, dotted (target.price)'),
    patches: z
      .array(rowPatchSchema)
      .optional()
      .describe('changed rows: [id, path index, value, path index, value, …]'),
    removed: z.array(z.string()).optional().describe('ids of rows that left the page'),
    order: z
      .array(orderEntrySchema)
      .optional()
      .describe('the page order when it changed: [start, count] runs of the base order, and ids'),
    fields: fields.optional().describe('other fields that changed, whole'),
    unset: z.array(z.string()).optional().describe('other fields that are now absent'),
  });
}
const premiumDelta = deltaOf(
  'premium',
  premiumResponseSchema.shape.data.element,
  premiumResponseSchema.omit({ data: true }).partial(),
);
const arbitrageDelta = <T extends 'arbitrage-spot-spot' | 'arbitrage-spot-perp' | 'arbitrage-perp-perp'>(
  topic: T,
) =>
  deltaOf(
    topic,
    arbitrageResponseSchema.shape.data.element,
    arbitrageResponseSchema.omit({ data: true }).partial(),
  );

const helloSchema = z.object({
  type: z.literal('hello'),
  serverTime: z.number(),
  dataSource: dataSourceSchema,
});
const subscribedSchema = z.object({
  type: z.literal('subscribed'),
  id: z.string(),
  key: z.string(),
  topic: z.string(),
  interval: updateIntervalSchema,
  deltas: z.boolean().describe('whether this subscription receives deltas after its snapshots'),
  since: z
    .number()
    .int()
    .optional()
    .describe(
      "the seq the server takes the client's `since` table to be: the next message is a delta on that base (absent: a snapshot comes first)",
    ),
});
/**
 * The `code` of every error message. Errors about one subscription carry its `id`; the others are about the
 * connection. `rate_limited`: messages came faster than the per-socket limit (they were dropped; a socket that
 * keeps flooding is closed with 1008). `too_many_subscriptions` / `too_many_groups`: the connection, or all
 * connections of its IP, hold as many subscriptions or distinct tables as allowed. `too_many_connections`: the IP
 * has as many sockets open as allowed (then closed with 1008). `server_busy`: the server serves as many distinct
 * tables as it will; try again later or subscribe to a table others watch.
 */
export const WS_ERROR_CODES = [
  'bad_message',
  'unknown_topic',
  'unauthenticated',
  'plan_required',
  'invite_required',
  'too_many_subscriptions',
  'too_many_groups',
  'too_many_connections',
  'rate_limited',
  'server_busy',
] as const;
export type WsErrorCode = (typeof WS_ERROR_CODES)[number];

const controlSchemas = [
  subscribedSchema,
  z.object({ type: z.literal('unsubscribed'), id: z.string() }),
  z.object({ type: z.literal('pong'), serverTime: z.number() }),
  z.object({
    type: z.literal('error'),
    error: z.enum(WS_ERROR_CODES),
    message: z.string().describe("in the connection's language (Accept-Language at the handshake)"),
    id: z.string().optional().describe('the subscription the error is about'),
  }),
] as const;

/** Every snapshot, by topic. */
export const wsSnapshotMessageSchema = z.discriminatedUnion('topic', [
  snapshotOf('premium'),
  snapshotOf('arbitrage-spot-spot'),
  snapshotOf('arbitrage-spot-perp'),
  snapshotOf('arbitrage-perp-perp'),
  snapshotOf('funding-latest'),
  snapshotOf('funding-ranking'),
  snapshotOf('funding-overview'),
  snapshotOf('kimchi-premium-index'),
  snapshotOf('price-stats'),
]);
export type WsSnapshotMessage = z.infer<typeof wsSnapshotMessageSchema>;

/** Every delta, by topic (table topics only). */
export const wsDeltaMessageSchema = z.discriminatedUnion('topic', [
  premiumDelta,
  arbitrageDelta('arbitrage-spot-spot'),
  arbitrageDelta('arbitrage-spot-perp'),
  arbitrageDelta('arbitrage-perp-perp'),
]);
export type WsDeltaMessage = z.infer<typeof wsDeltaMessageSchema>;

/** Everything the server sends, all topics. */
export const wsServerMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  wsSnapshotMessageSchema,
  wsDeltaMessageSchema,
  z.discriminatedUnion('topic', [announcementEventMessageSchema, listingEventMessageSchema]),
  ...controlSchemas,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/**
 * What a client subscribed to the `premium` topic only receives: the first screen was built on this subset
 * of {@link wsServerMessageSchema}, whose snapshots are all premium tables.
 */
export const serverMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  snapshotOf('premium'),
  premiumDelta,
  ...controlSchemas,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
