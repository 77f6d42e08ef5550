export {
  DepositScanner,
  type DepositScannerOptions,
  type DepositScanStatus,
  type DepositStep,
} from './deposit-scanner.ts';
export type * from './deposit-types.ts';
export { addressTopic, decodeTransfer, TRANSFER_TOPIC, tokenAmount } from './erc20-transfer.ts';
export { MemoryDepositStore } from './memory-deposit-store.ts';
export { readTokenInfo, readTotalSupply, type TokenInfo, TokenInfoCache } from './token-info.ts';
