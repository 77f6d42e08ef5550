import { type AbiEvent, parseAbiItem, toEventSelector } from 'viem';
import type { PoolKind } from '../venues/amm/amm-config.ts';

/**
 * The events each pool kind emits, with their exact on-chain signatures (the topic0 of a log is the
 * keccak-256 of the signature, so one changed parameter type is another event):
 * - Uniswap v3 pools; PancakeSwap v3 (and DragonSwap v3, its fork) add the protocol fees to `Swap`;
 * - Uniswap v2 pairs;
 * - KLAYswap pools: `ExchangePos`/`ExchangeNeg` (input token first) and Add/RemoveLiquidity, nothing
 *   indexed;
 * - Wombat pools (Capybara): one `Swap` naming both tokens, single-asset Deposit/Withdraw.
 */
export const EVENTS = {
  v3Swap: parseAbiItem(
    'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  ),
  pancakeV3Swap: parseAbiItem(
    'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
  ),
  v3Mint: parseAbiItem(
    'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  ),
  v3Burn: parseAbiItem(
    'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  ),
  v2Swap: parseAbiItem(
    'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  ),
  v2Mint: parseAbiItem('event Mint(address indexed sender, uint256 amount0, uint256 amount1)'),
  v2Burn: parseAbiItem(
    'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  ),
  klayExchangePos: parseAbiItem(
    'event ExchangePos(address tokenA, uint256 amountA, address tokenB, uint256 amountB)',
  ),
  klayExchangeNeg: parseAbiItem(
    'event ExchangeNeg(address tokenA, uint256 amountA, address tokenB, uint256 amountB)',
  ),
  klayAddLiquidity: parseAbiItem(
    'event AddLiquidity(address user, address tokenA, uint256 amountA, address tokenB, uint256 amountB, uint256 liquidity)',
  ),
  klayRemoveLiquidity: parseAbiItem(
    'event RemoveLiquidity(address user, address tokenA, uint256 amountA, address tokenB, uint256 amountB, uint256 liquidity)',
  ),
  wombatSwap: parseAbiItem(
    'event Swap(address indexed sender, address fromToken, address toToken, uint256 fromAmount, uint256 toAmount, address indexed to)',
  ),
  wombatDeposit: parseAbiItem(
    'event Deposit(address indexed sender, address token, uint256 amount, uint256 liquidity, address indexed to)',
  ),
  wombatWithdraw: parseAbiItem(
    'event Withdraw(address indexed sender, address token, uint256 amount, uint256 liquidity, address indexed to)',
  ),
} as const satisfies Record<string, AbiEvent>;

export type EventName = keyof typeof EVENTS;

export const KIND_EVENTS: Readonly<Record<PoolKind, readonly EventName[]>> = {
  v3: ['v3Swap', 'pancakeV3Swap', 'v3Mint', 'v3Burn'],
  v2: ['v2Swap', 'v2Mint', 'v2Burn'],
  klayswap: ['klayExchangePos', 'klayExchangeNeg', 'klayAddLiquidity', 'klayRemoveLiquidity'],
  wombat: ['wombatSwap', 'wombatDeposit', 'wombatWithdraw'],
};

/** topic0 of each event, lower-case hex. */
export const TOPIC: Readonly<Record<EventName, string>> = Object.fromEntries(
  Object.entries(EVENTS).map(([name, item]) => [name, toEventSelector(item)]),
) as Record<EventName, string>;

const BY_TOPIC = new Map<string, EventName>(
  Object.entries(TOPIC).map(([name, topic]) => [topic, name as EventName]),
);

export function eventByTopic(topic0: string | undefined): EventName | undefined {
  return topic0 === undefined ? undefined : BY_TOPIC.get(topic0.toLowerCase());
}

/** The topic0 filter for eth_getLogs over pools of these kinds. */
export function topicsFor(kinds: Iterable<PoolKind>): string[] {
  const names = new Set<EventName>();
  for (const kind of kinds) for (const name of KIND_EVENTS[kind]) names.add(name);
  return [...names].map((name) => TOPIC[name]);
}
