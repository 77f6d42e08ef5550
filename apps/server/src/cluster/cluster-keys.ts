/**
 * The Redis keys one cluster shares. They carry one hash tag (`{prefix}`) so a Redis Cluster keeps them in one
 * slot: the ingest's fenced append touches the lock, the sequence, the log and the snapshot in one script.
 */
export interface ClusterKeys {
  /** The event log (a Redis Stream). */
  readonly log: string;
  /** Counter of appended entries: a replica that sees a jump knows it missed entries (trimmed away). */
  readonly seq: string;
  /** The latest engine snapshot (a hash: id, seq, body) the ingest wrote with a log entry. */
  readonly snapshot: string;
  /** Who the active ingest is (SET NX PX). */
  readonly lock: string;
}

export function clusterKeys(prefix: string): ClusterKeys {
  const tag = `{${prefix}}`;
  return {
    log: `${tag}:market:log`,
    seq: `${tag}:market:seq`,
    snapshot: `${tag}:market:snapshot`,
    lock: `${tag}:ingest:lock`,
  };
}
