/**
 * The simulator alone (`@spreadscope/feeds/sim`), for processes that need no live feeds: importing it does
 * not load the live adapters' CommonJS dependencies (ccxt, ws). Benchmarks run under tsx, whose off-thread
 * loader detaches ArrayBuffers when it loads CommonJS from node_modules; after that V8 checks for a detached
 * buffer on every typed-array access in code it compiles, which a compiled server never pays.
 */
export { krwTick } from './price-ticks.ts';
export { simBlockAt, simBlockMs, simDexBatch } from './sim-dex.ts';
export {
  type SimChannel,
  type SimPost,
  simulatedChannels,
  simulatedPosts,
  simulatedSearchSeries,
} from './sim-trends.ts';
export { SIM_STEP_MS, Simulator, type SimulatorOptions } from './simulator.ts';
export { TOKEN_UNIVERSE, type TokenSpec } from './token-universe.ts';
export { SIMULATED_VENUE_IDS } from './venue-profiles.ts';
