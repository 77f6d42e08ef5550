// A synthetic live table for `npm run bench` (bench/web-table.ts): the real SpreadTable with 7,000 rows fed the
// way the premium page feeds it — the real PremiumSocket decoding the server's messages (a snapshot, then a
// delta per tick, as JSON text) and applying them, useLiveTable putting each table in the query cache the
// table reads — ticks arriving at a fixed cadence while the table scrolls; frame times measured with
// requestAnimationFrame.
import '../styles/tokens.css';
import '../styles/base.css';
import { diffTable, type PremiumResponse, type PremiumTableRow } from '@spreadscope/contracts';
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
import { PremiumSocket, type SocketLike, type SubscriptionHandlers } from '../lib/premium-socket.ts';
import { createSettingsStore } from '../lib/settings-store.ts';
import { defaultSpreadFilters, spreadApiParams } from '../lib/spread-filters.ts';
import { makeSpreadRow } from '../lib/spread-row.fixture.ts';
import {
  type FrameFigures,
  measureFrames,
  measureVsync,
  percentile,
  publish,
  random,
  round,
} from './frame-clock.ts';

interface BenchConfig {
  /** `table`: the live table; `idle`: an empty page, the floor of what this browser can do. */
  mode: 'table' | 'idle';
  /**
   * `delta`: the product's protocol through the real client (PremiumSocket parses each message and applies
   * it). `copy`: the feed this benchmark used before deltas — whole tables handed to useLiveTable directly,
   * JSON decoding stood in for by copying the rows (cheaper than JSON.parse of the same table).
   */
  feed: 'delta' | 'copy';
  rows: number;
  updatesPerSecond: number;
  snapshotsPerSecond: number;
  warmupMs: number;
  durationMs: number;
  scroll: boolean;
  /** `copy` feed: every row of every table is a new object (as a decoded whole-table message gives). */
  freshRows: boolean;
}
export interface BenchResult extends FrameFigures {
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
  /** Per tick, the time the client spent decoding and applying it (delta feed) or copying it (copy feed). */
  message_ms_p50: number;
  message_ms_p95: number;
  /** Mean size of a tick's message (delta feed: the JSON text of the delta). */
  message_bytes: number;
  feed: string;
}

const params = new URLSearchParams(window.location.search);
const config: BenchConfig = {
  mode: params.get('mode') === 'idle' ? 'idle' : 'table',
  feed: params.get('feed') === 'copy' ? 'copy' : 'delta',
  rows: Number(params.get('rows') ?? 7000),
  updatesPerSecond: Number(params.get('ups') ?? 1200),
  snapshotsPerSecond: Number(params.get('tps') ?? 10),
  warmupMs: Number(params.get('warmup') ?? 1500),
  durationMs: Number(params.get('duration') ?? 8000),
  scroll: params.get('scroll') !== '0',
  freshRows: params.get('fresh') === '1',
};

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
/** Time the client spent on each tick's message, and its size. */
const messageTimes: number[] = [];
let messageBytes = 0;

/** One tick of the market: `perTick` rows get a new price (so new gaps) and the clock moves one tick. */
function moveRows(data: PremiumTableRow[], rand: () => number, perTick: number): void {
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
}

const TICKS_AHEAD = 1.5;

/**
 * What the server sends for this run, as the JSON text it writes (contracts diffTable, as the hub computes
 * it): the snapshot, then one delta per tick. Each tick moves `perTick` rows, now and then restarts a moved
 * row's premium duration (its start moves to the tick), and moves the clock; the
 * server sorts the page by gap. Generated before the page mounts, so the server's work is not timed.
 */
function serverMessages(start: PremiumResponse, ticks: number) {
  const rand = random(11);
  const perTick = Math.ceil(config.updatesPerSecond / config.snapshotsPerSecond);
  const tickMs = 1000 / config.snapshotsPerSecond;
  const byGap = (a: PremiumTableRow, b: PremiumTableRow) => b.gapPercent - a.gapPercent;
  let previous = table([...start.data].sort(byGap), start.updatedAt);
  const snapshot = JSON.stringify({
    type: 'snapshot',
    topic: 'premium',
    key: 'bench',
    seq: 0,
    data: previous,
  });
  const deltas: string[] = [];
  for (let seq = 1; seq <= ticks; seq++) {
    const at = previous.updatedAt + tickMs;
    const data = previous.data.slice();
    moveRows(data, rand, perTick);
    for (let i = 0; i < data.length; i++) {
      const row = data[i] as PremiumTableRow;
      // Now and then a moved row's premium run restarts at the tick.
      if (row !== previous.data[i] && rand() < 0.05) data[i] = { ...row, durationSince: at };
    }
    data.sort(byGap);
    const next = table(data, at);
    deltas.push(
      JSON.stringify({
        type: 'delta',
        topic: 'premium',
        key: 'bench',
        seq,
        base: seq - 1,
        ...diffTable(previous, next),
      }),
    );
    previous = next;
  }
  return { snapshot, deltas, perTick };
}

/**
 * The server end of the shared socket for the delta feed: answers the subscription with the snapshot, then
 * writes one delta per tick at the bench cadence. The page's own PremiumSocket reads them, exactly as from a
 * WebSocket.
 */
function createDeltaSocket(feed: ReturnType<typeof serverMessages>): PremiumSocket {
  return new PremiumSocket({
    url: () => 'ws://bench',
    createSocket: () => {
      const socket: SocketLike & { readyState: number } = {
        readyState: 0,
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
        close() {
          socket.readyState = 3;
        },
        send(text: string) {
          const message = JSON.parse(text) as { op: string; id: string; interval: string };
          if (message.op !== 'subscribe') return;
          const deliver = (data: string) => socket.onmessage?.({ data });
          setTimeout(() => {
            deliver(
              JSON.stringify({
                type: 'subscribed',
                id: message.id,
                key: 'bench',
                topic: 'premium',
                interval: message.interval,
                deltas: true,
              }),
            );
            deliver(feed.snapshot);
            if (config.snapshotsPerSecond <= 0) return;
            let next = 0;
            const timer = setInterval(() => {
              const data = feed.deltas[next++];
              if (data === undefined || socket.readyState !== 1) {
                clearInterval(timer);
                return;
              }
              const began = performance.now();
              deliver(data);
              messageTimes.push(performance.now() - began);
              messageBytes += data.length;
              updatesApplied += feed.perTick;
            }, 1000 / config.snapshotsPerSecond);
          }, 0);
        },
      };
      setTimeout(() => {
        socket.readyState = 1;
        socket.onopen?.({});
      }, 0);
      return socket;
    },
  });
}

/**
 * The feed before deltas (`copy`): the subscribed table gets a whole table at the bench cadence, each with
 * `perTick` rows moved, handed to the handlers useLiveTable registered with every row copied as a decoded
 * message would have it.
 */
function createCopySocket(start: PremiumResponse) {
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
        moveRows(data, rand, perTick);
        current = data;
        const began = performance.now();
        const sent = config.freshRows ? data.map(copyRow) : data.slice();
        messageTimes.push(performance.now() - began);
        updatesApplied += perTick;
        handlers.onSnapshot(table(sent, Date.now()), seq++, 'snapshot');
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

/** Scrolls the table a little every frame (virtualization at work) and records the time between frames. */
async function measure(vsync: number): Promise<BenchResult> {
  // A snapshot is drawn when the table shows its rows: the table names the snapshot it shows.
  let drawn = 0;
  const table = document.querySelector('[data-testid="premium-table"]');
  const drawnObserver = new MutationObserver((records) => {
    drawn += records.length;
  });
  if (table) drawnObserver.observe(table, { attributes: true, attributeFilter: ['data-updated-at'] });
  const updatesAtStart = updatesApplied;
  const messagesAtStart = messageTimes.length;
  const bytesAtStart = messageBytes;
  const { elapsedMs: elapsed, ...frames } = await measureFrames({
    scroller: document.querySelector<HTMLElement>('.ptable-scroll'),
    vsync,
    durationMs: config.durationMs,
    scroll: config.scroll,
    stepPx: 24,
  });
  drawnObserver.disconnect();
  const snapshots = messageTimes.length - messagesAtStart;
  const handled = messageTimes.slice(messagesAtStart).sort((a, b) => a - b);
  const perSnapshot =
    config.snapshotsPerSecond > 0 ? Math.ceil(config.updatesPerSecond / config.snapshotsPerSecond) : 0;
  return {
    ...frames,
    mode: config.mode,
    rows: document.querySelectorAll('[data-testid^="premium-row-"]').length > 0 ? config.rows : 0,
    updates_per_s: Math.round(((updatesApplied - updatesAtStart) * 1000) / elapsed),
    snapshots_per_s: round((snapshots * 1000) / elapsed),
    snapshots_drawn_per_s: round((drawn * 1000) / elapsed),
    updates_drawn_per_s: Math.round((drawn * perSnapshot * 1000) / elapsed),
    updates_per_snapshot: perSnapshot,
    fresh_rows: config.feed === 'copy' && config.freshRows ? 1 : 0,
    message_ms_p50: handled.length > 0 ? round(percentile(handled, 50)) : 0,
    message_ms_p95: handled.length > 0 ? round(percentile(handled, 95)) : 0,
    message_bytes:
      config.feed === 'delta' ? Math.round((messageBytes - bytesAtStart) / Math.max(1, snapshots)) : 0,
    feed: config.feed,
  };
}

async function run() {
  const vsync = await measureVsync();
  if (config.mode === 'idle') {
    // Nothing on the page but the frame clock: what this browser does with no work at all.
    await new Promise((resolve) => setTimeout(resolve, config.warmupMs));
    publish(await measure(vsync));
    return;
  }
  const settings = createSettingsStore(undefined);
  const i18n = createI18n('ko');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { currency, interval } = settings.get();
  const start = table(initialRows(config.rows), Date.now());
  const ticks = Math.ceil(
    ((config.warmupMs + config.durationMs) / 1000) * config.snapshotsPerSecond * TICKS_AHEAD,
  );
  const feed = config.feed === 'delta' ? serverMessages(start, ticks) : null;
  // The first table, as the REST answer would have left it in the cache; what the socket sends replaces it.
  client.setQueryData(
    liveQueryKey('premium', spreadApiParams('premium', filters, currency, interval), interval),
    feed ? (JSON.parse(feed.snapshot) as { data: PremiumResponse }).data : start,
  );
  const socket = feed ? createDeltaSocket(feed) : createCopySocket(start);
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
  publish(await measure(vsync));
}

void run();
