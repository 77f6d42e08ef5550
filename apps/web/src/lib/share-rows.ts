import type { PremiumTableRow, SpreadLeg, TransferNetwork } from '@spreadscope/contracts';

/**
 * Structural sharing for live spread tables. Every socket snapshot is a decoded JSON message: thousands of
 * rows, every one a new object, though between two snapshots only the rows that moved differ. A row that holds
 * the same values as its previous version is swapped for that version, so:
 * - the decoded copy dies at once (young garbage costs the collector nothing; a whole table kept alive until
 *   the next snapshot is copied and promoted, tens of milliseconds a pause on a busy machine);
 * - everything downstream sees unchanged rows as the very objects they were (flash comparison, row memo).
 *
 * Comparing generically (any object, key by key) costs several microseconds a row, too slow for 7,000 rows ten
 * times a second; the comparison below is spelled out field by field. It only knows the fields listed here: a
 * snapshot whose sampled rows carry a field it does not know is passed through unshared (correct, just not
 * faster), and a test says which field the contract added.
 */

type Row = PremiumTableRow;
type Maybe<T> = T | null | undefined;

export const ROW_FIELDS = [
  'id',
  'base',
  'source',
  'target',
  'currency',
  'conversionBase',
  'conversionRate',
  'priceDiff',
  'gapPercent',
  'stale',
  'tokenMismatch',
  'scope',
  'premiumType',
  'entryGapPercent',
  'exitGapPercent',
  'gapAgo',
  'durationSince',
  'depth',
  'funding',
  'trade',
  'transfer',
  'fees',
  'estimate',
  'maxEntry',
  'maxEntryUnavailable',
] as const;
export const LEG_FIELDS = [
  'exchange',
  'market',
  'quote',
  'price',
  'nativePrice',
  'bid',
  'ask',
  'volume24h',
  'change24hPercent',
  'updatedAt',
  'stale',
  'symbol',
  'fundingRatePercent',
  'fundingIntervalHours',
  'nextFundingTime',
  'annualizedFundingPercent',
  'bidDepth',
  'askDepth',
  'makerFeePercent',
  'takerFeePercent',
] as const;
export const GAP_AGO_FIELDS = ['5m', '15m', '30m', '1h', '4h', '24h'] as const;
export const DEPTH_FIELDS = ['entry', 'exit', 'unavailable'] as const;
export const FUNDING_FIELDS = ['gapPercent', 'netRate8hPercent', 'annualizedPercent'] as const;
export const TRANSFER_FIELDS = ['needed', 'from', 'networks', 'transferable', 'state'] as const;
export const NETWORK_FIELDS = [
  'network',
  'confirmations',
  'blockTimeSec',
  'transferTimeSec',
  'withdrawFee',
  'withdrawFeeValue',
] as const;
export const FEES_FIELDS = [
  'mode',
  'buyFeePercent',
  'sellFeePercent',
  'withdrawalFeePercent',
  'netGapPercent',
] as const;
export const ESTIMATE_FIELDS = [
  'amount',
  'buyFeePercent',
  'sellFeePercent',
  'profit',
  'profitPercent',
] as const;
export const MAX_ENTRY_FIELDS = [
  'size',
  'sizeUsd',
  'units',
  'averageGapPercent',
  'optimalSize',
  'optimalSizeUsd',
  'optimalProfit',
  'optimalProfitUsd',
  'bookLimited',
] as const;

function sameLeg(a: SpreadLeg, b: SpreadLeg): boolean {
  return (
    a.price === b.price &&
    a.bid === b.bid &&
    a.ask === b.ask &&
    a.updatedAt === b.updatedAt &&
    a.stale === b.stale &&
    a.nativePrice === b.nativePrice &&
    a.volume24h === b.volume24h &&
    a.change24hPercent === b.change24hPercent &&
    a.bidDepth === b.bidDepth &&
    a.askDepth === b.askDepth &&
    a.fundingRatePercent === b.fundingRatePercent &&
    a.fundingIntervalHours === b.fundingIntervalHours &&
    a.nextFundingTime === b.nextFundingTime &&
    a.annualizedFundingPercent === b.annualizedFundingPercent &&
    a.makerFeePercent === b.makerFeePercent &&
    a.takerFeePercent === b.takerFeePercent &&
    a.exchange === b.exchange &&
    a.market === b.market &&
    a.quote === b.quote &&
    a.symbol === b.symbol
  );
}

function sameNetwork(a: TransferNetwork, b: TransferNetwork): boolean {
  return (
    a.network === b.network &&
    a.confirmations === b.confirmations &&
    a.blockTimeSec === b.blockTimeSec &&
    a.transferTimeSec === b.transferTimeSec &&
    a.withdrawFee === b.withdrawFee &&
    a.withdrawFeeValue === b.withdrawFeeValue
  );
}

function sameTransfer(a: Row['transfer'], b: Row['transfer']): boolean {
  if (
    a.needed !== b.needed ||
    a.from !== b.from ||
    a.transferable !== b.transferable ||
    a.state !== b.state ||
    a.networks.length !== b.networks.length
  ) {
    return false;
  }
  for (let i = 0; i < a.networks.length; i++) {
    if (!sameNetwork(a.networks[i] as TransferNetwork, b.networks[i] as TransferNetwork)) return false;
  }
  return true;
}

function sameMaxEntry(a: Row['maxEntry'], b: Row['maxEntry']): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.size === b.size &&
    a.sizeUsd === b.sizeUsd &&
    a.units === b.units &&
    a.averageGapPercent === b.averageGapPercent &&
    a.optimalSize === b.optimalSize &&
    a.optimalSizeUsd === b.optimalSizeUsd &&
    a.optimalProfit === b.optimalProfit &&
    a.optimalProfitUsd === b.optimalProfitUsd &&
    a.bookLimited === b.bookLimited
  );
}

/** Whether two versions of a row hold the same values (JSON values: no NaN, key order irrelevant). */
export function sameSpreadRow(a: Row, b: Row): boolean {
  if (a === b) return true;
  return (
    a.id === b.id &&
    a.gapPercent === b.gapPercent &&
    a.priceDiff === b.priceDiff &&
    a.entryGapPercent === b.entryGapPercent &&
    a.exitGapPercent === b.exitGapPercent &&
    a.stale === b.stale &&
    a.tokenMismatch === b.tokenMismatch &&
    a.durationSince === b.durationSince &&
    a.conversionRate === b.conversionRate &&
    a.base === b.base &&
    a.currency === b.currency &&
    a.conversionBase === b.conversionBase &&
    a.scope === b.scope &&
    a.premiumType === b.premiumType &&
    a.trade === b.trade &&
    a.maxEntryUnavailable === b.maxEntryUnavailable &&
    sameLeg(a.source, b.source) &&
    sameLeg(a.target, b.target) &&
    a.gapAgo['5m'] === b.gapAgo['5m'] &&
    a.gapAgo['15m'] === b.gapAgo['15m'] &&
    a.gapAgo['30m'] === b.gapAgo['30m'] &&
    a.gapAgo['1h'] === b.gapAgo['1h'] &&
    a.gapAgo['4h'] === b.gapAgo['4h'] &&
    a.gapAgo['24h'] === b.gapAgo['24h'] &&
    a.depth.entry === b.depth.entry &&
    a.depth.exit === b.depth.exit &&
    a.depth.unavailable === b.depth.unavailable &&
    a.funding.gapPercent === b.funding.gapPercent &&
    a.funding.netRate8hPercent === b.funding.netRate8hPercent &&
    a.funding.annualizedPercent === b.funding.annualizedPercent &&
    a.fees.mode === b.fees.mode &&
    a.fees.buyFeePercent === b.fees.buyFeePercent &&
    a.fees.sellFeePercent === b.fees.sellFeePercent &&
    a.fees.withdrawalFeePercent === b.fees.withdrawalFeePercent &&
    a.fees.netGapPercent === b.fees.netGapPercent &&
    a.estimate.amount === b.estimate.amount &&
    a.estimate.buyFeePercent === b.estimate.buyFeePercent &&
    a.estimate.sellFeePercent === b.estimate.sellFeePercent &&
    a.estimate.profit === b.estimate.profit &&
    a.estimate.profitPercent === b.estimate.profitPercent &&
    sameMaxEntry(a.maxEntry, b.maxEntry) &&
    sameTransfer(a.transfer, b.transfer)
  );
}

function onlyKnown(value: Maybe<object>, known: readonly string[]): boolean {
  if (value === null || value === undefined) return true;
  for (const key in value) if (!known.includes(key)) return false;
  return true;
}

/** Whether the comparison knows every field of this row (checked on a few rows of each snapshot). */
export function knownSpreadRow(row: Row): boolean {
  return (
    onlyKnown(row, ROW_FIELDS) &&
    onlyKnown(row.source, LEG_FIELDS) &&
    onlyKnown(row.target, LEG_FIELDS) &&
    onlyKnown(row.gapAgo, GAP_AGO_FIELDS) &&
    onlyKnown(row.depth, DEPTH_FIELDS) &&
    onlyKnown(row.funding, FUNDING_FIELDS) &&
    onlyKnown(row.transfer, TRANSFER_FIELDS) &&
    row.transfer.networks.every((network) => onlyKnown(network, NETWORK_FIELDS)) &&
    onlyKnown(row.fees, FEES_FIELDS) &&
    onlyKnown(row.estimate, ESTIMATE_FIELDS) &&
    onlyKnown(row.maxEntry, MAX_ENTRY_FIELDS)
  );
}

const SAMPLES = 8;

/**
 * The rows of `next`, each replaced by its version in `previous` when that holds the same values. Rows are
 * matched by their place first (a feed keeps its order between two snapshots for most rows), by id otherwise.
 */
export function shareSpreadRows(previous: readonly Row[] | undefined, next: readonly Row[]): readonly Row[] {
  const n = next.length;
  if (!previous || previous.length === 0 || n === 0) return next;
  for (let s = 0; s < SAMPLES; s++) {
    if (!knownSpreadRow(next[Math.floor((s * (n - 1)) / (SAMPLES - 1))] as Row)) return next;
  }
  let byId: Map<string, Row> | null = null;
  const shared = new Array<Row>(n);
  for (let i = 0; i < n; i++) {
    const row = next[i] as Row;
    let before = previous[i];
    if (before === undefined || before.id !== row.id) {
      if (byId === null) {
        byId = new Map();
        for (const old of previous) byId.set(old.id, old);
      }
      before = byId.get(row.id);
    }
    shared[i] = before !== undefined && sameSpreadRow(before, row) ? before : row;
  }
  return shared;
}
