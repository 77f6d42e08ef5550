import type { MessagesOverviewResponse, TelegramOverviewResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ChannelTable } from './channel-table.tsx';
import { MentionTable } from './mention-table.tsx';
import { compactCount } from './trend-format.ts';
import { TrendLayout } from './trend-layout.tsx';

type Window = '1h' | '24h' | '7d';

/** /trend and /trend/overview: Telegram totals, every channel's numbers and the most mentioned tokens. */
export function TrendOverviewPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [params, setParams] = useSearchParams();
  const raw = params.get('window');
  const window: Window = raw === '1h' || raw === '7d' ? raw : '24h';
  const overview = useMarketQuery<TelegramOverviewResponse>('/telegram/channels/overview', {}, 60_000);
  const mentions = useMarketQuery<MessagesOverviewResponse>(
    '/telegram/messages/overview',
    { window, limit: 30 },
    60_000,
  );
  const totals = overview.data?.totals;
  return (
    <TrendLayout
      title={t('trend.tabs.overview')}
      sources={overview.data?.sources}
      testId="trend-overview"
      active="overview"
    >
      <section className="detail-page__card" aria-labelledby="trend-totals-title">
        <h2 id="trend-totals-title" className="visually-hidden">
          {t('trend.tabs.overview')}
        </h2>
        {totals ? (
          <dl className="trend-totals" data-testid="trend-totals">
            {(['channels', 'subscribers', 'messages', 'views', 'shares', 'reactions'] as const).map((key) => (
              <div key={key} data-testid={`trend-total-${key}`}>
                <dt>{t(`trend.totals.${key}`)}</dt>
                <dd className="num">{compactCount(totals[key], language)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p role="status">{t('trend.loading')}</p>
        )}
      </section>
      <section className="detail-page__card" aria-labelledby="trend-mentions-title">
        <div className="detail-page__card-head">
          <h2 id="trend-mentions-title">{t('trend.mentionsTitle')}</h2>
          <SegmentedControl
            label={t('trend.windowLabel')}
            value={window}
            options={(['1h', '24h', '7d'] as const).map((w) => ({
              value: w,
              label: t(`trend.columns.${w === '1h' ? 'h1' : w === '24h' ? 'h24' : 'd7'}`),
              testId: `trend-window-${w}`,
            }))}
            onChange={(next) => {
              const copy = new URLSearchParams(params);
              if (next === '24h') copy.delete('window');
              else copy.set('window', next);
              setParams(copy, { replace: true });
            }}
          />
        </div>
        <MentionTable rows={mentions.data?.data ?? []} testId="mention-table" />
      </section>
      <section className="detail-page__card" aria-labelledby="trend-channels-title">
        <h2 id="trend-channels-title">{t('trend.channelsTitle')}</h2>
        <ChannelTable channels={overview.data?.channels ?? []} />
      </section>
    </TrendLayout>
  );
}
