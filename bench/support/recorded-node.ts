import { Worker } from 'node:worker_threads';
import { EVENTS } from '@spreadscope/feeds/dex';
import { encodeAbiParameters, encodeEventTopics, type Hex, parseAbiParameters } from 'viem';

/**
 * A loopback JSON-RPC node that serves a prepared chain: `blocks` blocks with `perBlock` Uniswap v3 `Swap`
 * logs each on one pool, in the wire format a real node sends (hex quantities, ABI-encoded data). Answers
 * eth_blockNumber, eth_getLogs over a block range and batches of eth_getBlockByNumber — what the indexer asks.
 * The logs are prepared here (viem encodes them) and served from a worker thread.
 */
/** The non-indexed half of Uniswap v3's Swap: amount0, amount1, sqrtPriceX96, liquidity, tick. */
const SWAP_DATA = parseAbiParameters('int256, int256, uint160, uint128, int24');

export async function startRecordedNode(pool: string, blocks: number, perBlock: number, t0: number) {
  const topics = encodeEventTopics({
    abi: [EVENTS.v3Swap],
    eventName: 'Swap',
    args: {
      sender: '0x00000000000000000000000000000000000000aa',
      recipient: '0x00000000000000000000000000000000000000bb',
    },
  });
  const hash = (n: number, salt = 0) => `0x${(n * 1_000 + salt).toString(16).padStart(64, '0')}`;
  const hex = (n: number) => `0x${n.toString(16)}`;
  const logsOf = new Map<number, object[]>();
  for (let b = 1; b <= blocks; b++) {
    const logs: object[] = [];
    for (let i = 0; i < perBlock; i++) {
      const buy = (b + i) % 2 === 0;
      const usdc = BigInt(3_000_000_000 + ((b * 7 + i * 13) % 100_000_000));
      const data = encodeAbiParameters(SWAP_DATA, [
        buy ? usdc : -usdc,
        buy ? -(10n ** 18n) : 10n ** 18n,
        2n ** 96n,
        10n ** 18n,
        0,
      ]);
      logs.push({
        address: pool,
        topics: topics as Hex[],
        data,
        blockNumber: hex(b),
        blockHash: hash(b),
        transactionHash: hash(b, i + 1),
        logIndex: hex(i),
        transactionIndex: hex(i),
        removed: false,
      });
    }
    logsOf.set(b, logs);
  }
  // Served from a worker thread (recorded-node-worker.mjs): its own heap and event loop, as a real node's.
  const worker = new Worker(new URL('./recorded-node-worker.mjs', import.meta.url), {
    workerData: { blocks, t0, logsOf: [...logsOf.values()] },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    logs: () => [...logsOf.values()].flat(),
    close: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      }),
  };
}
