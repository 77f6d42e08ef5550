import type { TelegramChannel } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { compactCount, dayLabel } from './trend-format.ts';

const KNOWN_STATUS = [
  'ok',
  'pending',
  'unavailable',
  'malformed',
  'rate_limited',
  'http_error',
  'network',
] as const;
type KnownStatus = (typeof KNOWN_STATUS)[number];

/** A read status as the screen names it; anything new reads as an HTTP error rather than a raw code. */
export function statusKey(status: string): KnownStatus {
  return (KNOWN_STATUS as readonly string[]).includes(status) ? (status as KnownStatus) : 'http_error';
}

/** Channels with subscribers, last-7-day messages, views, shares, reactions, created date and read status. */
export function ChannelTable({ channels }: { channels: readonly TelegramChannel[] }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  if (channels.length === 0) {
    return (
      <p role="status" className="detail-page__message" data-testid="trend-empty">
        {t('trend.empty')}
      </p>
    );
  }
  return (
    <div className="trend-table-wrap">
      <table className="trend-table" data-testid="channel-table">
        <thead>
          <tr>
            <th>{t('trend.columns.channel')}</th>
            <th className="num">{t('trend.columns.subscribers')}</th>
            <th className="num">{t('trend.columns.messages')}</th>
            <th className="num trend-hide-phone">{t('trend.columns.views')}</th>
            <th className="num trend-hide-phone">{t('trend.columns.shares')}</th>
            <th className="num trend-hide-phone">{t('trend.columns.reactions')}</th>
            <th className="trend-hide-phone">{t('trend.columns.created')}</th>
            <th>{t('trend.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {channels.map((c) => (
            <tr key={c.username} data-testid="channel-row">
              <td>
                <Link to={to(`/trend/channel/${c.username}`)}>{c.title}</Link>
                <div className="detail-page__meta">
                  @{c.username} · {t(`trend.categories.${c.category}`)}
                </div>
              </td>
              <td className="num">{compactCount(c.members, language)}</td>
              <td className="num">{compactCount(c.messages, language)}</td>
              <td className="num trend-hide-phone">{compactCount(c.views, language)}</td>
              <td className="num trend-hide-phone">{compactCount(c.shares, language)}</td>
              <td className="num trend-hide-phone">{compactCount(c.reactions, language)}</td>
              <td className="trend-hide-phone num">{dayLabel(c.createdAt, language)}</td>
              <td title={c.statusMessage ?? undefined} data-status={c.status}>
                {t(`trend.status.${statusKey(c.status)}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
