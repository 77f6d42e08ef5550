import type { TelegramChannelsResponse } from '@spreadscope/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ChannelTable } from './channel-table.tsx';
import { TrendLayout, TrendPager } from './trend-layout.tsx';

const LIMIT = 50;
const SORTS = ['subscribers', 'messages', 'views', 'channelName'] as const;

/** /trend/channels: every followed channel, filtered by language and name, sorted and paged. */
export function TrendChannelsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category =
    params.get('category') === 'korean' || params.get('category') === 'english' ? params.get('category') : '';
  const search = params.get('search') ?? '';
  const key = (SORTS as readonly string[]).includes(params.get('key') ?? '')
    ? (params.get('key') as string)
    : 'subscribers';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  const channels = useMarketQuery<TelegramChannelsResponse>(
    '/telegram/channels',
    {
      category: category ?? '',
      search,
      key,
      sort: key === 'channelName' ? 'asc' : 'desc',
      page,
      limit: LIMIT,
    },
    60_000,
  );
  const set = (name: string, value: string | null) => {
    const copy = new URLSearchParams(params);
    if (value === null || value === '') copy.delete(name);
    else copy.set(name, value);
    if (name !== 'page') copy.delete('page');
    setParams(copy, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set('search', draft.trim());
  };
  return (
    <TrendLayout
      title={t('trend.tabs.channels')}
      sources={channels.data?.sources}
      testId="trend-channels"
      active="channels"
    >
      <section className="detail-page__card" aria-labelledby="trend-channels-title">
        <div className="detail-page__card-head">
          <h2 id="trend-channels-title">{t('trend.channelsTitle')}</h2>
          <form className="trend-toolbar" onSubmit={submit}>
            <label>
              <span className="visually-hidden">{t('trend.categoryLabel')}</span>
              <select
                value={category ?? ''}
                onChange={(e) => set('category', e.target.value)}
                data-testid="channel-category"
              >
                <option value="">{t('trend.categories.all')}</option>
                <option value="korean">{t('trend.categories.korean')}</option>
                <option value="english">{t('trend.categories.english')}</option>
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t('trend.sortLabel')}</span>
              <select value={key} onChange={(e) => set('key', e.target.value)}>
                <option value="subscribers">{t('trend.sorts.subscribers')}</option>
                <option value="messages">{t('trend.sorts.messages')}</option>
                <option value="views">{t('trend.sorts.views')}</option>
                <option value="channelName">{t('trend.columns.channel')}</option>
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t('trend.searchLabel')}</span>
              <input
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                maxLength={100}
                data-testid="channel-search"
              />
            </label>
            <button type="submit">{t('trend.apply')}</button>
          </form>
        </div>
        {channels.data ? (
          <ChannelTable channels={channels.data.data} />
        ) : (
          <p role="status">{t('trend.loading')}</p>
        )}
        {channels.data ? (
          <TrendPager
            page={page}
            total={channels.data.total}
            limit={LIMIT}
            onPage={(p) => set('page', String(p))}
          />
        ) : null}
      </section>
    </TrendLayout>
  );
}
