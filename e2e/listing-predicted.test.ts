import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Listing candidates on /listing-arbitrage: on a fresh simulated start each target venue has candidates, each
 * with its reasons in words (never a bare score), labelled simulated; ko at 360 px and en at 1280 px.
 */

let server: ServerProcess;
let browser: Browser;
const password = 'cand-Horse7!';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '60' }),
    launchChromium(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Every reason chip of the visible list: its kind and its words. */
async function reasonsOf(page: Page): Promise<{ kind: string; text: string }[]> {
  return page
    .getByTestId('listing-candidate-reason')
    .evaluateAll((nodes) =>
      nodes.map((n) => ({ kind: n.getAttribute('data-kind') ?? '', text: (n.textContent ?? '').trim() })),
    );
}

const WORDS = {
  ko: {
    korean: /^(업비트|빗썸) 상장/,
    volume: /해외 거래량 \$[\d.,]+[만억조]? · 거래소 \d+곳/,
    sim: '시뮬레이션 후보',
  },
  en: {
    korean: /^(Upbit|Bithumb) lists it/,
    volume: /Overseas volume \$[\d.,]+[KMBT]? on \d+ venues?/,
    sim: 'Simulated candidates',
  },
} as const;

/** Both target venues' lists: candidates, each with worded reasons, labelled simulated, within the screen. */
async function checkCandidates(page: Page, language: 'ko' | 'en', label: string): Promise<void> {
  const section = page.getByTestId('listing-candidates');
  await section.waitFor({ timeout: 30_000 });
  const words = WORDS[language];
  for (const venue of ['upbit', 'bithumb'] as const) {
    await page.getByTestId(`listing-candidates-${venue}`).click();
    const list = section.locator(`ol[data-exchange="${venue}"]`);
    await list.waitFor({ timeout: 60_000 });
    const rows = list.getByTestId('listing-candidate');
    expect(await rows.count(), `${label} ${venue}`).toBeGreaterThanOrEqual(1);
    // Every candidate shows at least one reason.
    for (let i = 0; i < Math.min(await rows.count(), 5); i++) {
      expect(await rows.nth(i).getByTestId('listing-candidate-reason').count()).toBeGreaterThanOrEqual(1);
    }
    // Each reason is worded, not a bare number; the market reasons read as the user expects.
    const reasons = await reasonsOf(page);
    for (const r of reasons) expect(r.text, `${label} ${r.kind}`).toMatch(/\p{L}{2,}/u);
    const volume = reasons.find((r) => r.kind === 'overseas_volume');
    if (volume) expect(volume.text).toMatch(words.volume);
    const korean = reasons.find((r) => r.kind === 'korean_listing');
    if (korean) expect(korean.text).toMatch(words.korean);
    expect(reasons.some((r) => r.kind === 'overseas_volume' || r.kind === 'korean_listing')).toBe(true);
    expect(await section.getByTestId('listing-candidates-simulated').innerText()).toContain(words.sim);
    expect(await fitsWidth(page), `${label} ${venue}`).toBe(true);
  }
}

describe('listing candidates in Chromium', () => {
  // The admin CLI starts a process per command: slow on a busy machine.
  it('shows Upbit and Bithumb candidates with their reasons (ko and en, 360 and 1280)', {
    timeout: 300_000,
  }, async () => {
    for (const [language, prefix] of [
      ['ko', ''],
      ['en', '/en'],
    ] as const) {
      const email = `candidates.${language}.${Date.now()}@example.com`;
      await createVerifiedUser(server, { email, password, plan: 'starter', language });
      for (const width of [360, 1280]) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          timezoneId: 'Asia/Seoul',
        });
        const page = await context.newPage();
        await signIn(page, `${server.url}${prefix}/login`, email, password);
        await page.goto(`${server.url}${prefix}/listing-arbitrage`);
        await checkCandidates(page, language, `${language} ${width}`);
        await context.close();
      }
    }
  });
});
