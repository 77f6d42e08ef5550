/**
 * Typical block times of the chains venues move coins on, by canonical network id (network-names.ts): public
 * figures, used for a transfer's time (block time × confirmations, spec §9) where the venue gives none. A
 * chain not listed has no block time (transfer time unknown), never a guess.
 */
export const CHAIN_BLOCK_TIME_SEC: Readonly<Record<string, number>> = {
  BTC: 600,
  ETH: 12,
  BSC: 0.75,
  SOL: 0.4,
  TRX: 3,
  XRP: 4,
  DOGE: 60,
  ADA: 20,
  AVAXC: 2,
  SUI: 0.5,
  LTC: 150,
  BCH: 600,
  DOT: 6,
  XLM: 5,
  TON: 5,
  ARB: 0.25,
  OP: 2,
  BASE: 2,
  POL: 2,
  KAIA: 1,
  ETC: 13,
  ATOM: 6,
  APT: 0.25,
  NEAR: 1.2,
};

export function chainBlockTimeSec(canonical: string): number | null {
  return CHAIN_BLOCK_TIME_SEC[canonical] ?? null;
}
