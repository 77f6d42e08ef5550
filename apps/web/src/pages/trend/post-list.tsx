import type { TelegramPost } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { compactCount, postTime } from './trend-format.ts';

/** Posts as cards: channel, time, text, the tokens it names, views, shares and reactions. */
export function PostList({ posts }: { posts: readonly TelegramPost[] }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  if (posts.length === 0) {
    return (
      <p role="status" className="detail-page__message" data-testid="trend-empty">
        {t('trend.empty')}
      </p>
    );
  }
  return (
    <ul className="trend-posts" data-testid="trend-posts">
      {posts.map((p) => (
        <li key={`${p.channelUsername}/${p.messageId}`} className="trend-post" data-testid="trend-post">
          <div className="trend-post__head">
            <Link to={to(`/trend/channel/${p.channelUsername}`)}>{p.channelTitle}</Link>
            <a href={p.link} target="_blank" rel="noreferrer noopener" className="num">
              {postTime(p.date, language)}
            </a>
          </div>
          <p className="trend-post__text">{p.postText}</p>
          <div className="trend-post__stats num">
            {p.tokens.map((token) => (
              <span key={token} className="trend-chip">
                {token}
              </span>
            ))}
            <span>
              {t('trend.columns.views')} {compactCount(p.views, language)}
            </span>
            <span>
              {t('trend.columns.shares')} {compactCount(p.forwards, language)}
            </span>
            <span>
              {t('trend.columns.reactions')} {compactCount(p.reactions, language)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
