import type { PremiumResponse } from '@spreadscope/contracts';
import {
  DURATION_FILTERS,
  FEE_MODES,
  FUNDING_INTERVAL_FILTERS,
  NETWORK_CHOICES,
  type VenueId,
} from '@spreadscope/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GateNotice } from '../auth/gated.tsx';
import { useEntitlement } from '../auth/use-session.ts';
import { useDebouncedCallback } from '../hooks/use-debounced-callback.ts';
import { formatIntervalCode } from '../lib/duration.ts';
import { cleanSearch, parseMinPremium, SEARCH_MAX_LENGTH } from '../lib/premium-filters.ts';
import { hasPerpLeg } from '../lib/spread-columns.ts';
import {
  defaultSpreadFilters,
  extraFilterCount,
  KIMCHI_PREMIUM_TYPES,
  MIN_PREMIUM_RANGE,
  type SpreadFilters,
  type SpreadKind,
  TARGET_QUOTES,
  TRANSFER_FILTERS,
} from '../lib/spread-filters.ts';
import { legQuoteChoices, venueChoices } from '../lib/spread-venues.ts';
import { ConversionBaseToggle } from './conversion-base-toggle.tsx';
import '../auth/auth.css';
import './premium-filter-bar.css';
import './spread-filter-bar.css';

interface Props {
  readonly kind: SpreadKind;
  readonly filters: SpreadFilters;
  readonly rates: PremiumResponse['rates'] | undefined;
  readonly onChange: (patch: Partial<SpreadFilters>) => void;
  readonly ownedCount: number;
}

const TYPING_DEBOUNCE_MS = 250;

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  className,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`filter-bar__field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Check({
  label,
  checked,
  onChange,
  testId,
  title,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (value: boolean) => void;
  testId: string;
  title?: string;
}) {
  return (
    <label className="filter-check" title={title}>
      <input
        type="checkbox"
        checked={checked}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/**
 * Every spec §5 filter in one bar above the table (UI.md): the ones traders touch all day in view, the rest
 * one click away with a count of what is set. Every value lands in the URL so a link reproduces the view.
 */
export function SpreadFilterBar({ kind, filters, rates, onChange, ownedCount }: Props) {
  const { t } = useTranslation();
  const ids = { search: useId(), min: useId(), more: useId() };
  const defaults = defaultSpreadFilters(kind);
  const [open, setOpen] = useState(false);
  const dexAccess = useEntitlement('dexData');
  const [dexAsked, setDexAsked] = useState(false);
  const [search, setSearch] = useState(filters.search);
  const [minGap, setMinGap] = useState(filters.minGap === null ? '' : String(filters.minGap));
  useEffect(
    () => setSearch((typed) => (cleanSearch(typed) === filters.search ? typed : filters.search)),
    [filters.search],
  );
  useEffect(
    () =>
      setMinGap((typed) =>
        parseMinPremium(typed) === filters.minGap
          ? typed
          : filters.minGap === null
            ? ''
            : String(filters.minGap),
      ),
    [filters.minGap],
  );
  const pushSearch = useDebouncedCallback(
    (value: string) => onChange({ search: cleanSearch(value) }),
    TYPING_DEBOUNCE_MS,
  );
  const pushMin = useDebouncedCallback(
    (value: string) => onChange({ minGap: parseMinPremium(value) }),
    TYPING_DEBOUNCE_MS,
  );

  const venueOptions = (side: 'source' | 'target') => [
    { value: 'all', label: t('filters.allVenues') },
    ...venueChoices(kind, side, filters.premiumType).map((venue) => ({
      value: venue.id as string,
      label: t(`venues.${venue.id}`),
    })),
  ];
  const sideLabel = (side: 'source' | 'target') =>
    kind === 'premium'
      ? t(side === 'source' ? 'premium.filters.source' : 'premium.filters.target')
      : t(side === 'source' ? 'arbitrage.buyExchange' : 'arbitrage.sellExchange');
  const extra = extraFilterCount(kind, filters);
  const perp = hasPerpLeg(kind, filters.premiumType);
  // Sorting is not a filter: a sorted view without filters has nothing to reset.
  const isDefault = (Object.keys(defaults) as (keyof SpreadFilters)[]).every(
    (key) => key === 'sort' || key === 'order' || filters[key] === defaults[key],
  );

  return (
    <form
      className="filter-bar spread-filter-bar"
      aria-label={t('premium.filters.label')}
      data-testid="premium-filters"
      onSubmit={(event) => {
        event.preventDefault();
        pushSearch.flush(search);
        pushMin.flush(minGap);
      }}
    >
      <Select
        label={sideLabel('source')}
        value={filters.source ?? 'all'}
        options={venueOptions('source')}
        testId="filter-source"
        className="filter-bar__venue"
        onChange={(value) => {
          const source = value === 'all' ? null : (value as VenueId);
          // A quote the new venue does not list would only ever show no rows.
          const keep =
            kind === 'premium' || legQuoteChoices(kind, 'source', source).includes(filters.sourceQuote);
          onChange(keep ? { source } : { source, sourceQuote: 'any' });
        }}
      />
      <Select
        label={sideLabel('target')}
        value={filters.target ?? 'all'}
        options={venueOptions('target')}
        testId="filter-target"
        className="filter-bar__venue"
        onChange={(value) => {
          const target = value === 'all' ? null : (value as VenueId);
          const keep =
            kind === 'premium' || legQuoteChoices(kind, 'target', target).includes(filters.targetQuote);
          onChange(keep ? { target } : { target, targetQuote: 'any' });
        }}
      />
      <div className="filter-bar__field filter-bar__search">
        <label htmlFor={ids.search}>{t('premium.filters.search')}</label>
        <input
          id={ids.search}
          type="search"
          inputMode="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('premium.filters.searchPlaceholder')}
          value={search}
          data-testid="filter-search"
          onChange={(event) => {
            setSearch(event.target.value);
            pushSearch.call(event.target.value);
          }}
        />
      </div>
      <div className="filter-bar__field filter-bar__min">
        <label htmlFor={ids.min}>
          {t(kind === 'premium' ? 'premium.filters.minPremium' : 'filters.minGap')}
        </label>
        <span className="filter-bar__suffixed">
          <input
            id={ids.min}
            type="number"
            inputMode="decimal"
            step="0.1"
            min={MIN_PREMIUM_RANGE.min}
            max={MIN_PREMIUM_RANGE.max}
            placeholder={t('filters.minGapPlaceholder')}
            title={t('premium.filters.minPremiumHint')}
            value={minGap}
            data-testid="filter-min-premium"
            onChange={(event) => {
              setMinGap(event.target.value);
              pushMin.call(event.target.value);
            }}
          />
          <span aria-hidden="true">%</span>
        </span>
      </div>
      <div className="filter-bar__field filter-bar__toggles">
        <Check
          label={t('filters.ownedOnly', { count: ownedCount })}
          checked={filters.owned}
          testId="filter-owned"
          title={t('filters.ownedHint')}
          onChange={(owned) => onChange({ owned })}
        />
        <Check
          label={t('filters.hideLowVolume')}
          checked={filters.hideLowVolume}
          testId="filter-hide-low-volume"
          title={t('filters.hideLowVolumeHint')}
          onChange={(hideLowVolume) => onChange({ hideLowVolume })}
        />
      </div>
      <div className="filter-bar__field filter-bar__more">
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={ids.more}
          data-testid="filters-more"
          onClick={() => setOpen((value) => !value)}
        >
          {t('filters.more')}
          {extra > 0 ? <span className="filter-bar__badge num">{extra}</span> : null}
        </button>
        {isDefault ? null : (
          <span className="filter-bar__reset">
            <button
              type="button"
              className="button"
              data-testid="filter-reset"
              onClick={() => onChange({ ...defaults, sort: filters.sort, order: filters.order })}
            >
              {t('premium.filters.reset')}
            </button>
          </span>
        )}
      </div>
      <div className="filter-bar__field filter-bar__base">
        <span className="filter-bar__label" aria-hidden="true">
          {t('premium.filters.conversionBase')}
        </span>
        <ConversionBaseToggle
          value={filters.conversionBase}
          rates={rates}
          onChange={(conversionBase) => onChange({ conversionBase })}
        />
      </div>
      {open ? (
        <fieldset id={ids.more} className="filter-bar__panel" data-testid="filters-panel">
          <legend className="visually-hidden">{t('filters.more')}</legend>
          {kind === 'premium' ? (
            <>
              <Select
                label={t('filters.premiumType')}
                value={filters.premiumType}
                options={KIMCHI_PREMIUM_TYPES.map((value) => ({
                  value,
                  label: t(`filters.premiumTypes.${value}`),
                }))}
                testId="filter-premium-type"
                onChange={(premiumType) =>
                  onChange({
                    premiumType,
                    // The overseas venue must list the new market type; keep it only if it does.
                    target: venueChoices('premium', 'target', premiumType).some(
                      (v) => v.id === filters.target,
                    )
                      ? filters.target
                      : null,
                  })
                }
              />
              <Select
                label={t('filters.quote')}
                value={filters.quote}
                options={TARGET_QUOTES.map((value) => ({ value, label: t(`filters.quotes.${value}`) }))}
                testId="filter-quote"
                onChange={(quote) => onChange({ quote })}
              />
            </>
          ) : (
            <>
              <Select
                label={t('filters.sourceQuote')}
                value={filters.sourceQuote}
                options={legQuoteChoices(kind, 'source', filters.source).map((value) => ({
                  value,
                  label: t(`filters.legQuotes.${value}`),
                }))}
                testId="filter-source-quote"
                onChange={(sourceQuote) => onChange({ sourceQuote })}
              />
              <Select
                label={t('filters.targetQuote')}
                value={filters.targetQuote}
                options={legQuoteChoices(kind, 'target', filters.target).map((value) => ({
                  value,
                  label: t(`filters.legQuotes.${value}`),
                }))}
                testId="filter-target-quote"
                onChange={(targetQuote) => onChange({ targetQuote })}
              />
            </>
          )}
          <Select
            label={t('filters.duration')}
            value={filters.minDuration}
            options={DURATION_FILTERS.map((value) => ({ value, label: t(`filters.durations.${value}`) }))}
            testId="filter-duration"
            onChange={(minDuration) => onChange({ minDuration })}
          />
          {perp ? (
            <Select
              label={t('filters.fundingInterval')}
              value={filters.fundingInterval}
              options={FUNDING_INTERVAL_FILTERS.map((value) => ({
                value,
                label: value === 'all' ? t('filters.durations.all') : formatIntervalCode(value, t),
              }))}
              testId="filter-funding-interval"
              onChange={(fundingInterval) => onChange({ fundingInterval })}
            />
          ) : null}
          <Select
            label={t('filters.feeMode')}
            value={filters.feeMode}
            options={FEE_MODES.map((value) => ({ value, label: t(`filters.feeModes.${value}`) }))}
            testId="filter-fee-mode"
            onChange={(feeMode) => onChange({ feeMode })}
          />
          <Select
            label={t('filters.network')}
            value={filters.networkChoice}
            options={NETWORK_CHOICES.map((value) => ({ value, label: t(`filters.networks.${value}`) }))}
            testId="filter-network"
            onChange={(networkChoice) => onChange({ networkChoice })}
          />
          <Select
            label={t('filters.transferable')}
            value={filters.transferable}
            options={TRANSFER_FILTERS.map((value) => ({ value, label: t(`filters.transferables.${value}`) }))}
            testId="filter-transferable"
            onChange={(transferable) => onChange({ transferable })}
          />
          <div className="filter-bar__field filter-bar__dex">
            <Check
              label={t('filters.dex')}
              checked={filters.dex && dexAccess.role !== 'visitor'}
              testId="filter-dex"
              title={t('filters.dexHint')}
              onChange={(dex) => {
                // Perp-DEX and AMM rows are a plan feature: a visitor is asked to sign in; a signed-in plan
                // without it gets the table with its DEX rows gated "Available from Pro" by the server.
                if (dex && dexAccess.role === 'visitor') setDexAsked(true);
                else onChange({ dex });
              }}
            />
            {dexAsked && dexAccess.role === 'visitor' ? <GateNotice feature="dexData" /> : null}
          </div>
        </fieldset>
      ) : null}
    </form>
  );
}
