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
    blockNumber: Number.parseInt(log.blockNumber, 16),
    blockHash: log.blockHash.toLowerCase(),
    logIndex: Number.parseInt(log.logIndex, 16),
    transactionHash: log.transactionHash.toLowerCase(),
    date: blockTime,
  };
  switch (name) {
    case 'v3Swap':
    case 'pancakeV3Swap': {
      const [d0, d1] = [amount(args('amount0')), amount(args('amount1'))];
      return swap(
        pool,
        place,
        pool.baseIsToken0 ? d0 : d1,
        pool.baseIsToken0 ? d1 : d0,
        addr(args('recipient')),
      );
    }
    case 'v2Swap': {
      const d0 = amount(args('amount0In')) - amount(args('amount0Out'));
      const d1 = amount(args('amount1In')) - amount(args('amount1Out'));
      return swap(pool, place, pool.baseIsToken0 ? d0 : d1, pool.baseIsToken0 ? d1 : d0, addr(args('to')));
    }
    case 'klayExchangePos':
    case 'klayExchangeNeg':
      // The input token comes first: what the pool received.
      return tokenSwap(
        pool,
        place,
        addr(args('tokenA')),
        amount(args('amountA')),
        amount(args('amountB')),
        null,
      );
    case 'wombatSwap': {
      const from = addr(args('fromToken'));
      const to = addr(args('toToken'));
      if (!pairOf(pool, from, to)) return null;
      return tokenSwap(
        pool,
        place,
        from,
        amount(args('fromAmount')),
        amount(args('toAmount')),
        addr(args('to')),
      );
    }
    case 'v3Mint':
    case 'v3Burn':
    case 'v2Mint':
    case 'v2Burn': {
      const [a0, a1] = [amount(args('amount0')), amount(args('amount1'))];
      // A v3 burn of nothing only collects fees: no liquidity moved.
      if (a0 === 0 && a1 === 0) return null;
      const type = name.endsWith('Mint') ? 'add' : 'remove';
      const maker = addr(args('owner') ?? (name === 'v2Burn' ? args('to') : args('sender')));
      return pair(pool, place, type, pool.baseIsToken0 ? a0 : a1, pool.baseIsToken0 ? a1 : a0, maker);
    }
    case 'klayAddLiquidity':
    case 'klayRemoveLiquidity': {
      const baseIsA = isBase(pool, addr(args('tokenA')), pool.baseIsToken0);
      const [a, b] = [amount(args('amountA')), amount(args('amountB'))];
      const type = name === 'klayAddLiquidity' ? 'add' : 'remove';
      return pair(pool, place, type, baseIsA ? a : b, baseIsA ? b : a, addr(args('user')));
    }
    case 'wombatDeposit':
    case 'wombatWithdraw': {
      const token = addr(args('token'));
      const side = tokenSide(pool, token);
      if (side === null) return null;
      const decimals = side === 'base' ? pool.baseDecimals : pool.quoteDecimals;
      return {
        liquidity: {
          ...place,
          type: name === 'wombatDeposit' ? 'add' : 'remove',
          assets: [side === 'base' ? pool.base : pool.quote],
          quantities: [units(amount(args('amount')), decimals)],
          maker: addr(args('sender')),
        },
      };
    }
  }
}

/** Where one event parameter sits: a topic (1-based) or a data word (0-based), and its ABI type. */
interface Slot {
  readonly topic: number | null;
  readonly word: number;
  readonly type: string;
}

interface Layout {
  readonly topics: number;
  readonly words: number;
  readonly slots: ReadonlyMap<string, Slot>;
}

/** Each event's parameters by name, placed once from the viem ABI items. */
const LAYOUT = new Map<EventName, Layout>(
  (Object.keys(EVENTS) as EventName[]).map((name) => {
    const inputs = EVENTS[name].inputs as readonly (AbiParameter & { indexed?: boolean })[];
    const slots = new Map<string, Slot>();
    let topic = 0;
    let word = 0;
    inputs.forEach((p, i) => {
      const key = p.name ?? String(i);
      if (p.indexed) slots.set(key, { topic: ++topic, word: 0, type: p.type });
      else slots.set(key, { topic: null, word: word++, type: p.type });
    });
    return [name, { topics: topic, words: word, slots }];
  }),
);

const ZEROS = '0'.repeat(38);
const ONES = 'f'.repeat(38);
const TWO_52 = 2 ** 52;

/** 13 hex digits (52 bits: exact in a double); a non-hex digit is a malformed log. */
function hex52(hex: string, from: number): number {
  const value = Number(`0x${hex.slice(from, from + 13)}`);
  if (!Number.isInteger(value)) throw new Error('the log is not ABI-encoded words');
  return value;
}

/**
 * One 32-byte ABI word (64 hex digits at `at`) as its parameter's value. Every parameter of these events
 * is a static type (address, uintN, intN), one word each, so a word is read in place and only when the
 * row needs it: a Swap's price, liquidity and tick are never parsed. Amounts come out as doubles, which
 * is what the rows hold: a word whose value fits 104 bits (every real token amount) is read as two exact
 * 52-bit halves and rounded once, without a BigInt; only larger ones go through BigInt. viem's general
 * decoder, then a BigInt-per-word pass, decided how fast a backlog of 100,000 swaps is read (bench
 * dex-index).
 */
function readWord(type: string, hex: string, at: number): number | string {
  if (type === 'address') return `0x${hex.slice(at + 24, at + 64)}`.toLowerCase();
  const signed = type.startsWith('int');
  if (!signed && !type.startsWith('uint')) throw new Error(`unsupported parameter type ${type}`);
  if (hex.startsWith(ZEROS, at)) return hex52(hex, at + 38) * TWO_52 + hex52(hex, at + 51);
  // Two's complement of a small negative: 2^104 − low bits, as (complement of each half) + 1.
  if (signed && hex.startsWith(ONES, at))
    return -((TWO_52 - 1 - hex52(hex, at + 38)) * TWO_52 + (TWO_52 - 1 - hex52(hex, at + 51) + 1));
  let value: bigint;
  try {
    value = BigInt(`0x${hex.slice(at, at + 64)}`);
  } catch {
    throw new Error('the log is not ABI-encoded words');
  }
  return Number(signed && value >> 255n ? value - (1n << 256n) : value);
}

/** The log's arguments, read by name on demand; the topic already matched `name`'s signature. */
function decodeArgs(name: EventName, log: RpcLog): (key: string) => number | string | undefined {
  const layout = LAYOUT.get(name) as Layout;
  if (log.topics.length !== layout.topics + 1) throw new Error('the log has the wrong number of topics');
  // Data is 0x plus 64 hex digits a word.
  if (log.data.length !== 2 + layout.words * 64) throw new Error('the log data does not fit the event');
  return (key) => {
    const slot = layout.slots.get(key);
    if (slot === undefined) return undefined;
    if (slot.topic !== null) {
      const topic = log.topics[slot.topic] as string;
      if (topic.length !== 66) throw new Error('the log is not ABI-encoded words');
      return readWord(slot.type, topic, 2);
    }
    return readWord(slot.type, log.data, 2 + slot.word * 64);
  };
}

function amount(value: unknown): number {
  if (typeof value !== 'number') throw new Error('the log did not decode to an amount');
  return value;
}

function addr(value: unknown): string {
  if (typeof value !== 'string') throw new Error('the log did not decode to an address');
  return value.toLowerCase();
}

/** Raw token units (already a double) in whole tokens. */
function units(raw: number, decimals: number): number {
  return raw / 10 ** decimals;
}

/** From the pool's deltas (positive: the pool received). The trader bought base when base left the pool. */
function swap(
  pool: DexPool,
  place: LogPlace,
  baseDelta: number,
  quoteDelta: number,
  maker: string | null,
): DecodedRow | null {
  const side: TradeSide = baseDelta < 0 ? 'buy' : 'sell';
  const baseQuantity = units(baseDelta < 0 ? -baseDelta : baseDelta, pool.baseDecimals);
  const quoteQuantity = units(quoteDelta < 0 ? -quoteDelta : quoteDelta, pool.quoteDecimals);
  if (baseQuantity === 0 || quoteQuantity === 0) return null;
  // Written out, not spread from `place`: the spread cost more than the rest of a swap's decoding.
  const trade: DexTrade = {
    chain: place.chain,
    poolId: place.poolId,
    blockNumber: place.blockNumber,
    blockHash: place.blockHash,
    logIndex: place.logIndex,
    transactionHash: place.transactionHash,
    date: place.date,
    baseQuantity,
    quoteQuantity,
    price: quoteQuantity / baseQuantity,
    side,
    maker,
  };
  return { trade };
}

/** A swap logged as (token in, amount in, amount out). */
function tokenSwap(
  pool: DexPool,
  place: LogPlace,
  tokenIn: string,
  amountIn: number,
  amountOut: number,
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
  baseRaw: number,
  quoteRaw: number,
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
