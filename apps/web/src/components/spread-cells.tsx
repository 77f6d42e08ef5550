import type { PremiumTableRow, SpreadLeg } from '@spreadscope/contracts';
import {
  type Currency,
  formatCompact,
  formatPercent,
  formatPrice,
  type GapWindow,
  type Language,
} from '@spreadscope/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FlashField } from '../lib/cell-flash.ts';
import { formatDuration } from '../lib/duration.ts';
import { cachedLabel } from '../lib/label-cache.ts';
import { formatSignedPrice, orNaN, type Tone, tone } from '../lib/number-display.ts';
import type { ColumnId } from '../lib/spread-columns.ts';
import { DurationSince } from './duration-since.tsx';

/**
 * What each column of the premium and arbitrage tables shows for a row. Numbers go through core's formatters
 * only; a stale row never wears an opportunity colour.
 */
export interface CellContext {
  readonly currency: Currency;
  readonly language: Language;
  /** Phone widths drop the currency symbol from prices (the toolbar names the unit). */
  readonly compact: boolean;
  readonly t: TFunction;
}

export interface CellView {
  readonly text: ReactNode;
  readonly testId: string;
  readonly tone?: Tone;
  /** The number behind the text, for tests and screen readers' sake of exactness. */
  readonly value?: number | null;
  readonly flash?: FlashField;
  /** The cell belongs to one leg: greyed when that leg is stale. */
  readonly leg?: 'source' | 'target';
  readonly title?: string;
}

const WINDOW_OF: Partial<Record<ColumnId, GapWindow>> = {
  gap5m: '5m',
  gap15m: '15m',
  gap30m: '30m',
  gap1h: '1h',
  gap4h: '4h',
  gap24h: '24h',
};

function pct(value: number | null | undefined, digits = 2): string {
  return formatPercent(orNaN(value), digits);
}

function fundingText(leg: SpreadLeg, c: CellContext): string {
  if (leg.fundingRatePercent === null) return cachedLabel(c.t, 'spread.spotLeg');
  const interval = leg.fundingIntervalHours === null ? '' : ` / ${leg.fundingIntervalHours}h`;
  return `${formatPercent(leg.fundingRatePercent, 4)}${interval}`;
}

function bidAsk(leg: SpreadLeg, c: CellContext): string {
  return `${formatPrice(orNaN(leg.bid), c.currency, c.language)} / ${formatPrice(orNaN(leg.ask), c.currency, c.language)}`;
}

export function transferText(
  row: PremiumTableRow,
  t: TFunction,
): { state: string; route: string; open: boolean } {
  const { transfer } = row;
  if (!transfer.needed) return { state: cachedLabel(t, 'spread.transfer.notNeeded'), route: '', open: true };
  const state = cachedLabel(
    t,
    transfer.state ? `spread.transfer.states.${transfer.state}` : 'spread.transfer.unknown',
  );
  const fastest = [...transfer.networks].sort(
    (a, b) => orNaN(a.transferTimeSec) - orNaN(b.transferTimeSec) || 0,
  )[0];
  const route = fastest
    ? `${fastest.network}${fastest.transferTimeSec === null ? '' : ` · ${formatDuration(fastest.transferTimeSec * 1000, t)}`}`
    : cachedLabel(t, 'spread.transfer.noRoute');
  return { state, route, open: transfer.state === 'trading_available' };
}

export function cellView(id: ColumnId, row: PremiumTableRow, c: CellContext): CellView {
  const { currency, language, compact } = c;
  const fresh = !row.stale;
  switch (id) {
    case 'token':
      return { text: row.base, testId: 'token' };
    case 'sourcePrice':
      return {
        text: formatPrice(orNaN(row.source.price), currency, language, !compact),
        testId: 'source-price',
        flash: 'sourcePrice',
        leg: 'source',
        value: row.source.price,
      };
    case 'targetPrice':
      return {
        text: formatPrice(orNaN(row.target.price), currency, language, !compact),
        testId: 'target-price',
        flash: 'targetPrice',
        leg: 'target',
        value: row.target.price,
      };
    case 'gap':
      return {
        text: pct(row.gapPercent),
        testId: 'gap',
        tone: fresh ? tone(row.gapPercent) : 'flat',
        flash: 'gap',
        value: row.gapPercent,
      };
    case 'entryGap':
      return {
        text: pct(row.entryGapPercent),
        testId: 'entry-gap',
        tone: fresh ? tone(row.entryGapPercent) : 'flat',
        flash: 'entryGap',
        value: row.entryGapPercent,
      };
    case 'exitGap':
      return {
        text: pct(row.exitGapPercent),
        testId: 'exit-gap',
        tone: fresh ? tone(row.exitGapPercent) : 'flat',
        flash: 'exitGap',
        value: row.exitGapPercent,
      };
    case 'netGap':
      return {
        text: pct(row.fees.netGapPercent),
        testId: 'net-gap',
        tone: fresh ? tone(row.fees.netGapPercent) : 'flat',
        flash: 'netGap',
        value: row.fees.netGapPercent,
      };
    case 'priceDiff':
      return {
        text: formatSignedPrice(row.priceDiff, currency, language),
        testId: 'price-diff',
        tone: fresh ? tone(row.priceDiff) : 'flat',
        flash: 'priceDiff',
        value: row.priceDiff,
      };
    case 'volume':
      return {
        text: formatCompact(orNaN(row.source.volume24h), currency, language),
        testId: 'volume',
        flash: 'volume',
        leg: 'source',
        value: row.source.volume24h,
      };
    case 'targetVolume':
      return {
        text: formatCompact(orNaN(row.target.volume24h), currency, language),
        testId: 'target-volume',
        leg: 'target',
        value: row.target.volume24h,
      };
    case 'change':
      return {
        text: pct(row.source.change24hPercent),
        testId: 'change-24h',
        tone: tone(row.source.change24hPercent),
        leg: 'source',
        value: row.source.change24hPercent,
      };
    case 'duration':
      return {
        text: row.durationSince === null ? '—' : <DurationSince since={row.durationSince} />,
        testId: 'duration',
        value: row.durationSince,
      };
    case 'depth':
      return {
        text: `${formatCompact(orNaN(row.depth.entry), currency, language)} / ${formatCompact(orNaN(row.depth.exit), currency, language)}`,
        testId: 'depth',
        value: row.depth.entry,
      };
    case 'sourceFunding':
      return { text: fundingText(row.source, c), testId: 'source-funding', leg: 'source' };
    case 'targetFunding':
      return { text: fundingText(row.target, c), testId: 'target-funding', leg: 'target' };
    case 'fundingGap':
      return {
        text: pct(row.funding.gapPercent, 4),
        testId: 'funding-gap',
        tone: tone(row.funding.gapPercent),
        value: row.funding.gapPercent,
      };
    case 'netFunding':
      return {
        text: pct(row.funding.annualizedPercent),
        testId: 'net-funding',
        tone: tone(row.funding.annualizedPercent),
        value: row.funding.annualizedPercent,
        title: c.t('spread.netFundingTitle', { rate: pct(row.funding.netRate8hPercent, 4) }),
      };
    case 'transfer': {
      const transfer = transferText(row, c.t);
      return {
        text: (
          <span className="spread-transfer">
            <span className={`spread-transfer__state${fresh && transfer.open ? ' is-open' : ''}`}>
              {transfer.state}
            </span>
            {transfer.route ? <span className="spread-transfer__route">{transfer.route}</span> : null}
          </span>
        ),
        testId: 'transfer',
      };
    }
    case 'estimate':
      return {
        text: formatSignedPrice(row.estimate.profit, currency, language),
        testId: 'estimate',
        tone: fresh ? tone(row.estimate.profit) : 'flat',
        value: row.estimate.profit,
        title: c.t('spread.estimateTitle', {
          amount: formatCompact(row.estimate.amount, currency, language),
        }),
      };
    case 'maxEntry':
      return {
        text: row.maxEntry ? formatCompact(row.maxEntry.size, currency, language) : '—',
        testId: 'max-entry',
        value: row.maxEntry?.size ?? null,
        title: row.maxEntry?.bookLimited ? cachedLabel(c.t, 'spread.bookLimited') : undefined,
      };
    case 'sourceBook':
      return { text: bidAsk(row.source, c), testId: 'source-book', leg: 'source' };
    case 'targetBook':
      return { text: bidAsk(row.target, c), testId: 'target-book', leg: 'target' };
    default: {
      const window = WINDOW_OF[id];
      const value = window ? row.gapAgo[window] : null;
      return {
        text: pct(value),
        testId: `gap-${window ?? id}`,
        tone: fresh ? tone(value) : 'flat',
        value,
      };
    }
  }
}
