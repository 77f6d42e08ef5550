import type { AnnouncementsResponse, TokenRow, TokensResponse } from '@spreadscope/contracts';
import { formatPercent } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { useSettings } from '../../hooks/use-settings.ts';
import { orNaN, tone } from '../../lib/number-display.ts';
import { venueName } from '../events/announcements-view.tsx';
import { formatKst } from '../events/events-format.ts';
import { tokenPrice } from '../token/token-format.ts';

const MOVERS = 5;
const NOTICES = 6;
const REFRESH_MS = 10_000;

function MoverList({ rows, label, testId }: { rows: readonly TokenRow[]; label: string; testId: string }) {
  const { language, to } = useLocale();
  const [settings] = useSettings();
  return (
    <div className="dash-movers__col" data-testid={testId}>
      <h3 className="dash-panel__subhead">{label}</h3>
      <ol className="dash-list">
        {rows.map((row) => (
          <li key={row.base} className="dash-row">
            <Link className="dash-row__link" to={to(`/token/${row.base}`)}>
              <span className="dash-row__base">{row.base}</span>
              <span className="dash-row__price num">{tokenPrice(row, settings.currency, language)}</span>
              <span className={`dash-row__value num ${tone(row.change24hPercent)}`}>
                {formatPercent(orNaN(row.change24hPercent))}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The biggest 24 h gainers and losers of the token list (spec §3 ranking key percent_change_24h). */
export function DashboardMovers() {
  const { t } = useTranslation();
  const up = useMarketQuery<TokensResponse>(
    '/tokens',
    { sort: 'percent_change_24h', order: 'desc', limit: MOVERS },
    REFRESH_MS,
  );
  const down = useMarketQuery<TokensResponse>(
    '/tokens',
    { sort: 'percent_change_24h', order: 'asc', limit: MOVERS },
    REFRESH_MS,
  );
  const gainers = (up.data?.data ?? []).filter((r) => (r.change24hPercent ?? 0) > 0);
  const losers = (down.data?.data ?? []).filter((r) => (r.change24hPercent ?? 0) < 0);
  return (
    <section className="dash-panel" aria-labelledby="dash-movers" data-testid="dash-movers">
      <div className="dash-panel__head">
        <h2 id="dash-movers">{t('dashboard.moversTitle')}</h2>
      </div>
      {gainers.length === 0 && losers.length === 0 ? (
        <p className="dash-panel__empty">
          {up.isLoading ? t('dashboard.loading') : t('dashboard.moversEmpty')}
        </p>
      ) : (
        <div className="dash-movers">
          <MoverList rows={gainers} label={t('dashboard.gainers')} testId="dash-gainers" />
          <MoverList rows={losers} label={t('dashboard.losers')} testId="dash-losers" />
        </div>
      )}
    </section>
  );
}

/** The latest exchange announcements, each opening the exchange's own page. */
export function DashboardNotices() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const list = useMarketQuery<AnnouncementsResponse>('/announcements', { limit: NOTICES }, 60_000);
  const rows = list.data?.data ?? [];
  return (
    <section className="dash-panel" aria-labelledby="dash-notices" data-testid="dash-notices">
      <div className="dash-panel__head">
        <h2 id="dash-notices">{t('dashboard.noticesTitle')}</h2>
      </div>
      {rows.length === 0 ? (
        <p className="dash-panel__empty">
          {list.error
            ? t('dashboard.failed', { message: list.error.message })
            : list.isLoading
              ? t('dashboard.loading')
              : t('dashboard.noticesEmpty')}
        </p>
      ) : (
        <ul className="dash-list">
          {rows.map((a) => (
            <li key={a.id} className="dash-row dash-row--notice" data-testid="dash-notice">
              <a className="dash-row__link" href={a.url} target="_blank" rel="noopener noreferrer">
                <span className="dash-row__base">{a.title}</span>
                <span className="dash-row__note">
                  {venueName(a.exchange)} · <time className="num">{formatKst(a.date, language)}</time>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="dash-panel__foot">
        <Link to={to('/events')}>{t('dashboard.allNotices')}</Link>
      </p>
    </section>
  );
}
