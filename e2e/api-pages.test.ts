import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './support/admin-cli.ts';
import { launchChromium } from './support/browser.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { signIn } from './support/sign-in.ts';

/** The paid API's pages: /api (and /maxi-api) for everyone, /my/maxi for a key holder, ko and en, 360 and 1280. */

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: 'sim', SIM_TOKENS: '40' }),
    launchChromium(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** `npm run admin -- …` against the running server, with none of the CI's database variables. */
async function admin(...argv: string[]): Promise<string[]> {
  return (await adminCli(server, ...argv)).trim().split('\n');
}

async function pageAt(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Seoul' });
  return context.newPage();
}

/** The page does not scroll sideways: wide tables and code scroll inside their own boxes. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

describe('the API pages in Chromium', () => {
  for (const width of [360, 1280]) {
    it(`shows /api in Korean and /en/maxi-api in English at ${width} px, every operation listed`, async () => {
      const page = await pageAt(width);
      await page.goto(`${server.url}/api`);
      await page.getByTestId('api-page').waitFor({ timeout: 20_000 });
      expect(await page.locator('h1').innerText()).toBe('Spreadscope API');
      expect(await page.getByTestId('api-operations').locator('tbody tr').count()).toBe(49);
      expect(await page.getByText('DataMaxi+ 호환').count()).toBe(1);
      expect(await page.getByTestId('api-plans').innerText()).toContain('Developer');
      expect(await fitsWidth(page)).toBe(true);
      await page.goto(`${server.url}/en/maxi-api`);
      await page.getByTestId('api-page').waitFor({ timeout: 20_000 });
      expect(await page.getByText('DataMaxi+-compatible').count()).toBe(1);
      expect(await page.getByTestId('api-curl').innerText()).toContain(`${server.url}/api/v1/premium`);
      expect(await page.getByText('Beyond DataMaxi+').count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      // The OpenAPI document it links to is served and lists the operations with the key scheme.
      const link = page.getByRole('link', { name: 'OpenAPI document (JSON)' });
      expect(await link.getAttribute('href')).toBe('/api/v1/openapi.json');
      const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
        components: { securitySchemes: Record<string, { name: string }> };
      };
      expect(doc.components.securitySchemes.dtmxApiKey?.name).toBe('X-DTMX-APIKEY');
      expect(doc.paths['/api/v1/liquidation/feed']).toBeDefined();
      await page.context().close();
    });
  }

  // The admin CLI starts a process per command: slow on a busy machine.
  it('shows a Developer its credits spent, calls per operation and its keys on /my/maxi', {
    timeout: 240_000,
  }, async () => {
    for (const [width, language] of [
      [360, 'ko'],
      [1280, 'en'],
    ] as const) {
      const email = `maxi.${language}.${Date.now()}@example.com`;
      const password = 'maxi-Horse7!';
      await admin(
        'create-user',
        '--email',
        email,
        '--password',
        password,
        '--plan',
        'developer',
        '--verified',
        '--language',
        language,
      );
      const key = (await admin('create-api-key', '--email', email)).at(-1) ?? '';
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.url}/api/v1/forex?symbol=USD-KRW`, {
          headers: { 'X-DTMX-APIKEY': key },
        });
        expect(res.status).toBe(200);
      }
      const prefix = language === 'en' ? '/en' : '';
      const page = await pageAt(width);
      await signIn(page, `${server.url}${prefix}/login`, email, password);
      await page.goto(`${server.url}${prefix}/my/maxi`);
      const credits = page.getByTestId('my-maxi-credits');
      await credits.waitFor({ timeout: 20_000 });
      expect(await credits.innerText()).toContain(language === 'en' ? '3 of 1,000' : '1,000 중 3');
      const calls = page.getByTestId('my-maxi-calls');
      await calls.waitFor();
      expect(await calls.innerText()).toContain('/forex');
      expect(await fitsWidth(page)).toBe(true);
      await page.context().close();
    }
  });
});
