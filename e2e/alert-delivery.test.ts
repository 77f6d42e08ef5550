import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../apps/server/src/test-support/fake-telegram.ts';
import { type SmtpInbox, startSmtpInbox } from '../apps/server/src/test-support/smtp-inbox.ts';
import { adminCli } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 13's end-to-end proof: a replayed tape carries the Upbit/Binance BTC premium across a user's threshold;
 * the alert fires once and reaches the user by Telegram (the fake Bot API), email (a real SMTP server) and a
 * toast in the open tab. The Telegram send is refused for a while (429), so the delivery is still pending when
 * the server is killed with -9; after the restart it is sent, once, and nothing else is sent or shown again.
 */

const USD_KRW = 1400;
const BINANCE_BTC = 100_000;
/** The premium alternates between these every PHASE_MS, so a rule created at any moment sees a crossing. */
const LOW = 0.02;
const HIGH = 0.04;
const PHASE_MS = 8_000;
const CHAT_ID = 4242;
const ALERT_NAME = 'E2E 김프 3% 돌파';

/** A tape (../shared/formats/market-tape.md) from `start`: forex, both BTC markets every 500 ms, 20 minutes. */
function writeTape(path: string, start: number): void {
  const lines = [JSON.stringify({ t: start, type: 'meta', version: 1, source: 'e2e alert crossing' })];
  for (let t = start; t < start + 20 * 60_000; t += 500) {
    if ((t - start) % 60_000 === 0)
      lines.push(JSON.stringify({ t, type: 'forex', pair: 'USD/KRW', rate: USD_KRW }));
    const premium = Math.floor((t - start) / PHASE_MS) % 2 === 0 ? LOW : HIGH;
    const krw = Math.round(BINANCE_BTC * USD_KRW * (1 + premium));
    lines.push(
      JSON.stringify({
        t,
        type: 'quote',
        venue: 'binance',
        market: 'spot',
        base: 'BTC',
        quote: 'USDT',
        last: BINANCE_BTC,
        bid: BINANCE_BTC - 1,
        ask: BINANCE_BTC + 1,
        volume24h: 2_500_000_000,
      }),
      JSON.stringify({
        t: t + 1,
        type: 'quote',
        venue: 'upbit',
        market: 'spot',
        base: 'BTC',
        quote: 'KRW',
        last: krw,
        bid: krw - 1_000,
        ask: krw,
        volume24h: 310_000_000_000,
      }),
    );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'spreadscope-e2e-alert-delivery-'));
const email = `crossing.${Date.now()}@example.com`;
const password = 'e2e-Horse7!';
let telegram: FakeTelegram;
let inbox: SmtpInbox;
let server: ServerProcess;
let browser: Browser;

/** The same product on the same data directory and port, replaying a tape that starts now. */
async function startProduct(port: string, tapeName: string): Promise<ServerProcess> {
  const tape = join(dataDir, tapeName);
  writeTape(tape, Date.now());
  return startServerProcess(
    {
      MARKET_SOURCE: `replay:${tape}`,
      DATA_DIR: dataDir,
      PORT: port,
      SMTP_URL: inbox.url,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.url,
      NOTIFY_SEND_LEASE_MS: '3000',
    },
    { startTimeoutMs: 180_000 },
  );
}

beforeAll(async () => {
  telegram = await startFakeTelegram();
  inbox = await startSmtpInbox();
  [server, browser] = await Promise.all([startProduct('0', 'tape-1.ndjson'), launchChromium()]);
  await adminCli(
    server,
    'create-user',
    '--email',
    email,
    '--password',
    password,
    '--verified',
    '--plan',
    'starter',
    '--language',
    'ko',
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  await telegram?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Counts every toast that ever appears in the page with the alert's name (toasts dismiss themselves). */
async function countToasts(page: Page): Promise<void> {
  await page.evaluate((name) => {
    const seen = new WeakSet<Node>();
    const w = window as unknown as { alertToasts: number };
    w.alertToasts = 0;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        if (!seen.has(toast) && toast.textContent?.includes(name)) {
          seen.add(toast);
          w.alertToasts++;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  }, ALERT_NAME);
}

const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { alertToasts: number }).alertToasts);

describe('an alert from a replayed crossing, across kill -9', () => {
  it('reaches Telegram, the mailbox and the open tab once each', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    await signIn(page, `${server.url}/login`, email, password);
    await page.goto(`${server.url}/alerts`);
    await countToasts(page);

    // Telegram answers the first send 429 (retry after 20 s): the delivery waits in the outbox.
    telegram.throttleNext(1, 20);
    const created = await page.evaluate(
      async ({ name, chatId }) => {
        const res = await fetch('/api/v1/alerts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name,
            message: 'BTC 김프가 3%를 넘었습니다',
            strategy: 'premium-price-gap',
            tokens: ['BTC'],
            exchanges: ['upbit', 'binance'],
            direction: 'fixed',
            premiumType: 'spot-spot',
            dataType: 'price-gap-percent',
            condition: 'greater-than',
            threshold: 3,
            frequency: 'once',
            expiresAt: null,
            channels: { telegram: true, toast: true, email: true },
            telegramChatId: String(chatId),
          }),
        });
        return { status: res.status, body: (await res.json()) as { id: string; message?: string } };
      },
      { name: ALERT_NAME, chatId: CHAT_ID },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // The crossing comes within one phase of the tape; all three channels are tried.
    await telegram.waitForSends(1, 90_000);
    expect(telegram.sent).toHaveLength(0);
    await expect.poll(() => inbox.to(email).length, { timeout: 60_000 }).toBe(1);
    expect(inbox.to(email)[0]?.subject).toContain(ALERT_NAME);
    await expect.poll(() => toastsSeen(page), { timeout: 60_000 }).toBe(1);
    // The crash comes once the product has recorded the mail as sent, as its notifications list shows. (Killed
    // between the SMTP server's acceptance and that record, it would send the mail again, at least once, with
    // the same Message-ID, which mail clients show once.)
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const res = await fetch('/api/v1/notifications');
            const body = (await res.json()) as {
              notifications: { deliveries: { channel: string; state: string }[] }[];
            };
            return body.notifications.flatMap((n) => n.deliveries).find((d) => d.channel === 'email')?.state;
          }),
        { timeout: 30_000 },
      )
      .toBe('sent');

    // kill -9 while Telegram's retry is pending, then the same product again on the same data and port.
    const port = new URL(server.url).port;
    await server.crash();
    server = await startProduct(port, 'tape-2.ndjson');

    await expect.poll(() => telegram.sent.length, { timeout: 120_000 }).toBe(1);
    const message = telegram.sent[0];
    expect(message?.chatId).toBe(CHAT_ID);
    expect(message?.text).toContain(ALERT_NAME);
    // The tab's socket is back (it reconnects by itself); the crossing is not shown or mailed again, and the
    // one-time rule, now inactive, does not fire on the next crossings of the new tape.
    await page.waitForTimeout(2 * PHASE_MS);
    expect(await toastsSeen(page)).toBe(1);
    expect(inbox.to(email)).toHaveLength(1);
    expect(telegram.sent).toHaveLength(1);
    const alert = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v1/alerts/${id}`);
      return (await res.json()) as { status: string; triggerCount: number };
    }, created.body.id);
    expect(alert).toMatchObject({ status: 'inactive', triggerCount: 1 });
    await context.close();
  }, 400_000);
});
