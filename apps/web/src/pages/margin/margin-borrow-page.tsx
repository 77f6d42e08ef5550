import type { MarginBorrowResponse, MarginBorrowRow } from '@spreadscope/contracts';
import { formatClock, type VenueId } from '@spreadscope/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PhoneSub, WideTh } from '../../components/detail-table-parts.tsx';
import { MarketNotFound } from '../../components/market-not-found.tsx';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { feedErrorText } from '../../components/table-state.tsx';
import { TradingFeesTable } from '../../components/trading-fees-table.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ApiError } from '../../lib/api-client.ts';
import '../detail-page.css';
import './margin.css';

const TOKEN = /^[A-Za-z0-9]{1,20}$/;

/** A borrow rate as a percent: small hourly rates keep their significant digits, no sign (a cost). */
export function ratePercent(fraction: number, digits: number): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

function amount(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 4 }).format(
    value,
  );
}

/** /token/{id}/margin-borrow: what borrowing the token costs on every exchange that lends it (spec §2, §3). */
export function MarginBorrowPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  if (!TOKEN.test(id)) {
    return (
      <MarketNotFound
        title={t('margin.notFoundTitle')}
        body={t('margin.invalid', { id })}
        back={{ path: '/premium', label: t('margin.back') }}
      />
    );
  }
  return <MarginBorrow asset={id.toUpperCase()} />;
}

function MarginBorrow({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const levels = params.get('levels') === 'all' ? 'all' : 'base';
  const [draft, setDraft] = useState(asset);
  const [feeVenue, setFeeVenue] = useState<VenueId>('binance');
  useDocumentTitle(t('margin.title', { asset }));
  const borrow = useMarketQuery<MarginBorrowResponse>('/margin-borrow', { asset }, 30_000);

  // The base level is each venue's first level as the venue lists it (the rows arrive in that order).
  const rows = useMemo(() => {
    const all = borrow.data?.data ?? [];
    if (levels === 'all') return all;
    const seen = new Set<string>();
    return all.filter((r) => {
      const key = `${r.exchange}|${r.marginType}|${r.pair ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [borrow.data, levels]);
  const cheapest = rows
    .filter((r) => r.borrowable)
    .reduce<MarginBorrowRow | null>(
      (best, r) => (best === null || r.annualRate < best.annualRate ? r : best),
      null,
    );
  const unknown = (borrow.data?.venues ?? []).filter((v) => v.status === 'unknown');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim().toUpperCase();
    if (TOKEN.test(next))
      navigate(to(`/token/${next}/margin-borrow${levels === 'all' ? '?levels=all' : ''}`));
  };

  return (
    <div className="detail-page" data-testid="margin-borrow">
      <header className="detail-page__head">
        <h1>{t('margin.title', { asset })}</h1>
        <p className="detail-page__meta">{t('margin.lead', { asset })}</p>
        {cheapest ? (
          <p className="detail-page__headline" data-testid="margin-cheapest">
            {t('margin.cheapest', {
              exchange: t(`venues.${cheapest.exchange}`),
              rate: ratePercent(cheapest.annualRate, 2),
            })}
          </p>
        ) : null}
        {borrow.data?.updatedAt ? (
          <p className="detail-page__meta num">
            {t('margin.updated', { time: formatClock(borrow.data.updatedAt, language) })}
          </p>
        ) : null}
      </header>
      <section className="detail-page__card" aria-labelledby="margin-rates-title">
        <div className="detail-page__card-head">
          <h2 id="margin-rates-title">{t('margin.title', { asset })}</h2>
          <form className="margin-toolbar" onSubmit={submit}>
            <label className="visually-hidden" htmlFor="margin-asset">
              {t('margin.assetLabel')}
            </label>
            <input
              id="margin-asset"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={20}
              autoComplete="off"
              data-testid="margin-asset"
            />
            <button type="submit">{t('margin.show')}</button>
            <SegmentedControl<'base' | 'all'>
              label={t('margin.levelsLabel')}
              value={levels}
              testId="margin-levels"
              options={(['base', 'all'] as const).map((value) => ({
                value,
                label: t(`margin.levels.${value}`),
                testId: `levels-${value}`,
              }))}
              onChange={(next) =>
                setParams(
                  (current) => {
                    const p = new URLSearchParams(current);
                    if (next === 'base') p.delete('levels');
                    else p.set('levels', next);
                    return p;
                  },
                  { replace: true },
                )
              }
            />
          </form>
        </div>
        {borrow.error ? (
          <p role="alert" className="detail-page__message">
            {feedErrorText(
              borrow.error instanceof ApiError ? borrow.error : new ApiError('unknown', '', null),
              t,
            )}
          </p>
        ) : !borrow.data ? (
          <p role="status" className="detail-page__message">
            {t('common.loading')}
          </p>
        ) : rows.length === 0 ? (
          <p className="detail-page__message" data-testid="margin-empty">
            {t('margin.empty', { asset })}
          </p>
        ) : (
          <div className="detail-table-wrap">
            <table className="detail-table detail-table--compact" data-testid="margin-table">
              <thead>
                <tr>
                  <th scope="col">
                    {t('margin.columns.exchange')}
                    <PhoneSub>{t('margin.columns.vip')}</PhoneSub>
                  </th>
                  <WideTh>{t('margin.columns.type')}</WideTh>
                  <WideTh>{t('margin.columns.vip')}</WideTh>
                  <WideTh>{t('margin.columns.hourly')}</WideTh>
                  <WideTh>{t('margin.columns.daily')}</WideTh>
                  <th scope="col">
                    {t('margin.columns.annual')}
                    <PhoneSub>{t('margin.columns.daily')}</PhoneSub>
                  </th>
                  <th scope="col">
                    {t('margin.columns.limit')}
                    <PhoneSub>{t('margin.columns.borrowable')}</PhoneSub>
                  </th>
                  <WideTh>{t('margin.columns.borrowable')}</WideTh>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={`${r.exchange}|${r.marginType}|${r.pair ?? ''}|${r.vipLevel}`}
                    className={r.borrowable ? undefined : 'is-stale'}
                    data-testid={`margin-row-${r.exchange}`}
                  >
                    <th scope="row">
                      {t(`venues.${r.exchange}`)}
                      {r.pair ? <span className="detail-table__sub"> {r.pair}</span> : null}
                      <PhoneSub>
                        {t(`margin.types.${r.marginType}`)} · {r.vipLevel}
                      </PhoneSub>
                    </th>
                    <td className="detail-table__wide">{t(`margin.types.${r.marginType}`)}</td>
                    <td className="detail-table__wide">{r.vipLevel}</td>
                    <td className="num detail-table__wide">{ratePercent(r.hourlyRate, 5)}</td>
                    <td className="num detail-table__wide">{ratePercent(r.dailyRate, 4)}</td>
                    <td className="num" data-testid="margin-annual">
                      {ratePercent(r.annualRate, 2)}
                      <PhoneSub num>{ratePercent(r.dailyRate, 4)}</PhoneSub>
                    </td>
                    <td className="num">
                      {amount(r.borrowLimit, language)}
                      <PhoneSub>{r.borrowable ? t('margin.yes') : t('margin.no')}</PhoneSub>
                    </td>
                    <td className="detail-table__wide">{r.borrowable ? t('margin.yes') : t('margin.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {unknown.length > 0 ? (
          <>
            <h3>{t('margin.unknownTitle')}</h3>
            <ul className="margin-unknown" data-testid="margin-unknown">
              {unknown.map((v) => (
                <li key={v.exchange}>
                  {t(`venues.${v.exchange}`)}: {t(`margin.reasons.${v.reason ?? 'no_data'}`, { asset })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section className="detail-page__card" aria-labelledby="fees-title">
        <div className="detail-page__card-head">
          <h2 id="fees-title">{t('fees.title')}</h2>
          <label className="margin-toolbar">
            <span>{t('fees.exchange')}</span>
            <select
              value={feeVenue}
              onChange={(e) => setFeeVenue(e.target.value as VenueId)}
              data-testid="fees-exchange"
            >
              {(
                [
                  'binance',
                  'bybit',
                  'okx',
                  'bitget',
                  'gateio',
                  'huobi',
                  'backpack',
                  'upbit',
                  'bithumb',
                ] as const
              ).map((v) => (
                <option key={v} value={v}>
                  {t(`venues.${v}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="detail-page__meta">{t('fees.lead')}</p>
        <TradingFeesTable exchange={feeVenue} />
      </section>
    </div>
  );
}
