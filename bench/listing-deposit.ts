import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDepositRepository, openDatabase } from '@spreadscope/db';
import { DepositScanner } from '@spreadscope/feeds/deposit-track';
import { JsonRpc } from '@spreadscope/feeds/dex';
import { startEvmNode } from '@spreadscope/feeds/testing/evm-node';
import { DatabaseDepositStore } from '../apps/server/src/modules/listing/listing-deposit-store.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * Listing deposits (issue 15): an ERC-20 transfer into an exchange wallet, mined on a local EVM node
 * (ganache, in process) → the row committed in the tracker's database table (PGlite, as the embedded
 * default), with the scanner polling at its production interval (3 s). Target ≤ 5 s; the poll interval
 * bounds it, the read and the commit are milliseconds. Beside it, the same row reaching a process that reads
 * no chain (ROLE=api), which follows the table every 2 s: its HTTP answers read the table, so they are as
 * fresh as the commit; the follow only pushes.
 */
const SAMPLES = 20;
const HOT = '0x00000000000000000000000000000000000a0b01';
const e18 = 10n ** 18n;

const dir = mkdtempSync(join(tmpdir(), 'bench-listing-deposit-'));
const node = await startEvmNode();
const database = await openDatabase({ dataDir: join(dir, 'pglite') });
try {
  const token = await node.deploy('TestToken', ['Bench', 'BNC', 18, 1_000_000n * e18]);
  const repository = createDepositRepository(database);
  const store = new DatabaseDepositStore(repository);
  const follower = new DatabaseDepositStore(repository);
  const scanner = new DepositScanner({
    chain: 'local',
    rpc: new JsonRpc(node.url),
    wallets: [{ venue: 'upbit', chain: 'local', address: HOT, kind: 'hot' }],
    store,
    startBlock: 0,
  });
  const stop = new AbortController();
  const running = scanner.run(stop.signal);
  const following = follower.follow(stop.signal, 2_000);
  const stored: number[] = [];
  const followed: number[] = [];
  const heard = (s: DatabaseDepositStore) =>
    new Promise<number>((resolve) => {
      const off = s.onTransfers(() => {
        off();
        resolve(performance.now());
      });
    });
  for (let i = 0; i < SAMPLES; i++) {
    const seen = heard(store);
    const seenByFollower = heard(follower);
    await node.send('TestToken', token, 'transfer', [HOT, e18]);
    const minedAt = performance.now();
    stored.push((await seen) - minedAt);
    followed.push((await seenByFollower) - minedAt);
    // Spread the sends over the poll cycle, as deposits arrive whenever they like.
    await new Promise((resolve) => setTimeout(resolve, 137 * (i % 7)));
  }
  stop.abort();
  await Promise.all([running, following]);
  const sorted = [...stored].sort((a, b) => a - b);
  const sortedFollowed = [...followed].sort((a, b) => a - b);
  const figures = {
    samples: SAMPLES,
    poll_ms: 3_000,
    follow_ms: 2_000,
    store: 'pglite',
    deposit_to_row_p50_ms: round(percentile(sorted, 50), 1),
    deposit_to_row_p99_ms: round(percentile(sorted, 99), 1),
    deposit_to_row_max_ms: round(sorted.at(-1) ?? Number.NaN, 1),
    target_ms: 5_000,
    deposit_to_replica_push_p50_ms: round(percentile(sortedFollowed, 50), 1),
    deposit_to_replica_push_max_ms: round(sortedFollowed.at(-1) ?? Number.NaN, 1),
    rows: (await repository.transfers()).length,
  };
  console.log('listing-deposit', figures);
  writeResult('listing-deposit', figures);
} finally {
  await database.close();
  await node.close();
  rmSync(dir, { recursive: true, force: true });
}
