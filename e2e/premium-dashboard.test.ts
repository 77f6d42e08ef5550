import { readFileSync } from 'node:fs';
import type {
  PremiumDetailHeaderResponse,
  PremiumDetailOverviewResponse,
  PremiumResponse,
} from '@spreadscope/contracts';
import { formatCompact, formatPercent, formatPrice } from '@spreadscope/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFit } from './support/phone-fit.ts';
import { type ReplayMarket, startReplayMarket } from './support/replay-market.ts';
import { shownRowCount } from './support/row-count.ts';

let market: ReplayMarket;

/**
 * Tabs through the page from the top and lists every stop a screen reader could not name: no label, no text,
 * no image alt (a title alone is a mouse tooltip), or a stop inside role="img", whose content is not read.
 */
async function unnamedTabStops(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const unnamed: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < 400; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const labelled = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join('');
      const alt = [...el.querySelectorAll('img[alt]')].map((img) => img.getAttribute('alt')).join('');
      const name = `${el.getAttribute('aria-label') ?? ''}${labelled}${el.innerText ?? ''}${alt}`.trim();
      const path = [...document.querySelectorAll('*')].indexOf(el);
      return {
        key: `${path}`,
        html: el.outerHTML.slice(0, 120),
        named: name !== '',
        inImage: !!el.closest('[role="img"]'),
      };
    });
    if (!stop || seen.has(stop.key)) break;
    seen.add(stop.key);
    if (!stop.named || stop.inImage) unnamed.push(stop.html);
  }
  expect(seen.size).toBeGreaterThan(10);
  return unnamed;
}

beforeAll(async () => {
  market = await startReplayMarket();
});

afterAll(async () => {
  await market?.close();
});

/**
 * A page signed in as a new Free user: signed up through the API, activated with the link from the outbox
 * the server's console names (no SMTP server here), signed in in the page's own browser context.
 */
async function signedInFree(
  path: string,
  /** An account to use: signed up first when `signUp`, otherwise only signed in (another device). */
  account?: { email: string; password: string; signUp?: boolean },
): Promise<Page> {
  const url = market.server.url;
  const email = account?.email ?? `pins.${Date.now()}@example.com`;
  const password = account?.password ?? 'e2e-Horse7!';
  if (account && !account.signUp) return signedInPage(path, email, password);
  const post = (route: string, body: unknown) =>
    fetch(`${url}/api/v1/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('signup', {
    email,
    password,
    passwordConfirm: password,
    acceptTerms: true,
    acceptPrivacy: true,
  });
  expect(signup.status).toBe(201);
  let mail = '';
  await expect
    .poll(
      () => {
        const files = [...market.server.output().matchAll(/file:\/\/(\S+\.txt)/g)].map((m) => m[1] ?? '');
        mail = files.map((file) => readFileSync(file, 'utf8')).find((text) => text.includes(email)) ?? '';
        return mail !== '';
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const token = /https?:\/\/\S+\/register\S*/.exec(mail)?.[0];
  expect((await post('verify', { token: new URL(token ?? '').searchParams.get('token') })).status).toBe(200);
  return signedInPage(path, email, password);
}

/** A fresh browser context (another device: nothing in its storage) signed in as an existing user. */
async function signedInPage(path: string, email: string, password: string): Promise<Page> {
  const url = market.server.url;
  const page = await market.open('/');
  const login = await page.request.post(`${url}/api/v1/auth/login`, { data: { email, password } });
  expect(login.status()).toBe(200);
  await page.goto(`${url}${path}`);
  await page.getByTestId('account-menu').waitFor({ timeout: 20_000 });
  return page;
}
const premium = (query: string) => market.api<PremiumResponse>(`/premium?${query}`);

describe('premium dashboard in Chromium', () => {
  it('a minimum premium filter narrows the rows to what the API returns for it', async () => {
    const page = await market.open('/premium');
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    const all = await premium('source=upbit&target=binance&limit=500');
    const gaps = all.body.data.map((row) => row.gapPercent).sort((a, b) => a - b);
    const threshold = Number((gaps[Math.floor(gaps.length / 2)] ?? 0).toFixed(1));
    const filtered = await premium(`source=upbit&target=binance&limit=500&minPremium=${threshold}`);
    expect(filtered.body.data.length).toBeLessThan(all.body.data.length);

    expect(await page.getByTestId('filter-reset').count()).toBe(0);
    await page.getByTestId('filter-min-premium').fill(String(threshold));
    await expect
      .poll(() => new URL(page.url()).searchParams.get('minPremium'), { timeout: 15_000 })
      .toBe(String(threshold));
    await expect.poll(() => shownRowCount(page), { timeout: 15_000 }).toBe(filtered.body.data.length);
    const shown = await page
      .getByTestId('gap')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))));
    expect(shown.length).toBeGreaterThan(0);
    for (const gap of shown) expect(gap).toBeGreaterThanOrEqual(threshold);
    await page.getByTestId('filter-reset').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('minPremium')).toBeNull();
    await page.context().close();
  });

  it('shows the same entry and exit gaps as the API on a wide screen', async () => {
    const page = await market.open('/premium?search=ETH', { width: 1921, height: 1000 });
    const row = page.getByTestId('premium-row-ETH').first();
    await row.waitFor({ timeout: 30_000 });
    const api = await premium('source=upbit&target=binance&search=ETH');
    const eth = api.body.data.find((r) => r.base === 'ETH');
    expect(eth).toBeDefined();
    expect(await row.getByTestId('entry-gap').innerText()).toBe(
      formatPercent(eth?.entryGapPercent ?? Number.NaN),
    );
    expect(await row.getByTestId('exit-gap').innerText()).toBe(
      formatPercent(eth?.exitGapPercent ?? Number.NaN),
    );
    expect(await row.getByTestId('net-gap').innerText()).toBe(
      formatPercent(eth?.fees.netGapPercent ?? Number.NaN),
    );
    await page.context().close();
  });

  it('changes the fee deduction and shows the API figure for that mode', async () => {
    const page = await market.open('/premium?search=BTC', { width: 1921, height: 1000 });
    const row = page.getByTestId('premium-row-BTC').first();
    await row.waitFor({ timeout: 30_000 });
    await page.getByTestId('filters-more').click();
    await page.getByTestId('filter-fee-mode').selectOption('maker');
    const api = await premium('source=upbit&target=binance&search=BTC&feeMode=maker');
    const btc = api.body.data.find((r) => r.base === 'BTC');
    await expect.poll(() => new URL(page.url()).searchParams.get('fee'), { timeout: 15_000 }).toBe('maker');
    await expect
      .poll(() => row.getByTestId('net-gap').innerText(), { timeout: 15_000 })
      .toBe(formatPercent(btc?.fees.netGapPercent ?? Number.NaN));
    // The "more filters" button counts the filters set behind it.
    await expect.poll(() => page.getByTestId('filters-more').innerText(), { timeout: 15_000 }).toContain('1');
    await page.context().close();
  });

  it('remembers the columns a user picks across a reload, and resets them', async () => {
    const page = await market.open('/premium', { width: 1280 });
    await page.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sort-volume').count()).toBe(1);
    await page.getByTestId('columns-button').click();
    await page.getByTestId('column-volume').uncheck();
    await page.getByTestId('column-gap1h').check();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('sort-volume').count()).toBe(0);
    await page.reload();
    await page.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sort-volume').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: /1시간 전 갭/ }).count()).toBe(1);
    await page.getByTestId('columns-button').click();
    await page.getByTestId('columns-reset').click();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('sort-volume').count()).toBe(1);
    await page.context().close();
  });

  it('pins rows to the top for a Free user, keeps them after a reload, refuses a third pin, and asks a visitor to sign in', async () => {
    // A visitor has no favorites (spec §6): pinning asks to sign in, with a link to the sign-in page.
    const visit = await market.open('/premium?sort=base&order=asc');
    const visitorRows = visit.locator('[data-testid^="premium-row-"]');
    await visitorRows.first().waitFor({ timeout: 30_000 });
    await visitorRows.nth(2).getByTestId('pin-toggle').click();
    const ask = visit.locator('[data-sonner-toast]', { hasText: '로그인 후 이용할 수 있어요' });
    await ask.waitFor({ timeout: 10_000 });
    expect(await visitorRows.nth(2).getAttribute('data-pinned')).toBe('false');
    await ask.getByRole('button', { name: '로그인' }).click();
    await visit.waitForURL(/\/login$/, { timeout: 10_000 });
    await visit.context().close();

    const page = await signedInFree('/premium?sort=base&order=asc');
    await page.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    const rows = page.locator('[data-testid^="premium-row-"]');
    await rows.first().waitFor({ timeout: 30_000 });
    const third = (await rows.nth(2).getAttribute('data-row-id')) ?? '';
    const fourth = (await rows.nth(3).getAttribute('data-row-id')) ?? '';
    await rows.nth(2).getByTestId('pin-toggle').click();
    await expect.poll(() => rows.first().getAttribute('data-row-id')).toBe(third);
    // From the keyboard: the row moves up under the focused pin, which keeps the focus.
    await page.locator(`[data-row-id="${fourth}"]`).getByTestId('pin-toggle').press('Enter');
    await expect.poll(() => rows.nth(1).getAttribute('data-row-id')).toBe(fourth);
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest('[data-row-id]')?.getAttribute('data-row-id'),
      ),
    ).toBe(fourth);
    expect(await page.getByTestId('pin-count').innerText()).toContain('2/2');

    // Free limit: two pins; the spec's toast says so.
    const other = (await rows.nth(5).getAttribute('data-row-id')) ?? '';
    await page.locator(`[data-row-id="${other}"]`).getByTestId('pin-toggle').click();
    await page
      .getByText(/최대 2개/)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await page.locator(`[data-row-id="${other}"]`).getAttribute('data-pinned')).toBe('false');

    await page.reload();
    await rows.first().waitFor({ timeout: 30_000 });
    await expect.poll(() => rows.first().getAttribute('data-row-id'), { timeout: 15_000 }).toBe(third);
    expect(await rows.first().getAttribute('data-pinned')).toBe('true');
    await page.context().close();
  });

  it('keeps only owned tokens when asked', async () => {
    const page = await signedInFree('/premium?search=BTC');
    const row = page.getByTestId('premium-row-BTC').first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'BTC 상세 보기' }).click();
    await page.getByTestId('own-toggle').click();
    await page.getByTestId('filter-search').fill('');
    // The view lives in the URL: the box shows checked once the navigation to the new query has rendered.
    await page.getByTestId('filter-owned').click();
    await expect.poll(() => page.getByTestId('filter-owned').isChecked(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.locator('[data-testid^="premium-row-"]').count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.locator('[data-testid^="premium-row-"]').first().getAttribute('data-testid')).toBe(
      'premium-row-BTC',
    );
    await page.context().close();
  });

  it('tells a visitor that DEX rows need an account instead of showing them', async () => {
    const page = await market.open('/premium?search=BTC');
    await page.getByTestId('premium-row-BTC').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('filters-more').click();
    await page.getByTestId('filter-dex').click();
    const gate = page.getByTestId('gate-dexData');
    await gate.waitFor({ timeout: 10_000 });
    expect(await gate.getAttribute('data-gate')).toBe('login');
    expect(await gate.innerText()).toContain('회원가입');
    expect(new URL(page.url()).searchParams.get('dex')).toBeNull();
    await page.context().close();
  });

  it('answers a malformed detail link with a clear page, not a crash', async () => {
    const page = await market.open('/premium/Not-A-Symbol-At-All');
    const notFound = page.getByTestId('premium-detail-not-found');
    await notFound.waitFor({ timeout: 30_000 });
    expect(await notFound.innerText()).toContain('/premium/upbit-btc');
    const english = await market.open('/en/premium/upbit');
    await english.getByTestId('premium-detail-not-found').waitFor({ timeout: 30_000 });
    expect(await english.getByRole('heading', { level: 1 }).innerText()).toBe('Not a market symbol');
    await page.context().close();
    await english.context().close();
  });

  it('survives nonsense in the query string', async () => {
    const page = await market.open(
      '/premium?source=nope&minPremium=abc&duration=9y&fee=free&sort=hack&search=BTC',
    );
    await page.getByTestId('premium-row-BTC').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('filter-source').inputValue()).toBe('upbit');
    await page.context().close();
  });

  it('keeps the columns of a signed-in user on the account: another device shows them', async () => {
    const email = `columns.${Date.now()}@example.com`;
    const password = 'e2e-Horse7!';
    const laptop = await signedInFree('/premium', { email, password, signUp: true });
    await laptop.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    await laptop.getByTestId('columns-button').click();
    await laptop.getByTestId('column-volume').uncheck();
    await laptop.getByTestId('column-gap1h').check();
    await laptop.keyboard.press('Escape');
    expect(await laptop.getByTestId('sort-volume').count()).toBe(0);
    // Saved after a short pause: wait until the account has it.
    await expect
      .poll(
        async () => {
          const res = await laptop.request.get(`${market.server.url}/api/v1/settings`);
          const body = (await res.json()) as { preferences: { columns?: { premium?: string[] | null } } };
          return body.preferences.columns?.premium ?? null;
        },
        { timeout: 10_000 },
      )
      .toContain('gap1h');
    await laptop.context().close();

    const phoneless = await signedInFree('/premium', { email, password });
    await phoneless.getByTestId('premium-table').waitFor({ timeout: 30_000 });
    await expect.poll(() => phoneless.getByTestId('sort-volume').count(), { timeout: 15_000 }).toBe(0);
    expect(await phoneless.getByRole('columnheader', { name: /1시간 전 갭/ }).count()).toBe(1);
    await phoneless.context().close();
  });

  it('finds a token by its Korean name, and says so when nothing matches', async () => {
    const page = await market.open('/premium');
    await page.locator('[data-testid^="premium-row-"]').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('filter-search').fill('비트코인');
    await page.getByTestId('premium-row-BTC').waitFor({ timeout: 15_000 });
    const api = await premium(`source=upbit&target=binance&search=${encodeURIComponent('비트코인')}`);
    expect(api.body.data.map((r) => r.base)).toContain('BTC');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 15_000 })
      .toBe('비트코인');
    await expect.poll(() => shownRowCount(page), { timeout: 15_000 }).toBe(api.body.total);
    await page.getByTestId('filter-search').fill('없는코인이름');
    const empty = page.getByTestId('premium-empty');
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.innerText()).toContain('검색 결과가 없습니다.');
    expect(await page.locator('[data-testid^="premium-row-"]').count()).toBe(0);
    await page.context().close();
  });

  it('opens a market detail with the API numbers, the Kimchi premium the same way round everywhere', async () => {
    const page = await market.open('/premium/upbit-btc', { width: 1280 });
    const headline = page.getByTestId('detail-premium');
    await headline.waitFor({ timeout: 30_000 });
    const korean = await market.api<PremiumDetailHeaderResponse>(
      '/premium/detail/header?symbol=upbit-btc&currency=KRW&conversionBase=USD',
    );
    expect(await page.getByTestId('detail-price').innerText()).toBe(
      formatPrice(korean.body.market.price ?? Number.NaN, 'KRW', 'ko'),
    );
    expect(await headline.innerText()).toBe(formatPercent(korean.body.premiumPercent ?? Number.NaN));
    await page.getByTestId('detail-markets').waitFor({ timeout: 15_000 });
    // The chart names its time zone where a reader can see it, not under the chart's own drawing.
    const zone = page.getByTestId('detail-price-chart').locator('figcaption .time-chart__zone');
    await zone.waitFor({ timeout: 15_000 });
    expect(await zone.innerText()).toBe('KST');
    expect(
      await zone.evaluate((caption) => {
        // Hit testing skips pointer-events: none; lift it for the probe to see what is painted on top.
        (caption as HTMLElement).style.pointerEvents = 'auto';
        const box = caption.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === caption;
      }),
    ).toBe(true);
    // The licence's link to TradingView is named in the reader's language; a keyboard walk through the whole
    // page meets no focusable element without a name, nor one hidden inside a chart's image role.
    const credit = page
      .getByTestId('detail-price-chart')
      .getByRole('link', { name: '차트 제공: TradingView' });
    expect(await credit.getAttribute('href')).toBe('https://www.tradingview.com/');
    expect(await unnamedTabStops(page)).toEqual([]);
    await page.context().close();

    // The overseas market's page: the API answers it over its Korean reference; the headline still reads
    // KRW over overseas, the number the premium table shows for that pair.
    const overseasSymbol = korean.body.reference?.symbol ?? '';
    const overseas = await market.api<PremiumDetailHeaderResponse>(
      `/premium/detail/header?symbol=${overseasSymbol}&currency=KRW&conversionBase=USD`,
    );
    const reference = overseas.body.reference;
    expect(reference?.quote).toBe('KRW');
    const table = await premium(
      `source=${reference?.exchange}&target=${overseas.body.market.exchange}&search=BTC&currency=KRW`,
    );
    const pair = table.body.data.find((r) => r.base === 'BTC' && r.target.symbol === overseasSymbol);
    expect(pair).toBeDefined();
    const abroad = await market.open(`/premium/${overseasSymbol}`, { width: 1280 });
    const abroadHeadline = abroad.getByTestId('detail-premium');
    await abroadHeadline.waitFor({ timeout: 30_000 });
    expect(await abroadHeadline.innerText()).toBe(formatPercent(pair?.gapPercent ?? Number.NaN));
    const label = await abroad.getByTestId('detail-premium-label').innerText();
    expect(label).toContain('KRW');
    expect(label).toContain('김프');
    await abroad.context().close();
  });

  it("fits a market's exchanges and wallets on a phone, the secondary figures tucked under the essential ones", async () => {
    const page = await market.open('/premium/upbit-btc', { width: 360 });
    const markets = page.getByTestId('detail-markets');
    const wallet = page.getByTestId('detail-wallet');
    await markets.waitFor({ timeout: 30_000 });
    await wallet.waitFor({ timeout: 30_000 });
    for (const table of [markets, wallet]) {
      expect(await phoneFit(table)).toEqual({ pageOverflow: 0, tableOverflow: 0, cellsPast: [] });
    }
    // A row still carries every figure: the volume and the native price ride under the price.
    const api = await market.api<PremiumDetailOverviewResponse>(
      '/premium/detail/overview?symbol=upbit-btc&currency=KRW&conversionBase=USD',
    );
    const binance = api.body.data.find((m) => m.exchange === 'binance' && m.market === 'spot');
    expect(binance).toBeDefined();
    const row = page.getByTestId(`detail-market-binance-spot-${binance?.quote}`);
    const text = await row.innerText();
    expect(text).toContain(formatCompact(binance?.volume24h ?? Number.NaN, 'KRW', 'ko'));
    expect(text).toContain(formatPercent(binance?.change24hPercent ?? Number.NaN));
    await page.context().close();
  });
});
