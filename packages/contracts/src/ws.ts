import { z } from 'zod';
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
import { premiumQuerySchema, premiumResponseSchema } from './premium.ts';
import { premiumIndexQuerySchema, premiumIndexResponseSchema } from './premium-index.ts';
import { priceStatsQuerySchema, priceStatsResponseSchema } from './price-stats.ts';

/**
 * WebSocket protocol at /api/v1/ws: JSON text frames, one message each. Every table has a topic; a
 * subscription's params are the query of the matching REST call (validated the same way, defaults the same),
 * and its snapshots carry exactly what that REST call would answer.
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
  topic: z.enum(WS_TOPICS),
  interval: updateIntervalSchema.default('realtime'),
  params: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("the topic's REST query parameters; omitted ones take the REST defaults"),
});

export const clientMessageSchema = z.discriminatedUnion('op', [
  subscribeMessageSchema,
  z.object({ op: z.literal('unsubscribe'), id: z.string() }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;

const snapshotKey = z
  .string()
  .describe('identical for every subscriber with the same topic, interval and params');

function snapshotOf<T extends WsTopic>(topic: T) {
  return z.object({
    type: z.literal('snapshot'),
    topic: z.literal(topic),
    key: snapshotKey,
    seq: z.number().describe('increases by one per snapshot of this key'),
    data: WS_TOPIC_DATA[topic] as (typeof WS_TOPIC_DATA)[T],
  });
}

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
});
const controlSchemas = [
  subscribedSchema,
  z.object({ type: z.literal('unsubscribed'), id: z.string() }),
  z.object({ type: z.literal('pong'), serverTime: z.number() }),
  z.object({ type: z.literal('error'), error: z.string(), message: z.string(), id: z.string().optional() }),
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

/** Everything the server sends, all topics. */
export const wsServerMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  wsSnapshotMessageSchema,
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
  ...controlSchemas,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
