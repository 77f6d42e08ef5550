import type { PremiumResponse, PremiumRow } from '@spreadscope/contracts';
import { formatPercent, formatPrice, UPDATE_INTERVAL_MS, type VenueId } from '@spreadscope/core';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { useSettings } from '../../hooks/use-settings.ts';
import { getJson } from '../../lib/api-client.ts';
import { orNaN, tone } from '../../lib/number-display.ts';
import { DEFAULT_FILTERS, filtersToSearch } from '../../lib/premium-filters.ts';
import { groupByPair, parsePin } from './pin-keys.ts';

/** A dashboard is glanced at, not traded from: a few seconds behind the table is live enough. */
const MIN_REFRESH_MS = 3_000;

interface PairRequest {
  readonly source: VenueId;
  readonly target: VenueId;
  readonly bases: readonly string[];
}

/** The premium rows of several bases on several venue pairs, one request per pair, refreshed together. */
function usePairRows(requests: readonly PairRequest[]) {
  const { language } = useLocale();
  const [settings] = useSettings();
  const refresh = Math.max(MIN_REFRESH_MS, UPDATE_INTERVAL_MS[settings.interval]);
  const results = useQueries({
    queries: requests.map((r) => {
      const params = {
        source: r.source,
        target: r.target,
        bases: r.bases.join(','),
        currency: settings.currency,
        interval: settings.interval,
        limit: 100,
      };
      return {
        queryKey: ['market', '/premium', params],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          getJson<PremiumResponse>('/premium', params, language, signal),
        refetchInterval: refresh,
      };
    }),
  });
  const rows = results.flatMap((r) => r.data?.data ?? []);
  return { rows, loading: results.some((r) => r.isLoading), error: results.find((r) => r.error)?.error };
}

function HoldingRow({
  row,
  label,
  testId,
  loading,
}: {
  row: PremiumRow | undefined;
  label: string;
  testId: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [settings] = useSettings();
  if (!row) {
    return (
      <li className="dash-row dash-row--missing" data-testid={testId}>
        <span className="dash-row__base">{label}</span>
        <span className="dash-row__note">{loading ? t('dashboard.loading') : t('dashboard.noQuote')}</span>
      </li>
    );
  }
  const query = filtersToSearch({
    ...DEFAULT_FILTERS,
    source: row.source.exchange,
    target: row.target.exchange,
    search: row.base,
  });
  return (
    <li className={`dash-row ${row.stale ? 'dash-row--stale' : ''}`} data-testid={testId}>
      <Link className="dash-row__link" to={`${to('/premium')}?${query.toString()}`}>
        <span className="dash-row__base">{row.base}</span>
        <span className="dash-row__note">
          {t(`venues.${row.source.exchange}`)} → {t(`venues.${row.target.exchange}`)}
          {row.stale ? ` · ${t('dashboard.stale')}` : ''}
        </span>
        <span className="dash-row__price num">
          {formatPrice(orNaN(row.source.price), settings.currency, language)}
        </span>
        <span className={`dash-row__value num ${row.stale ? '' : tone(row.gapPercent)}`} data-testid="gap">
          {formatPercent(orNaN(row.gapPercent))}
        </span>
      </Link>
    </li>
  );
}

/** The signed-in user's pinned rows and owned tokens with their premiums now. */
export function DashboardHoldings({ pins, owned }: { pins: readonly string[]; owned: readonly string[] }) {
  const { t } = useTranslation();
  const parsed = useMemo(() => pins.map(parsePin).filter((p) => p !== null), [pins]);
  const pinRequests = useMemo(() => groupByPair(parsed), [parsed]);
  const ownedRequests = useMemo(
    () =>
      owned.length === 0
        ? []
        : [{ source: DEFAULT_FILTERS.source, target: DEFAULT_FILTERS.target, bases: owned.slice(0, 20) }],
    [owned],
  );
  const pinned = usePairRows(pinRequests);
  const mine = usePairRows(ownedRequests);
  const find = (rows: readonly PremiumRow[], source: VenueId, target: VenueId, base: string) =>
    rows.find((r) => r.base === base && r.source.exchange === source && r.target.exchange === target);
  const source = t(`venues.${DEFAULT_FILTERS.source}`);
  const target = t(`venues.${DEFAULT_FILTERS.target}`);

  return (
    <>
      <section className="dash-panel" aria-labelledby="dash-pins" data-testid="dash-pins">
        <div className="dash-panel__head">
          <h2 id="dash-pins">{t('dashboard.pinsTitle')}</h2>
        </div>
        {parsed.length === 0 ? (
          <p className="dash-panel__empty">{t('dashboard.pinsEmpty')}</p>
        ) : (
          <ul className="dash-list">
            {parsed.map((pin) => (
              <HoldingRow
                key={pin.id}
                row={find(pinned.rows, pin.source, pin.target, pin.base)}
                label={pin.base}
                testId={`dash-pin-${pin.base}`}
                loading={pinned.loading}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="dash-panel" aria-labelledby="dash-owned" data-testid="dash-owned">
        <div className="dash-panel__head">
          <h2 id="dash-owned">{t('dashboard.ownedTitle')}</h2>
          <p className="dash-panel__subtitle">{t('dashboard.ownedSubtitle', { source, target })}</p>
        </div>
        {owned.length === 0 ? (
          <p className="dash-panel__empty">{t('dashboard.ownedEmpty')}</p>
        ) : (
          <ul className="dash-list">
            {owned.map((base) => (
              <HoldingRow
                key={base}
                row={find(mine.rows, DEFAULT_FILTERS.source, DEFAULT_FILTERS.target, base)}
                label={base}
                testId={`dash-owned-${base}`}
                loading={mine.loading}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
