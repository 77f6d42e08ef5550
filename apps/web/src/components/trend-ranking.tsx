import type { MessagesOverviewResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { compactCount, risePercent } from '../pages/trend/trend-format.ts';
import './premium-ranking.css';

const SIZE = 10;
/** Mentions are counted from posts read on a schedule of minutes: a minute's refresh is live enough. */
const REFRESH_MS = 60_000;

/**
 * The tokens Korean Telegram channels talk about most over 24 h (the token list's trend rank), each a link to
 * its token page's trend tab. Says so when the Telegram source is off rather than showing an empty list.
 */
export function TrendRanking({ testId = 'trend-ranking' }: { testId?: string }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const query = useMarketQuery<MessagesOverviewResponse>(
    '/telegram/messages/overview',
    { window: '24h', limit: SIZE },
    REFRESH_MS,
  );
  const rows = query.data?.data ?? [];
  const off = query.data?.sources.find((s) => s.source === 'telegram' && s.state === 'off');
  const headingId = `${testId}-title`;
  const empty = query.error
    ? t('dashboard.failed', { message: query.error.message })
    : query.isLoading
      ? t('dashboard.loading')
      : off
        ? t('trendRanking.off')
        : t('trendRanking.empty');
  return (
    <section className="ranking" aria-labelledby={headingId} data-testid={testId}>
      <div className="ranking__head">
        <h2 id={headingId}>{t('trendRanking.title')}</h2>
        <p className="ranking__subtitle">{t('trendRanking.subtitle')}</p>
      </div>
      {rows.length === 0 ? (
        <p className="ranking__empty">{empty}</p>
      ) : (
        <ol className="ranking__list">
          {rows.map((row) => (
            <li key={row.base}>
              <Link
                className="ranking__row"
                to={`${to(`/token/${row.base}`)}?tab=trend`}
                data-testid={`${testId}-row-${row.base}`}
              >
                <span className="ranking__rank num">
                  <span className="visually-hidden">{t('landing.rank')} </span>
                  {row.rank}
                </span>
                <span className="ranking__base">{row.base}</span>
                <span className="ranking__price num">
                  {t('trendRanking.mentions', { n: compactCount(row.h24, language) })}
                </span>
                <span className="ranking__gap num">
                  {risePercent(row.change === null ? null : row.change - 1)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <p className="ranking__foot">
        <Link to={to('/trend/overview')}>{t('trendRanking.more')}</Link>
      </p>
    </section>
  );
}
