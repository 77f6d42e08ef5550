import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { runFanoutBench, TABLE_PROFILES } from './fanout.ts';
import { type Recording, runBareWsBench } from './support/bare-ws.ts';
import { recomputeVsBandwidth } from './support/recompute-floor.ts';
import { round, writeResult } from './support/write-result.ts';

/**
 * Product against a baseline doing the least possible work, each pair back to back in one run, ROUNDS times
 * (issue 11). Ratios are product / baseline of the medians (for times and memory: lower is better; for
 * throughput: higher is better).
 *
 * - rest: GET /api/v1/front/premium?limit=100 at 10 connections (autocannon, in this process) against the
 *   built product (`node apps/server/dist/main.js`, simulator, empty data directory) once its start-up work is
 *   done (`settle`; also 3 s after the first row, while it runs: `rest_early_*`, no goal), then against a plain
 *   Fastify (support/plain-server.mjs) sending the same bytes the product answered;
 * - start: time from spawning the process to the first answer holding a BTC row, and its resident memory
 *   (peak VmHWM, and after the load);
 * - first row: /premium in Chromium (fresh context, 1280×800) until the first table row is in the page,
 *   against a plain page that fetches the same answer and draws it; with the product's layout shift (CLS,
 *   PerformanceObserver) and the JavaScript it loaded (bytes on the wire);
 * - recompute: the engine's full recompute at RATIOS_TOKENS tokens against the time the bytes it must read
 *   and write take at the memory bandwidth measured here (support/recompute-floor.ts).
 *
 * - ws: the web app's table pages (fanout.ts TABLE_PROFILES: premium and arbitrage pages with the premium index
 *   and the funding ranking beside them, deltas as the web app asks) through the real hub at the real-time rate
 *   (2 pushes a second) to RATIOS_WS_CLIENTS clients, then a bare `ws` server (support/bare-ws.ts) sending the
 *   messages the hub sent in that run — recorded by one more member of each group — to as many clients of the
 *   same kind: tick → client p99 of both.
 */

const ROUNDS = Number(process.env.RATIOS_ROUNDS ?? 3);
const REST_SECONDS = Number(process.env.RATIOS_REST_SECONDS ?? 8);
const WS_CLIENTS = Number(process.env.RATIOS_WS_CLIENTS ?? 1_000);
const WS_SECONDS = Number(process.env.RATIOS_WS_SECONDS ?? 10);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT_MAIN = join(ROOT, 'apps/server/dist/main.js');
const PREMIUM = '/api/v1/front/premium?limit=100';
const BTC_ROW = '/api/v1/front/premium?limit=1&search=BTC';

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  /** ms from spawn to the first answer holding a BTC row. */
  readonly firstRowMs: number;
  /** performance.now() at spawn. */
  readonly spawnedAt: number;
}

/** CPU time the process has used so far, in ms (utime + stime; the kernel counts in 1/100 s). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: round(kb('VmRSS') / 1024, 1), peakMb: round(kb('VmHWM') / 1024, 1) };
}

/** The product answers the BTC search; the baseline answers every query with its one page (any row will do). */
async function hasBtcRow(url: string, anyRow: boolean): Promise<boolean> {
  try {
    const response = await fetch(`${url}${BTC_ROW}`);
    if (!response.ok) return false;
    const page = (await response.json()) as { data: { base: string }[]; gatedRows?: { base: string }[] };
    return [...page.data, ...(page.gatedRows ?? [])].some((row) => anyRow || row.base === 'BTC');
  } catch {
    return false;
  }
}

/** Spawns a server, reads its URL from its output, and waits for the first BTC row. */
async function start(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  anyRow = false,
): Promise<Running> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const port = ready.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  while (!(await hasBtcRow(url, anyRow))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before its first row`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, url, firstRowMs: performance.now() - spawnedAt, spawnedAt };
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

/** Settled: the process used less than this share of one core over SETTLE_WINDOW_MS. */
const SETTLE_CPU_SHARE = 0.6;
const SETTLE_WINDOW_MS = 2_000;
const SETTLE_MAX_MS = 30_000;

/**
 * Waits until the product's start-up work is done — on the simulator, a fresh start simulates a day of
 * derivatives, DEX pools and trends and writes them (~5–10 s after the first row, the main thread and the
 * database thread busy) — so the serving figures are the steady state's; the start has its own figures.
 * Answers the ms waited (SETTLE_MAX_MS when it never settled).
 */
async function settle(pid: number): Promise<number> {
  const began = performance.now();
  for (;;) {
    const cpu0 = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WINDOW_MS));
    const share = (cpuMs(pid) - cpu0) / SETTLE_WINDOW_MS;
    const waited = performance.now() - began;
    if (share < SETTLE_CPU_SHARE || waited >= SETTLE_MAX_MS) return waited;
  }
}

/**
 * autocannon at 10 connections; with the server's CPU per request, which other work on a shared machine
 * stretches far less than throughput (the product's figure includes its market running meanwhile).
 */
async function load(
  url: string,
  pid: number,
): Promise<{ rps: number; p99: number; errors: number; cpuUs: number }> {
  const cpu0 = cpuMs(pid);
  const result = await autocannon({ url, connections: 10, duration: REST_SECONDS });
  const served = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuUs: ((cpuMs(pid) - cpu0) * 1000) / Math.max(1, served),
  };
}

/** Runs in the page before its own scripts: layout shifts (CLS) and the moment the first table row appears. */
const WATCH_FIRST_ROW = `
window.firstRowAt = null;
window.cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.cls += entry.value;
}).observe({ type: 'layout-shift', buffered: true });
const observer = new MutationObserver(() => {
  if (window.firstRowAt === null && document.querySelector('tr[data-row-id]')) {
    window.firstRowAt = performance.now();
    observer.disconnect();
  }
});
observer.observe(document, { childList: true, subtree: true });
`;

const READ_FIRST_ROW = `(() => {
  const scripts = performance.getEntriesByType('resource').filter(
    (r) => r.initiatorType === 'script' || r.name.endsWith('.js'),
  );
  const js = scripts.reduce((sum, r) => sum + r.transferSize, 0);
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return { ms: window.firstRowAt, cls: window.cls, jsKb: js / 1024, paintMs: paint ? paint.startTime : null };
})()`;

/** Opens `path` in a fresh context and times the first table row; CLS and script bytes with it. */
async function firstRow(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<{ ms: number; cls: number; jsKb: number; paintMs: number | null }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_FIRST_ROW });
    await page.goto(url);
    // Polled from outside (the page's CSP forbids waitForFunction's eval); the page itself records the time.
    const deadline = Date.now() + 30_000;
    while ((await page.evaluate('window.firstRowAt')) === null) {
      if (Date.now() > deadline) throw new Error(`no table row on ${url} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Shifts after the first row (the banner, the socket's first push) count too.
    await page.waitForTimeout(1_500);
    return (await page.evaluate(READ_FIRST_ROW)) as {
      ms: number;
      cls: number;
      jsKb: number;
      paintMs: number | null;
    };
  } finally {
    await context.close();
  }
}

/** Visits per side and round: one visit is at the mercy of whatever else the machine did in that second. */
const VISITS = 3;

type Shot = Awaited<ReturnType<typeof firstRow>>;

/** VISITS fresh visits of `url`, each's first row (in the page, on screen) and first paint added to `side`. */
async function visits(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  side: { row: number[]; paint: number[]; shown: number[] },
): Promise<Shot[]> {
  const shots: Shot[] = [];
  for (let visit = 0; visit < VISITS; visit++) {
    const shot = await firstRow(browser, url);
    shots.push(shot);
    side.row.push(shot.ms);
    if (shot.paintMs === null) continue;
    side.paint.push(shot.paintMs);
    side.shown.push(Math.max(shot.ms, shot.paintMs));
  }
  return shots;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

type Figures = Record<string, number | string | boolean>;

/** min / median of both sides, the ratio of the medians, and whether it meets the goal. */
function pair(
  figures: Figures,
  name: string,
  product: number[],
  baseline: number[],
  goal: { max?: number; min?: number },
): void {
  const ratio = median(product) / median(baseline);
  figures[`${name}_product_min`] = round(Math.min(...product), 2);
  figures[`${name}_product_median`] = round(median(product), 2);
  figures[`${name}_baseline_min`] = round(Math.min(...baseline), 2);
  figures[`${name}_baseline_median`] = round(median(baseline), 2);
  figures[`${name}_ratio`] = round(ratio, 3);
  if (goal.max !== undefined) figures[`${name}_goal_max_ratio`] = goal.max;
  if (goal.min !== undefined) figures[`${name}_goal_min_ratio`] = goal.min;
  if (goal.max === undefined && goal.min === undefined) return;
  figures[`${name}_goal_met`] =
    (goal.max === undefined || ratio <= goal.max) && (goal.min === undefined || ratio >= goal.min);
}

export async function runRatiosBench(): Promise<Figures> {
  if (!existsSync(PRODUCT_MAIN)) throw new Error('build the product first: npm run build');
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const scratch = mkdtempSync(join(tmpdir(), 'spreadscope-ratios-'));
  const bodyFile = join(scratch, 'premium.json');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  const side = () => ({
    rps: [] as number[],
    p99: [] as number[],
    cpu: [] as number[],
    start: [] as number[],
    peak: [] as number[],
    rss: [] as number[],
    row: [] as number[],
    /** First contentful paint: the drawn row is in the page before its styles are, and shows with them. */
    paint: [] as number[],
    /** The first row on screen: in the page and painted (the later of the two). */
    shown: [] as number[],
    /** REST 3 s after the first row, while the start's work still runs (the product only). */
    earlyRps: [] as number[],
    earlyP99: [] as number[],
    /** ms from spawn until the start's work was done (the product only). */
    settle: [] as number[],
  });
  const product = side();
  const plain = side();
  const ws = { product: [] as number[], bare: [] as number[], loads: [] as number[], broken: 0 };
  const cls: number[] = [];
  const js: number[] = [];
  let bodyBytes = 0;
  let errors = 0;
  try {
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      const dataDir = mkdtempSync(join(scratch, 'data-'));
      const running = await start(
        [PRODUCT_MAIN],
        {
          ...env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          MARKET_SOURCE: 'sim',
          // The steady state: a fresh install's day of back-filled history is bench/backfill.ts's to measure.
          SIM_BACKFILL_TOKENS: '0',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '1000000000',
        },
        /running at http:\/\/[^:]+:(\d+)/,
      );
      product.start.push(running.firstRowMs);
      console.log(`product: first BTC row ${round(running.firstRowMs, 0)} ms after spawn`);
      const pid = running.child.pid as number;
      // A few seconds of market, as a person arriving a little after start would find it: served while the
      // start's own work still runs (reported beside the goal's figure, which is the steady state's).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const early = await load(`${running.url}${PREMIUM}`, pid);
      errors += early.errors;
      product.earlyRps.push(early.rps);
      product.earlyP99.push(early.p99);
      console.log(`product: REST 3 s after the first row ${round(early.rps, 0)} req/s, p99 ${early.p99} ms`);
      const settledAfter = await settle(pid);
      product.settle.push(performance.now() - running.spawnedAt);
      const body = Buffer.from(await (await fetch(`${running.url}${PREMIUM}`)).arrayBuffer());
      bodyBytes = body.length;
      writeFileSync(bodyFile, body);
      const rest = await load(`${running.url}${PREMIUM}`, pid);
      errors += rest.errors;
      product.rps.push(rest.rps);
      product.p99.push(rest.p99);
      product.cpu.push(rest.cpuUs);
      console.log(
        `product: settled ${round(settledAfter, 0)} ms later; REST ${round(rest.rps, 0)} req/s, p99 ${rest.p99} ms`,
      );
      for (const shot of await visits(browser, `${running.url}/premium`, product)) {
        console.log(
          `product: first row on /premium ${round(shot.ms, 0)} ms, painted ${round(shot.paintMs ?? 0, 0)} ms, CLS ${round(shot.cls, 3)}`,
        );
        cls.push(shot.cls);
        js.push(shot.jsKb);
      }
      const mem = memory(running.child.pid as number);
      product.peak.push(mem.peakMb);
      product.rss.push(mem.rssMb);
      await stop(running);
      rmSync(dataDir, { recursive: true, force: true });

      const base = await start(
        [join(ROOT, 'bench/support/plain-server.mjs')],
        { ...env, PLAIN_BODY: bodyFile },
        /listening at http:\/\/[^:]+:(\d+)/,
        true,
      );
      plain.start.push(base.firstRowMs);
      const baseRest = await load(`${base.url}${PREMIUM}`, base.child.pid as number);
      errors += baseRest.errors;
      plain.rps.push(baseRest.rps);
      plain.p99.push(baseRest.p99);
      plain.cpu.push(baseRest.cpuUs);
      await visits(browser, `${base.url}/premium`, plain);
      const baseMem = memory(base.child.pid as number);
      plain.peak.push(baseMem.peakMb);
      plain.rss.push(baseMem.rssMb);
      await stop(base);
      console.log(
        `round ${round_ + 1}: REST ${round(rest.rps, 0)} vs ${round(baseRest.rps, 0)} req/s, p99 ${rest.p99} vs ${baseRest.p99} ms; first row shown ${round(product.shown.at(-1) ?? 0, 0)} vs ${round(plain.shown.at(-1) ?? 0, 0)} ms; start ${round(running.firstRowMs, 0)} vs ${round(base.firstRowMs, 0)} ms`,
      );

      const recording: Recording = {};
      const hub = await runFanoutBench({ clients: WS_CLIENTS, seconds: WS_SECONDS, record: recording });
      const bare = await runBareWsBench({
        recording,
        clients: WS_CLIENTS,
        profiles: TABLE_PROFILES,
        seconds: WS_SECONDS,
      });
      ws.product.push(Number(hub.tick_to_client_p99_ms));
      ws.bare.push(Number(bare.tick_to_client_p99_ms));
      ws.loads.push(Number(hub.run_load_avg_1m), Number(bare.run_load_avg_1m));
      ws.broken += Number(hub.broken_deltas) + Number(bare.broken_deltas);
      console.log(
        `round ${round_ + 1}: WS table pages, ${WS_CLIENTS} clients: tick → client p99 ${hub.tick_to_client_p99_ms} ms (hub) vs ${bare.tick_to_client_p99_ms} ms (bare ws); ${hub.msgs_per_s} vs ${bare.msgs_per_s} msgs/s`,
      );
    }
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }

  const figures: Figures = {
    rounds: ROUNDS,
    rest_seconds: REST_SECONDS,
    rest_body_bytes: bodyBytes,
    rest_errors: errors,
  };
  pair(figures, 'rest_rps', product.rps, plain.rps, { min: 0.5 });
  pair(figures, 'rest_p99_ms', product.p99, plain.p99, { max: 2 });
  pair(figures, 'rest_cpu_us_per_request', product.cpu, plain.cpu, {});
  pair(figures, 'rest_early_rps', product.earlyRps, plain.rps, {});
  pair(figures, 'rest_early_p99_ms', product.earlyP99, plain.p99, {});
  figures.start_settled_ms_median = round(median(product.settle), 0);
  pair(figures, 'first_row_shown_ms', product.shown, plain.shown, { max: 2 });
  pair(figures, 'first_row_ms', product.row, plain.row, {});
  pair(figures, 'first_paint_ms', product.paint, plain.paint, {});
  figures.first_row_cls_median = round(median(cls), 3);
  figures.first_row_cls_max = round(Math.max(...cls), 3);
  figures.first_row_cls_goal_met = Math.max(...cls) <= 0.05;
  figures.initial_js_kb_on_wire_median = round(median(js), 1);
  figures.initial_js_goal_met = median(js) <= 150;
  figures.ws_clients = WS_CLIENTS;
  figures.ws_seconds = WS_SECONDS;
  figures.ws_broken_deltas = ws.broken;
  figures.ws_load_avg_1m_max = round(Math.max(...ws.loads), 2);
  pair(figures, 'ws_tick_to_client_p99_ms', ws.product, ws.bare, { max: 1.3 });
  figures.ws_p99_goal_100ms_met = median(ws.product) <= 100;
  pair(figures, 'start_first_btc_row_ms', product.start, plain.start, {});
  pair(figures, 'start_peak_rss_mb', product.peak, plain.peak, {});
  pair(figures, 'rss_after_load_mb', product.rss, plain.rss, {});

  const engine = recomputeVsBandwidth(ROUNDS);
  Object.assign(figures, engine.figures);
  pair(figures, 'recompute_ms', engine.recompute, engine.floor, { max: 2 });
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await runRatiosBench();
  console.log('ratios', figures);
  console.log(`written to ${writeResult('ratios', figures)}`);
}
