// The /token list for `npm run bench -- token-list` (bench/web-table.ts): the real TokenListTable with 7,000
// synthetic tokens, read the way the page reads them — useMarketQuery's REST answer through the real getJson,
// which decodes the answer's JSON text (Response.json) — and refetched at a fixed cadence while the table
// scrolls every frame; frame times measured by the premium bench's own clock (frame-clock.ts).
import '../styles/tokens.css';
import '../styles/base.css';
import '../pages/premium-page.css';
import '../components/premium-table.css';
import '../pages/token/token-list.css';
import type { TokenRow, TokensResponse } from '@spreadscope/contracts';
import { VENUE_IDS, type VenueId } from '@spreadscope/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SettingsContext } from '../app/contexts.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { createI18n } from '../i18n/i18n.ts';
import { createSettingsStore } from '../lib/settings-store.ts';
import { TokenListTable } from '../pages/token/token-list-table.tsx';
import {
  type FrameFigures,
  fail,
  measureFrames,
  measureVsync,
  percentile,
  publish,
  random,
  round,
} from './frame-clock.ts';

const params = new URLSearchParams(window.location.search);
const config = {
  rows: Number(params.get('rows') ?? 7000),
  /** A fresh answer every this many ms (the page: max(10 s, interval)); 0: the first answer only. */
  refreshMs: Number(params.get('refresh') ?? 2000),
  warmupMs: Number(params.get('warmup') ?? 1500),
  durationMs: Number(params.get('duration') ?? 8000),
  scroll: params.get('scroll') !== '0',
  /** Pixels scrolled a frame: 24 as the premium bench; a larger step sweeps the whole list in one run. */
  stepPx: Number(params.get('step') ?? 24),
  /** Sweep: scroll at the speed that carries the list from top to bottom in 3/4 of the run. */
  sweep: params.get('sweep') === '1',
};

export interface TokenBenchResult extends FrameFigures {
  rows: number;
  aria_rowcount: number;
  rows_in_dom: number;
  /** The last token's row (aria-rowindex rows + 1) was in the DOM once the list was scrolled to its end. */
  last_row_rendered: number;
  refresh_ms: number;
  /** Answers fetched (and decoded by getJson) during the measured run, and those the table drew. */
  answers_fetched: number;
  answers_drawn: number;
  answer_bytes: number;
  /** JSON.parse of one answer's text, read after the run (the decode each refresh costs the main thread). */
  answer_parse_ms_p50: number;
  step_px: number;
  /** Sweep runs: the scroll speed, px/s (0: a fixed step a frame). */
  sweep_px_per_s: number;
  viewport: string;
}

const KOREAN: readonly VenueId[] = ['upbit', 'bithumb', 'coinone', 'korbit'];
const OVERSEAS = VENUE_IDS.filter((venue) => !KOREAN.includes(venue) && venue !== 'kbit');
const FUNDING: readonly VenueId[] = ['binance', 'bybit', 'okx', 'bitget', 'hyperliquid'];
const USD_KRW = 1400;

/** 7,000 tokens as the market looks: prices over eight decades, a few on Korean venues, most with perps. */
function initialRows(count: number, at: number): TokenRow[] {
  const rand = random(7);
  const ranked = Array.from({ length: count }, (_, i) => i).sort(() => rand() - 0.5);
  const trend = new Map(ranked.slice(0, 100).map((index, rank) => [index, rank + 1]));
  return Array.from({ length: count }, (_, i) => {
    const korean = rand() < 0.25 ? KOREAN.filter(() => rand() < 0.6) : [];
    const overseas = OVERSEAS.filter(() => rand() < 0.2);
    if (korean.length + overseas.length === 0) overseas.push('binance');
    const exchanges = VENUE_IDS.filter((venue) => korean.includes(venue) || overseas.includes(venue));
    const priceUsd = 10 ** (rand() * 8 - 4);
    const premium = korean.length > 0 && overseas.length > 0 ? rand() * 6 - 1 : null;
    const volumeUsd = 10 ** (3 + rand() * 7);
    const perp = rand() < 0.6;
    const named = rand() < 0.8;
    return {
      base: `T${i.toString(36).toUpperCase()}`,
      nameKo: named ? `토큰 ${i}` : null,
      nameEn: named ? `Token number ${i}` : null,
      priceKrw: priceUsd * USD_KRW * (1 + (premium ?? 0) / 100),
      priceUsd,
      change24hPercent: rand() < 0.02 ? null : (rand() - 0.5) * 30,
      volume24hKrw: volumeUsd * USD_KRW,
      volume24hUsd: volumeUsd,
      premiumPercent: premium,
      exchanges,
      markets: exchanges.length + Math.floor(rand() * 4),
      fundingRatePercent: perp ? (rand() - 0.45) * 0.1 : null,
      fundingExchange: perp ? (FUNDING[Math.floor(rand() * FUNDING.length)] ?? null) : null,
      trendRank: trend.get(i) ?? null,
      updatedAt: at,
    };
  });
}

/** The next answer: every price, change and volume moved, re-sorted by 24 h volume as the server sorts it. */
function moved(rows: readonly TokenRow[], rand: () => number, at: number): TokenRow[] {
  return rows
    .map((row) => {
      const move = 1 + (rand() - 0.5) / 100;
      const volume = (row.volume24hUsd ?? 0) * (1 + (rand() - 0.5) / 50);
      return {
        ...row,
        priceKrw: row.priceKrw === null ? null : row.priceKrw * move,
        priceUsd: row.priceUsd === null ? null : row.priceUsd * move,
        change24hPercent: row.change24hPercent === null ? null : row.change24hPercent + (move - 1) * 100,
        volume24hKrw: volume * USD_KRW,
        volume24hUsd: volume,
        premiumPercent: row.premiumPercent === null ? null : row.premiumPercent + (rand() - 0.5) / 10,
        updatedAt: at,
      };
    })
    .sort((a, b) => (b.volume24hUsd ?? 0) - (a.volume24hUsd ?? 0));
}

/** The server's answers for the run, as the JSON text it writes; built before the page mounts, so not timed. */
function serverAnswers(count: number): string[] {
  const rand = random(11);
  const start = Date.now();
  let rows = moved(initialRows(config.rows, start), rand, start);
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = start + i * config.refreshMs;
    if (i > 0) rows = moved(rows, rand, at);
    const answer: TokensResponse = {
      data: rows,
      page: 1,
      limit: 10_000,
      total: rows.length,
      sort: 'volume_24h',
      order: 'desc',
      trendRanks: true,
      updatedAt: at,
      dataSource: { mode: 'simulated', requested: 'bench', since: 0, reason: null },
    };
    answers.push(JSON.stringify(answer));
  }
  return answers;
}

const answers = serverAnswers(
  config.refreshMs > 0 ? Math.ceil((config.warmupMs + config.durationMs) / config.refreshMs) + 2 : 1,
);
// As bytes off the wire: a network answer reaches the page encoded, so encoding it is not the page's work.
const bodies = answers.map((text) => new TextEncoder().encode(text));
let fetched = 0;
let drawn = 0;
const realFetch = window.fetch.bind(window);
// The server end: /tokens answers with the next answer's bytes, which getJson decodes as from the network.
window.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.includes('/api/v1/front/tokens')) return realFetch(input, init);
  const body = bodies[fetched++ % bodies.length] as Uint8Array<ArrayBuffer>;
  return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
};

const noSort = () => {};

/** As TokenListPage reads and lays out its list (pages/token/token-list-page.tsx), at the bench's cadence. */
function BenchList() {
  const { language, to } = useLocale();
  const [settings] = useSettings();
  const list = useMarketQuery<TokensResponse>(
    '/tokens',
    { listed: 'all', sort: 'volume_24h', order: 'desc', limit: 10_000 },
    config.refreshMs > 0 ? config.refreshMs : false,
  );
  const rows = list.data?.data ?? [];
  useEffect(() => {
    if (list.data) drawn++;
  }, [list.data]);
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <div className="premium-page token-list">
        <div className="ptable-wrap token-list__wrap">
          <TokenListTable
            rows={rows}
            sort="volume_24h"
            order="desc"
            onSort={noSort}
            currency={settings.currency}
            language={language}
            to={to}
            pending={list.isPlaceholderData}
          />
        </div>
      </div>
    </div>
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

async function run(): Promise<void> {
  const vsync = await measureVsync();
  const settings = createSettingsStore(undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <BenchList /> }]);
  document.documentElement.dataset.theme = 'dark';
  document.documentElement.dataset.up = 'red';
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(
    <I18nextProvider i18n={createI18n('ko')}>
      <SettingsContext value={settings}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SettingsContext>
    </I18nextProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, config.warmupMs));
  const table = document.querySelector('[data-testid="token-list-table"]');
  const scroller = document.querySelector<HTMLElement>('.token-list__scroll');
  const rowCount = Number(table?.getAttribute('aria-rowcount'));
  const inDom = document.querySelectorAll('[data-testid^="token-row-"]').length;
  if (!table || !scroller || rowCount !== config.rows + 1 || inDom === 0) {
    throw new Error(
      `the token list did not render: aria-rowcount ${rowCount} (want ${config.rows + 1}), ${inDom} rows in the DOM`,
    );
  }
  const fetchedAtStart = fetched;
  const drawnAtStart = drawn;
  const range = scroller.scrollHeight - scroller.clientHeight;
  const speed = config.sweep ? Math.ceil(range / ((0.75 * config.durationMs) / 1000)) : undefined;
  const { elapsedMs: _elapsed, ...frames } = await measureFrames({
    scroller,
    vsync,
    durationMs: config.durationMs,
    scroll: config.scroll,
    stepPx: config.stepPx,
    ...(speed === undefined ? {} : { pxPerSecond: speed }),
  });
  const answersFetched = fetched - fetchedAtStart;
  const answersDrawn = drawn - drawnAtStart;
  // The end of the list is reachable: scrolled to the bottom, the last token's row is drawn.
  scroller.scrollTop = scroller.scrollHeight;
  await nextFrame();
  const lastRow = document.querySelector(`tr[aria-rowindex="${config.rows + 1}"]`) !== null;
  if (!lastRow) throw new Error(`scrolled to the bottom, row ${config.rows + 1} is not in the DOM`);
  const parses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const began = performance.now();
    JSON.parse(answers[i % answers.length] as string);
    parses.push(performance.now() - began);
  }
  publish({
    ...frames,
    rows: config.rows,
    aria_rowcount: rowCount,
    rows_in_dom: inDom,
    last_row_rendered: 1,
    refresh_ms: config.refreshMs,
    answers_fetched: answersFetched,
    answers_drawn: answersDrawn,
    answer_bytes: (answers[0] ?? '').length,
    answer_parse_ms_p50: round(
      percentile(
        parses.sort((a, b) => a - b),
        50,
      ),
    ),
    step_px: config.stepPx,
    sweep_px_per_s: speed ?? 0,
    viewport: `${window.innerWidth}x${window.innerHeight}`,
  } satisfies TokenBenchResult);
}

run().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
