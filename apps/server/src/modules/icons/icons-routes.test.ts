import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { fallbackColor } from './icon-art.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const icon = (path: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/v1/front/icons/${path}`, headers });

it('serves our own SVG for every registry exchange, cacheable for a week, revalidated by ETag', async () => {
  for (const id of ['upbit', 'bithumb', 'binance', 'okx', 'huobi', 'capybara']) {
    const res = await icon(`exchanges/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.headers['x-icon']).toBe('drawn');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Drawn here: no external reference of any kind.
    expect(res.body).not.toMatch(/href|url\(|<image|<script/i);
  }
  const first = await icon('tokens/BTC.svg');
  expect((await icon('tokens/btc', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
});

it('generates a stable, name-coloured fallback for unknown tokens and networks', async () => {
  const a = await icon('tokens/ZZTOP');
  const b = await icon('tokens/zztop');
  expect(a.statusCode).toBe(200);
  expect(a.headers['x-icon']).toBe('generated');
  expect(a.body).toBe(b.body);
  expect(a.body).toContain(fallbackColor('ZZTOP'));
  expect(a.body).toContain('>ZZ<');
  expect(fallbackColor('ZZTOP')).not.toBe(fallbackColor('ZZTOQ'));
  expect((await icon('networks/SOMECHAIN')).headers['x-icon']).toBe('generated');
});

it('refuses malformed names with 400 and an exchange we do not list with 404', async () => {
  const bad = await icon('tokens/%3Cscript%3E', { 'accept-language': 'en' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ error: 'invalid_parameter', param: 'name' });
  expect((await icon(`tokens/${'A'.repeat(41)}`)).statusCode).toBe(400);
  const unknown = await icon('exchanges/notanexchange', { 'accept-language': 'en' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toBe('Unknown exchange "notanexchange".');
  expect((await icon('planets/earth')).statusCode).toBe(404);
});
