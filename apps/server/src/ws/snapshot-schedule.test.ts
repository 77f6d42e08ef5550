import { describe, expect, it } from 'vitest';
import { type Membership, SnapshotSchedule } from './snapshot-schedule.ts';

/** The forms a member holding state `from` gets over states from+1 … to, one push each. */
function forms(schedule: SnapshotSchedule, member: Membership, from: number, to: number): string[] {
  member.seq = from;
  const out: string[] = [];
  for (let seq = from + 1; seq <= to; seq++) {
    const delta = schedule.mayDelta(member, seq);
    out.push(delta ? 'd' : 'S');
    schedule.wrote(member, seq, !delta);
  }
  return out;
}

describe('SnapshotSchedule', () => {
  it('gives a member a snapshot after every `every` deltas, at its own turn', () => {
    const schedule = new SnapshotSchedule(3);
    const first = { ...schedule.membership(0), deltas: true };
    expect(forms(schedule, first, 0, 8).join('')).toBe('dddSdddS');
    const second = { ...schedule.membership(1), deltas: true };
    expect(forms(schedule, second, 0, 8).join('')).toBe('SdddSddd');
  });

  it('spreads the members of a group evenly over the pushes, however many joined together', () => {
    const schedule = new SnapshotSchedule(9);
    const members = Array.from({ length: 50 }, (_, turn) => ({ ...schedule.membership(turn), deltas: true }));
    for (const m of members) m.seq = 7;
    for (let seq = 8; seq < 48; seq++) {
      const snapshots = members.filter((m) => !schedule.mayDelta(m, seq)).length;
      expect(snapshots).toBe(5);
      for (const m of members) m.seq = seq;
    }
  });

  it('still gives its turn to a member that skipped states (a newcomer made one in between)', () => {
    const schedule = new SnapshotSchedule(3);
    const member = { ...schedule.membership(2), deltas: true };
    member.seq = 5;
    // Its turn was state 6, which it never got: the delta to 7 becomes a snapshot.
    expect(schedule.mayDelta(member, 7)).toBe(false);
    member.seq = 7;
    expect(schedule.mayDelta(member, 8)).toBe(true);
  });

  it('skips a turn that comes right after the member’s own snapshot (joined, or back from behind)', () => {
    const schedule = new SnapshotSchedule(9);
    const member = { ...schedule.membership(1), deltas: true };
    schedule.wrote(member, 9, true);
    // Its turn at state 11 is two states after a whole copy: deltas until the turn after, at 21.
    expect(forms(schedule, member, 9, 21).join('')).toBe('dddddddddddS');
  });

  it('never gives deltas to a member that did not ask for them, nor one holding nothing', () => {
    const schedule = new SnapshotSchedule(3);
    const member = schedule.membership(0);
    member.seq = 4;
    expect(schedule.mayDelta(member, 5)).toBe(false);
    const fresh = { ...schedule.membership(0), deltas: true };
    expect(schedule.mayDelta(fresh, 5)).toBe(false);
  });
});
