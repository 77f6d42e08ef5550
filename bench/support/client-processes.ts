import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ClientSubscription {
  readonly topic: string;
  readonly params: Record<string, unknown>;
}
export type Profiles = readonly (readonly ClientSubscription[])[];

/** What a client process reports at `stop` (fanout-clients.ts). */
export interface ClientTotals {
  received: number;
  bytes: number;
  wireBytes: number;
  inflateMs: number;
  snapshots: number;
  snapshotBytes: number;
  deltas: number;
  deltaBytes: number;
  checked: number;
  broken: number;
  scanMismatches: number;
  closedEarly: number;
  latencies: number[];
  cpuPct: number;
  handling: number;
}

export interface ClientProcesses {
  /** Sends `cmd` to every process and waits for each one's `event`. */
  all<T>(cmd: string, event: string, extra?: Record<string, number>): Promise<T[]>;
  /** From now on a process that exits is expected. */
  stopping(): void;
}

/**
 * The fan-out benchmarks' subscribers (fanout-clients.ts), `clients` of them spread over `processes` child
 * processes so the server's event loop only serves; client i holds profile i mod the number of profiles.
 */
export function startClientProcesses(options: {
  readonly url: string;
  readonly clients: number;
  readonly processes: number;
  readonly profiles: Profiles;
  readonly deltas: boolean;
  readonly checkEvery: number;
  readonly deflate: boolean;
}): ClientProcesses {
  const { clients, processes } = options;
  const counts = Array.from(
    { length: processes },
    (_, i) => Math.floor(clients / processes) + (i < clients % processes ? 1 : 0),
  );
  let offset = 0;
  let stopping = false;
  const children = counts.map((n) => {
    const child = fork(
      fileURLToPath(new URL('../fanout-clients.ts', import.meta.url)),
      [
        options.url,
        String(n),
        String(offset),
        JSON.stringify(options.profiles),
        options.deltas ? '1' : '0',
        String(options.checkEvery),
        options.deflate ? '1' : '0',
      ],
      { execArgv: ['--import', 'tsx'] },
    );
    offset += n;
    // A client process that dies would leave the run waiting for its answer forever.
    child.on('exit', (code) => {
      if (code !== 0 && !stopping) {
        console.error(`fan-out client process exited with ${code}`);
        process.exit(1);
      }
    });
    return child;
  });
  const next = <T>(child: ChildProcess, event: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { event: string } & T) => {
        if (message.event !== event) return;
        child.off('message', listener);
        resolve(message);
      };
      child.on('message', listener);
    });
  return {
    all: <T>(cmd: string, event: string, extra: Record<string, number> = {}) =>
      Promise.all(
        children.map((child) => {
          const reply = next<T>(child, event);
          child.send({ cmd, ...extra });
          return reply;
        }),
      ),
    stopping: () => {
      stopping = true;
    },
  };
}
