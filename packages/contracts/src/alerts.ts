import {
  ALERT_BLACKLIST_MAX,
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  ALERT_DATA_TYPES,
  ALERT_DIRECTIONS,
  ALERT_FREQUENCIES,
  ALERT_FUNDING_INTERVALS,
  ALERT_INTERVAL_UNITS,
  ALERT_LISTING_TYPES,
  ALERT_MESSAGE_MAX,
  ALERT_NAME_MAX,
  ALERT_STRATEGIES,
  PREMIUM_TYPES,
  UPBIT_QUOTE_MARKETS,
} from '@spreadscope/core';
import { z } from 'zod';
import { storableText, venueIdSchema } from './common.ts';

/**
 * The alert entity of spec §3, as a client sends it. The schema bounds types and sizes only; the form's rules
 * of spec §5 (a token chosen, exchanges differ, expiry later than now, …) are `alertRuleIssues`, run by the
 * server on every write and by the form as the user types, so both say the same words. Fields the spec says
 * "must be chosen" are optional here so that leaving them out is answered with the spec's message.
 */
const token = storableText(20);
const finite = z.number().refine(Number.isFinite, { message: 'must be a finite number' });

export const alertChannelsSchema = z
  .object({
    telegram: z.boolean().default(false),
    toast: z.boolean().default(false),
    email: z.boolean().default(false),
  })
  .strict();

export const alertInputSchema = z
  .object({
    name: storableText(ALERT_NAME_MAX).default(''),
    message: storableText(ALERT_MESSAGE_MAX).default(''),
    strategy: z.enum(ALERT_STRATEGIES).nullable().optional(),
    tokens: z.array(token).max(50).default([]).describe('token symbols (bases), e.g. BTC'),
    exchanges: z
      .array(venueIdSchema)
      .max(30)
      .default([])
      .describe('with direction "fixed": [source (buy/long), target (sell/short)]'),
    direction: z.enum(ALERT_DIRECTIONS).default('any'),
    premiumType: z.enum(PREMIUM_TYPES).default('spot-spot').describe('market type of source and target'),
    dataType: z.enum(ALERT_DATA_TYPES).nullable().optional(),
    condition: z.enum(ALERT_CONDITIONS).nullable().optional(),
    threshold: finite.nullable().optional().describe('percent for percent data types'),
    hysteresis: finite
      .nullable()
      .default(null)
      .describe('how far back past the threshold before it may fire again; null: a tenth of the threshold'),
    frequency: z.enum(ALERT_FREQUENCIES).nullable().optional().describe('once, or every time'),
    interval: z.number().int().nullable().default(null).describe('every-time alerts: at most once per'),
    intervalUnit: z.enum(ALERT_INTERVAL_UNITS).default('minute'),
    expiresAt: z.number().int().nullable().optional().describe('epoch ms; null: never expires'),
    channels: alertChannelsSchema.default({ telegram: false, toast: false, email: false }),
    telegramChatId: storableText(40).nullable().default(null),
    active: z.boolean().default(true),
    minVolumeSpot: finite.nullable().default(null).describe('US dollars of 24 h volume, each spot leg'),
    minVolumeFutures: finite.nullable().default(null).describe('US dollars of 24 h volume, each perp leg'),
    fundingInterval: z.enum(ALERT_FUNDING_INTERVALS).default('all'),
    minDurationMinutes: z.number().int().default(0),
    listingExchanges: z.array(venueIdSchema).max(10).default([]),
    alertType: z.enum(ALERT_LISTING_TYPES).nullable().default(null),
    upbitQuoteMarket: z.enum(UPBIT_QUOTE_MARKETS).default('KRW'),
    blacklistTokens: z.array(token).max(ALERT_BLACKLIST_MAX).default([]),
    overwriteExisting: z.boolean().default(false),
  })
  .strict();
export type AlertInput = z.infer<typeof alertInputSchema>;
/** What a form holds before parsing (defaults not yet applied). */
export type AlertDraft = z.input<typeof alertInputSchema>;

/** PATCH: the fields to change; the merged rule must pass the same rules as a new one. */
export type AlertPatch = Partial<AlertInput>;
/** Without the defaults: a field left out of a PATCH keeps its stored value instead of taking the default. */
export const alertPatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(alertInputSchema.shape).map(([key, field]) => [
        key,
        (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
      ]),
    ),
  )
  .strict() as unknown as z.ZodType<AlertPatch>;

export const ALERT_STATUSES = ['active', 'inactive', 'expired'] as const;

export const alertSchema = z.object({
  id: z.string(),
  name: z.string(),
  message: z.string(),
  strategy: z.enum(ALERT_STRATEGIES),
  tokens: z.array(z.string()),
  exchanges: z.array(venueIdSchema),
  direction: z.enum(ALERT_DIRECTIONS),
  premiumType: z.enum(PREMIUM_TYPES),
  dataType: z.enum(ALERT_DATA_TYPES),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number(),
  hysteresis: z.number().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  interval: z.number().nullable(),
  intervalUnit: z.enum(ALERT_INTERVAL_UNITS),
  expiresAt: z.number().nullable(),
  channels: z.object({ telegram: z.boolean(), toast: z.boolean(), email: z.boolean() }),
  telegramChatId: z.string().nullable(),
  active: z.boolean(),
  status: z.enum(ALERT_STATUSES).describe('expired: past its expiry (not evaluated)'),
  minVolumeSpot: z.number().nullable(),
  minVolumeFutures: z.number().nullable(),
  fundingInterval: z.enum(ALERT_FUNDING_INTERVALS),
  minDurationMinutes: z.number(),
  listingExchanges: z.array(venueIdSchema),
  alertType: z.enum(ALERT_LISTING_TYPES).nullable(),
  upbitQuoteMarket: z.enum(UPBIT_QUOTE_MARKETS),
  blacklistTokens: z.array(z.string()),
  overwriteExisting: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  lastTriggeredAt: z.number().nullable(),
  triggerCount: z.number().int(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListQuerySchema = z.object({
  status: z.enum(['all', ...ALERT_STATUSES]).default('all'),
  strategy: z.enum(ALERT_STRATEGIES).optional(),
  search: storableText(60).optional().describe('part of the name or a token'),
});

export const alertListSchema = z.object({
  alerts: z.array(alertSchema),
  limit: z.number().int().describe('how many alerts the plan allows'),
  count: z.number().int().describe('alerts the user has (the limit counts all of them)'),
});
export type AlertList = z.infer<typeof alertListSchema>;

export const alertIdParamsSchema = z.object({ id: z.string().uuid() });

export const ALERT_BULK_ACTIONS = ['pause-all', 'restart-inactive', 'delete-inactive'] as const;
export const alertBulkRequestSchema = z.object({ action: z.enum(ALERT_BULK_ACTIONS) }).strict();
export const alertBulkResponseSchema = z.object({ affected: z.number().int() });

export const deliveryAttemptSchema = z.object({
  channel: z.enum(ALERT_CHANNELS),
  attempt: z.number().int(),
  outcome: z.enum(['sent', 'failed', 'dead']),
  error: z.string().optional(),
  at: z.number(),
});

export const alertHistoryItemSchema = z.object({
  id: z.string(),
  alertId: z.string().nullable().describe('null once the alert itself was deleted'),
  alertName: z.string(),
  seq: z
    .number()
    .int()
    .describe('the crossing number of the alert; the notification key is alert:<id>:<seq>'),
  firedAt: z.number(),
  token: z.string(),
  pair: z.string().describe('source → target markets, or the perpetual'),
  dataType: z.enum(ALERT_DATA_TYPES),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number(),
  value: z.number(),
  title: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'enqueued']).describe('enqueued: handed to the delivery outbox'),
  deliveries: z.array(deliveryAttemptSchema),
});
export type AlertHistoryItem = z.infer<typeof alertHistoryItemSchema>;

export const alertHistoryQuerySchema = z.object({
  alertId: z.string().uuid().optional(),
  limit: z.coerce.number().min(1).max(500).int().default(100),
});
export const alertHistoryResponseSchema = z.object({ items: z.array(alertHistoryItemSchema) });

export const BACKTEST_WINDOWS = ['24h', '7d', '30d'] as const;
export const alertBacktestResponseSchema = z.object({
  supported: z.boolean().describe('false: the strategy is not back-tested yet (see message)'),
  message: z.string().optional(),
  windows: z.array(
    z.object({
      window: z.enum(BACKTEST_WINDOWS),
      fires: z.number().int(),
      times: z.array(z.number()).describe('when it would have fired (epoch ms), newest last, at most 200'),
    }),
  ),
  series: z.number().int().describe('market pairs (or perpetuals) replayed'),
  skippedSeries: z.number().int().describe('further pairs the rule watches that were not replayed'),
  events: z
    .number()
    .int()
    .optional()
    .describe(
      'event strategies: stored wallet changes or listing steps the rule covers (premium condition not replayed)',
    ),
  from: z.number(),
  to: z.number(),
});
export type AlertBacktest = z.infer<typeof alertBacktestResponseSchema>;
