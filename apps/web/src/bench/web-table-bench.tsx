// A synthetic live table for `npm run bench` (bench/web-table.ts): the real SpreadTable with 7,000 rows fed the
// way the premium page feeds it (useLiveTable: a socket snapshot replaces the query cache entry the table
// reads), snapshots arriving at a fixed cadence while the table scrolls; frame times measured with
// requestAnimationFrame.
import '../styles/tokens.css';
import '../styles/base.css';
import type { PremiumResponse, PremiumTableRow } from '@spreadscope/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SettingsContext, SocketContext } from '../app/contexts.ts';
import { SpreadTable } from '../components/spread-table.tsx';
import { useFavorites } from '../hooks/use-favorites.ts';
import { liveQueryKey, useLiveTable } from '../hooks/use-live-table.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { createI18n } from '../i18n/i18n.ts';
import { MARKET_PATHS } from '../lib/market-api.ts';
import type { PremiumSocket, SubscriptionHandlers } from '../lib/premium-socket.ts';
import { createSettingsStore } from '../lib/settings-store.ts';
import { defaultSpreadFilters, spreadApiParams } from '../lib/spread-filters.ts';
import { makeSpreadRow } from '../lib/spread-row.fixture.ts';

interface BenchConfig {
  /** `table`: the live table; `idle`: an empty page, the floor of what this browser can do. */
  mode: 'table' | 'idle';
  rows: number;
  updatesPerSecond: number;
  snapshotsPerSecond: number;
  warmupMs: number;
  durationMs: number;
  scroll: boolean;
  /** Every row of every snapshot is a new object (as a decoded whole-table message gives), not only changed rows. */
  freshRows: boolean;
}
export interface BenchResult {
  mode: string;
  rows: number;
  /** Row updates handed to the table a second (snapshots × changed rows each). */
  updates_per_s: number;
  snapshots_per_s: number;
  /** Snapshots whose rows reached the screen a second, and the row updates they carried. */
  snapshots_drawn_per_s: number;
  updates_drawn_per_s: number;
  updates_per_snapshot: number;
  fresh_rows: number;
  frames: number;
  vsync_ms: number;
  frame_p50_ms: number;
  frame_p95_ms: number;
  frame_p99_ms: number;
  frame_max_ms: number;
  dropped_frames_pct: number;
  tasks_over_50ms: number;
  /** Frames that took over 50 ms from start to paint (Long Animation Frames API), and their blocking time. */
  long_animation_frames: number;
  long_animation_frames_blocking_ms: number;
  snapshot_copy_ms_p50: number;
  duration_ms: number;
}

const params = new URLSearchParams(window.location.search);
const config: BenchConfig = {
  mode: params.get('mode') === 'idle' ? 'idle' : 'table',
  rows: Number(params.get('rows') ?? 7000),
  updatesPerSecond: Number(params.get('ups') ?? 1200),
  snapshotsPerSecond: Number(params.get('tps') ?? 10),
  warmupMs: Number(params.get('warmup') ?? 1500),
  durationMs: Number(params.get('duration') ?? 8000),
  scroll: params.get('scroll') !== '0',
  freshRows: params.get('fresh') === '1',
};

/** A deterministic generator, so every run updates the same rows by the same amounts. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function initialRows(count: number) {
  const rand = random(7);
  return Array.from({ length: count }, (_, i) => {
    const target = 1 + rand() * 100_000;
    const source = target * (1 + (rand() * 6 - 1) / 100);
    return makeSpreadRow(`T${i.toString(36).toUpperCase()}`, { sourcePrice: source, targetPrice: target });
  });
}

/** A row as a decoded message holds it: the same values, every object new. */
function copyRow(row: PremiumTableRow): PremiumTableRow {
  return {
    ...row,
    source: { ...row.source },
    target: { ...row.target },
    gapAgo: { ...row.gapAgo },
    depth: { ...row.depth },
    funding: { ...row.funding },
    transfer: { ...row.transfer, networks: row.transfer.networks.map((network) => ({ ...network })) },
    fees: { ...row.fees },
    estimate: { ...row.estimate },
    maxEntry: row.maxEntry ? { ...row.maxEntry } : null,
  };
}

const table = (data: PremiumResponse['data'], updatedAt: number): PremiumResponse => ({
  data,
  page: 1,
  limit: data.length,
  total: data.length,
  updatedAt,
  currency: 'KRW',
  conversionBase: 'USD',
  rates: { usdKrw: 1400, usdtKrw: 1398, updatedAt },
  dataSource: { mode: 'simulated', requested: 'bench', since: 0, reason: null },
});

let updatesApplied = 0;
const copyTimes: number[] = [];

/**
 * Stands in for the server end of the shared socket: the subscribed table gets a snapshot at the bench cadence,
 * each with `perTick` rows moved (a new price, so new gaps). Snapshots reach the page through the handlers
 * useLiveTable registered, exactly as decoded socket messages do.
 */
function createBenchSocket(start: PremiumResponse) {
  let current = start.data;
  const state = { status: 'open', retryAt: null, lastError: null } as const;
  const socket = {
    getState: () => state,
    onStateChange: () => () => {},
    subscribe(_request: unknown, handlers: SubscriptionHandlers<PremiumResponse>) {
      // No snapshots at all: the table only scrolls.
      if (config.snapshotsPerSecond <= 0) return () => {};
      const rand = random(11);
      const perTick = Math.ceil(config.updatesPerSecond / config.snapshotsPerSecond);
      let seq = 0;
      const timer = setInterval(() => {
        const data = current.slice();
        for (let i = 0; i < perTick; i++) {
          const index = Math.floor(rand() * data.length);
          const row = data[index];
          if (!row) continue;
          const move = 1 + (rand() - 0.5) / 200;
          const sourcePrice = row.source.price * move;
          const gapPercent = (sourcePrice / row.target.price - 1) * 100;
          data[index] = {
            ...row,
            source: { ...row.source, price: sourcePrice, nativePrice: sourcePrice },
            priceDiff: sourcePrice - row.target.price,
            gapPercent,
            entryGapPercent: gapPercent + 0.1,
            exitGapPercent: gapPercent - 0.1,
            fees: { ...row.fees, netGapPercent: gapPercent - 0.2 },
          };
        }
        current = data;
        const began = performance.now();
        const sent = config.freshRows ? data.map(copyRow) : data.slice();
        copyTimes.push(performance.now() - began);
        updatesApplied += perTick;
        handlers.onSnapshot(table(sent, Date.now()), seq++);
      }, 1000 / config.snapshotsPerSecond);
      return () => clearInterval(timer);
    },
  };
  return socket as unknown as PremiumSocket;
}

const filters = defaultSpreadFilters('premium');
// Stable across renders, as the premium page's useCallback handlers are.
const noSort = () => {};
const detailPath = (symbol: string) => `/premium/${symbol}`;

function BenchTable() {
  const [settings] = useSettings();
  // As the premium page builds its feed (pages/spread-page.tsx).
  const apiParams = useMemo(
    () => spreadApiParams('premium', filters, settings.currency, settings.interval),
    [settings.currency, settings.interval],
  );
  const feed = useLiveTable<PremiumResponse>('premium', MARKET_PATHS.premium, apiParams, settings.interval);
  const favorites = useFavorites();
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SpreadTable
        kind="premium"
        feed={feed}
        filters={filters}
        onSort={noSort}
        venues={undefined}
        favorites={favorites}
        label="bench"
        detailPath={detailPath}
      />
    </div>
  );
}

function percentile(sorted: readonly number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The time between frames of an idle page: one vsync (performance.now() is coarsened to 0.1 ms). */
function measureVsync(): Promise<number> {
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let last = 0;
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      if (deltas.length < 60) requestAnimationFrame(frame);
      else
        resolve(
          percentile(
            [...deltas].sort((a, b) => a - b),
            50,
          ),
        );
    };
    requestAnimationFrame(frame);
  });
}

/** Scrolls the table a little every frame (virtualization at work) and records the time between frames. */
function measure(vsync: number): Promise<BenchResult> {
  return new Promise((resolve) => {
    const scroller = document.querySelector<HTMLElement>('.ptable-scroll');
    const deltas: number[] = [];
    let longTasks = 0;
    const observer = new PerformanceObserver((list) => {
      longTasks += list.getEntries().length;
    });
    try {
      observer.observe({ type: 'longtask' });
    } catch {
      // No long-task timing in this browser: the count stays 0.
    }
    let longFrames = 0;
    let longFramesBlocking = 0;
    const frames = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longFrames++;
        longFramesBlocking +=
          (entry as PerformanceEntry & { blockingDuration?: number }).blockingDuration ?? 0;
      }
    });
    try {
      frames.observe({ type: 'long-animation-frame' });
    } catch {
      // No Long Animation Frames API: the count stays 0.
    }
    // A snapshot is drawn when the table shows its rows: the table names the snapshot it shows.
    let drawn = 0;
    const table = document.querySelector('[data-testid="premium-table"]');
    const drawnObserver = new MutationObserver((records) => {
      drawn += records.length;
    });
    if (table) drawnObserver.observe(table, { attributes: true, attributeFilter: ['data-updated-at'] });
    let last = 0;
    let direction = 1;
    const started = performance.now();
    const updatesAtStart = updatesApplied;
    const copiesAtStart = copyTimes.length;
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      if (scroller && config.scroll) {
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2) direction = -1;
        if (scroller.scrollTop <= 0) direction = 1;
        scroller.scrollTop += 24 * direction;
      }
      if (now - started < config.durationMs) {
        requestAnimationFrame(frame);
        return;
      }
      observer.disconnect();
      frames.disconnect();
      drawnObserver.disconnect();
      const sorted = [...deltas].sort((a, b) => a - b);
      const elapsed = now - started;
      const snapshots = copyTimes.length - copiesAtStart;
      const copies = copyTimes.slice(copiesAtStart).sort((a, b) => a - b);
      const perSnapshot =
        config.snapshotsPerSecond > 0 ? Math.ceil(config.updatesPerSecond / config.snapshotsPerSecond) : 0;
      resolve({
        mode: config.mode,
        rows: document.querySelectorAll('[data-testid^="premium-row-"]').length > 0 ? config.rows : 0,
        updates_per_s: Math.round(((updatesApplied - updatesAtStart) * 1000) / elapsed),
        snapshots_per_s: round((snapshots * 1000) / elapsed),
        snapshots_drawn_per_s: round((drawn * 1000) / elapsed),
        updates_drawn_per_s: Math.round((drawn * perSnapshot * 1000) / elapsed),
        updates_per_snapshot: perSnapshot,
        fresh_rows: config.freshRows ? 1 : 0,
        frames: deltas.length,
        vsync_ms: round(vsync),
        frame_p50_ms: round(percentile(sorted, 50)),
        frame_p95_ms: round(percentile(sorted, 95)),
        frame_p99_ms: round(percentile(sorted, 99)),
        frame_max_ms: round(sorted.at(-1) ?? Number.NaN),
        // A frame that took over 1.5 vsyncs showed late: at least one refresh went by without a new picture.
        dropped_frames_pct: round((100 * deltas.filter((d) => d > 1.5 * vsync).length) / deltas.length),
        tasks_over_50ms: longTasks,
        long_animation_frames: longFrames,
        long_animation_frames_blocking_ms: Math.round(longFramesBlocking),
        snapshot_copy_ms_p50: copies.length > 0 ? round(percentile(copies, 50)) : 0,
        duration_ms: Math.round(elapsed),
      });
    };
    requestAnimationFrame(frame);
  });
}

async function run() {
  const vsync = await measureVsync();
  if (config.mode === 'idle') {
    // Nothing on the page but the frame clock: what this browser does with no work at all.
    await new Promise((resolve) => setTimeout(resolve, config.warmupMs));
    (window as unknown as { benchResult: BenchResult }).benchResult = await measure(vsync);
    return;
  }
  const settings = createSettingsStore(undefined);
  const i18n = createI18n('ko');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { currency, interval } = settings.get();
  const start = table(initialRows(config.rows), Date.now());
  // The first table, as the REST answer would have left it in the cache; snapshots replace it.
  client.setQueryData(
    liveQueryKey('premium', spreadApiParams('premium', filters, currency, interval), interval),
    start,
  );
  const socket = createBenchSocket(start);
  const router = createMemoryRouter([{ path: '/', element: <BenchTable /> }]);
  document.documentElement.dataset.theme = 'dark';
  document.documentElement.dataset.up = 'red';
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <SettingsContext value={settings}>
        <SocketContext value={socket}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SocketContext>
      </SettingsContext>
    </I18nextProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, config.warmupMs));
  (window as unknown as { benchResult: BenchResult }).benchResult = await measure(vsync);
}

void run();
