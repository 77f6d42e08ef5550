export { type AmmConfig, DEFAULT_AMM, DEFAULT_RPC, type PoolConfig } from '../venues/amm/amm-config.ts';
export {
  ChainIndexer,
  type ChainIndexerOptions,
  type ChainStatus,
  type StepResult,
} from './chain-indexer.ts';
export { type DecodedRow, decodePoolLog, type RpcLog } from './decode-logs.ts';
export { buildDexCandles, type DexCandle, type PricedTrade } from './dex-candles.ts';
export { addressedDexPools, dexPoolId, findDexPool, toDexPool } from './dex-pools.ts';
export type * from './dex-types.ts';
export { JsonRpc, RpcError } from './json-rpc.ts';
export { MemoryDexStore } from './memory-dex-store.ts';
export { EVENTS, KIND_EVENTS, TOPIC } from './pool-events.ts';
