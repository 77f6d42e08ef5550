import type { VenueConnection } from '@spreadscope/contracts';
import { formatClock } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketStatus } from '../hooks/use-market-status.ts';
import { useNow } from '../hooks/use-now.ts';
import { useConnectionState } from '../hooks/use-socket.ts';
import { venuesUp } from '../lib/venues-up.ts';
import { HelpPanel } from './help-panel.tsx';
import './status-bar.css';

interface Props {
  readonly venues: readonly VenueConnection[] | undefined;
}

/** The footer as a terminal status line: where prices come from, the live link, and how fresh they are. */
export function StatusBar({ venues }: Props) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const { dataSource, updatedAt } = useMarketStatus();
  const connection = useConnectionState();
  const now = useNow(1_000, connection.status === 'waiting');

  const { up, tracked } = venuesUp(venues);
  const seconds = connection.retryAt ? Math.max(0, Math.ceil((connection.retryAt - now) / 1000)) : 0;

  return (
    <footer className="status-bar" data-testid="status-bar">
      <div className="status-bar__group">
        <span
          className="status-bar__item"
          data-testid="status-data-source"
          data-mode={dataSource?.mode ?? 'unknown'}
        >
          <span className={`status-dot status-dot--${dataSource?.mode ?? 'unknown'}`} aria-hidden="true" />
          {dataSource ? t(`status.dataSource.${dataSource.mode}`) : t('status.waiting')}
        </span>
        {connection.status !== 'idle' ? (
          <span className="status-bar__item" data-testid="status-connection" data-status={connection.status}>
            {connection.status === 'waiting'
              ? t('status.connection.reconnecting', { seconds })
              : t(`status.connection.${connection.status}`)}
          </span>
        ) : null}
        {tracked > 0 ? (
          <span className="status-bar__item status-bar__wide">
            {t('status.venues', { up, total: tracked })}
          </span>
        ) : null}
      </div>
      <div className="status-bar__group">
        {updatedAt ? (
          <span className="status-bar__item num" data-testid="status-updated">
            {t('status.lastUpdate', { time: formatClock(updatedAt, language) })}
          </span>
        ) : null}
        <span className="status-bar__item status-bar__xl">{t('status.disclaimer')}</span>
        <nav className="status-bar__item status-bar__legal" aria-label={t('legal.footerLabel')}>
          <Link to={to('/terms')} data-testid="footer-terms">
            {t('legal.footerTerms')}
          </Link>
          <Link to={to('/privacy')} data-testid="footer-privacy">
            {t('legal.footerPrivacy')}
          </Link>
          <Link to={to('/api')} data-testid="footer-api">
            {t('apiPage.footer')}
          </Link>
        </nav>
      </div>
      <HelpPanel />
    </footer>
  );
}
