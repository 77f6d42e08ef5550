import { silentLogger } from '../common/logger.ts';
import { createMarketSource, type MarketSourceOptions, parseSourceSpec } from '../create-market-source.ts';
import { GuardedSource } from '../guard/guarded-source.ts';
import type { GatedSource } from '../market-source.ts';
import { WorkerSource } from './worker-source.ts';

export interface GatedSourceOptions extends MarketSourceOptions {
  /**
   * Where the source and its gate run: `worker` (default) a thread of their own, `main` this thread. A replay
   * and a source given functions (a fetch, a tape-error callback: they cannot cross threads) run here always.
   */
  readonly thread?: 'worker' | 'main';
}

/**
 * The ingest's market: MARKET_SOURCE behind the event gate, on a worker thread where it can run there (the
 * simulator, live venues, `auto`). A replay stays on the main thread: its clock is the tape's, read by every
 * request, and at speed 0 it must not outrun the engine. Throws on a malformed spec, as createMarketSource.
 */
export function createGatedSource(options: GatedSourceOptions): GatedSource {
  const { thread, ...sourceOptions } = options;
  const local = createMarketSource(sourceOptions);
  const { logger, fetch, onTapeError, ...crossing } = sourceOptions;
  const here =
    thread === 'main' ||
    parseSourceSpec(options.spec).kind === 'replay' ||
    fetch !== undefined ||
    onTapeError !== undefined;
  if (here) return new GuardedSource(local);
  return new WorkerSource(crossing, logger ?? silentLogger, local);
}
