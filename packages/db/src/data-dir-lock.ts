import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * One PGlite data directory, one process. Two processes on the same files each keep their own picture of
 * the database and overwrite each other's pages: acknowledged sign-ups vanish. So whoever opens the
 * directory first holds `<dir>.lock`, and a second opener stops with the holder's pid.
 *
 * Why a pid file created with O_EXCL and not an OS lock (flock/fcntl): Node has no flock without a native
 * addon, and `proper-lockfile`'s mkdir lock goes stale by a timeout that the holder must keep refreshing
 * (a busy or suspended server would lose its lock). A pid file is what PostgreSQL itself uses
 * (postmaster.pid): creation is atomic on every local filesystem, and a lock left by a `kill -9` is
 * recognised as stale because its pid is gone — or, on Linux, belongs to a process that started at a
 * different time (a pid reused after a restart, common in containers) — so it never blocks the next start.
 * The file is removed at close and at process exit.
 */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly pid: number | null,
    readonly host: string | null,
  ) {
    super(
      `The PGlite data directory ${dir} is in use by another Spreadscope process (${
        pid === null
          ? 'starting up'
          : `pid ${pid}${host !== null && host !== hostname() ? ` on ${host}` : ''}`
      }). One data directory takes one process: stop that process first, or use PostgreSQL (DATABASE_URL) to run several.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** Kernel start time of the holder (Linux, /proc/<pid>/stat field 22), to tell a reused pid apart. */
  readonly start: string | null;
}

/** A lock file this young with no pid in it yet is another process between creating and writing it. */
const HALF_WRITTEN_GRACE_MS = 10_000;

export function lockDataDir(dir: string): DataDirLock {
  const path = `${dir}.lock`;
  const mine: Holder = { pid: process.pid, host: hostname(), start: startTimeOf(process.pid) };
  const content = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const raw = readOrNull(path);
      if (raw === null) continue; // released meanwhile: try again
      const holder = parseHolder(raw);
      if (holder === null) {
        if (ageMs(path) < HALF_WRITTEN_GRACE_MS) throw new DataDirLockedError(dir, null, null);
      } else if (holderAlive(holder)) {
        throw new DataDirLockedError(dir, holder.pid, holder.host);
      }
      // Stale: left by a process that is gone. Remove it only if nobody has replaced it meanwhile.
      if (readOrNull(path) === raw) unlinkQuietly(path);
      continue;
    }
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readOrNull(path) === content) unlinkQuietly(path);
    };
    // A process.exit() without close still frees the directory; only kill -9 leaves a (stale) file.
    process.on('exit', release);
    return { path, release };
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing hands`);
}

function holderAlive(holder: Holder): boolean {
  // Another machine's process cannot be checked from here (a shared network disk): assume it runs.
  if (holder.host !== hostname()) return true;
  // Our own pid in a lock we do not hold: a previous life of this pid (container restart) left it.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startTimeOf(holder.pid);
  return holder.start === null || start === null || start === holder.start;
}

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, start 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function parseHolder(raw: string): Holder | null {
  try {
    const value = JSON.parse(raw) as Partial<Holder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      host: typeof value.host === 'string' ? value.host : hostname(),
      start: typeof value.start === 'string' ? value.start : null,
    };
  } catch {
    return null;
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
