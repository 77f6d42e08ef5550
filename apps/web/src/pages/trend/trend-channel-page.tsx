import type { ChannelOverviewResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MarketNotFound } from '../../components/market-not-found.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ApiError } from '../../lib/api-client.ts';
import { statusKey } from './channel-table.tsx';
import { MentionTable } from './mention-table.tsx';
import { PostList } from './post-list.tsx';
import { compactCount, dayLabel } from './trend-format.ts';
import { TrendLayout } from './trend-layout.tsx';

const CHANNEL = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

/** /trend/channel/{channel}: one channel's numbers, posts per day, the tokens it names and its latest posts. */
export function TrendChannelPage() {
  const { t } = useTranslation();
  const { channel = '' } = useParams();
  const { language } = useLocale();
  const valid = CHANNEL.test(channel);
  const overview = useMarketQuery<ChannelOverviewResponse>(
    `/telegram/channels/${channel}/overview`,
    {},
    60_000,
    valid,
  );
  if (!valid || (overview.error instanceof ApiError && overview.error.status === 404)) {
    return (
      <MarketNotFound
        title={t('trend.tabs.channels')}
        body={t('trend.notFound')}
        back={{ path: '/trend/channels', label: t('trend.back') }}
      />
    );
  }
  const data = overview.data;
  const c = data?.channel;
  return (
    <TrendLayout
      title={c ? t('trend.channelTitle', { title: c.title, username: c.username }) : `@${channel}`}
      sources={data?.sources}
      testId="trend-channel"
      active="channels"
    >
      {c ? (
        <section className="detail-page__card" aria-labelledby="channel-info-title">
          <div className="detail-page__card-head">
            <h2 id="channel-info-title">{c.title}</h2>
            <a href={c.link} target="_blank" rel="noreferrer noopener">
              {t('trend.open')}
            </a>
          </div>
          {c.description ? <p className="trend-post__text">{c.description}</p> : null}
          <dl className="trend-totals" data-testid="channel-stats">
            <div>
              <dt>{t('trend.columns.subscribers')}</dt>
              <dd className="num">{compactCount(c.members, language)}</dd>
            </div>
            <div>
              <dt>{t('trend.totals.messages')}</dt>
              <dd className="num">{compactCount(c.messages, language)}</dd>
            </div>
            <div>
              <dt>{t('trend.totals.views')}</dt>
              <dd className="num">{compactCount(c.views, language)}</dd>
            </div>
            <div>
              <dt>{t('trend.totals.shares')}</dt>
              <dd className="num">{compactCount(c.shares, language)}</dd>
            </div>
            <div>
              <dt>{t('trend.totals.reactions')}</dt>
              <dd className="num">{compactCount(c.reactions, language)}</dd>
            </div>
            <div>
              <dt>{t('trend.columns.created')}</dt>
              <dd className="num">{dayLabel(c.createdAt, language)}</dd>
            </div>
          </dl>
          {c.status !== 'ok' ? (
            <p role="status" data-testid="channel-status">
              {t(`trend.status.${statusKey(c.status)}`)}
              {c.statusMessage ? ` — ${c.statusMessage}` : ''}
            </p>
          ) : null}
        </section>
      ) : (
        <p role="status">{t('trend.loading')}</p>
      )}
      {data ? (
        <>
          <section className="detail-page__card" aria-labelledby="channel-daily-title">
            <h2 id="channel-daily-title">{t('trend.dailyTitle')}</h2>
            <div className="trend-table-wrap">
              <table className="trend-table" data-testid="channel-daily">
                <tbody>
                  {data.daily.map((d) => (
                    <tr key={d.d}>
                      <td className="num">{dayLabel(d.d, language)}</td>
                      <td className="num">{d.posts}</td>
                      <td className="num">{compactCount(d.views, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="detail-page__card" aria-labelledby="channel-mentions-title">
            <h2 id="channel-mentions-title">{t('trend.channelMentions')}</h2>
            <MentionTable rows={data.mentions} testId="channel-mentions" />
          </section>
          <section className="detail-page__card" aria-labelledby="channel-latest-title">
            <h2 id="channel-latest-title">{t('trend.latestPosts')}</h2>
            <PostList posts={data.latest} />
          </section>
        </>
      ) : null}
    </TrendLayout>
  );
}
