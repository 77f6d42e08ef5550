import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { listingDepositBlocks, listingDepositCursors, listingDeposits } from './schema-listing-deposits.ts';
import { chunks } from './sql-arrays.ts';

/**
 * The deposit tracker's rows as the repository takes and gives them (times in epoch ms). They match the
 * scanner's own types in @spreadscope/feeds (`WalletTransfer`, `DepositBatch`) field for field, so the
 * repository is the scanner's store as it is.
 */
export interface DepositTransferRecord {
  readonly chain: string;
  readonly contract: string;
  readonly from: string;
  readonly to: string;
  readonly venue: string;
  readonly walletKind: 'hot' | 'cold' | 'deposit';
  /** Base units, decimal string. */
  readonly rawAmount: string;
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly logIndex: number;
  readonly transactionHash: string;
  readonly date: number;
}

/** A stored transfer: its id grows in commit order, which is how followers ask for what is new. */
export interface StoredDepositTransfer extends DepositTransferRecord {
  readonly id: number;
}

export interface DepositBlockRef {
  readonly number: number;
  readonly hash: string;
}

export interface DepositBatchRecord {
  readonly chain: string;
  readonly cursor: DepositBlockRef;
  readonly blocks: readonly DepositBlockRef[];
  readonly pruneBelow: number;
  readonly transfers: readonly DepositTransferRecord[];
}

export interface DepositChainState {
  readonly chain: string;
  readonly cursor: DepositBlockRef;
  /** When the writer last moved the cursor, ms. */
  readonly updatedAt: number;
}

export interface DepositTransferQuery {
  readonly chain?: string;
  readonly venue?: string;
  /** Block time at or after, ms. */
  readonly since?: number;
  /** Block time before, ms. */
  readonly until?: number;
}

export interface DepositRepository {
  // The scanner's store (the DepositStore of @spreadscope/feeds/deposit-track).
  cursor(chain: string): Promise<DepositBlockRef | null>;
  recentBlocks(chain: string): Promise<readonly DepositBlockRef[]>;
  /** Rows, block hashes and cursor in one transaction; answers the rows it stored (a row read twice is not). */
  commit(batch: DepositBatchRecord): Promise<StoredDepositTransfer[]>;
  /** Drops the chain's rows and block hashes above `keep` and sets the cursor to it; answers the rows dropped. */
  rewind(chain: string, keep: DepositBlockRef): Promise<number>;
  // Reads.
  /** Transfers, oldest first (block time, then chain order). */
  transfers(query?: DepositTransferQuery): Promise<StoredDepositTransfer[]>;
  /** Transfers stored after the row `id` (0: from the first), in commit order, at most `limit`. */
  transfersAfter(id: number, limit?: number): Promise<StoredDepositTransfer[]>;
  /** The newest row's id (0 when none): where a follower starts. */
  lastId(): Promise<number>;
  /** Every chain's cursor and when it last moved. */
  chains(): Promise<DepositChainState[]>;
  /** Deletes the transfers whose block time is before `cutoff` (ms); answers how many went. */
  pruneBefore(cutoff: number): Promise<number>;
}

type Row = typeof listingDeposits.$inferSelect;

function record(row: Row): StoredDepositTransfer {
  return {
    id: row.id,
    chain: row.chain,
    contract: row.contract,
    from: row.fromAddress,
    to: row.toAddress,
    venue: row.venue,
    walletKind: row.walletKind,
    rawAmount: row.rawAmount,
    blockNumber: row.blockNumber,
    blockHash: row.blockHash,
    logIndex: row.logIndex,
    transactionHash: row.transactionHash,
    date: row.date.getTime(),
  };
}

/**
 * The listing deposit tracker's store (issue 15), shaped like the DEX indexer's: a batch (rows, block hashes,
 * cursor) is one transaction and so is a rewind, so a crash never leaves rows the cursor does not cover and a
 * restart resumes from the cursor. Writes from one repository are queued one after another: two chains'
 * scanners commit concurrently, and a follower reading "after id N" must never see id N+2 committed before N+1.
 */
export function createDepositRepository(
  database: Database,
  options: { clock?: () => number } = {},
): DepositRepository {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  let writing: Promise<unknown> = Promise.resolve();
  const queued = <T>(write: () => Promise<T>): Promise<T> => {
    const next = writing.then(write, write);
    writing = next.catch(() => undefined);
    return next;
  };
  const setCursor = (chain: string, at: DepositBlockRef) => {
    const values = { blockNumber: at.number, blockHash: at.hash, updatedAt: new Date(clock()) };
    return { values: { chain, ...values }, set: values };
  };

  return {
    async cursor(chain) {
      const [row] = await db
        .select()
        .from(listingDepositCursors)
        .where(eq(listingDepositCursors.chain, chain));
      return row ? { number: row.blockNumber, hash: row.blockHash } : null;
    },

    async recentBlocks(chain) {
      const rows = await db
        .select()
        .from(listingDepositBlocks)
        .where(eq(listingDepositBlocks.chain, chain))
        .orderBy(desc(listingDepositBlocks.blockNumber));
      return rows.map((r) => ({ number: r.blockNumber, hash: r.blockHash }));
    },

    commit(batch) {
      return queued(() =>
        db.transaction(async (tx) => {
          const cursor = setCursor(batch.chain, batch.cursor);
          await tx
            .insert(listingDepositCursors)
            .values(cursor.values)
            .onConflictDoUpdate({ target: listingDepositCursors.chain, set: cursor.set });
          for (const rows of chunks(batch.blocks, 5_000))
            await tx
              .insert(listingDepositBlocks)
              .values(rows.map((b) => ({ chain: batch.chain, blockNumber: b.number, blockHash: b.hash })))
              .onConflictDoUpdate({
                target: [listingDepositBlocks.chain, listingDepositBlocks.blockNumber],
                set: { blockHash: sql`excluded.block_hash` },
              });
          await tx
            .delete(listingDepositBlocks)
            .where(
              and(
                eq(listingDepositBlocks.chain, batch.chain),
                lt(listingDepositBlocks.blockNumber, batch.pruneBelow),
              ),
            );
          const stored: StoredDepositTransfer[] = [];
          // 13 parameters a row: 2,000 rows stay far below PostgreSQL's 65,535.
          for (const rows of chunks(batch.transfers, 2_000)) {
            const inserted = await tx
              .insert(listingDeposits)
              .values(
                rows.map((t) => ({
                  chain: t.chain,
                  blockNumber: t.blockNumber,
                  blockHash: t.blockHash,
                  transactionHash: t.transactionHash,
                  logIndex: t.logIndex,
                  contract: t.contract,
                  fromAddress: t.from,
                  toAddress: t.to,
                  venue: t.venue,
                  walletKind: t.walletKind,
                  rawAmount: t.rawAmount,
                  date: new Date(t.date),
                })),
              )
              .onConflictDoNothing()
              .returning();
            stored.push(...inserted.map(record));
          }
          return stored.sort((a, b) => a.id - b.id);
        }),
      );
    },

    rewind(chain, keep) {
      return queued(() =>
        db.transaction(async (tx) => {
          const gone = await tx
            .delete(listingDeposits)
            .where(and(eq(listingDeposits.chain, chain), gt(listingDeposits.blockNumber, keep.number)))
            .returning({ id: listingDeposits.id });
          await tx
            .delete(listingDepositBlocks)
            .where(
              and(eq(listingDepositBlocks.chain, chain), gt(listingDepositBlocks.blockNumber, keep.number)),
            );
          const cursor = setCursor(chain, keep);
          await tx
            .insert(listingDepositCursors)
            .values(cursor.values)
            .onConflictDoUpdate({ target: listingDepositCursors.chain, set: cursor.set });
          return gone.length;
        }),
      );
    },

    async transfers(query = {}) {
      const conditions: SQL[] = [];
      if (query.chain !== undefined) conditions.push(eq(listingDeposits.chain, query.chain));
      if (query.venue !== undefined) conditions.push(eq(listingDeposits.venue, query.venue));
      if (query.since !== undefined) conditions.push(gte(listingDeposits.date, new Date(query.since)));
      if (query.until !== undefined) conditions.push(lt(listingDeposits.date, new Date(query.until)));
      const rows = await db
        .select()
        .from(listingDeposits)
        .where(and(...conditions))
        .orderBy(
          asc(listingDeposits.date),
          asc(listingDeposits.chain),
          asc(listingDeposits.blockNumber),
          asc(listingDeposits.logIndex),
        );
      return rows.map(record);
    },

    async transfersAfter(id, limit = 1_000) {
      const rows = await db
        .select()
        .from(listingDeposits)
        .where(gt(listingDeposits.id, id))
        .orderBy(asc(listingDeposits.id))
        .limit(limit);
      return rows.map(record);
    },

    async lastId() {
      const [row] = await db
        .select({ id: listingDeposits.id })
        .from(listingDeposits)
        .orderBy(desc(listingDeposits.id))
        .limit(1);
      return row?.id ?? 0;
    },

    pruneBefore(cutoff) {
      // Queued like the writes: a follower reading "after id N" sees ids only appear, never a gap opened
      // under a commit in flight. The cursor and block hashes stay: they say where each chain is read.
      return queued(async () => {
        // Counted in SQL: a month of a busy wallet's transfers is not shipped back to be counted.
        const gone = db.$with('gone').as(
          db
            .delete(listingDeposits)
            .where(lt(listingDeposits.date, new Date(cutoff)))
            .returning({ one: sql<number>`1`.as('one') }),
        );
        const [result] = await db
          .with(gone)
          .select({ n: sql<number>`count(*)::float8`.mapWith(Number) })
          .from(gone);
        return result?.n ?? 0;
      });
    },

    async chains() {
      const rows = await db.select().from(listingDepositCursors).orderBy(asc(listingDepositCursors.chain));
      return rows.map((r) => ({
        chain: r.chain,
        cursor: { number: r.blockNumber, hash: r.blockHash },
        updatedAt: r.updatedAt.getTime(),
      }));
    },
  };
}
