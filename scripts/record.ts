/**
 * npm run record -- --out FILE --minutes N [--source sim|live|auto] [--seed S] [--start ISO|ms]
 *
 * Records a market tape (shared/formats/market-tape.md). `sim` generates N minutes of sim time as fast as
 * the disk allows (same seed + same --start ⇒ the same bytes); `live` and `auto` record N minutes of wall
 * time from the venues (auto falls back to the simulator when no venue answers). Venue settings come from
 * the same environment variables as the server (VENUES_DISABLED, VENUE_<ID>_URL, FOREX_URLS, …).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { MarketEvent } from '@spreadscope/core';
import {
  AutoSource,
  createMarketSource,
  DEFAULT_SIM_SEED,
  DerivativesSimulator,
  marketSourceOptionsFromEnv,
  SIM_STEP_MS,
  Simulator,
  type TapeStats,
  TapeWriter,
} from '@spreadscope/feeds';

export const USAGE =
  'usage: npm run record -- --out FILE --minutes N [--source sim|live|auto] [--seed S] [--start ISO-time|epoch-ms]';

export type RecordSourceKind = 'sim' | 'live' | 'auto';

export interface RecordArgs {
  readonly out: string;
  readonly minutes: number;
  readonly source: RecordSourceKind;
  readonly seed: number;
  /** Sim start time (epoch ms); null = now. */
  readonly start: number | null;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const SOURCES: readonly RecordSourceKind[] = ['sim', 'live', 'auto'];

export function parseRecordArgs(argv: readonly string[]): RecordArgs | 'help' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (!values.out) throw new UsageError('--out FILE is required');
  if (values.minutes === undefined) throw new UsageError('--minutes N is required');
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    throw new UsageError(`--minutes must be a positive number, got "${values.minutes}"`);
  }
  const source = (values.source ?? 'auto') as RecordSourceKind;
  if (!SOURCES.includes(source)) {
    throw new UsageError(`--source must be one of ${SOURCES.join(', ')}, got "${values.source}"`);
  }
  const seed = values.seed === undefined ? DEFAULT_SIM_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${values.seed}"`);
  let start: number | null = null;
  if (values.start !== undefined) {
    start = /^\d+$/.test(values.start) ? Number(values.start) : Date.parse(values.start);
    if (!Number.isSafeInteger(start) || start < 0) {
      throw new UsageError(`--start must be an ISO time or epoch milliseconds, got "${values.start}"`);
    }
    if (source !== 'sim') throw new UsageError('--start only applies to --source sim');
  }
  return { out: values.out, minutes, source, seed, start };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      out: { type: 'string' },
      minutes: { type: 'string' },
      source: { type: 'string' },
      seed: { type: 'string' },
      start: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export interface RecordDeps {
  /** Progress and warnings (stderr in the CLI). */
  readonly log: (line: string) => void;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Ends a live/auto recording early (Ctrl-C in the CLI). */
  readonly signal?: AbortSignal;
}

export interface RecordResult {
  readonly stats: TapeStats;
  readonly description: string;
}

export async function record(args: RecordArgs, deps: RecordDeps): Promise<RecordResult> {
  const durationMs = Math.round(args.minutes * 60_000);
  if (args.source === 'sim') {
    // Whole steps from a whole second, so the tape's times are tidy and the run reproducible with --start.
    const start = args.start ?? Math.floor(Date.now() / 1000) * 1000;
    const description = `simulator seed ${args.seed}`;
    const writer = await TapeWriter.open(args.out, { source: description, start });
    const simulator = new Simulator({ seed: args.seed, startTime: start });
    // The tape carries borrow rates, open interest and liquidations too (tape v1 additions).
    const derivatives = new DerivativesSimulator(args.seed, simulator.venues, start);
    const steps = Math.max(1, Math.round(durationMs / SIM_STEP_MS));
    for (const batch of simulator.batches(steps * SIM_STEP_MS)) {
      const merged = [...batch, ...derivatives.observe(batch)].sort((a, b) => a.t - b.t);
      for (const event of merged) {
        if (!writer.write(event)) await writer.drained();
      }
    }
    return { stats: await writer.close(), description };
  }
  const options = marketSourceOptionsFromEnv({ ...(deps.env ?? {}), MARKET_SOURCE: args.source });
  const source = createMarketSource({
    ...options,
    seed: args.seed,
    // A tape holds one source: auto decides once and does not switch back to live mid-recording.
    autoRetryMs: 0,
    logger: { info: deps.log, warn: (m) => deps.log(`warning: ${m}`) },
  });
  source.onStateChange((state) => deps.log(`source is now ${state.mode}: ${state.reason ?? ''}`));
  // The header names the source that actually ran: with --source auto that is known once auto has chosen
  // (a live venue answered, or it fell back to the simulator); events until then wait in memory.
  let writer: TapeWriter | null = null;
  const held: MarketEvent[] = [];
  await source.start((event) => {
    // A live feed cannot wait for the disk; the writer buffers and catches up.
    if (writer) writer.write(event);
    else held.push(event);
  });
  const chosen = source instanceof AutoSource ? await source.decided() : source.state();
  const ran =
    chosen.mode === 'live'
      ? `live${args.source === 'auto' ? ' (auto: live exchanges answered)' : ''}`
      : `simulated (auto: ${chosen.reason ?? 'fell back'})`;
  const opened = await TapeWriter.open(args.out, { source: `${ran}; recorded by npm run record` });
  // Live events received before auto fell back are not mixed with simulated ones.
  for (const event of held) if (chosen.mode === 'live' || event.t >= chosen.since) opened.write(event);
  held.length = 0;
  writer = opened;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, durationMs);
    deps.signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await source.stop();
  const state = source.state();
  const description = state.reason ? `${state.mode} (${state.reason})` : state.mode;
  return { stats: await opened.close(), description };
}

export function summarize(out: string, result: RecordResult): string {
  const { stats } = result;
  const mb = (stats.bytes / 1_000_000).toFixed(stats.bytes < 10_000_000 ? 2 : 1);
  const span =
    stats.firstT === null || stats.lastT === null
      ? 'no events'
      : `${new Date(stats.firstT).toISOString()} → ${new Date(stats.lastT).toISOString()} (${((stats.lastT - stats.firstT) / 60_000).toFixed(2)} min)`;
  return `wrote ${stats.events.toLocaleString('en-US')} events, ${stats.bytes.toLocaleString('en-US')} bytes (${mb} MB) to ${out}; span ${span}; source: ${result.description}`;
}

async function main(): Promise<void> {
  let args: RecordArgs | 'help';
  try {
    args = parseRecordArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`record: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const began = Date.now();
  const result = await record(args, {
    log: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    signal: abort.signal,
  });
  process.stdout.write(`${summarize(args.out, result)} in ${((Date.now() - began) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`record: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
