import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { browserRendererAliases } from '../apps/web/browser-renderer.ts';
import { writeResult } from './support/write-result.ts';

/**
 * The premium table in a real browser: Debian's Chromium opens a built page holding the real SpreadTable with
 * 7,000 synthetic rows, fed at least 1,000 row updates a second while the table scrolls, and reports the time
 * between animation frames. Target: p95 ≤ 16.7 ms (60 fps). The feed is the product's protocol: the server's
 * messages as JSON text (a snapshot, then a delta per tick computed by contracts diffTable, as the hub does)
 * read by the real PremiumSocket, which parses and applies each one.
 */
export const WEB_TABLE_ENTRY = fileURLToPath(
  new URL('../apps/web/src/bench/web-table-bench.tsx', import.meta.url),
);
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

export interface WebTableOptions {
  /** `table` (default): the live table; `idle`: an empty page, the floor of this browser. */
  readonly mode?: 'table' | 'idle';
  readonly rows?: number;
  readonly updatesPerSecond?: number;
  readonly durationMs?: number;
  readonly scroll?: boolean;
  /** Snapshots a second (the product's real-time interval is 500 ms: 2 a second); 0: none at all. */
  readonly snapshotsPerSecond?: number;
  /**
   * `delta` (default): the product's protocol through the real client. `copy`: this benchmark's feed before
   * deltas — a whole table per tick handed straight to useLiveTable, decoding stood in for by copying rows.
   */
  readonly feed?: 'delta' | 'copy';
  /** `copy` feed: every row of every table a new object (true, default), or unchanged rows reused. */
  readonly freshRows?: boolean;
}

export type WebTableFigures = Record<string, number | string>;

/** `entry`: the bench page's module (apps/web/src/bench/*-bench.tsx), built as the product's pages are. */
export async function buildPage(entry: string, minify = true): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'spreadscope-bench-web-'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>bench</title></head><body><div id="root"></div><script type="module" src="/entry.tsx"></script></body></html>`,
  );
  writeFileSync(join(root, 'entry.tsx'), `import ${JSON.stringify(entry)};\n`);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // The renderer the app ships with (Preact's React layer), not React DOM.
    resolve: { alias: browserRendererAliases },
    build: { outDir: join(root, 'dist'), emptyOutDir: true, sourcemap: false, target: 'es2022', minify },
  });
  return join(root, 'dist');
}

export function serve(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":"not_found","message":"bench"}');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The built page in a local server and Chromium, for any number of runs. */
export async function openWebTableBench(minify = true) {
  const { browser, port, close } = await openBenchPage(WEB_TABLE_ENTRY, minify);
  return {
    browser,
    url(options: WebTableOptions = {}): string {
      const query = new URLSearchParams({
        mode: options.mode ?? 'table',
        rows: String(options.rows ?? 7_000),
        ups: String(options.updatesPerSecond ?? 1_200),
        tps: String(options.snapshotsPerSecond ?? 10),
        duration: String(options.durationMs ?? 8_000),
        scroll: options.scroll === false ? '0' : '1',
        fresh: options.freshRows === false ? '0' : '1',
        feed: options.feed ?? 'delta',
      });
      return `http://127.0.0.1:${port}/?${query}`;
    },
    /** One run in a fresh page: frame times while the table takes its snapshots and scrolls. */
    async run(options: WebTableOptions = {}): Promise<WebTableFigures> {
      const duration = options.durationMs ?? 8_000;
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      try {
        // Frame times depend on what else the machine runs: the load before and after says how quiet it was.
        const loadBefore = loadAverage();
        const result = await pageResult(page, this.url(options), duration + 60_000);
        return {
          ...result,
          target_frame_p95_ms: 16.7,
          viewport_width: 1920,
          load_avg_1m_before: loadBefore,
          load_avg_1m: loadAverage(),
        };
      } finally {
        await page.close();
      }
    },
    close,
  };
}

/** A bench page built, served on loopback and a headless Chromium to open it in. */
export async function openBenchPage(
  entry: string,
  minify = true,
): Promise<{ browser: Browser; port: number; close(): Promise<void> }> {
  const dist = await buildPage(entry, minify);
  const server = await serve(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  return {
    browser,
    port: (server.address() as AddressInfo).port,
    async close(): Promise<void> {
      await browser.close();
      server.close();
      rmSync(join(dist, '..'), { recursive: true, force: true });
    },
  };
}

/**
 * Opens `url` and waits for the figures the bench page published (frame-clock.ts publish); throws when the
 * page could not measure (its `benchError`: say a table that rendered no rows) or failed with an uncaught error.
 */
export async function pageResult(page: Page, url: string, timeout: number): Promise<WebTableFigures> {
  // An uncaught error (say in the page's module before it measures) ends the wait at once.
  let crash: (error: Error) => void = () => {};
  const crashed = new Promise<never>((_, reject) => {
    crash = reject;
  });
  crashed.catch(() => {});
  page.on('pageerror', (error) => crash(new Error(`bench page failed: ${error.message}`)));
  await page.goto(url);
  await Promise.race([
    page.waitForFunction(() => 'benchResult' in globalThis || 'benchError' in globalThis, undefined, {
      timeout,
    }),
    crashed,
  ]);
  const { result, error } = await page.evaluate(() => {
    const state = globalThis as unknown as { benchResult?: WebTableFigures; benchError?: string };
    return { result: state.benchResult, error: state.benchError };
  });
  if (error !== undefined || !result) {
    throw new Error(`bench page failed: ${error ?? 'no result'}`);
  }
  return result;
}

export function loadAverage(): number {
  return Number((loadavg()[0] ?? 0).toFixed(2));
}

export async function runWebTableBench(options: WebTableOptions = {}): Promise<WebTableFigures> {
  const bench = await openWebTableBench();
  try {
    return await bench.run(options);
  } finally {
    await bench.close();
  }
}

const RUNS = 3;

/**
 * `npm run bench`: the table as the product's socket feeds it (a snapshot, then deltas parsed and applied by
 * PremiumSocket), RUNS times, reported by the run with the median p95 (the others' p95 listed); then the same
 * table fed as before deltas (whole tables, rows copied), and the baselines that say how much of a frame is
 * the table's: an empty page, the table scrolling without updates, and the table taking updates without
 * scrolling.
 */
export async function runWebTableSuite(): Promise<WebTableFigures> {
  const bench = await openWebTableBench();
  try {
    const p95 = (figures: WebTableFigures) => Number(figures.frame_p95_ms);
    const runs: WebTableFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await bench.run());
    const median = [...runs].sort((a, b) => p95(a) - p95(b))[Math.floor(RUNS / 2)] as WebTableFigures;
    const extras: [string, WebTableOptions][] = [
      ['whole_tables', { feed: 'copy' }],
      ['baseline_idle_page', { mode: 'idle' }],
      ['baseline_scroll_only', { snapshotsPerSecond: 0 }],
      ['baseline_updates_only', { scroll: false }],
    ];
    const figures: WebTableFigures = {
      ...median,
      runs: RUNS,
      frame_p95_ms_runs: runs.map(p95).join(' / '),
      frame_p50_ms_runs: runs.map((run) => run.frame_p50_ms).join(' / '),
      load_avg_1m_runs: runs.map((run) => run.load_avg_1m).join(' / '),
    };
    for (const [name, options] of extras) {
      const run = await bench.run(options);
      for (const key of [
        'frame_p50_ms',
        'frame_p95_ms',
        'frame_p99_ms',
        'dropped_frames_pct',
        'load_avg_1m',
      ]) {
        figures[`${name}_${key}`] = run[key] ?? Number.NaN;
      }
      if (name !== 'whole_tables' && name !== 'durations_in_seconds') continue;
      figures[`${name}_message_ms_p50`] = run.message_ms_p50 ?? Number.NaN;
      if (name === 'whole_tables') {
        figures.whole_tables_updates_drawn_per_s = run.updates_drawn_per_s ?? Number.NaN;
      }
    }
    return figures;
  } finally {
    await bench.close();
  }
}

// `npx tsx bench/web-table.ts`: this benchmark alone, written to bench/results/web-table.json.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runWebTableSuite();
  console.log('web-table', figures);
  console.log(writeResult('web-table', figures));
}
