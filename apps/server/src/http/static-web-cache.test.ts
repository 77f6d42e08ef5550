import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerWebApp } from './static-web.ts';

const app = Fastify({ logger: false });
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'spreadscope-static-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'premium-page-B1x9Qz.js'), script);
  writeFileSync(join(dist, 'assets', 'premium-page-B1x9Qz.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await registerWebApp(app, dist);
});
afterAll(() => app.close());

it('keeps hashed assets a year, sends the brotli copy the build wrote, and never caches the shell', async () => {
  const asset = await app.inject({
    url: '/assets/premium-page-B1x9Qz.js',
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);

  const plain = await app.inject({ url: '/assets/premium-page-B1x9Qz.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);

  // Unhashed files may change under the same name: an hour.
  expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
  const shell = await app.inject({ url: '/premium' });
  expect(shell.headers['cache-control']).toBe('no-cache');
});
