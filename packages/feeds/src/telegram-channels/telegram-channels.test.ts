import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChannelPage, parseCount } from './channel-page.ts';
import { readChannel } from './channel-reader.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseChannelPage on a recorded t.me/s page', () => {
  const page = parseChannelPage(fixture('channel-page.html'), 'coinnesskr');

  it('reads the channel header: title, photo, description and subscribers', () => {
    expect(page.channel).toEqual({
      username: 'coinnesskr',
      title: '코인니스',
      description: '코인니스 공식 텔레그램 채널입니다.\n24시간 암호화폐 속보',
      photoUrl: 'https://cdn4.cdn-telegram.org/file/coinnesskr-photo.jpg',
      members: 86_400,
    });
  });

  it('reads every post with its id, text, time, views and summed reactions', () => {
    expect(page.posts.map((p) => p.messageId)).toEqual([251207, 251208, 251209]);
    const [first, second, photo] = page.posts;
    expect(first).toMatchObject({
      text: '[속보] 비트코인 10만 달러 재돌파\n\n$ETH 도 4% 상승 중. 원문',
      date: Date.parse('2026-11-26T03:12:44Z'),
      views: 15_300,
      reactions: 1_287,
      forwards: null,
      link: 'https://t.me/coinnesskr/251207',
    });
    expect(second).toMatchObject({ views: 982, reactions: null });
    expect(second?.text).toContain('솔라나(SOL)');
    expect(photo).toMatchObject({ text: '', views: 2_050_000 });
  });

  it('parses Telegram’s abbreviated counters', () => {
    expect([parseCount('1.18K'), parseCount('2.05M'), parseCount('212'), parseCount('n/a')]).toEqual([
      1_180,
      2_050_000,
      212,
      null,
    ]);
  });
});

describe('readChannel against a loopback t.me', () => {
  let server: Server;
  let base = '';
  const seen: IncomingMessage[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      const name = req.url?.replace('/s/', '') ?? '';
      if (name === 'coinnesskr') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fixture('channel-page.html'));
      } else if (name === 'gone_channel_kr') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(fixture('channel-not-found.html'));
      } else if (name === 'private_club') {
        res.writeHead(302, { location: 'https://t.me/private_club' }).end();
      } else if (name === 'busy_channel') {
        res.writeHead(429, { 'retry-after': '30' }).end('Too Many Requests');
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end(fixture('channel-malformed.html'));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gives the page of a public channel, asked at /s/<channel>', async () => {
    const read = await readChannel('coinnesskr', { baseUrl: base });
    expect(read.ok && read.page.posts.length).toBe(3);
    expect(seen.at(-1)?.url).toBe('/s/coinnesskr');
  });

  it('tells a channel without preview (gone or private) from a malformed page and a rate limit', async () => {
    expect(await readChannel('gone_channel_kr', { baseUrl: base })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
    expect(await readChannel('private_club', { baseUrl: base })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
    expect(await readChannel('busy_channel', { baseUrl: base })).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      retryAfterSeconds: 30,
    });
    expect(await readChannel('broken_page', { baseUrl: base })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses a name Telegram would not accept, without asking', async () => {
    const before = seen.length;
    expect(await readChannel('../admin', { baseUrl: base })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
    expect(seen.length).toBe(before);
  });
});
