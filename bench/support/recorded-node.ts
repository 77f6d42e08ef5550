import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTS } from '@spreadscope/feeds/dex';
import { encodeAbiParameters, encodeEventTopics, type Hex, parseAbiParameters } from 'viem';

/**
 * A loopback JSON-RPC node that serves a prepared chain: `blocks` blocks with `perBlock` Uniswap v3 `Swap`
 * logs each on one pool, in the wire format a real node sends (hex quantities, ABI-encoded data). Answers
 * eth_blockNumber, eth_getLogs over a block range and batches of eth_getBlockByNumber — what the indexer asks.
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
  const answer = (request: { id: number; method: string; params: unknown[] }) => {
    switch (request.method) {
      case 'eth_blockNumber':
        return { jsonrpc: '2.0', id: request.id, result: hex(blocks) };
      case 'eth_getLogs': {
        const filter = request.params[0] as { fromBlock: string; toBlock: string };
        const result: object[] = [];
        for (let b = Number(filter.fromBlock); b <= Number(filter.toBlock); b++)
          result.push(...(logsOf.get(b) ?? []));
        return { jsonrpc: '2.0', id: request.id, result };
      }
      case 'eth_getBlockByNumber': {
        const n = Number(request.params[0]);
        return {
          jsonrpc: '2.0',
          id: request.id,
          result:
            n > blocks
              ? null
              : {
                  number: hex(n),
                  hash: hash(n),
                  parentHash: hash(n - 1),
                  timestamp: hex(Math.floor(t0 / 1000) + n * 12),
                },
        };
      }
      default:
        return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'method not found' } };
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const out = Array.isArray(body) ? body.map(answer) : answer(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  // Idle sockets outlive the pauses between phases: a reset kept-alive socket is not what is measured.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logs: () => [...logsOf.values()].flat(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
