import { encodeAbiParameters, encodeEventTopics, type Hex, parseAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodePoolLog, type RpcLog } from './decode-logs.ts';
import type { DexPool } from './dex-types.ts';
import { EVENTS } from './pool-events.ts';

const pool: DexPool = {
  poolId: 'uniswapv3:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  venue: 'uniswapv3',
  chain: 'ethereum',
  kind: 'v3',
  address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  base: 'ETH',
  quote: 'USDC',
  baseToken: null,
  quoteToken: null,
  baseDecimals: 18,
  quoteDecimals: 6,
  baseIsToken0: false,
};

// A Uniswap v3 Swap as a node sends it: a trader sells 0.5 ETH for 1,612.5 USDC.
const log: RpcLog = {
  address: pool.address,
  topics: encodeEventTopics({
    abi: [EVENTS.v3Swap],
    eventName: 'Swap',
    args: {
      sender: '0xE592427A0AEce92De3Edee1F18E0157C05861564',
      recipient: '0x000000000000000000000000000000000000bEEF',
    },
  }) as string[],
  data: encodeAbiParameters(parseAbiParameters('int256, int256, uint160, uint128, int24'), [
    -1_612_500_000n,
    5n * 10n ** 17n,
    2n ** 96n,
    10n ** 18n,
    -201_234,
  ]),
  blockNumber: '0x1312d00',
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  logIndex: '0x7',
};

describe('pool log decoding', () => {
  it('reads a swap’s signed amounts from the words', () => {
    const row = decodePoolLog(pool, log, 1_700_000_000_000);
    expect(row?.trade).toMatchObject({
      side: 'sell',
      baseQuantity: 0.5,
      quoteQuantity: 1_612.5,
      price: 3_225,
      maker: '0x000000000000000000000000000000000000beef',
      blockNumber: 20_000_000,
      logIndex: 7,
    });
  });

  it('reads amounts past 104 bits and negative ones exactly to a double', () => {
    const huge = 2n ** 120n + 12_345n;
    const words = (a0: bigint, a1: bigint) =>
      encodeAbiParameters(parseAbiParameters('int256, int256, uint160, uint128, int24'), [a0, a1, 0n, 0n, 0]);
    const big = decodePoolLog(pool, { ...log, data: words(-huge, huge) }, 0);
    expect(big?.trade).toMatchObject({ side: 'sell', baseQuantity: Number(huge) / 1e18 });
    expect(big?.trade?.quoteQuantity).toBe(Number(huge) / 1e6);
    // Just inside the fast path's 104 bits, both signs.
    const edge = 2n ** 104n - 1n;
    const near = decodePoolLog(pool, { ...log, data: words(edge, -edge) }, 0);
    expect(near?.trade).toMatchObject({ side: 'buy', baseQuantity: Number(edge) / 1e18 });
    expect(near?.trade?.quoteQuantity).toBe(Number(edge) / 1e6);
  });

  it('refuses a log whose data does not fit its event, and ignores other events', () => {
    expect(() => decodePoolLog(pool, { ...log, data: (log.data as Hex).slice(0, -64) }, 0)).toThrow(
      /does not fit/,
    );
    expect(() => decodePoolLog(pool, { ...log, topics: log.topics.slice(0, 2) }, 0)).toThrow(/topics/);
    expect(decodePoolLog(pool, { ...log, topics: [`0x${'00'.repeat(32)}`] }, 0)).toBeNull();
    expect(decodePoolLog({ ...pool, kind: 'wombat' }, log, 0)).toBeNull();
  });
});
