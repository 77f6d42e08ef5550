// Screenshots of every page at each breakpoint, in both themes and both languages, for a visual check.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir] [filter]
//   baseUrl defaults to http://localhost:5173 (vite dev) — any server with the SPA and /api works.
//   filter keeps only shots whose name contains it, e.g. "premium-1280".
// Needs Debian Chromium at /usr/bin/chromium and playwright-core (installed in the e2e workspace).
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:5173';
const out = process.argv[3] ?? '/tmp/spreadscope-shots';
const filter = process.argv[4] ?? '';

const viewports = [
  { name: '360', width: 360, height: 740 },
  { name: '700', width: 700, height: 900 },
  { name: '1280', width: 1280, height: 800 },
  { name: '1921', width: 1921, height: 1080 },
];
const pages = [
  { name: 'home', path: '/' },
  { name: 'premium', path: '/premium' },
  { name: 'premium-detail', path: '/premium/upbit-btc' },
  { name: 'premium-index', path: '/premium-index' },
  { name: 'arbitrage', path: '/arbitrage' },
  { name: 'arbitrage-spot-perp', path: '/arbitrage/spot-to-perpetual' },
  { name: 'arbitrage-perp-perp', path: '/arbitrage/perpetuals' },
  { name: 'funding', path: '/funding-rate' },
  { name: 'funding-heatmap', path: '/funding-rate?view=heatmap' },
  { name: 'funding-detail', path: '/funding-rate/btc' },
  { name: 'notfound', path: '/no-such-page' },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const viewport of viewports) {
    for (const theme of ['dark', 'light']) {
      for (const language of ['ko', 'en']) {
        for (const page of pages) {
          const name = `${page.name}-${viewport.name}-${theme}-${language}`;
          if (filter && !name.includes(filter)) continue;
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            locale: language === 'ko' ? 'ko-KR' : 'en-US',
            timezoneId: 'Asia/Seoul',
          });
          await context.addInitScript(
            ([t, l]) => {
              localStorage.setItem(
                'spreadscope.settings.v1',
                JSON.stringify({
                  language: l,
                  currency: 'KRW',
                  theme: t,
                  interval: 'realtime',
                  colorConvention: 'auto',
                }),
              );
            },
            [theme, language],
          );
          const tab = await context.newPage();
          const errors = [];
          tab.on('pageerror', (err) => errors.push(String(err)));
          tab.on('console', (msg) => {
            if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text());
          });
          const prefix = language === 'en' ? (page.path === '/' ? '/en' : `/en${page.path}`) : page.path;
          await tab.goto(`${base}${prefix}`, { waitUntil: 'networkidle' }).catch(() => {});
          await tab.waitForTimeout(1500);
          await tab.screenshot({ path: `${out}/${name}.png` });
          const title = await tab.title();
          console.log(
            `${name}.png  title="${title}"${errors.length ? `  errors: ${errors.join(' | ')}` : ''}`,
          );
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
}
