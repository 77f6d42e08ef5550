import { sleep } from '../common/sleep.ts';
import type { DecodedRow, RpcLog } from './decode-logs.ts';
import { decodePoolLog } from './decode-logs.ts';
import type { BlockRef, DexLiquidity, DexPool, DexStore, DexTrade } from './dex-types.ts';
import { type JsonRpc, type RpcBlock, RpcError } from './json-rpc.ts';
import { topicsFor } from './pool-events.ts';

export interface ChainIndexerOptions {
  readonly chain: string;
  readonly rpc: JsonRpc;
  readonly pools: readonly DexPool[];
  readonly store: DexStore;
  readonly clock?: () => number;
  /** First block read when nothing is stored yet; default: the head less `backfillBlocks`. */
  readonly startBlock?: number;
  readonly backfillBlocks?: number;
  /** Blocks per eth_getLogs; halved while the node refuses a range as too wide. */
  readonly rangeBlocks?: number;
  /** How deep a reorg can reach and still be undone row by row. */
  readonly reorgDepth?: number;
  /** A chain not read successfully for this long shows its pools as stale. */
  readonly staleAfterMs?: number;
  readonly pollMs?: number;
  readonly retryMinMs?: number;
  readonly retryMaxMs?: number;
}

export interface StepResult {
  readonly from: number;
  readonly to: number;
  readonly trades: number;
  readonly liquidity: number;
  /** The block rewound to when a reorg was found this round. */
  readonly rewoundTo: number | null;
  readonly caughtUp: boolean;
}

export interface ChainStatus {
  readonly chain: string;
  /** `starting`: no round yet; `live`: read recently; `stale`: failing or behind (rows may be old). */
  readonly state: 'starting' | 'live' | 'stale';
  readonly head: number | null;
  readonly cursor: number | null;
  readonly lastSuccessAt: number | null;
  readonly lastError: string | null;
  readonly failures: number;
  readonly nextAttemptAt: number | null;
  readonly reorgs: number;
}

/**
 * Reads one chain's configured pools: each round checks the kept block hashes against the node (a
 * mismatch is a reorg: rows above the last block that still matches are dropped and read again), then
 * reads the next range of logs, stamps them with their blocks' times and hashes, and commits them with
 * the new cursor in one write. Failures back off exponentially; meanwhile the chain shows stale.
 */
export class ChainIndexer {
  private readonly byAddress: ReadonlyMap<string, DexPool>;
  private readonly topics: string[];
  private readonly clock: () => number;
  private range: number;
  private head: number | null = null;
  private cursorAt: number | null = null;
  private lastSuccessAt: number | null = null;
  private lastError: string | null = null;
  private failures = 0;
  private nextAttemptAt: number | null = null;
  private reorgs = 0;
  /** The next range, read while the current one was being stored (see `round`). */
  private ahead: { from: number; read: Promise<RangeRead> } | null = null;

  constructor(private readonly options: ChainIndexerOptions) {
    this.byAddress = new Map(options.pools.map((p) => [p.address.toLowerCase(), p]));
    this.topics = topicsFor(new Set(options.pools.map((p) => p.kind)));
    this.clock = options.clock ?? Date.now;
    this.range = options.rangeBlocks ?? 2_000;
  }

  get chain(): string {
    return this.options.chain;
  }

  status(): ChainStatus {
    const staleAfter = this.options.staleAfterMs ?? 5 * 60_000;
    const state =
      this.lastSuccessAt === null
        ? this.failures > 0
          ? 'stale'
          : 'starting'
        : this.failures > 0 || this.clock() - this.lastSuccessAt > staleAfter
          ? 'stale'
          : 'live';
    return {
      chain: this.options.chain,
      state,
      head: this.head,
      cursor: this.cursorAt,
      lastSuccessAt: this.lastSuccessAt,
      lastError: this.lastError,
      failures: this.failures,
      nextAttemptAt: this.nextAttemptAt,
      reorgs: this.reorgs,
    };
  }

  /** Rounds until stopped: right away while behind, every `pollMs` once caught up, backing off on failure. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let wait = this.options.pollMs ?? 4_000;
      try {
        const result = await this.step(signal);
        if (!result.caughtUp) wait = 0;
      } catch (error) {
        if (signal.aborted) break;
        wait = this.failed(error);
      }
      await sleep(wait, signal);
    }
  }

  /** One round. Throws on a node failure (after recording it in the status). */
  async step(signal?: AbortSignal): Promise<StepResult> {
    try {
      const result = await this.round(signal);
      this.failures = 0;
      this.lastError = null;
      this.nextAttemptAt = null;
      this.lastSuccessAt = this.clock();
      return result;
    } catch (error) {
      if (!signal?.aborted) this.failed(error);
      throw error;
    }
  }

  private failed(error: unknown): number {
    this.failures += 1;
    this.lastError = error instanceof Error ? error.message : String(error);
    const min = this.options.retryMinMs ?? 1_000;
    const max = this.options.retryMaxMs ?? 5 * 60_000;
    const wait = Math.min(max, min * 2 ** Math.min(this.failures - 1, 20));
    this.nextAttemptAt = this.clock() + wait;
    return wait;
  }

  private async round(signal?: AbortSignal): Promise<StepResult> {
    const { rpc, store, chain } = this.options;
    const head = await rpc.blockNumber(signal);
    this.head = head;
    const rewoundTo = await this.undoReorg(signal);
    const cursor = await store.cursor(chain);
    const last =
      cursor?.number ??
      (this.options.startBlock ?? Math.max(0, head - (this.options.backfillBlocks ?? 5_000))) - 1;
    this.cursorAt = last;
    if (last >= head) return { from: head, to: head, trades: 0, liquidity: 0, rewoundTo, caughtUp: true };
    const from = last + 1;
    const ahead = this.ahead;
    this.ahead = null;
    // A range read ahead is used only if it starts where the store now ends (a rewind drops it); a failed
    // read-ahead is read again here, so its error counts like any other.
    const read =
      ahead !== null && ahead.from === from && rewoundTo === null
        ? await ahead.read.catch(() => this.readRange(from, head, signal))
        : await this.readRange(from, head, signal);
    const { logs, to, headers } = read;
    // While behind, the next range is read while this one is stored: the node's answer and the database
    // write overlap instead of taking turns. Rows read ahead carry their block hashes, so a reorg between
    // the two is found by the next round's hash check like any other.
    if (to < head) {
      const next = this.readRange(to + 1, head, signal);
      next.catch(() => {});
      this.ahead = { from: to + 1, read: next };
    }
    const trades: DexTrade[] = [];
    const liquidity: DexLiquidity[] = [];
    for (const log of logs) {
      if (log.removed) continue;
      const header = headers.get(Number.parseInt(log.blockNumber, 16)) as RpcBlock;
      // The node moved to another branch between the two calls: read this range again next round.
      if (header.hash !== log.blockHash.toLowerCase())
        throw new Error('the chain reorganised while it was read');
      const pool = this.byAddress.get(log.address.toLowerCase());
      if (!pool) continue;
      const row = decodeSafely(pool, log, header.time);
      if (row?.trade) trades.push(row.trade);
      else if (row?.liquidity) liquidity.push(row.liquidity);
    }
    const top = headers.get(to) as RpcBlock;
    const named = await this.withMakers(trades, signal);
    const blocks: BlockRef[] = [...headers.values()].map((b) => ({ number: b.number, hash: b.hash }));
    await store.commit({
      chain,
      cursor: { number: top.number, hash: top.hash },
      blocks,
      pruneBelow: to - (this.options.reorgDepth ?? 64),
      trades: named,
      liquidity,
    });
    this.cursorAt = to;
    return { from, to, trades: trades.length, liquidity: liquidity.length, rewoundTo, caughtUp: to >= head };
  }

  /**
   * Trades whose log names no counterparty (KLAYswap's ExchangePos/ExchangeNeg carry only tokens and
   * amounts) take the account that sent their transaction as the maker: the one who signed the swap.
   */
  private async withMakers(trades: DexTrade[], signal?: AbortSignal): Promise<DexTrade[]> {
    const unnamed = [...new Set(trades.filter((t) => t.maker === null).map((t) => t.transactionHash))];
    if (unnamed.length === 0) return trades;
    const senders = await this.options.rpc.transactionSenders(unnamed, signal);
    return trades.map((t) =>
      t.maker === null ? { ...t, maker: senders.get(t.transactionHash) ?? null } : t,
    );
  }

  /** One range's logs and the headers of their blocks (and of its last block). */
  private async readRange(from: number, head: number, signal?: AbortSignal): Promise<RangeRead> {
    const { logs, to } = await this.readLogs(from, Math.min(head, from + this.range - 1), signal);
    const blockNumbers = [...new Set([...logs.map((l) => Number.parseInt(l.blockNumber, 16)), to])].sort(
      (a, b) => a - b,
    );
    const headers = new Map((await this.options.rpc.blocks(blockNumbers, signal)).map((b) => [b.number, b]));
    return { logs, to, headers };
  }

  /** eth_getLogs over [from, to], narrowing the range while the node refuses it as too wide. */
  private async readLogs(
    from: number,
    to: number,
    signal?: AbortSignal,
  ): Promise<{ logs: RpcLog[]; to: number }> {
    const address = [...this.byAddress.keys()];
    for (;;) {
      try {
        const logs = await this.options.rpc.logs(
          { address, topics: this.topics, fromBlock: from, toBlock: to },
          signal,
        );
        return { logs, to };
      } catch (error) {
        if (!(error instanceof RpcError) || to <= from) throw error;
        this.range = Math.max(1, Math.floor((to - from + 1) / 2));
        to = from + this.range - 1;
      }
    }
  }

  /** Compares the kept hashes with the node's; on a mismatch rewinds to the newest block still shared. */
  private async undoReorg(signal?: AbortSignal): Promise<number | null> {
    const { rpc, store, chain } = this.options;
    const kept = await store.recentBlocks(chain);
    const newest = kept[0];
    if (!newest) return null;
    const [now] = await rpc.blocksIfAny([newest.number], signal);
    if (now?.hash === newest.hash) return null;
    const onNode = await rpc.blocksIfAny(
      kept.map((b) => b.number),
      signal,
    );
    const shared = kept.find((b, i) => onNode[i]?.hash === b.hash);
    const oldest = kept[kept.length - 1] as BlockRef;
    const keep = shared ?? { number: oldest.number - 1, hash: '' };
    await store.rewind(chain, keep);
    this.reorgs += 1;
    this.cursorAt = keep.number;
    return keep.number;
  }
}

interface RangeRead {
  readonly logs: RpcLog[];
  readonly to: number;
  readonly headers: ReadonlyMap<number, RpcBlock>;
}

/** A log that does not decode as its topic says is skipped, not fatal: one odd contract must not stop a chain. */
function decodeSafely(pool: DexPool, log: RpcLog, time: number): DecodedRow | null {
  try {
    return decodePoolLog(pool, log, time);
  } catch {
    return null;
  }
}
