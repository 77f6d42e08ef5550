import { describe, expect, it } from 'vitest';
import { groupKey, SubscriptionGroups } from './subscription-groups.ts';

const spec = (key: string) =>
  ({ key, topic: 'premium', interval: 'realtime', params: {}, view: 'full', deltas: true }) as const;

describe('SubscriptionGroups', () => {
  it('computes a group’s table once per state and forgets a group its last member left', () => {
    let version = 1;
    let computed = 0;
    const groups = new SubscriptionGroups<string>(
      () => ++computed,
      () => version,
    );
    const a = groups.join(spec('k'));
    a.members.add('alice');
    const b = groups.join(spec('k'));
    b.members.add('bob');
    expect(b).toBe(a);
    expect(groups.size).toBe(1);
    // A newcomer shortly after reuses the newest state of the current market.
    const first = groups.current(a);
    expect(groups.current(a)).toBe(first);
    expect(computed).toBe(1);
    version++;
    const second = groups.current(a);
    expect(second.seq).toBe(first.seq + 1);
    expect(computed).toBe(2);
    groups.leave(a, 'alice');
    expect(groups.size).toBe(1);
    groups.leave(a, 'bob');
    expect(groups.size).toBe(0);
    expect(groups.has(a)).toBe(false);
  });

  it('keys params in a fixed order without the absent ones', () => {
    expect(groupKey('premium', 'realtime', { b: 2, a: 1, c: undefined })).toBe(
      groupKey('premium', 'realtime', { a: 1, b: 2 }),
    );
    expect(groupKey('premium', '3s', { a: 1 })).not.toBe(groupKey('premium', 'realtime', { a: 1 }));
  });
});
