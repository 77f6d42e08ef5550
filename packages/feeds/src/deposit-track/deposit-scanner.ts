import { sleep } from '../common/sleep.ts';
import type { RpcLog } from '../dex-index/decode-logs.ts';
import type { BlockRef } from '../dex-index/dex-types.ts';
import { type JsonRpc, type RpcBlock, RpcError } from '../dex-index/json-rpc.ts';
import type { DepositStore, ExchangeWallet, WalletTransfer } from './deposit-types.ts';
import { addressTopic, decodeTransfer, TRANSFER_TOPIC } from './erc20-transfer.ts';

export interface DepositScannerOptions {
  readonly chain: string;
  readonly rpc: JsonRpc;
  /** The exchanges' addresses on this chain. */
  readonly wallets: readonly ExchangeWallet[];
  readonly store: DepositStore;
  readonly clock?: () => number;
  /** First block read when nothing is stored; default the head less `backfillBlocks`. */
  readonly startBlock?: number;
  readonly backfillBlocks?: number;
  readonly rangeBlocks?: number;
  readonly reorgDepth?: number;
  readonly staleAfterMs?: number;
  readonly pollMs?: number;
  readonly retryMinMs?: number;
  readonly retryMaxMs?: number;
}

export interface DepositScanStatus {
  readonly chain: string;
  readonly state: 'starting' | 'live' | 'stale';
  readonly head: number | null;
  readonly cursor: number | null;
  readonly lastSuccessAt: number | null;
  readonly lastError: string | null;
  readonly failures: number;
  readonly nextAttemptAt: number | null;
  readonly reorgs: number;
}

export interface DepositStep {
  readonly from: number;
  readonly to: number;
  readonly transfers: number;
  readonly rewoundTo: number | null;
  readonly caughtUp: boolean;
}

/**
 * Reads every ERC-20 `Transfer` into the exchanges' wallets on one chain — any token, so a token listed
 * minutes ago is covered before anyone names its contract: the node filters by the receiving address (the
 * third topic). Each round first checks the kept block hashes (a mismatch is a reorg: rows above the last
 * block still on the node are dropped and read again), then reads the next range. Node failures back off
 * exponentially and show the chain stale; a range the node refuses as too wide is halved.
 */
export class DepositScanner {
  private readonly byAddress: ReadonlyMap<string, ExchangeWallet>;
  private readonly clock: () => number;
  private range: number;
  private head: number | null = null;
  private cursorAt: number | null = null;
  private lastSuccessAt: number | null = null;
  private lastError: string | null = null;
  private failures = 0;
  private nextAttemptAt: number | null = null;
  private reorgs = 0;

  constructor(private readonly options: DepositScannerOptions) {
    this.byAddress = new Map(options.wallets.map((w) => [w.address.toLowerCase(), w]));
    this.clock = options.clock ?? Date.now;
    this.range = options.rangeBlocks ?? 2_000;
  }

  get chain(): string {
    return this.options.chain;
  }

  status(): DepositScanStatus {
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

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let wait = this.options.pollMs ?? 3_000;
      try {
        if (!(await this.step(signal)).caughtUp) wait = 0;
      } catch {
        if (signal.aborted) break;
        wait = (this.nextAttemptAt ?? this.clock()) - this.clock();
      }
      await sleep(wait, signal);
    }
  }

  /** One round; throws on a node failure after recording it in the status. */
  async step(signal?: AbortSignal): Promise<DepositStep> {
    try {
      const result = await this.round(signal);
      this.failures = 0;
      this.lastError = null;
      this.nextAttemptAt = null;
      this.lastSuccessAt = this.clock();
      return result;
    } catch (error) {
      if (!signal?.aborted) {
        this.failures += 1;
        this.lastError = error instanceof Error ? error.message : String(error);
        const min = this.options.retryMinMs ?? 1_000;
        const max = this.options.retryMaxMs ?? 5 * 60_000;
        this.nextAttemptAt = this.clock() + Math.min(max, min * 2 ** Math.min(this.failures - 1, 20));
      }
      throw error;
    }
  }

  private async round(signal?: AbortSignal): Promise<DepositStep> {
    const { rpc, store, chain } = this.options;
    const head = await rpc.blockNumber(signal);
    this.head = head;
    const rewoundTo = await this.undoReorg(signal);
    const cursor = await store.cursor(chain);
    const last =
      cursor?.number ??
      (this.options.startBlock ?? Math.max(0, head - (this.options.backfillBlocks ?? 5_000))) - 1;
    this.cursorAt = last;
    if (last >= head || this.byAddress.size === 0)
      return { from: head, to: head, transfers: 0, rewoundTo, caughtUp: true };
    const from = last + 1;
    const { logs, to } = await this.readLogs(from, Math.min(head, from + this.range - 1), signal);
    const numbers = [...new Set([...logs.map((l) => Number(BigInt(l.blockNumber))), to])].sort(
      (a, b) => a - b,
    );
    const headers = new Map((await rpc.blocks(numbers, signal)).map((b) => [b.number, b]));
    const transfers: WalletTransfer[] = [];
    for (const log of logs) {
      if (log.removed) continue;
      const header = headers.get(Number(BigInt(log.blockNumber))) as RpcBlock;
      if (header.hash !== log.blockHash.toLowerCase())
        throw new Error('the chain reorganised while it was read');
      const row = decodeTransfer(log, chain, this.byAddress, header.time);
      if (row) transfers.push(row);
    }
    const top = headers.get(to) as RpcBlock;
    const blocks: BlockRef[] = [...headers.values()].map((b) => ({ number: b.number, hash: b.hash }));
    await store.commit({
      chain,
      cursor: { number: top.number, hash: top.hash },
      blocks,
      pruneBelow: to - (this.options.reorgDepth ?? 64),
      transfers,
    });
    this.cursorAt = to;
    return { from, to, transfers: transfers.length, rewoundTo, caughtUp: to >= head };
  }

  private async readLogs(
    from: number,
    to: number,
    signal?: AbortSignal,
  ): Promise<{ logs: RpcLog[]; to: number }> {
    const receivers = [...this.byAddress.keys()].map(addressTopic);
    for (;;) {
      try {
        const result = await this.options.rpc.call(
          'eth_getLogs',
          [
            {
              topics: [TRANSFER_TOPIC, null, receivers],
              fromBlock: `0x${from.toString(16)}`,
              toBlock: `0x${to.toString(16)}`,
            },
          ],
          signal,
        );
        if (!Array.isArray(result)) throw new Error('eth_getLogs did not answer a list');
        return { logs: result as RpcLog[], to };
      } catch (error) {
        if (!(error instanceof RpcError) || to <= from) throw error;
        this.range = Math.max(1, Math.floor((to - from + 1) / 2));
        to = from + this.range - 1;
      }
    }
  }

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
