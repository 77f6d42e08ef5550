import type { ExchangesOverviewResponse } from '@spreadscope/contracts';
import { formatClock } from '@spreadscope/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CapabilityMatrix } from '../components/capability-matrix.tsx';
import { ExchangeTable } from '../components/exchange-table.tsx';
import { ForexStatus, LiveFailures } from '../components/forex-status.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { useVenueConnections } from '../hooks/use-venue-connections.ts';
import { connectionSummary, groupByRegion } from '../lib/exchange-health.ts';
import './exchanges-page.css';

/** /exchanges: every venue's connection, feed by feed, and what each venue publishes and how it is read. */
export function ExchangesPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentTitle(t('exchanges.title'));
  const query = useVenueConnections();
  const venues = query.data?.venues ?? [];
  const summary = connectionSummary(venues);
  const overview = useMarketQuery<ExchangesOverviewResponse>('/exchanges/overview', {}, 15_000);
  const summaries = useMemo(
    () => new Map((overview.data?.venues ?? []).map((v) => [v.id, v] as const)),
    [overview.data],
  );
  return (
    <div className="exchanges" data-testid="exchanges-page">
      <header className="exchanges__header">
        <h1>{t('exchanges.title')}</h1>
        <p className="exchanges__lead">{t('exchanges.lead')}</p>
        {query.data ? (
          <p className="exchanges__summary" data-testid="exchanges-summary">
            <strong>{t('exchanges.summary', summary)}</strong>
            <span className="exchanges__muted">
              {' · '}
              {t(`status.dataSource.${query.data.dataSource.mode}`)}
              {' · '}
              {t('exchanges.checked', { time: formatClock(query.data.serverTime, language) })}
            </span>
          </p>
        ) : null}
        {query.data?.forex ? <ForexStatus forex={query.data.forex} /> : null}
      </header>
      {query.data?.liveFailures && query.data.liveFailures.length > 0 ? (
        <LiveFailures failures={query.data.liveFailures} />
      ) : null}
      {query.isPending ? <p className="exchanges__muted">{t('exchanges.loading')}</p> : null}
      {query.isError ? (
        <p role="alert" className="exchanges__error">
          {t('exchanges.error', { message: query.error.message })}
        </p>
      ) : null}
      {groupByRegion(venues).map((group) => (
        <section
          key={group.region}
          className="exchanges__section"
          aria-label={t(`exchanges.regions.${group.region}`)}
        >
          <ExchangeTable
            title={t(`exchanges.regions.${group.region}`)}
            venues={group.venues}
            summaries={summaries}
          />
        </section>
      ))}
      {venues.length > 0 ? (
        <section className="exchanges__section" aria-labelledby="capabilities-title">
          <h2 id="capabilities-title">{t('exchanges.capabilitiesTitle')}</h2>
          <p className="exchanges__muted">{t('exchanges.capabilitiesLead')}</p>
          <CapabilityMatrix venues={venues} />
        </section>
      ) : null}
    </div>
  );
}
