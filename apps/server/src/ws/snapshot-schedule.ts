/** One connection's place in a group. */
export interface Membership {
  /** The seq of the group state last written to it; -1 when none is, so the next one goes as a snapshot. */
  seq: number;
  /** Deltas written since its last snapshot. */
  sinceSnapshot: number;
  /** Every subscription of the connection to this group asked for deltas (and the topic has them). */
  deltas: boolean;
}

/**
 * When a delta subscriber gets a whole snapshot instead: after `every` deltas, so a client's copy is rebuilt
 * from scratch now and then, with subscribers' turns staggered.
 */
export class SnapshotSchedule {
  /** Staggers subscribers' periodic snapshots. */
  private joined = 0;

  constructor(readonly every: number) {}

  /** A new member's place, holding nothing yet. */
  membership(): Membership {
    return { seq: -1, sinceSnapshot: this.joined++ % Math.max(1, this.every), deltas: false };
  }

  /** Whether the member may take a delta now (it still needs one on the state it holds). */
  mayDelta(membership: Membership): boolean {
    return membership.deltas && membership.seq >= 0 && membership.sinceSnapshot < this.every;
  }

  /** Records what was written to the member. */
  sent(membership: Membership, form: 'delta' | 'snapshot'): void {
    if (form === 'delta') membership.sinceSnapshot++;
    else membership.sinceSnapshot = 0;
  }
}
