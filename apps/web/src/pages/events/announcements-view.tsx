import type { Announcement, AnnouncementFilterOptions, AnnouncementsResponse } from '@spreadscope/contracts';
import { getVenue, isVenueId } from '@spreadscope/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SocketContext } from '../../app/contexts.ts';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { formatKst } from './events-format.ts';

const CATEGORIES = ['all', 'listing', 'delisting', 'notice', 'user_events'] as const;
type CategoryTab = (typeof CATEGORIES)[number];
const PAGE_SIZE = 50;

export function venueName(id: string): string {
  return isVenueId(id) ? getVenue(id).name : id;
}

/** The announcements table: category tabs, exchange filter, search, paging; new notices arrive live. */
export function AnnouncementsView() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const queryClient = useQueryClient();
  const socket = useContext(SocketContext);
  const [category, setCategory] = useState<CategoryTab>('all');
  // An exchange page links here with ?exchange=<id>: the list opens filtered to it.
  const [searchParams] = useSearchParams();
  const [exchange, setExchange] = useState(searchParams.get('exchange') ?? '');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [arrived, setArrived] = useState(0);
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  }, 250);

  const params = {
    category: category === 'all' ? undefined : category,
    exchange: exchange || undefined,
    search: search || undefined,
    page,
    limit: PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: ['events', 'announcements', params, language],
    queryFn: ({ signal }) => getJson<AnnouncementsResponse>('/announcements', params, language, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const options = useQuery({
    queryKey: ['events', 'filter-options', language],
    queryFn: ({ signal }) =>
      getJson<AnnouncementFilterOptions>('/announcements/filter-options', {}, language, signal),
    refetchInterval: 300_000,
  });

  // New notices come over the WebSocket as they are stored: the list reloads and marks them.
  useEffect(() => {
    if (!socket) return;
    return socket.subscribe(
      { topic: 'announcements', interval: 'realtime', params: {} },
      {
        onSnapshot: () => {},
        onEvent: (data) => {
          const item = data as Announcement;
          setFresh((previous) => new Set([...previous, item.url]));
          setArrived((n) => n + 1);
          void queryClient.invalidateQueries({ queryKey: ['events'] });
        },
      },
    );
  }, [socket, queryClient]);

  const rows = list.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section className="events__view" aria-label={t('events.views.announcements')}>
      <div className="events__tabs" role="tablist" aria-label={t('events.columns.category')}>
        {CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={category === c}
            className="events__tab"
            data-testid={`category-${c}`}
            onClick={() => {
              setCategory(c);
              setPage(1);
            }}
          >
            {t(`events.categories.${c}`)}
          </button>
        ))}
      </div>
      <div className="events__filters">
        <label className="events__filter">
          <span className="events__filter-label">{t('events.filters.exchange')}</span>
          <select
            value={exchange}
            data-testid="exchange-filter"
            onChange={(e) => {
              setExchange(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('events.filters.allExchanges')}</option>
            {(options.data?.exchanges ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({x.count})
              </option>
            ))}
          </select>
        </label>
        <label className="events__filter events__filter--search">
          <span className="visually-hidden">{t('events.filters.searchLabel')}</span>
          <input
            type="search"
            value={searchInput}
            placeholder={t('events.filters.search')}
            data-testid="events-search"
            maxLength={100}
            onChange={(e) => {
              setSearchInput(e.target.value);
              applySearch.call(e.target.value);
            }}
          />
        </label>
        {arrived > 0 ? (
          <span className="events__live" role="status" data-testid="events-arrived">
            {t('events.newItems', { count: arrived })}
          </span>
        ) : null}
      </div>
      {list.isError ? (
        <p role="alert" className="events__error">
          {t('events.error', { message: list.error.message })}
        </p>
      ) : null}
      {list.isPending ? <p className="events__muted">{t('events.loading')}</p> : null}
      {list.data && rows.length === 0 ? <p className="events__muted">{t('events.empty')}</p> : null}
      {rows.length > 0 ? (
        <ul className="events__list" data-testid="announcements">
          {rows.map((a) => (
            <li
              key={a.url}
              className={`events__item${fresh.has(a.url) ? ' events__item--new' : ''}`}
              data-category={a.category}
            >
              <time className="events__time" dateTime={new Date(a.date).toISOString()}>
                {formatKst(a.date, language)}
              </time>
              <span className="events__exchange">{venueName(a.exchange)}</span>
              <span className={`events__badge events__badge--${a.category}`}>
                {t(`events.categories.${a.category}`)}
              </span>
              <a
                className="events__title"
                href={a.url}
                target="_blank"
                rel="noopener noreferrer"
                title={t('events.openOriginal', { exchange: venueName(a.exchange) })}
              >
                {a.title}
              </a>
              {a.tokens.length > 0 ? <span className="events__tokens">{a.tokens.join(' · ')}</span> : null}
              {a.simulated ? <span className="events__sim">{t('events.simulated')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="events__pager" aria-label={t('events.pageOf', { page, pages })}>
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('events.previous')}
          </button>
          <span>{t('events.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('events.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
