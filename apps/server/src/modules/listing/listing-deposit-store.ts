import type { DepositChainState, DepositRepository, DepositTransferQuery } from '@spreadscope/db';
import { sleep } from '@spreadscope/feeds';
import type { DepositBatch, DepositStore, WalletTransfer } from '@spreadscope/feeds/deposit-track';

type Listener = (rows: readonly WalletTransfer[]) => void;

/**
 * The deposit tracker's transfers in the database (issue 15), so they outlive a restart and every process
 * serves the same ones: the process that reads the chains (ROLE=all or ingest) commits through it, and
 * `onTransfers` hears each batch's new rows at once. A process that reads no chain (ROLE=api) `follow`s the
 * table instead — new rows by id every couple of seconds — and hears them the same way. Requests read the
 * table itself, so a follower that missed a poll, or a reorg the writer rewound, never shows a stale row.
 */
export class DatabaseDepositStore implements DepositStore {
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly repository: DepositRepository,
    private readonly logger: { warn(m: string): void } = { warn: () => {} },
  ) {}

  cursor(chain: string) {
    return this.repository.cursor(chain);
  }

  recentBlocks(chain: string) {
    return this.repository.recentBlocks(chain);
  }

  async commit(batch: DepositBatch): Promise<void> {
    const stored = await this.repository.commit(batch);
    // A range read again stores nothing new, and nothing is pushed twice.
    if (stored.length > 0) this.emit(stored);
  }

  rewind(chain: string, keep: { number: number; hash: string }): Promise<number> {
    return this.repository.rewind(chain, keep);
  }

  /** Stored transfers, oldest first. */
  transfers(query?: DepositTransferQuery): Promise<WalletTransfer[]> {
    return this.repository.transfers(query);
  }

  /** Where each chain's reader is, and when it last moved (how a follower tells live from stale). */
  chains(): Promise<DepositChainState[]> {
    return this.repository.chains();
  }

  /** Called with each batch of new transfers (the live push), in the writer and in followers alike. */
  onTransfers(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Until `signal` aborts: asks the table for rows after the newest one seen every `pollMs` and pushes them.
   * Starts after the rows already stored (requests read those; the push is for what arrives).
   */
  async follow(signal: AbortSignal, pollMs = 2_000): Promise<void> {
    let last: number | null = null;
    while (!signal.aborted) {
      let wait = pollMs;
      try {
        if (last === null) last = await this.repository.lastId();
        else {
          const limit = 1_000;
          const rows = await this.repository.transfersAfter(last, limit);
          if (rows.length > 0) {
            last = rows[rows.length - 1]?.id ?? last;
            this.emit(rows);
          }
          // A full page means more is waiting: read on at once.
          if (rows.length === limit) wait = 0;
        }
      } catch (error) {
        if (signal.aborted) break;
        this.logger.warn(
          `listing deposits: following the stored transfers failed: ${(error as Error).message}`,
        );
      }
      await sleep(wait, signal);
    }
  }

  private emit(rows: readonly WalletTransfer[]): void {
    for (const listener of this.listeners) listener(rows);
  }
}
