import type { WalletChangeKind } from '@spreadscope/core';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { walletChanges, walletNetworks } from './schema-wallets.ts';
import { assertMode, type SourceMode } from './source-modes.ts';

/** One network's latest state as stored; times in epoch ms. */
export interface WalletNetworkRecord {
  readonly venue: string;
  readonly asset: string;
  readonly network: string;
  readonly deposit: boolean;
  readonly withdraw: boolean;
  readonly delayed: boolean;
  readonly confirmations: number | null;
  readonly blockTimeSec: number | null;
  readonly withdrawFee: number | null;
  readonly withdrawMin: number | null;
  readonly contract: string | null;
  readonly seenAt: number;
  readonly changedAt: number | null;
}

export interface WalletChangeRecord {
  readonly venue: string;
  readonly asset: string;
  readonly network: string;
  readonly kind: WalletChangeKind;
  readonly at: number;
}

export interface WalletChangeQuery {
  readonly venue?: string | undefined;
  readonly asset?: string | undefined;
  /** Changes at or after this time (epoch ms) only. */
  readonly since?: number | undefined;
  readonly limit: number;
}

/**
 * Rows per statement: far below PostgreSQL's 65,535 parameters, and short enough that embedded PGlite (which
 * runs in the server's own thread) never holds the event loop for long; the loop gets a turn between batches.
 */
const BATCH = 500;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const date = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * Wallet status per source (live, simulated, replay are kept apart like the history tables): the latest state
 * of every network, upserted as polls arrive, and the history of opened/suspended changes.
 */
export function createWalletsRepository(database: Pick<Database, 'db'>) {
  const { db } = database;
  return {
    async saveNetworks(mode: SourceMode, rows: readonly WalletNetworkRecord[]): Promise<void> {
      const source = assertMode(mode);
      for (let i = 0; i < rows.length; i += BATCH) {
        const values = rows.slice(i, i + BATCH).map((r) => ({
          sourceMode: source,
          venue: r.venue,
          asset: r.asset,
          network: r.network,
          deposit: r.deposit,
          withdraw: r.withdraw,
          delayed: r.delayed,
          confirmations: r.confirmations,
          blockTimeSec: r.blockTimeSec,
          withdrawFee: r.withdrawFee,
          withdrawMin: r.withdrawMin,
          contract: r.contract,
          seenAt: new Date(r.seenAt),
          changedAt: date(r.changedAt),
        }));
        await db
          .insert(walletNetworks)
          .values(values)
          .onConflictDoUpdate({
            target: [
              walletNetworks.sourceMode,
              walletNetworks.venue,
              walletNetworks.asset,
              walletNetworks.network,
            ],
            set: {
              deposit: sql`excluded.deposit`,
              withdraw: sql`excluded.withdraw`,
              delayed: sql`excluded.delayed`,
              confirmations: sql`excluded.confirmations`,
              blockTimeSec: sql`excluded.block_time_sec`,
              withdrawFee: sql`excluded.withdraw_fee`,
              withdrawMin: sql`excluded.withdraw_min`,
              contract: sql`excluded.contract`,
              seenAt: sql`excluded.seen_at`,
              changedAt: sql`excluded.changed_at`,
            },
          });
        if (i + BATCH < rows.length) await yieldTurn();
      }
    },

    async readNetworks(mode: SourceMode): Promise<WalletNetworkRecord[]> {
      const rows = await db
        .select()
        .from(walletNetworks)
        .where(eq(walletNetworks.sourceMode, assertMode(mode)));
      return rows.map((r) => ({
        venue: r.venue,
        asset: r.asset,
        network: r.network,
        deposit: r.deposit,
        withdraw: r.withdraw,
        delayed: r.delayed,
        confirmations: r.confirmations,
        blockTimeSec: r.blockTimeSec,
        withdrawFee: r.withdrawFee,
        withdrawMin: r.withdrawMin,
        contract: r.contract,
        seenAt: r.seenAt.getTime(),
        changedAt: r.changedAt?.getTime() ?? null,
      }));
    },

    async addChanges(mode: SourceMode, changes: readonly WalletChangeRecord[]): Promise<void> {
      const source = assertMode(mode);
      for (let i = 0; i < changes.length; i += BATCH) {
        await db.insert(walletChanges).values(
          changes.slice(i, i + BATCH).map((c) => ({
            sourceMode: source,
            venue: c.venue,
            asset: c.asset,
            network: c.network,
            kind: c.kind,
            at: new Date(c.at),
          })),
        );
      }
    },

    /** Newest first. */
    async readChanges(mode: SourceMode, query: WalletChangeQuery): Promise<WalletChangeRecord[]> {
      const conditions = [eq(walletChanges.sourceMode, assertMode(mode))];
      if (query.venue) conditions.push(eq(walletChanges.venue, query.venue));
      if (query.asset) conditions.push(eq(walletChanges.asset, query.asset));
      if (query.since !== undefined) conditions.push(gte(walletChanges.at, new Date(query.since)));
      const rows = await db
        .select()
        .from(walletChanges)
        .where(and(...conditions))
        .orderBy(desc(walletChanges.at), desc(walletChanges.id))
        .limit(query.limit);
      return rows.map((r) => ({
        venue: r.venue,
        asset: r.asset,
        network: r.network,
        kind: r.kind,
        at: r.at.getTime(),
      }));
    },

    async pruneChangesBefore(mode: SourceMode, before: number): Promise<void> {
      await db
        .delete(walletChanges)
        .where(and(eq(walletChanges.sourceMode, assertMode(mode)), lt(walletChanges.at, new Date(before))));
    },
  };
}

export type WalletsRepository = ReturnType<typeof createWalletsRepository>;
