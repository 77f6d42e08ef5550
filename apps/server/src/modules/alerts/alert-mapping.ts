import { type Alert, type AlertInput, alertInputSchema } from '@spreadscope/contracts';
import { ALERT_MIN_INTERVAL_MS, ALERT_UNIT_MS, defaultHysteresis } from '@spreadscope/core';
import type { AlertRow } from '@spreadscope/db';
import type { AlertRule } from '@spreadscope/engine';

/**
 * A stored definition read back through the current schema: fields added since it was saved take their
 * defaults. A definition that no longer parses (a strategy removed, say) is null: listed as broken, never run.
 */
export function readDefinition(row: AlertRow): AlertInput | null {
  const parsed = alertInputSchema.safeParse(row.definition);
  return parsed.success ? parsed.data : null;
}

export function statusOf(row: Pick<AlertRow, 'active' | 'expiresAt'>, now: number): Alert['status'] {
  if (row.expiresAt !== null && row.expiresAt <= now) return 'expired';
  return row.active ? 'active' : 'inactive';
}

/** What the API answers for a stored alert; null for a definition the current schema cannot read. */
export function presentAlert(row: AlertRow, now: number): Alert | null {
  const d = readDefinition(row);
  if (!d?.strategy || !d.dataType || !d.condition || !d.frequency) return null;
  return {
    id: row.id,
    name: d.name,
    message: d.message,
    strategy: d.strategy,
    tokens: d.tokens,
    exchanges: d.exchanges,
    direction: d.direction,
    premiumType: d.premiumType,
    dataType: d.dataType,
    condition: d.condition,
    threshold: d.threshold ?? 0,
    hysteresis: d.hysteresis,
    frequency: d.frequency,
    interval: d.interval,
    intervalUnit: d.intervalUnit,
    expiresAt: row.expiresAt,
    channels: d.channels,
    telegramChatId: d.telegramChatId,
    active: row.active,
    status: statusOf(row, now),
    minVolumeSpot: d.minVolumeSpot,
    minVolumeFutures: d.minVolumeFutures,
    fundingInterval: d.fundingInterval,
    minDurationMinutes: d.minDurationMinutes,
    listingExchanges: d.listingExchanges,
    alertType: d.alertType,
    upbitQuoteMarket: d.upbitQuoteMarket,
    blacklistTokens: d.blacklistTokens,
    overwriteExisting: d.overwriteExisting,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastTriggeredAt: row.lastTriggeredAt,
    triggerCount: row.triggerCount,
  };
}

/** Tokens are symbols: stored trimmed and upper-cased, each once. */
export function normalizeInput(input: AlertInput): AlertInput {
  const tokens = (list: readonly string[]) => [
    ...new Set(list.map((t) => t.trim().toUpperCase()).filter((t) => t !== '')),
  ];
  return {
    ...input,
    name: input.name.trim(),
    message: input.message.trim(),
    tokens: tokens(input.tokens),
    blacklistTokens: tokens(input.blacklistTokens),
    telegramChatId: input.telegramChatId?.trim() || null,
  };
}

/** The evaluator's view of a rule (packages/engine). */
export function toRule(
  id: string,
  d: AlertInput,
  row: Pick<AlertRow, 'active' | 'expiresAt' | 'lastTriggeredAt'>,
): AlertRule | null {
  if (!d.strategy || !d.dataType || !d.condition || !d.frequency) return null;
  const threshold = d.condition === 'cross-zero' ? 0 : (d.threshold ?? 0);
  return {
    id,
    strategy: d.strategy,
    dataType: d.dataType,
    condition: d.condition,
    threshold,
    hysteresis:
      d.hysteresis ??
      (d.condition === 'cross-zero' || d.dataType === 'funding-direction-change'
        ? 0
        : defaultHysteresis(threshold)),
    minDurationMs: d.minDurationMinutes * 60_000,
    once: d.frequency === 'once',
    intervalMs: Math.max((d.interval ?? 1) * ALERT_UNIT_MS[d.intervalUnit], ALERT_MIN_INTERVAL_MS),
    tokens: d.tokens,
    blacklist: d.blacklistTokens,
    exchanges: d.exchanges,
    direction: d.direction,
    premiumType: d.premiumType,
    upbitQuote: d.upbitQuoteMarket,
    minVolumeSpot: d.minVolumeSpot ?? 0,
    minVolumeFutures: d.minVolumeFutures ?? 0,
    fundingIntervalHours: d.fundingInterval === 'all' ? 0 : Number.parseInt(d.fundingInterval, 10),
    expiresAt: row.expiresAt ?? Number.POSITIVE_INFINITY,
    lastFiredAt: row.lastTriggeredAt ?? 0,
    active: row.active,
  };
}
