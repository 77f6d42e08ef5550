import type { AbiParameter } from 'viem';
import type { DexLiquidity, DexPool, DexTrade, LogPlace, TradeSide } from './dex-types.ts';
import { EVENTS, type EventName, eventByTopic, KIND_EVENTS } from './pool-events.ts';

/** A log as eth_getLogs returns it (hex quantities). */
export interface RpcLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly transactionHash: string;
  readonly logIndex: string;
  readonly removed?: boolean;
}

export type DecodedRow =
  | { readonly trade: DexTrade; readonly liquidity?: undefined }
  | { readonly liquidity: DexLiquidity; readonly trade?: undefined };

/**
 * One pool log as a trade or a liquidity row, or null when it is none of the pool's own events or moves
 * none of the pool's two tokens (a Wombat pool holds more assets than the pair configured).
 */
export function decodePoolLog(pool: DexPool, log: RpcLog, blockTime: number): DecodedRow | null {
  const name = eventByTopic(log.topics[0]);
  if (name === undefined || !KIND_EVENTS[pool.kind].includes(name)) return null;
  const args = decodeArgs(name, log);
  const place: LogPlace = {
    chain: pool.chain,
    poolId: pool.poolId,
    blockNumber: Number(BigInt(log.blockNumber)),
    blockHash: log.blockHash.toLowerCase(),
    logIndex: Number(BigInt(log.logIndex)),
    transactionHash: log.transactionHash.toLowerCase(),
    date: blockTime,
  };
  switch (name) {
    case 'v3Swap':
    case 'pancakeV3Swap': {
      const [d0, d1] = [big(args.amount0), big(args.amount1)];
      return swap(
        pool,
        place,
        pool.baseIsToken0 ? d0 : d1,
        pool.baseIsToken0 ? d1 : d0,
        addr(args.recipient),
      );
    }
    case 'v2Swap': {
      const d0 = big(args.amount0In) - big(args.amount0Out);
      const d1 = big(args.amount1In) - big(args.amount1Out);
      return swap(pool, place, pool.baseIsToken0 ? d0 : d1, pool.baseIsToken0 ? d1 : d0, addr(args.to));
    }
    case 'klayExchangePos':
    case 'klayExchangeNeg':
      // The input token comes first: what the pool received.
      return tokenSwap(pool, place, addr(args.tokenA), big(args.amountA), big(args.amountB), null);
    case 'wombatSwap': {
      const from = addr(args.fromToken);
      const to = addr(args.toToken);
      if (!pairOf(pool, from, to)) return null;
      return tokenSwap(pool, place, from, big(args.fromAmount), big(args.toAmount), addr(args.to));
    }
    case 'v3Mint':
    case 'v3Burn':
    case 'v2Mint':
    case 'v2Burn': {
      const [a0, a1] = [big(args.amount0), big(args.amount1)];
      // A v3 burn of nothing only collects fees: no liquidity moved.
      if (a0 === 0n && a1 === 0n) return null;
      const type = name.endsWith('Mint') ? 'add' : 'remove';
      const maker = addr(args.owner ?? (name === 'v2Burn' ? args.to : args.sender));
      return pair(pool, place, type, pool.baseIsToken0 ? a0 : a1, pool.baseIsToken0 ? a1 : a0, maker);
    }
    case 'klayAddLiquidity':
    case 'klayRemoveLiquidity': {
      const baseIsA = isBase(pool, addr(args.tokenA), pool.baseIsToken0);
      const [a, b] = [big(args.amountA), big(args.amountB)];
      const type = name === 'klayAddLiquidity' ? 'add' : 'remove';
      return pair(pool, place, type, baseIsA ? a : b, baseIsA ? b : a, addr(args.user));
    }
    case 'wombatDeposit':
    case 'wombatWithdraw': {
      const token = addr(args.token);
      const side = tokenSide(pool, token);
      if (side === null) return null;
      const decimals = side === 'base' ? pool.baseDecimals : pool.quoteDecimals;
      return {
        liquidity: {
          ...place,
          type: name === 'wombatDeposit' ? 'add' : 'remove',
          assets: [side === 'base' ? pool.base : pool.quote],
          quantities: [units(big(args.amount), decimals)],
          maker: addr(args.sender),
        },
      };
    }
  }
}

type Args = Record<string, unknown>;

/** Each event's indexed and data parameters, split once from the viem ABI items. */
const LAYOUT = new Map<EventName, { indexed: AbiParameter[]; data: AbiParameter[] }>(
  (Object.keys(EVENTS) as EventName[]).map((name) => {
    const inputs = EVENTS[name].inputs as readonly (AbiParameter & { indexed?: boolean })[];
    return [name, { indexed: inputs.filter((p) => p.indexed), data: inputs.filter((p) => !p.indexed) }];
  }),
);

/**
 * One 32-byte ABI word as its parameter's value. Every parameter of these events is a static type (address,
 * uintN, intN), one word each, so the words are read in place: viem's general decoder cost several times
 * more per log, which decided how fast a backlog of 100,000 swaps is read.
 */
function word(param: AbiParameter, hex: string, at: number): bigint | string {
  const text = hex.slice(at, at + 64);
  if (text.length !== 64 || !/^[0-9a-fA-F]{64}$/.test(text))
    throw new Error('the log is not ABI-encoded words');
  if (param.type === 'address') return `0x${text.slice(24)}`;
  const value = BigInt(`0x${text}`);
  if (param.type.startsWith('int')) return value >> 255n ? value - (1n << 256n) : value;
  if (param.type.startsWith('uint')) return value;
  throw new Error(`unsupported parameter type ${param.type}`);
}

/** The log's arguments by name; the topic already matched `name`'s signature. */
function decodeArgs(name: EventName, log: RpcLog): Args {
  const layout = LAYOUT.get(name) as { indexed: AbiParameter[]; data: AbiParameter[] };
  if (log.topics.length !== layout.indexed.length + 1)
    throw new Error('the log has the wrong number of topics');
  const args: Args = {};
  layout.indexed.forEach((param, i) => {
    args[param.name ?? String(i)] = word(param, (log.topics[i + 1] as string).slice(2), 0);
  });
  const data = log.data.slice(2);
  if (data.length !== layout.data.length * 64) throw new Error('the log data does not fit the event');
  layout.data.forEach((param, i) => {
    args[param.name ?? String(i)] = word(param, data, i * 64);
  });
  return args;
}

function big(value: unknown): bigint {
  if (typeof value !== 'bigint') throw new Error('the log did not decode to an amount');
  return value;
}

function addr(value: unknown): string {
  if (typeof value !== 'string') throw new Error('the log did not decode to an address');
  return value.toLowerCase();
}

function units(raw: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  // Whole and fractional parts apart keep 18-decimal amounts exact to a double's precision.
  return Number(raw / scale) + Number(raw % scale) / Number(scale);
}

/** From the pool's deltas (positive: the pool received). The trader bought base when base left the pool. */
function swap(
  pool: DexPool,
  place: LogPlace,
  baseDelta: bigint,
  quoteDelta: bigint,
  maker: string | null,
): DecodedRow | null {
  const side: TradeSide = baseDelta < 0n ? 'buy' : 'sell';
  const baseQuantity = units(baseDelta < 0n ? -baseDelta : baseDelta, pool.baseDecimals);
  const quoteQuantity = units(quoteDelta < 0n ? -quoteDelta : quoteDelta, pool.quoteDecimals);
  if (baseQuantity === 0 || quoteQuantity === 0) return null;
  return {
    trade: { ...place, baseQuantity, quoteQuantity, price: quoteQuantity / baseQuantity, side, maker },
  };
}

/** A swap logged as (token in, amount in, amount out). */
function tokenSwap(
  pool: DexPool,
  place: LogPlace,
  tokenIn: string,
  amountIn: bigint,
  amountOut: bigint,
  maker: string | null,
): DecodedRow | null {
  const baseIn = isBase(pool, tokenIn, pool.kind === 'klayswap' ? pool.baseIsToken0 : false);
  return baseIn
    ? swap(pool, place, amountIn, -amountOut, maker)
    : swap(pool, place, -amountOut, amountIn, maker);
}

function pair(
  pool: DexPool,
  place: LogPlace,
  type: 'add' | 'remove',
  baseRaw: bigint,
  quoteRaw: bigint,
  maker: string | null,
): DecodedRow {
  return {
    liquidity: {
      ...place,
      type,
      assets: [pool.base, pool.quote],
      quantities: [units(baseRaw, pool.baseDecimals), units(quoteRaw, pool.quoteDecimals)],
      maker,
    },
  };
}

function tokenSide(pool: DexPool, token: string): 'base' | 'quote' | null {
  if (pool.baseToken !== null && token === pool.baseToken) return 'base';
  if (pool.quoteToken !== null && token === pool.quoteToken) return 'quote';
  return null;
}

function pairOf(pool: DexPool, a: string, b: string): boolean {
  const sides = [tokenSide(pool, a), tokenSide(pool, b)];
  return sides.includes('base') && sides.includes('quote');
}

/** Whether `token` is the pool's base; without token addresses, `fallbackIsTokenA` decides for tokenA. */
function isBase(pool: DexPool, token: string, fallbackIsTokenA: boolean): boolean {
  const side = tokenSide(pool, token);
  return side === null ? fallbackIsTokenA : side === 'base';
}
