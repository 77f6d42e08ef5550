/** One connection's place in a group. */
export interface Membership {
  /** The seq of the group state last written to it; -1 when none is, so the next one goes as a snapshot. */
  seq: number;
  /** Its turn for periodic snapshots: the group states whose seq ≡ phase (mod the period). */
  readonly phase: number;
  /** The seq of the last snapshot written to it, for whatever reason (-1: none). */
  snapshotSeq: number;
  /** Every subscription of the connection to this group asked for deltas (and the topic has them). */
  deltas: boolean;
}

/**
 * When a delta subscriber gets a whole snapshot instead, so its copy is rebuilt from scratch now and then:
 * once every `every + 1` states of the group, at a turn fixed when it joined. Turns go round the members in
 * join order, so a group's periodic snapshots are spread evenly over its pushes (500 members, every 100:
 * about 5 per push) and nothing re-aligns them: not joining together, not the snapshot a newcomer or a
 * member back from behind gets, not one sent because it was smaller than the delta. (Counting deltas since
 * the last snapshot did: the first snapshot reset every member's count, so members that joined together —
 * after a restart, say — all resynced on the same push.) A turn that comes less than half a period after the
 * member's last snapshot is skipped: it holds a fresh copy already.
 */
export class SnapshotSchedule {
  private readonly period: number;

  constructor(every: number) {
    this.period = Math.max(1, every + 1);
  }

  /** A new member's place, holding nothing yet; `turn` counts the group's joins. */
  membership(turn: number): Membership {
    return { seq: -1, phase: turn % this.period, snapshotSeq: -1, deltas: false };
  }

  /** Whether the member may take a delta to state `seq` (it holds an earlier state, and its turn has not come). */
  mayDelta(membership: Membership, seq: number): boolean {
    return membership.deltas && membership.seq >= 0 && !this.due(membership, seq);
  }

  /** Its turn falls after the state it holds and at or before `seq` (states may be skipped). */
  private due(membership: Membership, seq: number): boolean {
    const after = membership.seq + 1;
    const turn = after + ((((membership.phase - after) % this.period) + this.period) % this.period);
    return turn <= seq && 2 * (turn - membership.snapshotSeq) >= this.period;
  }

  /** Records what was written to the member: state `seq`, whole or as a delta. */
  wrote(membership: Membership, seq: number, snapshot: boolean): void {
    membership.seq = seq;
    if (snapshot) membership.snapshotSeq = seq;
  }
}
