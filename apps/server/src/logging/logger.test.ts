import { VENUES } from '@spreadscope/core';
import { createMarketSource, type MarketSource } from '@spreadscope/feeds';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createServerLogger } from './logger.ts';

interface Sink {
  readonly records: { level: number; msg: string; [field: string]: unknown }[];
  write(line: string): void;
}

function sink(): Sink {
  const records: Sink['records'] = [];
  return { records, write: (line) => records.push(JSON.parse(line)) };
}

const started: MarketSource[] = [];
afterEach(async () => {
  for (const source of started.splice(0)) await source.stop();
});

/** Every venue and the forex sources pointed at a loopback port nobody listens on: live fails fast. */
function unreachableVenuesEnv(port: number): Record<string, string> {
  const env: Record<string, string> = { FOREX_URLS: `http://127.0.0.1:${port}/forex` };
  for (const { id } of VENUES) {
    env[`VENUE_${id.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
    env[`VENUE_${id.toUpperCase()}_WS_URL`] = `ws://127.0.0.1:${port}`;
  }
  return env;
}

async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs MARKET_SOURCE=auto against dead venues under LOG_LEVEL, the way the server wires its logger. */
async function feedRecordsAt(level: string): Promise<Sink['records']> {
  const config = loadConfig({
    LOG_LEVEL: level,
    MARKET_SOURCE: 'auto',
    ...unreachableVenuesEnv(await closedPort()),
  });
  const out = sink();
  const source = createMarketSource({ ...config.market, logger: createServerLogger(config.LOG_LEVEL, out) });
  started.push(source);
  let fellBack = false;
  source.onStateChange(() => {
    fellBack = true;
  });
  await source.start(() => {});
  await waitFor(() => fellBack && out.records.some((r) => r.msg.startsWith('market source auto:')));
  return out.records;
}

describe('the server logger', { timeout: 60_000 }, () => {
  it('LOG_LEVEL=warn keeps the feeds’ warnings and silences their info lines', async () => {
    const atInfo = await feedRecordsAt('info');
    // At info the feeds say how many venues they started ("live: N venues …") before falling back.
    expect(atInfo.some((r) => r.level === 30 && r.msg.startsWith('live: '))).toBe(true);
    const atWarn = await feedRecordsAt('warn');
    expect(
      atWarn.some(
        (r) => r.level === 40 && r.msg.startsWith('market source auto: every live exchange failed'),
      ),
    ).toBe(true);
    expect(atWarn.filter((r) => r.level < 40)).toEqual([]);
  });

  it('redacts passwords, cookies, tokens and keys in anything logged', () => {
    const out = sink();
    const log = createServerLogger('info', out);
    log.info(
      {
        password: 'hunter2-Pass!',
        user: { email: 'a@example.com', password: 'Pass-word1!', passwordHash: '$argon2id$v=19$secret' },
        headers: {
          cookie: 'ss_session=abcdef0123456789',
          authorization: 'Bearer ssk_live_secret',
          'set-cookie': 'ss_session=zzz',
        },
        req: { headers: { 'x-api-key': 'ssk_from_header' } },
        venue: { apiKey: 'binance-key-123', apiSecret: 'binance-secret-456' },
        google: { clientSecret: 'google-client-secret' },
        session: { token: 'session-token-value' },
      },
      'sign-in',
    );
    const line = JSON.stringify(out.records);
    for (const secret of [
      'hunter2-Pass!',
      'Pass-word1!',
      '$argon2id',
      'ss_session=',
      'ssk_live_secret',
      'ssk_from_header',
      'binance-key-123',
      'binance-secret-456',
      'google-client-secret',
      'session-token-value',
    ]) {
      expect(line).not.toContain(secret);
    }
    // What is not secret stays readable, and the line still shows that a credential was there.
    expect(out.records[0]?.user).toMatchObject({ email: 'a@example.com', password: '[redacted]' });
  });
});
