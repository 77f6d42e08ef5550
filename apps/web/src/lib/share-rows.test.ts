import {
  estimateSchema,
  feesSchema,
  maxEntrySchema,
  type PremiumTableRow,
  pairFundingSchema,
  premiumTableRowSchema,
  spreadLegSchema,
  transferNetworkSchema,
  transferSchema,
  windowValuesSchema,
} from '@spreadscope/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEPTH_FIELDS,
  ESTIMATE_FIELDS,
  FEES_FIELDS,
  FUNDING_FIELDS,
  GAP_AGO_FIELDS,
  knownSpreadRow,
  LEG_FIELDS,
  MAX_ENTRY_FIELDS,
  NETWORK_FIELDS,
  ROW_FIELDS,
  sameSpreadRow,
  shareSpreadRows,
  TRANSFER_FIELDS,
} from './share-rows.ts';
import { makeSpreadRow } from './spread-row.fixture.ts';

const sorted = (keys: readonly string[]) => [...keys].sort();

/** A full row with every optional part present, so every field has a value to change. */
function fullRow(base = 'BTC'): PremiumTableRow {
  const row = makeSpreadRow(base);
  return {
    ...row,
    depth: { ...row.depth, unavailable: null },
    maxEntryUnavailable: null,
    maxEntry: {
      size: 1,
      sizeUsd: 2,
      units: 3,
      averageGapPercent: 4,
      optimalSize: 5,
      optimalSizeUsd: 6,
      optimalProfit: 7,
      optimalProfitUsd: 8,
      bookLimited: false,
    },
  };
}

function changed(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}x`;
  if (typeof value === 'boolean') return !value;
  return 1;
}

/** Copies of `row`, each with one field (at any depth) of the listed ones changed. */
function oneFieldChanged(row: PremiumTableRow): { path: string; row: PremiumTableRow }[] {
  const out: { path: string; row: PremiumTableRow }[] = [];
  const nested: Record<string, readonly string[]> = {
    source: LEG_FIELDS,
    target: LEG_FIELDS,
    gapAgo: GAP_AGO_FIELDS,
    depth: DEPTH_FIELDS,
    funding: FUNDING_FIELDS,
    transfer: TRANSFER_FIELDS,
    fees: FEES_FIELDS,
    estimate: ESTIMATE_FIELDS,
    maxEntry: MAX_ENTRY_FIELDS,
  };
  for (const key of ROW_FIELDS) {
    const fields = nested[key];
    if (!fields) {
      out.push({ path: key, row: { ...row, [key]: changed(row[key]) } });
      continue;
    }
    const part = row[key] as unknown as Record<string, unknown>;
    for (const field of fields) {
      if (field === 'networks') continue;
      out.push({
        path: `${key}.${field}`,
        row: { ...row, [key]: { ...part, [field]: changed(part[field]) } },
      });
    }
  }
  const network = row.transfer.networks[0] as Record<string, unknown> | undefined;
  for (const field of NETWORK_FIELDS) {
    out.push({
      path: `transfer.networks.0.${field}`,
      row: {
        ...row,
        transfer: { ...row.transfer, networks: [{ ...network, [field]: changed(network?.[field]) }] },
      },
    } as { path: string; row: PremiumTableRow });
  }
  out.push({
    path: 'transfer.networks (one more)',
    row: { ...row, transfer: { ...row.transfer, networks: [] } },
  });
  out.push({ path: 'maxEntry (none)', row: { ...row, maxEntry: null } });
  return out;
}

describe('shared rows of a live spread table', () => {
  it('knows every field the contract gives a row (add a new one to share-rows.ts)', () => {
    expect(sorted(ROW_FIELDS)).toEqual(sorted(Object.keys(premiumTableRowSchema.shape)));
    expect(sorted(LEG_FIELDS)).toEqual(sorted(Object.keys(spreadLegSchema.shape)));
    expect(sorted(GAP_AGO_FIELDS)).toEqual(sorted(Object.keys(windowValuesSchema.shape)));
    expect(sorted(DEPTH_FIELDS)).toEqual(sorted(Object.keys(premiumTableRowSchema.shape.depth.shape)));
    expect(sorted(FUNDING_FIELDS)).toEqual(sorted(Object.keys(pairFundingSchema.shape)));
    expect(sorted(TRANSFER_FIELDS)).toEqual(sorted(Object.keys(transferSchema.shape)));
    expect(sorted(NETWORK_FIELDS)).toEqual(sorted(Object.keys(transferNetworkSchema.shape)));
    expect(sorted(FEES_FIELDS)).toEqual(sorted(Object.keys(feesSchema.shape)));
    expect(sorted(ESTIMATE_FIELDS)).toEqual(sorted(Object.keys(estimateSchema.shape)));
    expect(sorted(MAX_ENTRY_FIELDS)).toEqual(sorted(Object.keys(maxEntrySchema.unwrap().shape)));
  });

  it('sees a change in any field, at any depth, and none in a decoded copy', () => {
    const row = fullRow();
    expect(knownSpreadRow(row)).toBe(true);
    expect(sameSpreadRow(row, structuredClone(row))).toBe(true);
    const copies = oneFieldChanged(row);
    expect(copies.length).toBeGreaterThan(80);
    for (const { path, row: copy } of copies) expect([path, sameSpreadRow(row, copy)]).toEqual([path, false]);
  });

  it('keeps the previous object of every unchanged row, in the new order, and takes changed and new rows', () => {
    const [a, b, c] = [fullRow('AAA'), fullRow('BBB'), fullRow('CCC')];
    const moved = { ...structuredClone(b), gapPercent: b.gapPercent + 1 };
    const added = fullRow('DDD');
    const next = [structuredClone(c), moved, structuredClone(a), added];
    const shared = shareSpreadRows([a, b, c], next);
    expect(shared[0]).toBe(c);
    expect(shared[1]).toBe(moved);
    expect(shared[2]).toBe(a);
    expect(shared[3]).toBe(added);
  });

  it('passes a snapshot through as it came when its rows carry a field the comparison does not know', () => {
    const row = fullRow();
    const next = [{ ...structuredClone(row), source: { ...row.source, lastTradeSide: 'buy' } }];
    expect(shareSpreadRows([row], next as PremiumTableRow[])).toBe(next);
  });
});
