import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketEvent } from '@spreadscope/core';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../server.ts';

/** A real server (PGlite in a temp dir, in-process bus) replaying a tape written from `events`, for tests. */
export interface TapeServer {
  readonly server: RunningServer;
  /** DATA_DIR, where the admin CLI finds the running server. */
  readonly dataDir: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  get<T = unknown>(path: string): Promise<T>;
  close(): Promise<void>;
}

export async function startTapeServer(
  events: readonly MarketEvent[],
  env: Record<string, string> = {},
): Promise<TapeServer> {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-tape-server-'));
  const tape = join(dir, 'tape.ndjson');
  writeFileSync(tape, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  return startServerIn(dir, { MARKET_SOURCE: `replay:${tape}`, REPLAY_SPEED: '0', ...env });
}

/** The same on any MARKET_SOURCE (e.g. `sim`), in a fresh data directory. */
export function startEnvServer(env: Record<string, string>): Promise<TapeServer> {
  return startServerIn(mkdtempSync(join(tmpdir(), 'spreadscope-env-server-')), env);
}

async function startServerIn(dir: string, env: Record<string, string>): Promise<TapeServer> {
  const webDist = mkdtempSync(join(dir, 'web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>t</title>');
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      WEB_DIST: webDist,
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );
  const origin = `http://127.0.0.1:${new URL(server.url).port}`;
  const base = `${origin}/api/v1/front`;
  return {
    server,
    dataDir: join(dir, 'data'),
    origin,
    async get<T>(path: string): Promise<T> {
      const res = await fetch(`${base}${path}`);
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns a value (not undefined), giving the event loop to the server between tries. */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}
