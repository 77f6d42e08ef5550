import type { FrameTarget } from './frame-writer.ts';

/** Close code sent to a client that cannot keep up; it should reconnect and resubscribe. */
export const CLOSE_TOO_SLOW = 4008;

/** What the backlog watch keeps on each connection. */
export interface BacklogState extends FrameTarget {
  /**
   * Since when its socket has held more than the backlog bound (0: keeping up). While behind, nothing more is
   * written for its groups: they wait in `pending` and each sends its newest state as a snapshot when the
   * socket drains (a delta would need the states skipped). A client that does not drain within the stall
   * time is dropped.
   */
  behindSince: number;
  readonly pending: Set<string>;
  stallTimer: NodeJS.Timeout | null;
}

export interface SlowClientOptions {
  readonly maxBufferedBytes: number;
  readonly backlogBytes: number;
  readonly stallMs: number;
  readonly closeGraceMs: number;
}

/**
 * Keeps slow connections from queueing without bound: past `backlogBytes` of unsent data a connection is
 * behind and its groups wait (conflated, newest per group) until the socket drains; one that does not drain
 * within `stallMs` is closed with 4008 ("too slow: resync") — the close frame then sits behind at most that
 * backlog, so a client that reads again gets it promptly — and cut off `closeGraceMs` later if it never
 * answers (ws would wait 30 s). The hard bound `maxBufferedBytes` drops a connection at once.
 */
export class SlowClients<C extends BacklogState> {
  constructor(
    private readonly options: SlowClientOptions,
    private readonly hooks: {
      /** The connection drained: write each waiting group's newest state to it. */
      readonly resume: (client: C, keys: readonly string[]) => void;
      /** The connection is being dropped: forget it. */
      readonly forget: (client: C) => void;
    },
  ) {}

  /** Over the hard bound: dropped. */
  overLimit(client: C): boolean {
    if (client.socket.bufferedAmount <= this.options.maxBufferedBytes) return false;
    this.drop(client);
    return true;
  }

  /** Whether a group's state may be written now; if not, the group waits for the socket to drain. */
  mayWrite(client: C, key: string): boolean {
    if (client.behindSince === 0 && client.socket.bufferedAmount <= this.options.backlogBytes) return true;
    if (client.behindSince === 0) this.fallBehind(client);
    client.pending.add(key);
    return false;
  }

  /** Stops watching a connection that left. */
  release(client: C): void {
    if (client.stallTimer) clearTimeout(client.stallTimer);
    client.stallTimer = null;
    client.pending.clear();
  }

  /** The socket holds more than the backlog: wait for it to drain, at most the stall time. */
  private fallBehind(client: C): void {
    client.behindSince = Date.now();
    client.stallTimer = setTimeout(() => this.drop(client), this.options.stallMs);
    client.stallTimer.unref();
    const drained = () => this.catchUp(client);
    if (client.wire) client.wire.once('drain', drained);
    else {
      // No TCP socket to listen on: look again every 50 ms.
      const poll = setInterval(() => {
        if (client.socket.readyState !== client.socket.OPEN || client.behindSince === 0) clearInterval(poll);
        else if (client.socket.bufferedAmount <= this.options.backlogBytes) {
          clearInterval(poll);
          drained();
        }
      }, 50);
      poll.unref();
    }
  }

  /** The socket drained: send each waiting group's newest state as a snapshot, and keep up again. */
  private catchUp(client: C): void {
    if (client.behindSince === 0) return;
    if (client.stallTimer) clearTimeout(client.stallTimer);
    client.stallTimer = null;
    client.behindSince = 0;
    const keys = [...client.pending];
    client.pending.clear();
    const wire = client.wire;
    const cork = wire?.writable === true && !client.corked;
    if (cork) wire?.cork();
    this.hooks.resume(client, keys);
    if (cork) wire?.uncork();
  }

  /**
   * Closes a connection that cannot keep up with 4008 and forgets it. Close reasons are capped at 123 bytes,
   * so the reason stays ASCII; the code tells the client to resync. A peer that never reads would keep the
   * connection for ws's 30 s close timeout: it is cut after the grace period instead.
   */
  drop(client: C): void {
    const { socket } = client;
    this.hooks.forget(client);
    if (socket.readyState !== socket.OPEN) return;
    socket.close(CLOSE_TOO_SLOW, 'too slow: reconnect to resync');
    const cut = setTimeout(() => socket.terminate(), this.options.closeGraceMs);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  }
}
