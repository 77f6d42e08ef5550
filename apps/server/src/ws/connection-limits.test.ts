import { describe, expect, it } from 'vitest';
import { Admission, DEFAULT_WS_LIMITS, IpLedger, MessageBucket } from './connection-limits.ts';

describe('MessageBucket', () => {
  it('takes a burst, refills at the rate, and closes only on a further whole burst while refused', () => {
    const bucket = new MessageBucket({ messagesPerSecond: 2, messageBurst: 4 }, 0);
    expect(Array.from({ length: 4 }, () => bucket.take(0))).toEqual(Array(4).fill('accept'));
    expect(bucket.take(0)).toBe('refuse');
    expect(bucket.take(0)).toBe('refuse-quietly');
    // Half a second later one token is back: accepted, and the refusal run is over.
    expect(bucket.take(500)).toBe('accept');
    const run = Array.from({ length: 5 }, () => bucket.take(500));
    expect(run).toEqual(['refuse', 'refuse-quietly', 'refuse-quietly', 'refuse-quietly', 'close']);
  });
});

describe('Admission', () => {
  const holder = (ip: string | undefined, subs: [string, string][]) => ({
    ip,
    subscriptions: new Map(subs.map(([id, key]) => [id, { key }])),
    memberships: new Map(subs.map(([, key]) => [key, null])),
  });

  it('lets a subscription move to a new group when it frees its old one, at the limit', () => {
    const admission = new Admission({ ...DEFAULT_WS_LIMITS, groupsPerConnection: 2 });
    const full = holder(undefined, [
      ['a', 'k1'],
      ['b', 'k2'],
    ]);
    expect(admission.groupRefusal(full, 'c', 'k3', false, 2)?.error).toBe('too_many_groups');
    expect(admission.groupRefusal(full, 'a', 'k3', false, 2)).toBeNull();
    expect(admission.groupRefusal(full, 'c', 'k2', true, 2)).toBeNull();
  });

  it('counts a group shared by two sockets of one IP once', () => {
    const ledger = new IpLedger();
    ledger.join('1.2.3.4', 'k');
    ledger.join('1.2.3.4', 'k');
    expect(ledger.groupsOf('1.2.3.4')).toBe(1);
    ledger.leave('1.2.3.4', 'k');
    expect(ledger.holds('1.2.3.4', 'k')).toBe(true);
    ledger.leave('1.2.3.4', 'k');
    expect(ledger.groupsOf('1.2.3.4')).toBe(0);
  });
});
