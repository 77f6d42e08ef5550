import { subscribeMessageSchema, type TableSubscribeMessage } from '@spreadscope/contracts';
import { describe, expect, it } from 'vitest';
import { readClientMessage, subscriptionParams } from './subscription-request.ts';

describe('readClientMessage', () => {
  it('reads protocol messages and explains what is not one', () => {
    expect(readClientMessage('{"op":"ping"}')).toEqual({ message: { op: 'ping' } });
    expect(readClientMessage('nope')).toMatchObject({ refusal: { error: 'bad_message' } });
    expect(readClientMessage('{"op":"subscribe","id":"a","topic":"nope"}')).toMatchObject({
      refusal: { error: 'unknown_topic', params: { topic: 'nope' } },
    });
    expect(readClientMessage('{"op":"subscribe","id":"a","topic":"premium","deltas":3}')).toMatchObject({
      refusal: { error: 'bad_message', id: 'a' },
    });
  });
});

describe('subscriptionParams', () => {
  const subscribe = (params: Record<string, unknown>, interval = 'realtime') =>
    subscribeMessageSchema.parse({
      op: 'subscribe',
      id: 's',
      topic: 'premium',
      interval,
      params,
    }) as TableSubscribeMessage;

  it('applies the REST defaults and the subscription’s own freshness window', () => {
    const read = subscriptionParams(subscribe({}, '10s'));
    expect(read).toMatchObject({ params: { scope: 'kimchi', currency: 'KRW', interval: '10s' } });
  });

  it('names the bad parameter', () => {
    expect(subscriptionParams(subscribe({ limit: -1 }))).toMatchObject({
      refusal: { error: 'bad_message', id: 's' },
    });
  });
});
