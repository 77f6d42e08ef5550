import { type ChildProcess, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test-support/spawn-server.ts';

/**
 * Two real server processes on one DATA_DIR (the embedded database): the second stops with a message
 * naming the directory and the first's pid, the first keeps every sign-up it acknowledged, and after a
 * kill -9 of the first a new server starts on the same directory and still has them all.
 */
const REPO = join(import.meta.dirname, '../../..');
const T = Date.UTC(2026, 0, 5, 9);
const PASSWORD = 'correct-Horse7!';

let dataDir = '';
let tape = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spreadscope-two-servers-'));
  tape = join(dataDir, 'tape.ndjson');
  writeFileSync(
    tape,
    `${[
      { t: T, type: 'meta', version: 1, source: 'test' },
      { t: T, type: 'forex', pair: 'USD/KRW', rate: 1400 },
      {
        t: T + 1,
        type: 'quote',
        venue: 'binance',
        market: 'spot',
        base: 'BTC',
        quote: 'USDT',
        last: 100_000,
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n')}\n`,
  );
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Started {
  readonly child: ChildProcess;
  readonly url: string | null;
  readonly code: number | null;
  readonly output: () => string;
}

async function startServer(): Promise<Started> {
  const server = spawnServer({
    DATA_DIR: dataDir,
    MARKET_SOURCE: `replay:${tape}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST: dataDir,
  });
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  const url = await Promise.race([server.url, exited.then(() => null)]).catch(() => null);
  const code = url === null ? await exited : null;
  return { child: server.child, url, code, output: server.output };
}

async function post(url: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  await response.text();
  return response.status;
}

const signup = (url: string, email: string) =>
  post(url, '/api/v1/auth/signup', {
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
  });

describe('one server per embedded data directory', { timeout: 240_000 }, () => {
  it('refuses a second server on the same DATA_DIR, loses no sign-up, and recovers from kill -9', async () => {
    const first = await startServer();
    expect(first.url, first.output()).not.toBeNull();
    const url = first.url ?? '';
    const emails = Array.from({ length: 10 }, (_, i) => `lock.${i}.${process.pid}@example.com`);
    try {
      for (const email of emails.slice(0, 5)) expect(await signup(url, email)).toBe(201);

      const second = await startServer();
      expect(second.url).toBeNull();
      expect(second.code).not.toBe(0);
      expect(second.output()).toContain(join(dataDir, 'pglite'));
      expect(second.output()).toContain(`pid ${first.child.pid}`);

      for (const email of emails.slice(5)) expect(await signup(url, email)).toBe(201);

      // The admin CLI cannot open the directory either, so the running server runs its command.
      const operator = `lock.ops.${process.pid}@example.com`;
      const admin = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/admin.ts',
          'create-user',
          '--email',
          operator,
          '--password-stdin',
          '--verified',
        ],
        {
          cwd: REPO,
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
          input: `${PASSWORD}\n`,
          encoding: 'utf8',
        },
      );
      expect(admin.status, admin.stdout + admin.stderr).toBe(0);
      expect(admin.stdout).toMatch(/^created lock\.ops\./);
      expect(await post(url, '/api/v1/auth/login', { email: operator, password: PASSWORD })).toBe(200);
    } finally {
      const gone = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await gone;
    }

    const third = await startServer();
    expect(third.url, third.output()).not.toBeNull();
    try {
      // An account that exists but is not activated answers 403 to its password; an unknown one 401.
      for (const email of emails) {
        expect(await post(third.url ?? '', '/api/v1/auth/login', { email, password: PASSWORD }), email).toBe(
          403,
        );
      }
    } finally {
      const gone = new Promise((resolve) => third.child.once('exit', resolve));
      third.child.kill('SIGTERM');
      await gone;
    }
  });
});
