import type { Announcement, CalendarEvent } from '@spreadscope/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { venueName } from './announcements-view.tsx';
import { formatKst } from './events-format.ts';

function useEventsQuery<T>(path: string, params: Record<string, string | number | undefined> = {}) {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['events', path, params, language],
    queryFn: ({ signal }) => getJson<T>(path, params, language, signal),
    refetchInterval: 60_000,
  });
}

function Status({ query }: { query: { isPending: boolean; isError: boolean; error: Error | null } }) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <p role="alert" className="events__error">
        {t('events.error', { message: query.error?.message ?? '' })}
      </p>
    );
  if (query.isPending) return <p className="events__muted">{t('events.loading')}</p>;
  return null;
}

interface TokenUpdateRow {
  readonly e: string;
  readonly m: 'spot' | 'futures';
  readonly b: string;
  readonly q: string;
  readonly t: 'listed' | 'delisted';
  readonly d: number;
}

/** Markets that appeared on or left an exchange's market list. */
export function TokenUpdatesView() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const query = useEventsQuery<{ data: TokenUpdateRow[] }>('/cex/token-updates', { limit: 200 });
  const rows = query.data?.data ?? [];
  return (
    <section className="events__view" aria-label={t('events.views.tokenUpdates')}>
      <Status query={query} />
      {query.data && rows.length === 0 ? <p className="events__muted">{t('events.empty')}</p> : null}
      {rows.length > 0 ? (
        <table className="events__table" data-testid="token-updates">
          <thead>
            <tr>
              <th scope="col">{t('events.columns.time')}</th>
              <th scope="col">{t('events.columns.exchange')}</th>
              <th scope="col">{t('events.columns.market')}</th>
              <th scope="col">{t('events.columns.update')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.e}-${r.b}-${r.q}-${r.t}-${r.d}`}>
                <td className="events__time">{formatKst(r.d, language)}</td>
                <td>{venueName(r.e)}</td>
                <td>
                  <strong>{r.b}</strong>/{r.q}
                </td>
                <td>
                  <span
                    className={`events__badge events__badge--${r.t === 'listed' ? 'listing' : 'delisting'}`}
                  >
                    {t(`events.updates.${r.t}`)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

interface CautionRow {
  readonly exchange: string;
  readonly base: string;
  readonly quote: string;
  readonly level: 'caution' | 'warning';
  readonly reasons: readonly string[];
  readonly since: number;
}

/** Upbit and Bithumb markets flagged now: 유의 (warning) first, then 주의 (caution) with their reasons. */
export function CautionsView() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const query = useEventsQuery<{ data: CautionRow[] }>('/announcements/cautions');
  const rows = query.data?.data ?? [];
  return (
    <section className="events__view" aria-label={t('events.views.cautions')}>
      <Status query={query} />
      {query.data && rows.length === 0 ? <p className="events__muted">{t('events.empty')}</p> : null}
      {rows.length > 0 ? (
        <table className="events__table" data-testid="cautions">
          <thead>
            <tr>
              <th scope="col">{t('events.columns.exchange')}</th>
              <th scope="col">{t('events.columns.market')}</th>
              <th scope="col">{t('events.columns.level')}</th>
              <th scope="col">{t('events.columns.reasons')}</th>
              <th scope="col">{t('events.columns.since')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.exchange}-${r.base}-${r.quote}`}>
                <td>{venueName(r.exchange)}</td>
                <td>
                  <strong>{r.base}</strong>/{r.quote}
                </td>
                <td>
                  <span
                    className={`events__badge events__badge--${r.level === 'warning' ? 'delisting' : 'notice'}`}
                  >
                    {t(`events.levels.${r.level}`)}
                  </span>
                </td>
                <td>
                  {r.reasons
                    .map((reason) => t(`events.reasons.${reason}` as 'events.reasons.price_fluctuations'))
                    .join(', ')}
                </td>
                <td className="events__time">{formatKst(r.since, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** Delisting notices with the trading end their titles name, soonest first. */
export function DelistingsView() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const query = useEventsQuery<{ data: Announcement[] }>('/announcements/delistings');
  const rows = query.data?.data ?? [];
  return (
    <section className="events__view" aria-label={t('events.views.delistings')}>
      <Status query={query} />
      {query.data && rows.length === 0 ? <p className="events__muted">{t('events.empty')}</p> : null}
      {rows.length > 0 ? (
        <table className="events__table" data-testid="delistings">
          <thead>
            <tr>
              <th scope="col">{t('events.columns.tradingEnds')}</th>
              <th scope="col">{t('events.columns.exchange')}</th>
              <th scope="col">{t('events.columns.tokens')}</th>
              <th scope="col">{t('events.columns.title')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.url}>
                <td className="events__time">
                  {a.effectiveAt === null
                    ? t('events.unknownDate')
                    : formatKst(a.effectiveAt, language, true)}
                </td>
                <td>{venueName(a.exchange)}</td>
                <td>{a.tokens.join(', ')}</td>
                <td>
                  <a href={a.url} target="_blank" rel="noopener noreferrer">
                    {a.title}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** Scheduled macro releases from now on, with importance; estimated dates are marked. */
export function CalendarView() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const from = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 86_400_000;
  const query = useEventsQuery<{ data: CalendarEvent[]; feed: { lastError: string | null } }>(
    '/economic-calendar',
    {
      from,
      to: from + 120 * 86_400_000,
    },
  );
  const rows = query.data?.data ?? [];
  return (
    <section className="events__view" aria-label={t('events.views.calendar')}>
      <Status query={query} />
      {query.data?.feed.lastError ? (
        <p role="alert" className="events__error">
          {t('events.calendarFeedError', { message: query.data.feed.lastError })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="events__table" data-testid="calendar">
          <thead>
            <tr>
              <th scope="col">{t('events.columns.time')}</th>
              <th scope="col">{t('events.columns.event')}</th>
              <th scope="col">{t('events.columns.country')}</th>
              <th scope="col">{t('events.columns.importance')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id} data-importance={e.importance}>
                <td className="events__time">{formatKst(e.at, language, true)}</td>
                <td>
                  {e.source === 'feed'
                    ? e.title
                    : t(`events.calendarKinds.${e.kind}` as 'events.calendarKinds.fomc')}
                  {e.status !== 'confirmed' ? (
                    <span className="events__muted"> ({t(`events.status.${e.status}`)})</span>
                  ) : null}
                </td>
                <td>{e.country}</td>
                <td>
                  <span className={`events__importance events__importance--${e.importance}`}>
                    {t(`events.importance.${e.importance}`)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
