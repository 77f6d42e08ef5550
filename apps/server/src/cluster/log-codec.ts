/**
 * The event log's numbers are the feeds' batch codec (packages/feeds/src/worker/event-codec.ts): the market
 * worker hands its batches to the main thread in the same form the ingest appends to the log.
 */
export {
  decodeEvents,
  encodeEvents,
  KeyInterner,
  LogCodecError,
  type MarketKey,
} from '@spreadscope/feeds/codec';
