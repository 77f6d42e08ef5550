import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { naverSearchTrend, naverSearchTrends, SearchTrendError } from './naver-datalab.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const credentials = { clientId: 'id-abc', clientSecret: 'secret-xyz' };
const window = { startDate: '2026-11-20', endDate: '2026-11-25', timeUnit: 'date' as const };

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: { keywordGroups: { groupName: string; keywords: string[] }[]; startDate: string; timeUnit: string };
}

describe('Naver DataLab search trend against a loopback openapi.naver.com', () => {
  let server: Server;
  let url = '';
  const seen: Seen[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '' };
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(raw),
        });
        if (
          req.headers['x-naver-client-id'] !== 'id-abc' ||
          req.headers['x-naver-client-secret'] !== 'secret-xyz'
        ) {
          res.writeHead(401, { 'content-type': 'application/json' }).end(fixture('naver-datalab-401.json'));
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/datalab/search`;
  });
  beforeEach(() => {
    seen.length = 0;
    answer = { status: 200, body: fixture('naver-datalab-response.json') };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the documented JSON body with both client headers and reads each group’s series', async () => {
    const groups = [
      { groupName: 'BTC', keywords: ['비트코인', 'BTC', 'bitcoin'] },
      { groupName: 'XRP', keywords: ['리플', 'XRP', 'Ripple'] },
    ];
    const series = await naverSearchTrend({ ...window, keywordGroups: groups }, credentials, { url });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/datalab/search' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toEqual({ ...window, keywordGroups: groups });
    expect(series.get('BTC')?.at(-1)).toEqual({ d: Date.parse('2026-11-25T00:00:00Z'), v: 100 });
    expect(series.get('DOGE')?.length).toBe(4);
  });

  it('batches many tokens at most five groups a call, each call carrying the anchor', async () => {
    const tokens = ['ETH', 'XRP', 'SOL', 'DOGE', 'ADA', 'TRX', 'LINK', 'SUI', 'AVAX'].map((t) => ({
      groupName: t,
      keywords: [t],
    }));
    await naverSearchTrends(tokens, { groupName: 'BTC', keywords: ['비트코인'] }, window, credentials, {
      url,
    });
    expect(seen.map((s) => s.body.keywordGroups.length)).toEqual([5, 5, 2]);
    expect(seen.every((s) => s.body.keywordGroups[0]?.groupName === 'BTC')).toBe(true);
    expect(seen.flatMap((s) => s.body.keywordGroups.slice(1).map((g) => g.groupName))).toEqual(
      tokens.map((t) => t.groupName),
    );
  });

  it('names the failure: no key, refused key, 429, and an answer without results', async () => {
    await expect(
      naverSearchTrend({ ...window, keywordGroups: [{ groupName: 'BTC', keywords: ['BTC'] }] }, null, {
        url,
      }),
    ).rejects.toMatchObject({ reason: 'needs_key' });
    expect(seen).toHaveLength(0);
    const one = { ...window, keywordGroups: [{ groupName: 'BTC', keywords: ['BTC'] }] };
    await expect(naverSearchTrend(one, { clientId: 'x', clientSecret: 'y' }, { url })).rejects.toMatchObject({
      reason: 'rejected',
      message: expect.stringContaining('024'),
    });
    answer = { status: 429, body: fixture('naver-datalab-429.json') };
    const limited = await naverSearchTrend(one, credentials, { url }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(SearchTrendError);
    expect(limited).toMatchObject({ reason: 'rate_limited' });
    answer = { status: 200, body: '{"ok":true}' };
    await expect(naverSearchTrend(one, credentials, { url })).rejects.toMatchObject({ reason: 'malformed' });
  });
});
