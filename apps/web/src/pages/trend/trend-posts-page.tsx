import type { TelegramPostsResponse } from '@spreadscope/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { PostList } from './post-list.tsx';
import { TrendLayout, TrendPager } from './trend-layout.tsx';

const LIMIT = 30;
const KEYS = { date: 'publishedAt', views: 'views', reactions: 'reactions' } as const;
const TOKEN = /^[A-Za-z0-9]{1,20}$/;

/** /trend/posts: Telegram posts, newest first, filtered by language, token and text. */
export function TrendPostsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category =
    params.get('category') === 'korean' || params.get('category') === 'english' ? params.get('category') : '';
  const token = TOKEN.test(params.get('token') ?? '') ? (params.get('token') ?? '').toUpperCase() : '';
  const search = params.get('search') ?? '';
  const sort = (params.get('sort') ?? 'date') as keyof typeof KEYS;
  const key = KEYS[sort] ?? 'publishedAt';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  const [tokenDraft, setTokenDraft] = useState(token);
  const posts = useMarketQuery<TelegramPostsResponse>(
    '/telegram/posts',
    { category: category ?? '', ...(token ? { token } : {}), search, key, page, limit: LIMIT },
    30_000,
  );
  const update = (changes: Record<string, string | null>) => {
    const copy = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') copy.delete(name);
      else copy.set(name, value);
    }
    if (!('page' in changes)) copy.delete('page');
    setParams(copy, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextToken = tokenDraft.trim();
    update({ search: draft.trim(), token: TOKEN.test(nextToken) ? nextToken.toUpperCase() : null });
  };
  return (
    <TrendLayout
      title={t('trend.tabs.posts')}
      sources={posts.data?.sources}
      testId="trend-posts-page"
      active="posts"
    >
      <section className="detail-page__card" aria-labelledby="trend-posts-title">
        <div className="detail-page__card-head">
          <h2 id="trend-posts-title">
            {t('trend.postsTitle')}
            {posts.data ? (
              <span className="detail-page__meta num">
                {' '}
                · {t('trend.postsOf', { count: posts.data.total })}
              </span>
            ) : null}
          </h2>
          <form className="trend-toolbar" onSubmit={submit}>
            <label>
              <span className="visually-hidden">{t('trend.categoryLabel')}</span>
              <select value={category ?? ''} onChange={(e) => update({ category: e.target.value })}>
                <option value="">{t('trend.categories.all')}</option>
                <option value="korean">{t('trend.categories.korean')}</option>
                <option value="english">{t('trend.categories.english')}</option>
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t('trend.sortLabel')}</span>
              <select
                value={sort}
                onChange={(e) => update({ sort: e.target.value === 'date' ? null : e.target.value })}
              >
                <option value="date">{t('trend.sorts.date')}</option>
                <option value="views">{t('trend.sorts.views')}</option>
                <option value="reactions">{t('trend.sorts.reactions')}</option>
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t('trend.tokenLabel')}</span>
              <input
                value={tokenDraft}
                onChange={(e) => setTokenDraft(e.target.value)}
                placeholder={t('trend.tokenLabel')}
                maxLength={20}
                data-testid="post-token"
              />
            </label>
            <label>
              <span className="visually-hidden">{t('trend.searchLabel')}</span>
              <input
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={t('trend.searchPlaceholder')}
                maxLength={100}
                data-testid="post-search"
              />
            </label>
            <button type="submit" data-testid="post-apply">
              {t('trend.apply')}
            </button>
          </form>
        </div>
        {posts.data ? <PostList posts={posts.data.data} /> : <p role="status">{t('trend.loading')}</p>}
        {posts.data ? (
          <TrendPager
            page={page}
            total={posts.data.total}
            limit={LIMIT}
            onPage={(p) => update({ page: String(p) })}
          />
        ) : null}
      </section>
    </TrendLayout>
  );
}
