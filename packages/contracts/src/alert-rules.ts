import {
  ALERT_MAX_TOKENS,
  ALL_TOKEN_STRATEGIES,
  CHANGE_DATA_TYPES,
  EVENT_STRATEGIES,
  FUNDING_DATA_TYPES,
  findVenue,
  type MessageKey,
  PAIR_STRATEGIES,
  PERP_ONLY_STRATEGIES,
  SINGLE_TOKEN_STRATEGIES,
  STRATEGY_DATA_TYPES,
} from '@spreadscope/core';
import type { z } from 'zod';
import type { AlertInput } from './alerts.ts';
import { alertInputSchema } from './alerts.ts';

/** One broken rule: the field at fault (a path in the input) and the catalogue message. */
export interface AlertRuleIssue {
  readonly field: string;
  readonly key: MessageKey;
  readonly params?: Record<string, string | number>;
}

export interface AlertRuleContext {
  readonly now: number;
  /** Tokens one alert may watch on the user's plan ("only one when limited"); default 20. */
  readonly maxTokens?: number;
  /** Browser only: Notification.permission, checked when toast is on. */
  readonly notificationPermission?: 'granted' | 'denied' | 'default' | 'unsupported';
  /** Browser only: an iPhone/iPad not running the installed app (toasts need the home-screen app there). */
  readonly iosNotInstalled?: boolean;
}

const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

/**
 * Spec §5's alert-form rules, in the order the form shows its fields (basic info, then setting). The server
 * answers the first with 400 naming its field; the form shows each under its field.
 */
export function alertRuleIssues(input: AlertInput, ctx: AlertRuleContext): AlertRuleIssue[] {
  const issues: AlertRuleIssue[] = [];
  const add = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
    issues.push(params ? { field, key, params } : { field, key });

  // Step 1: basic info.
  if (input.name.trim() === '') add('name', 'alert.nameRequired');
  if (input.message.trim() === '') add('message', 'alert.messageRequired');
  const strategy = input.strategy;
  if (!strategy) add('strategy', 'alert.strategyRequired');

  const maxTokens = Math.min(ctx.maxTokens ?? ALERT_MAX_TOKENS, ALERT_MAX_TOKENS);
  const tokens = input.tokens.filter((t) => t.trim() !== '');
  if (strategy && !ALL_TOKEN_STRATEGIES.includes(strategy) && tokens.length === 0) {
    add('tokens', 'alert.tokenRequired');
  } else if (
    tokens.length > 1 &&
    ((strategy && SINGLE_TOKEN_STRATEGIES.includes(strategy)) || maxTokens === 1)
  ) {
    add('tokens', 'alert.tokenOnlyOne');
  } else if (tokens.length > maxTokens) {
    add('tokens', 'alert.tokenTooMany', { max: maxTokens });
  }

  if (strategy === 'listing-arbitrage') {
    const korean = input.listingExchanges.filter((v) => findVenue(v)?.region === 'korea');
    if (korean.length === 0) add('listingExchanges', 'alert.listingExchangesRequired');
  } else if (strategy) {
    checkExchanges(input, strategy, add);
  }

  // Step 2: setting.
  const dataType = input.dataType;
  if (!dataType) add('dataType', 'alert.dataTypeRequired');
  else if (strategy && !STRATEGY_DATA_TYPES[strategy].includes(dataType))
    add('dataType', 'alert.dataTypeNotOffered');
  if (dataType === 'funding-gap-percent' && strategy !== 'listing-arbitrage') {
    const allPerp =
      input.premiumType === 'perp-perp' &&
      input.exchanges.every((v) => findVenue(v)?.markets.includes('perp'));
    if (!allPerp) add('exchanges', 'alert.fundingGapPerpOnly');
  } else if (dataType && FUNDING_DATA_TYPES.includes(dataType)) {
    if (!input.exchanges.some((v) => findVenue(v)?.markets.includes('perp')))
      add('exchanges', 'alert.perpRequired');
  }

  const condition = input.condition;
  if (!condition) add('condition', 'alert.conditionRequired');
  else if (
    condition === 'after-funding-distribution' &&
    dataType !== 'funding-rate-percent' &&
    dataType !== 'funding-gap-percent'
  ) {
    add('condition', 'alert.conditionNotOffered');
  }
  const needsThreshold =
    !(dataType && CHANGE_DATA_TYPES.includes(dataType)) &&
    !(strategy && EVENT_STRATEGIES.includes(strategy)) &&
    condition !== 'cross-zero' &&
    condition !== 'after-funding-distribution';
  if (needsThreshold && (input.threshold === null || input.threshold === undefined)) {
    add('threshold', 'alert.thresholdRequired');
  }
  if (input.hysteresis !== null && input.hysteresis < 0) add('hysteresis', 'alert.hysteresisInvalid');

  if (!input.frequency) add('frequency', 'alert.triggerRequired');
  else if (input.frequency === 'every' && (input.interval === null || input.interval < 1)) {
    add('interval', 'alert.intervalInvalid');
  }
  if (input.expiresAt === undefined) add('expiresAt', 'alert.expiryRequired');
  else if (input.expiresAt !== null && input.expiresAt <= ctx.now) add('expiresAt', 'alert.expiryPast');

  if ((input.minVolumeSpot ?? 0) < 0) add('minVolumeSpot', 'alert.volumeInvalid');
  if ((input.minVolumeFutures ?? 0) < 0) add('minVolumeFutures', 'alert.volumeInvalid');
  if (input.minDurationMinutes < 0) add('minDurationMinutes', 'alert.durationInvalid');

  const { telegram, toast, email } = input.channels;
  if (!telegram && !toast && !email) add('channels', 'alert.channelRequired');
  if (telegram) {
    const chatId = input.telegramChatId?.trim() ?? '';
    if (chatId === '') add('telegramChatId', 'alert.chatIdRequired');
    else if (!CHAT_ID.test(chatId)) add('telegramChatId', 'alert.chatIdInvalid');
  }
  if (toast) {
    if (ctx.iosNotInstalled) add('channels.toast', 'alert.iosInstall');
    else if (ctx.notificationPermission !== undefined && ctx.notificationPermission !== 'granted') {
      add('channels.toast', 'alert.notificationPermission');
    }
  }
  return issues;
}

function checkExchanges(
  input: AlertInput,
  strategy: NonNullable<AlertInput['strategy']>,
  add: (field: string, key: MessageKey) => void,
): void {
  const exchanges = input.exchanges;
  if (exchanges.length === 0) {
    add('exchanges', 'alert.exchangeRequired');
    return;
  }
  if (new Set(exchanges).size !== exchanges.length) {
    add('exchanges', 'alert.exchangesDiffer');
    return;
  }
  const pair = PAIR_STRATEGIES.includes(strategy);
  // Direction (which exchange is bought, which sold) applies to the strategies that compare two markets.
  if (pair && input.direction === 'fixed' && exchanges.length !== 2) {
    add('exchanges', 'alert.exchangesExactlyTwo');
    return;
  }
  if (pair && exchanges.length < 2) {
    add('exchanges', 'alert.exchangesAtLeastTwo');
    return;
  }
  if (
    PERP_ONLY_STRATEGIES.includes(strategy) &&
    exchanges.some((v) => !findVenue(v)?.markets.includes('perp'))
  ) {
    add('exchanges', 'alert.spotNotSupported');
  }
}

/**
 * The form's schema: the entity's shape plus every rule above, each issue carrying its catalogue key as the
 * message (the form translates it) and its field as the path.
 */
export function alertFormSchema(
  ctx: () => AlertRuleContext,
): z.ZodType<AlertInput, z.input<typeof alertInputSchema>> {
  return alertInputSchema.superRefine((input, zctx) => {
    for (const issue of alertRuleIssues(input, ctx())) {
      zctx.addIssue({ code: 'custom', message: issue.key, path: issue.field.split('.') });
    }
  });
}
