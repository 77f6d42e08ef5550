import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { listenTestServer } from '../test-support/ws-client.ts';
import { HSTS_VALUE } from './security-headers.ts';

let database: Database;
// One in-memory database for the file: opening PGlite and migrating costs seconds on a loaded machine.
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer({ database, ...options });
  servers.push(server);
  return server;
}

/** What every answer must carry, whatever produced it. */
function expectSecurityHeaders(
  headers: IncomingHttpHeaders | LightMyRequestResponse['headers'],
  what: string,
  api = false,
) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  if (api) {
    // A JSON answer loads nothing and is framed by nobody.
    expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
  } else {
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).toContain("object-src 'none'");
  }
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

/** The answers above that come from the JSON API (/api/v1/…), under its own policy. */
const API_ANSWERS = new Set(['API', 'unknown API path', 'bad input', 'unhandled error', 'rate limited']);

describe('security headers', () => {
  it('are on every class of answer: page, static file, API, 404s, bad input, errors, rate limits', async () => {
    const server = await start({ rateLimitPerMinute: 3 });
    server.app.get('/api/v1/front/explode-for-test', async () => {
      throw new Error('boom');
    });
    const answers: [string, LightMyRequestResponse, number][] = [
      ['page', await server.app.inject('/premium'), 200],
      ['static file', await server.app.inject('/assets/app-test.js'), 200],
      ['missing static file', await server.app.inject('/assets/missing-0123.js'), 404],
      ['unknown page', await server.app.inject('/no-such-page'), 404],
      ['API', await server.app.inject('/api/v1/front/ping'), 200],
      ['unknown API path', await server.app.inject('/api/v1/front/no-such-thing'), 404],
      ['bad input', await server.app.inject('/api/v1/front/premium?currency=XYZ'), 400],
      ['unhandled error', await server.app.inject('/api/v1/front/explode-for-test'), 500],
      ['health', await server.app.inject('/healthz'), 200],
    ];
    for (let i = 0; i < 4; i++)
      answers.push(['rate limited', await server.app.inject('/api/v1/front/ping'), 0]);
    const limited = answers.at(-1);
    expect(limited?.[1].statusCode).toBe(429);
    for (const [what, response, status] of answers) {
      if (status !== 0) expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response.headers, what, API_ANSWERS.has(what));
      // Plain http, no proxy: no HSTS (a browser would ignore it, and it must not pin a host never served over TLS).
      expect(response.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('are on a refused WebSocket upgrade (foreign Origin)', async () => {
    const { server, url } = await listenTestServer({ database });
    servers.push(server);
    const target = new URL(url.replace(/^ws/, 'http'));
    const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const req = httpRequest({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          origin: 'https://evil.example',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
      req.on('upgrade', () => reject(new Error('upgrade accepted from a foreign origin')));
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(403);
    expectSecurityHeaders(answer.headers, 'refused upgrade', true);
  });

  it('add HSTS only over TLS: X-Forwarded-Proto https from a trusted proxy, or an https PUBLIC_URL', async () => {
    const direct = await start();
    const spoofed = await direct.app.inject({ url: '/premium', headers: { 'x-forwarded-proto': 'https' } });
    // Without TRUST_PROXY anyone could send the header; the connection itself is plain http.
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await start({ trustProxy: '127.0.0.1' });
    const overTls = await proxied.app.inject({ url: '/premium', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const overHttp = await proxied.app.inject({ url: '/premium', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();

    const published = await start({ publicUrl: 'https://spreadscope.example' });
    for (const url of ['/premium', '/api/v1/front/ping', '/api/v1/nothing-here']) {
      expect((await published.app.inject(url)).headers['strict-transport-security'], url).toBe(HSTS_VALUE);
    }
  });
});
