import type { WsErrorCode } from '@spreadscope/contracts';
import {
  type ClientMessage,
  clientMessageSchema,
  type TableSubscribeMessage,
  WS_TOPIC_PARAMS,
  type WsTopic,
} from '@spreadscope/contracts';
import {
  describeIssue,
  type Language,
  type MessageKey,
  minimumPlanFor,
  PLAN_NAMES,
  type Role,
  type ValidationIssue,
} from '@spreadscope/core';
import { mayView } from '../modules/market/entitlements.ts';

/** A message the hub refuses: the error code, its message key and params, and the subscription it names. */
export interface Refusal {
  readonly error: WsErrorCode;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  readonly id?: string | undefined;
  /** A schema issue whose reason is written in the connection's language, as `detail` after `where: `. */
  readonly issue?: { readonly where: string; readonly issue: ValidationIssue } | undefined;
}

/** A refused field's reason in the connection's language, after the field's path. */
export function issueDetail(lang: Language, where: string, issue: ValidationIssue): string {
  return `${where ? `${where}: ` : ''}${describeIssue(lang, issue)}`;
}

/** Topics whose params carry a freshness window (`interval`) of the update-interval kind. */
const SPREAD_TOPICS: ReadonlySet<WsTopic> = new Set([
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
]);

/** A client's text frame as a protocol message, or why it is not one. */
export function readClientMessage(text: string): { message: ClientMessage } | { refusal: Refusal } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { refusal: { error: 'bad_message', key: 'ws.badMessage', params: { detail: 'not JSON' } } };
  }
  const parsed = clientMessageSchema.safeParse(raw);
  if (parsed.success) return { message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') ?? '';
  const topic = (raw as { topic?: unknown } | null)?.topic;
  if (issue?.path[0] === 'topic' && typeof topic === 'string')
    return { refusal: { error: 'unknown_topic', key: 'ws.unknownTopic', params: { topic } } };
  // Name the subscription when the message had a usable id, so a client knows which request failed.
  const id = (raw as { id?: unknown } | null)?.id;
  return {
    refusal: {
      error: 'bad_message',
      key: 'ws.badMessage',
      params: {},
      issue: issue ? { where, issue } : undefined,
      id: typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined,
    },
  };
}

/**
 * A subscription's params: the REST query of the topic, with the same validation and the same defaults, except
 * that a spread table's freshness window follows the subscription's own interval unless the client set one —
 * a 10 s subscriber must not see rows marked stale by the real-time window.
 */
export function subscriptionParams(
  message: TableSubscribeMessage,
): { params: Record<string, unknown> } | { refusal: Refusal } {
  const withWindow =
    SPREAD_TOPICS.has(message.topic) && message.params.interval === undefined
      ? { ...message.params, interval: message.interval }
      : message.params;
  const parsed = WS_TOPIC_PARAMS[message.topic].safeParse(withWindow);
  if (parsed.success) return { params: canonical(parsed.data as Record<string, unknown>) };
  const issue = parsed.error.issues[0];
  return {
    refusal: {
      error: 'bad_message',
      key: 'ws.badMessage',
      params: {},
      issue: issue ? { where: `params.${issue.path.join('.')}`, issue } : undefined,
      id: message.id,
    },
  };
}

/**
 * Params that ask for the same table written the same way, so equivalent subscriptions share one group: the
 * schema has already filled the defaults, coerced numbers and flags, trimmed the search and sorted and
 * deduplicated token lists, and dropped unknown keys; what is left is an empty search (no search) and
 * absent values.
 */
function canonical(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || (name === 'search' && value === '')) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Whether `role` may see what the params ask: DEX data (dex=true, or a DEX venue named) needs the plan; a
 * visitor is told to sign in, a plan without it names the plan that has it.
 */
export function accessRefusal(
  role: Role,
  query: Record<string, unknown>,
  table: boolean,
  id: string,
): Refusal | null {
  const missing = mayView(role, query, table);
  if (!missing) return null;
  if (role === 'visitor') return { error: 'unauthenticated', key: 'auth.unauthenticated', params: {}, id };
  return {
    error: 'plan_required',
    key: 'plan.upgradeRequired',
    params: { plan: PLAN_NAMES[role], required: PLAN_NAMES[minimumPlanFor(missing)] },
    id,
  };
}
