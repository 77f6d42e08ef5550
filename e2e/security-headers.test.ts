import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { REPO_ROOT, type ServerProcess, startServerProcess } from './support/server-process.ts';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerProcess({ MARKET_SOURCE: 'sim' }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The main pages, and what shows that each has drawn (charts included where the page has one). */
const PAGES: readonly [path: string, drawn: string][] = [
  ['/', '#root main'],
  ['/premium', '[data-row-id]'],
  ['/premium/upbit-btc', 'canvas'],
  ['/arbitrage', '[data-row-id]'],
  ['/funding-rate', '#root main'],
  // A fresh simulator has no settled funding or index minutes yet, so no chart there; the premium detail draws one.
  ['/funding-rate/BTC', '[data-testid="funding-markets"]'],
  ['/premium-index', '[data-testid="index-value"]'],
  ['/exchanges', '#root main'],
  ['/login', 'form'],
  // The API reference (swagger-ui) is served under the same policy.
  ['/api/docs', '.swagger-ui .info'],
];

interface Opened {
  readonly page: Page;
  readonly violations: () => Promise<string[]>;
}

/** Opens a page recording every CSP violation, from the console and from `securitypolicyviolation` events. */
async function open(
  path: string,
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) logged.push(text);
  });
  const response = await page.goto(`${server.url}${path}`);
  // Only meaningful if the page was served under the policy at all.
  expect(response?.headers()['content-security-policy'] ?? '', path).toContain("frame-ancestors 'none'");
  return {
    page,
    violations: async () => [
      ...logged,
      ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ],
  };
}

describe('security in Chromium', () => {
  it('runs every main page, charts included, with zero CSP violations', async () => {
    const visit = async ([path, drawn]: (typeof PAGES)[number]) => {
      const { page, violations } = await open(path);
      await page
        .locator(drawn)
        .first()
        .waitFor({ timeout: 30_000 })
        .catch((error: Error) => {
          throw new Error(`${path}: ${drawn} never appeared (${error.message})`);
        });
      // Live updates over the WebSocket (connect-src) and the charts' first draws happen after the first paint.
      await page.waitForTimeout(1_500);
      expect(await violations(), path).toEqual([]);
      await page.context().close();
    };
    // Three pages at a time, each in its own context: most of a visit is the wait for late requests above.
    for (let i = 0; i < PAGES.length; i += 3) await Promise.all(PAGES.slice(i, i + 3).map(visit));
    // A ceiling against hangs: every main page, each waited for until drawn.
  }, 240_000);

  it('answers an unknown page 404 with the app, which shows the not-found page', async () => {
    const { page, violations } = await open('/en/no-such-page');
    await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
    await page.context().close();
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('ships no source maps', async () => {
    const dist = join(REPO_ROOT, 'apps/web/dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      expect(readFileSync(join(dist, file), 'utf8'), file).not.toContain('sourceMappingURL');
      expect((await fetch(`${server.url}/${file}.map`)).status, file).toBe(404);
    }
  });

  it('prefers-reduced-motion: reduce turns the cell flashes off', async () => {
    const flashing = () =>
      document.querySelectorAll('[class*="flash-up-"], [class*="flash-down-"]').length +
      document.getAnimations().length;
    // With motion allowed the simulator's moves flash cells within seconds: the check below can see one.
    const moving = await open('/premium');
    await moving.page.waitForFunction(flashing, undefined, { timeout: 30_000 });
    await moving.page.context().close();

    const calm = await open('/premium', 'reduce');
    await calm.page.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      seen += await calm.page.evaluate(flashing);
      await calm.page.waitForTimeout(250);
    }
    expect(seen).toBe(0);
    await calm.page.context().close();
  });
});
