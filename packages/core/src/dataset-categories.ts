import type { Role } from './plans.ts';

/** The data categories of spec §3, in the spec's order: what the dataset explorer (/dataset) describes. */
export const DATASET_CATEGORIES = [
  'cex-info',
  'dex-info',
  'cex-data',
  'dex-data',
  'funding-rate',
  'trend',
  'forex',
  'telegram',
  'ticker',
  'orderbook',
  'token-updates',
  'trading-fees',
  'wallet-status',
] as const;
export type DatasetCategory = (typeof DATASET_CATEGORIES)[number];

export function isDatasetCategory(value: string): value is DatasetCategory {
  return (DATASET_CATEGORIES as readonly string[]).includes(value);
}

/** DEX categories are Pro data (spec §6 "Pro adds DEX data"). */
export function isDexCategory(category: DatasetCategory): boolean {
  return category === 'dex-info' || category === 'dex-data';
}

/** The longest range one CSV download may cover, in days, by role: bigger plans take bigger files. */
export const DATASET_RANGE_DAYS: Readonly<Record<Role, number>> = {
  visitor: 1,
  free: 7,
  starter: 31,
  pro: 92,
  pro_plus: 366,
  partner: 366,
  developer: 366,
};
