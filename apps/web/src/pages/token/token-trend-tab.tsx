import type { TelegramPostsResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { PostList } from '../trend/post-list.tsx';

const POSTS = 10;

/** The trend tab: the latest Telegram posts naming the token, with links to all of them and its Naver trend. */
export function TokenTrendTab({ token }: { token: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const posts = useMarketQuery<TelegramPostsResponse>(
    '/telegram/posts',
    { token, key: 'publishedAt', page: 1, limit: POSTS },
    30_000,
  );
  return (
    <div className="token-tab" data-testid="token-trend-tab" data-token={token}>
      <h2 className="token-tab__title">{t('tokenDetail.trendTab.title')}</h2>
      <p className="token-tab__message">{t('tokenDetail.trendTab.lead', { token })}</p>
      {posts.data ? (
        <PostList posts={posts.data.data} />
      ) : (
        <p role="status" className="token-tab__message">
          {t('trend.loading')}
        </p>
      )}
      <p className="token-tab__links">
        <Link to={to(`/trend/posts?token=${encodeURIComponent(token)}`)} data-testid="token-trend-all">
          {t('tokenDetail.trendTab.all', { token })}
        </Link>
        {' · '}
        <Link to={to(`/trend/naver-search?symbol=${encodeURIComponent(token)}`)}>
          {t('tokenDetail.trendTab.naver', { token })}
        </Link>
      </p>
    </div>
  );
}
