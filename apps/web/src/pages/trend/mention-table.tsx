import type { TokenMentions } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';

/** Tokens by Telegram mentions: rank, 1 h / 24 h / 7 d counts, 24 h against the usual day. */
export function MentionTable({ rows, testId }: { rows: readonly TokenMentions[]; testId: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  if (rows.length === 0) {
    return (
      <p role="status" className="detail-page__message">
        {t('trend.empty')}
      </p>
    );
  }
  return (
    <div className="trend-table-wrap">
      <table className="trend-table" data-testid={testId}>
        <thead>
          <tr>
            <th className="num">{t('trend.columns.rank')}</th>
            <th>{t('trend.columns.token')}</th>
            <th className="num">{t('trend.columns.h1')}</th>
            <th className="num">{t('trend.columns.h24')}</th>
            <th className="num">{t('trend.columns.d7')}</th>
            <th className="num trend-hide-phone">{t('trend.columns.change')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.base} data-testid="mention-row">
              <td className="num">{m.rank}</td>
              <td>
                <Link to={to(`/trend/posts?token=${m.base}`)}>{m.base}</Link>
              </td>
              <td className="num">{m.h1}</td>
              <td className="num">{m.h24}</td>
              <td className="num">{m.d7}</td>
              <td className="num trend-hide-phone">{m.change === null ? '—' : `×${m.change.toFixed(1)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
