import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClaimedDelivery } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test-support/fake-telegram.ts';
import { BotApiClient } from './bot-api-client.ts';
import { alertMessage, outcomeOfSend, parseEnvelope, parseStartCommands } from './bot-api-parse.ts';
import { StartCommandPoller } from './start-command-poller.ts';
import { simulatedTelegramChannel, telegramChannel } from './telegram-channel.ts';

const fixture = async (name: string) =>
  JSON.parse(await readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as unknown;

function delivery(overrides: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  return {
    id: 1,
    leaseToken: 't',
    notificationId: 1,
    channel: 'telegram',
    target: '123456789',
    attempt: 1,
    resumed: false,
    idempotencyKey: 'alert:r:1',
    userId: 'u',
    userEmail: 'u@example.test',
    userEmailVerified: true,
    locale: 'ko',
    title: 'BTC 김프 3% 돌파',
    body: 'Upbit <KRW> & Binance: 3.12% > 3%',
    url: '/premium/BTC',
    occurredAt: 0,
    createdAt: 0,
    ...overrides,
  };
}

describe('Bot API wire format (recorded answers)', () => {
  it('reads a sent message, and what each refusal means for the delivery', async () => {
    expect(outcomeOfSend(200, await fixture('send-message-ok'))).toEqual({ ok: true, externalId: '5123' });
    expect(outcomeOfSend(403, await fixture('error-blocked'))).toEqual({
      ok: false,
      permanent: true,
      error: 'Forbidden: bot was blocked by the user',
    });
    expect(outcomeOfSend(400, await fixture('error-chat-not-found'))).toMatchObject({
      permanent: true,
      error: 'Bad Request: chat not found',
    });
    expect(outcomeOfSend(429, await fixture('error-too-many-requests'))).toEqual({
      ok: false,
      permanent: false,
      error: 'Too Many Requests: retry after 7',
      retryAfterMs: 7_000,
    });
    expect(outcomeOfSend(401, await fixture('error-unauthorized'))).toMatchObject({ permanent: true });
    expect(outcomeOfSend(502, null)).toEqual({ ok: false, permanent: false, error: 'HTTP 502' });
    expect(parseEnvelope(409, await fixture('error-conflict-webhook'))).toMatchObject({
      ok: false,
      code: 409,
    });
  });

  it('finds /start (also /start@bot) in private chats and groups, with the sender’s language, and skips the rest', async () => {
    const envelope = parseEnvelope(200, await fixture('get-updates-start'));
    if (!envelope.ok) throw new Error('fixture must be ok');
    const { commands, lastUpdateId } = parseStartCommands(envelope.result);
    expect(commands).toEqual([
      { updateId: 810293301, chatId: 123456789, chatType: 'private', language: 'ko' },
      { updateId: 810293302, chatId: 987654321, chatType: 'private', language: 'en' },
      { updateId: 810293305, chatId: -1001987654321, chatType: 'supergroup', language: 'ko' },
    ]);
    expect(lastUpdateId).toBe(810293305);
    const empty = parseEnvelope(200, await fixture('get-updates-empty'));
    expect(empty.ok && parseStartCommands(empty.result)).toEqual({ commands: [], lastUpdateId: null });
  });

  it('escapes the alert for HTML mode and keeps it within 4096 characters', () => {
    const message = alertMessage({
      chatId: '-100123',
      title: 'a<b>',
      body: 'x'.repeat(5000),
      link: 'https://s.example/p?a=1&b=2',
      linkLabel: '보기',
    });
    expect(message.chat_id).toBe(-100123);
    expect(message.parse_mode).toBe('HTML');
    const text = String(message.text);
    expect(text.startsWith('<b>a&lt;b&gt;</b>\n')).toBe(true);
    expect(text.endsWith('\n<a href="https://s.example/p?a=1&amp;b=2">보기</a>')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(
      alertMessage({ chatId: '@channel', title: 't', body: 'b', link: null, linkLabel: '' }).chat_id,
    ).toBe('@channel');
  });
});

describe('Telegram channel against a loopback Bot API', () => {
  let fake: FakeTelegram;
  let client: BotApiClient;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    client = new BotApiClient({ token: fake.token, apiUrl: fake.url });
  });
  afterAll(() => fake.close());
  const publicUrl = () => 'https://spreadscope.example';

  it('posts sendMessage to /bot<token>/sendMessage with the HTML text and a localized link', async () => {
    const channel = telegramChannel(client, publicUrl);
    const outcome = await channel.send(delivery());
    expect(outcome.ok).toBe(true);
    const last = fake.sent.at(-1);
    expect(last?.chatId).toBe(123456789);
    expect(last?.text).toBe('BTC 김프 3% 돌파\nUpbit <KRW> & Binance: 3.12% > 3%\nSpreadscope에서 보기');
    expect(last?.body.text).toContain('<a href="https://spreadscope.example/premium/BTC">');
    expect(outcome).toEqual({ ok: true, externalId: String(last?.messageId) });
    await channel.send(delivery({ locale: 'en', target: '555' }));
    expect(fake.sent.at(-1)?.body.text).toContain(
      'href="https://spreadscope.example/en/premium/BTC">Open in Spreadscope</a>',
    );
  });

  it('turns 429 into a retry after Telegram’s retry_after, and a blocked bot or unknown chat into a dead delivery', async () => {
    const channel = telegramChannel(client, publicUrl);
    fake.throttleNext(1, 3);
    expect(await channel.send(delivery())).toMatchObject({
      ok: false,
      permanent: false,
      retryAfterMs: 3_000,
    });
    fake.blocked.add('777');
    expect(await channel.send(delivery({ target: '777' }))).toEqual({
      ok: false,
      permanent: true,
      error: 'Forbidden: bot was blocked by the user',
    });
    expect(await channel.send(delivery({ target: 'not-a-chat' }))).toMatchObject({
      permanent: true,
      error: 'Bad Request: chat not found',
    });
  });

  it('never puts the token into an error, and a wrong token is dead', async () => {
    const wrong = telegramChannel(new BotApiClient({ token: '1:wrong', apiUrl: fake.url }), publicUrl);
    expect(await wrong.send(delivery())).toEqual({ ok: false, permanent: true, error: 'Unauthorized' });
    const down = telegramChannel(
      new BotApiClient({ token: fake.token, apiUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 }),
      publicUrl,
    );
    const outcome = await down.send(delivery());
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(JSON.stringify(outcome)).not.toContain(fake.token);
  });

  it('answers /start with the chat ID in the sender’s language and confirms the update', async () => {
    const poller = new StartCommandPoller({
      client,
      log: { info: () => {}, warn: () => {} },
      pollSeconds: 1,
    });
    fake.userWrites({ chatId: 4242, text: '/start', languageCode: 'ko' });
    fake.userWrites({ chatId: 5151, text: '/start', languageCode: 'en-US' });
    fake.userWrites({ chatId: 5151, text: 'what is this?' });
    expect(await poller.pollOnce()).toBe(2);
    const replies = fake.sent.filter((m) => m.chatId === 4242 || m.chatId === 5151);
    expect(replies.map((m) => [m.chatId, m.text.split('\n')[0]])).toEqual([
      [4242, '안녕하세요! 회원님의 텔레그램 채팅 ID는 4242 입니다.'],
      [5151, 'Hello! Your Telegram chat ID is 5151.'],
    ]);
    // The next poll passes the offset, so the same /start is not answered twice.
    expect(await poller.pollOnce()).toBe(0);
    expect(fake.calls.filter((c) => c.method === 'getUpdates').at(-1)?.body.offset).toBeGreaterThan(0);
  });
});

describe('simulated Telegram (no token)', () => {
  it('keeps the exact sendMessage body in the local outbox and reports it sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'notify-tg-'));
    const warnings: string[] = [];
    const channel = simulatedTelegramChannel(dir, () => 'http://localhost:8080', {
      warn: (m) => warnings.push(m),
    });
    expect(channel.mode).toBe('simulated');
    expect(await channel.send(delivery())).toEqual({ ok: true, externalId: 'simulated' });
    const [line] = (await readFile(join(dir, 'telegram.ndjson'), 'utf8')).trim().split('\n');
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      key: 'alert:r:1',
      method: 'sendMessage',
      body: { chat_id: 123456789, parse_mode: 'HTML' },
    });
    expect(warnings[0]).toContain('telegram.ndjson');
  });
});
