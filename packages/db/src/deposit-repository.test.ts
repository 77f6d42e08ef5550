import { expect, it } from 'vitest';
import { createDepositRepository, type DepositTransferRecord } from './deposit-repository.ts';
import { forEachDatabase } from './test-databases.ts';

const T0 = Date.UTC(2026, 10, 26, 9, 0);
const hash = (n: number, branch = 'a') => `0x${branch}${n.toString(16).padStart(63, '0')}`;
const HOT = '0x00000000000000000000000000000000000a0b01';
// More than a number holds exactly: 2^256 - 1 base units.
const MAX_UINT256 = (2n ** 256n - 1n).toString();

function transfer(
  chain: string,
  block: number,
  logIndex: number,
  rawAmount: string,
  branch = 'a',
): DepositTransferRecord {
  return {
    chain,
    contract: '0x00000000000000000000000000000000000c0001',
    from: `0x${'f'.repeat(39)}${logIndex}`,
    to: HOT,
    venue: 'upbit',
    walletKind: 'hot',
    rawAmount,
    blockNumber: block,
    blockHash: hash(block, branch),
    logIndex,
    transactionHash: hash(block * 10 + logIndex, branch),
    date: T0 + block * 12_000,
  };
}

const blocks = (from: number, to: number, branch = 'a') =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ number: from + i, hash: hash(from + i, branch) }));

forEachDatabase('deposit repository', (getDb, { reopen }) => {
  it('stores a batch with its cursor and blocks, exactly, and reads it back oldest first', async () => {
    const repo = createDepositRepository(getDb(), { clock: () => T0 });
    expect(await repo.cursor('eth')).toBeNull();
    const stored = await repo.commit({
      chain: 'eth',
      cursor: { number: 12, hash: hash(12) },
      blocks: blocks(10, 12),
      pruneBelow: 0,
      transfers: [transfer('eth', 11, 4, MAX_UINT256), transfer('eth', 10, 2, '1500000000000000000')],
    });
    expect(stored.map((t) => t.blockNumber)).toEqual([11, 10]);
    expect(stored[0]?.id).toBeLessThan(stored[1]?.id ?? 0);
    expect(await repo.cursor('eth')).toEqual({ number: 12, hash: hash(12) });
    expect((await repo.recentBlocks('eth')).map((b) => b.number)).toEqual([12, 11, 10]);
    const rows = await repo.transfers();
    expect(rows.map(({ id: _id, ...t }) => t)).toEqual([
      transfer('eth', 10, 2, '1500000000000000000'),
      transfer('eth', 11, 4, MAX_UINT256),
    ]);
    expect(await repo.chains()).toEqual([
      { chain: 'eth', cursor: { number: 12, hash: hash(12) }, updatedAt: T0 },
    ]);
  });

  it('stores nothing twice when a range is read and committed again', async () => {
    const repo = createDepositRepository(getDb());
    const before = await repo.transfers({ chain: 'eth' });
    const again = await repo.commit({
      chain: 'eth',
      cursor: { number: 13, hash: hash(13) },
      blocks: blocks(11, 13),
      pruneBelow: 0,
      transfers: [transfer('eth', 11, 4, MAX_UINT256), transfer('eth', 13, 0, '7')],
    });
    // Only the new log is answered (and pushed live by the caller); the re-read one is already there.
    expect(again.map((t) => [t.blockNumber, t.logIndex])).toEqual([[13, 0]]);
    const after = await repo.transfers({ chain: 'eth' });
    expect(after.length).toBe(before.length + 1);
    expect(await repo.transfersAfter(Math.max(...before.map((t) => t.id)))).toEqual(again);
    expect(await repo.lastId()).toBe(again[0]?.id);
  });

  it('rewinds a reorg: rows and hashes above the kept block go, the new branch is stored', async () => {
    const repo = createDepositRepository(getDb());
    await repo.commit({
      chain: 'kaia',
      cursor: { number: 105, hash: hash(105) },
      blocks: blocks(100, 105),
      pruneBelow: 0,
      transfers: [
        transfer('kaia', 101, 0, '1'),
        transfer('kaia', 104, 1, '2'),
        transfer('kaia', 105, 0, '3'),
      ],
    });
    const ethBefore = await repo.transfers({ chain: 'eth' });
    expect(await repo.rewind('kaia', { number: 103, hash: hash(103) })).toBe(2);
    expect(await repo.cursor('kaia')).toEqual({ number: 103, hash: hash(103) });
    expect((await repo.recentBlocks('kaia')).map((b) => b.number)).toEqual([103, 102, 101, 100]);
    expect((await repo.transfers({ chain: 'kaia' })).map((t) => t.blockNumber)).toEqual([101]);
    // Another chain is untouched.
    expect(await repo.transfers({ chain: 'eth' })).toEqual(ethBefore);

    // The new branch reuses the block numbers with other hashes; its log at 104:1 is another transaction.
    await repo.commit({
      chain: 'kaia',
      cursor: { number: 105, hash: hash(105, 'b') },
      blocks: blocks(104, 105, 'b'),
      pruneBelow: 102,
      transfers: [transfer('kaia', 104, 1, '20', 'b')],
    });
    expect(await repo.recentBlocks('kaia')).toEqual([
      { number: 105, hash: hash(105, 'b') },
      { number: 104, hash: hash(104, 'b') },
      { number: 103, hash: hash(103) },
      { number: 102, hash: hash(102) },
    ]);
    expect(
      (await repo.transfers({ chain: 'kaia' })).map((t) => [t.blockNumber, t.rawAmount, t.blockHash]),
    ).toEqual([
      [101, '1', hash(101)],
      [104, '20', hash(104, 'b')],
    ]);
  });

  it('filters by venue and time, and follows new rows by id across concurrent commits in order', async () => {
    const repo = createDepositRepository(getDb());
    const start = await repo.lastId();
    // Two chains' scanners commit at once: ids must come out in commit order for a follower.
    await Promise.all([
      repo.commit({
        chain: 'base',
        cursor: { number: 7, hash: hash(7) },
        blocks: blocks(7, 7),
        pruneBelow: 0,
        transfers: [{ ...transfer('base', 7, 0, '5'), venue: 'bithumb' }],
      }),
      repo.commit({
        chain: 'arb',
        cursor: { number: 9, hash: hash(9) },
        blocks: blocks(9, 9),
        pruneBelow: 0,
        transfers: [transfer('arb', 9, 0, '6'), transfer('arb', 9, 1, '8')],
      }),
    ]);
    const fresh = await repo.transfersAfter(start);
    expect(fresh.map((t) => t.chain)).toEqual(['base', 'arb', 'arb']);
    expect((await repo.transfersAfter(start, 1)).map((t) => t.chain)).toEqual(['base']);
    const bithumb = await repo.transfers({ venue: 'bithumb' });
    expect(bithumb.map((t) => t.chain)).toEqual(['base']);
    const late = await repo.transfers({ venue: 'upbit', since: T0 + 100 * 12_000 });
    expect(late.every((t) => t.date >= T0 + 100 * 12_000)).toBe(true);
    expect(late.map((t) => t.chain).sort()).toEqual(['kaia', 'kaia']);
  });

  it('reads a time window and prunes transfers older than a cutoff, keeping cursors and newer rows', async () => {
    const repo = createDepositRepository(getDb());
    await repo.commit({
      chain: 'op',
      cursor: { number: 30, hash: hash(30) },
      blocks: blocks(28, 30),
      pruneBelow: 0,
      transfers: [transfer('op', 10, 0, '1'), transfer('op', 20, 0, '2'), transfer('op', 30, 0, '3')],
    });
    const window = await repo.transfers({ chain: 'op', since: T0 + 10 * 12_000, until: T0 + 30 * 12_000 });
    // since is inclusive, until exclusive.
    expect(window.map((t) => t.blockNumber)).toEqual([10, 20]);
    const others = (await repo.transfers()).filter((t) => t.chain !== 'op' && t.date >= T0 + 20 * 12_000);
    const before = (await repo.transfers()).filter((t) => t.date < T0 + 20 * 12_000).length;
    expect(await repo.pruneBefore(T0 + 20 * 12_000)).toBe(before);
    expect((await repo.transfers({ chain: 'op' })).map((t) => t.blockNumber)).toEqual([20, 30]);
    expect((await repo.transfers()).filter((t) => t.chain !== 'op')).toEqual(others);
    expect(await repo.cursor('op')).toEqual({ number: 30, hash: hash(30) });
    expect(await repo.pruneBefore(T0 + 20 * 12_000)).toBe(0);
  });

  it('keeps cursor and rows across a reopen (a restart resumes where it was)', async () => {
    const before = await createDepositRepository(getDb()).transfers();
    const database = await reopen();
    const repo = createDepositRepository(database);
    expect(await repo.cursor('kaia')).toEqual({ number: 105, hash: hash(105, 'b') });
    expect(await repo.transfers()).toEqual(before);
  });
});
