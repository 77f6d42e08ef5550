import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonRpc } from '../dex-index/json-rpc.ts';
import { type EvmNode, startEvmNode } from '../test-support/evm-node.ts';
import { DepositScanner } from './deposit-scanner.ts';
import type { ExchangeWallet } from './deposit-types.ts';
import { tokenAmount } from './erc20-transfer.ts';
import { MemoryDepositStore } from './memory-deposit-store.ts';
import { readTokenInfo } from './token-info.ts';

const e18 = 10n ** 18n;
// The exchange's addresses: plain addresses with no key here; a transfer to them is all a deposit is.
const HOT = '0x00000000000000000000000000000000000a0b01';
const COLD = '0x00000000000000000000000000000000000a0b02';
const ELSEWHERE = '0x000000000000000000000000000000000000dead';
const wallets: ExchangeWallet[] = [
  { venue: 'upbit', chain: 'local', address: HOT, kind: 'hot' },
  { venue: 'upbit', chain: 'local', address: COLD, kind: 'cold' },
];

let node: EvmNode;
let token = '';
let whale = '';
let shrimp = '';

beforeAll(async () => {
  node = await startEvmNode();
  token = await node.deploy('TestToken', ['Listing Token', 'LST', 18, 1_000_000n * e18]);
  [, whale = '', shrimp = ''] = node.accounts;
  // The deployer hands tokens to two holders; these transfers go nowhere near the exchange.
  await node.send('TestToken', token, 'transfer', [whale, 500_000n * e18]);
  await node.send('TestToken', token, 'transfer', [shrimp, 1_000n * e18]);
}, 120_000);

afterAll(async () => {
  await node?.close();
});

const scanner = (store: MemoryDepositStore, url = node.url, extra = {}) =>
  new DepositScanner({ chain: 'local', rpc: new JsonRpc(url), wallets, store, startBlock: 0, ...extra });

async function catchUp(s: DepositScanner): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await s.step()).caughtUp) return;
  throw new Error('the scanner did not catch up');
}

describe('deposit scanner against a local EVM node', () => {
  it('records ERC-20 transfers into the exchange wallets, with depositor, amount, tx and block time', async () => {
    const block = await node.send('TestToken', token, 'transfer', [HOT, 200_000n * e18], whale);
    await node.send('TestToken', token, 'transfer', [COLD, 5n * e18], shrimp);
    await node.send('TestToken', token, 'transfer', [ELSEWHERE, 7n * e18], shrimp);
    await node.send('TestToken', token, 'transfer', [HOT, 123n * e18 + e18 / 4n], shrimp);

    const store = new MemoryDepositStore();
    const s = scanner(store);
    await catchUp(s);
    const rows = store.transfers();
    expect(
      rows.map((r) => ({
        from: r.from,
        to: r.to,
        kind: r.walletKind,
        amount: tokenAmount(r.rawAmount, 18),
        contract: r.contract,
      })),
    ).toEqual([
      { from: whale, to: HOT, kind: 'hot', amount: 200_000, contract: token },
      { from: shrimp, to: COLD, kind: 'cold', amount: 5, contract: token },
      { from: shrimp, to: HOT, kind: 'hot', amount: 123.25, contract: token },
    ]);
    const header = await node.client.getBlock({ blockNumber: BigInt(block) });
    expect(rows[0]).toMatchObject({
      venue: 'upbit',
      blockNumber: block,
      blockHash: header.hash,
      date: Number(header.timestamp) * 1000,
    });
    expect(rows[0]?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(s.status()).toMatchObject({
      state: 'live',
      failures: 0,
      cursor: await new JsonRpc(node.url).blockNumber(),
    });
    // The token is named by its own contract: a listing minutes old needs no operator entry to be valued.
    expect(await readTokenInfo(new JsonRpc(node.url), token)).toEqual({ symbol: 'LST', decimals: 18 });
    // An address with no code answers nothing: not a token, and no error.
    expect(await readTokenInfo(new JsonRpc(node.url), HOT)).toBeNull();
  });

  it('does not count a sweep from the hot to the cold wallet as a deposit', async () => {
    const store = new MemoryDepositStore();
    const s = scanner(store);
    await catchUp(s);
    const before = store.transfers().length;
    // The deployer stands in for the exchange's hot wallet here: list it as one.
    const exchange = new MemoryDepositStore();
    const withSweeper = new DepositScanner({
      chain: 'local',
      rpc: new JsonRpc(node.url),
      wallets: [...wallets, { venue: 'upbit', chain: 'local', address: node.account, kind: 'hot' }],
      store: exchange,
      startBlock: (await new JsonRpc(node.url).blockNumber()) + 1,
    });
    await node.send('TestToken', token, 'transfer', [COLD, 10n * e18]);
    await catchUp(withSweeper);
    await catchUp(s);
    expect(exchange.transfers()).toEqual([]);
    expect(store.transfers().length).toBe(before + 1);
  });

  it('drops the deposits of blocks a reorg replaced and records the new branch', async () => {
    const store = new MemoryDepositStore();
    const s = scanner(store);
    await catchUp(s);
    const kept = store.transfers().length;
    // Asked of the node itself: the test client caches the block number for seconds.
    const fork = await new JsonRpc(node.url).blockNumber();
    const snapshot = await node.snapshot();
    await node.send('TestToken', token, 'transfer', [HOT, 50_000n * e18], whale);
    await catchUp(s);
    expect(store.transfers().length).toBe(kept + 1);
    const orphan = store.transfers()[kept]?.transactionHash;

    await node.revert(snapshot);
    await node.increaseTime(1);
    await node.send('TestToken', token, 'transfer', [HOT, 2n * e18], shrimp);
    await node.mine();
    const first = await s.step();
    expect(first.rewoundTo).toBe(fork);
    await catchUp(s);
    const after = store.transfers().slice(kept);
    expect(after.map((t) => ({ from: t.from, amount: tokenAmount(t.rawAmount, 18) }))).toEqual([
      { from: shrimp, amount: 2 },
    ]);
    expect(after.some((t) => t.transactionHash === orphan)).toBe(false);
    expect(s.status().reorgs).toBe(1);
  });

  it('shows the chain stale and backs off while the node fails, then catches up', async () => {
    let now = 1_000_000;
    const store = new MemoryDepositStore();
    // Nothing listens on this port: every call fails like a node that is down.
    const s = scanner(store, 'http://127.0.0.1:9', { clock: () => now, retryMinMs: 1_000 });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await expect(s.step()).rejects.toThrow();
      expect(s.status().state).toBe('stale');
      waits.push((s.status().nextAttemptAt ?? 0) - now);
      now += 10_000;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(s.status().lastError).toBeTruthy();
    expect(store.transfers()).toEqual([]);
  });
});
