import { describe, expect, it } from 'vitest';
import { SnapshotSchedule } from './snapshot-schedule.ts';

describe('SnapshotSchedule', () => {
  it('lets a member take deltas only on a state it holds, and a snapshot after `every` of them', () => {
    const schedule = new SnapshotSchedule(3);
    const member = schedule.membership();
    member.deltas = true;
    expect(schedule.mayDelta(member)).toBe(false);
    member.seq = 0;
    const forms: string[] = [];
    for (let i = 0; i < 8; i++) {
      const form = schedule.mayDelta(member) ? 'delta' : 'snapshot';
      schedule.sent(member, form);
      forms.push(form);
    }
    expect(forms.filter((f) => f === 'snapshot').length).toBeGreaterThanOrEqual(2);
    expect(forms.join(',')).not.toContain('delta,delta,delta,delta');
  });

  it('never gives deltas to a member that did not ask for them', () => {
    const schedule = new SnapshotSchedule(3);
    const member = schedule.membership();
    member.seq = 4;
    expect(schedule.mayDelta(member)).toBe(false);
  });
});
