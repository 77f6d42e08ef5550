import {
  type ClientMessage,
  clientMessageSchema,
  type SubscribeMessage,
  WS_TOPIC_PARAMS,
  type WsTopic,
} from '@spreadscope/contracts';
import type { MessageKey } from '@spreadscope/core';

/** A message the hub refuses: the error code, its message key and params, and the subscription it names. */
export interface Refusal {
  readonly error: string;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  readonly id?: string | undefined;
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
      params: { detail: `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}` },
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
  message: SubscribeMessage,
): { params: Record<string, unknown> } | { refusal: Refusal } {
  const withWindow =
    SPREAD_TOPICS.has(message.topic) && message.params.interval === undefined
      ? { ...message.params, interval: message.interval }
      : message.params;
  const parsed = WS_TOPIC_PARAMS[message.topic].safeParse(withWindow);
  if (parsed.success) return { params: parsed.data as Record<string, unknown> };
  const issue = parsed.error.issues[0];
  const detail = `params.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
  return { refusal: { error: 'bad_message', key: 'ws.badMessage', params: { detail }, id: message.id } };
}
