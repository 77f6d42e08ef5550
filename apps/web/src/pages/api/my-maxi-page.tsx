import type { ApiUsageResponse, SessionUser } from '@spreadscope/contracts';
import { hasFeature, isPlan, PLAN_NAMES } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../auth/account-api.ts';
import { ApiKeysSection } from '../../auth/api-keys-section.tsx';
import { errorText } from '../../auth/error-text.ts';
import { RequireSession } from '../../auth/require-session.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import '../../auth/auth.css';
import '../legal-page.css';
import './api-page.css';

/** /my/maxi (spec §2 my page): the month's API credits, calls per endpoint per day, and the keys. */
export function MyMaxiPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('myMaxi.title'));
  return <RequireSession>{(user) => <Usage user={user} />}</RequireSession>;
}

function Usage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const number = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US');
  const usage = useQuery({
    queryKey: ['api-usage', user.id],
    queryFn: () => callApi<ApiUsageResponse>('GET', '/account/api-usage', language),
    refetchInterval: 15_000,
  });
  const plan = isPlan(user.plan) ? user.plan : 'free';
  const data = usage.data;
  const byDay = data ? groupByDay(data.days) : [];
  const peak = Math.max(1, ...byDay.map((d) => d.calls));
  return (
    <article className="legal-page api-page" data-testid="my-maxi" aria-labelledby="my-maxi-title">
      <header className="legal-page__head">
        <h1 id="my-maxi-title">{t('myMaxi.title')}</h1>
        {data && <p className="legal-page__lead">{t('myMaxi.lead', { month: data.month })}</p>}
        <p className="api-page__links">
          <Link to={to('/api')}>{t('myMaxi.about')}</Link>
        </p>
      </header>
      {!hasFeature(plan, 'api') && (
        <p data-testid="my-maxi-no-api">{t('myMaxi.noApi', { plan: PLAN_NAMES[plan] })}</p>
      )}
      {usage.isPending && <p>{t('myMaxi.loading')}</p>}
      {usage.isError && <p role="alert">{t('myMaxi.error', { message: errorText(usage.error, t) })}</p>}
      {data && (
        <section className="legal-page__section" aria-labelledby="my-maxi-credits">
          <h2 id="my-maxi-credits">{t('myMaxi.creditsUsed')}</h2>
          <p className="api-page__usage" data-testid="my-maxi-credits">
            <strong>
              {data.creditsAllowance === null
                ? t('myMaxi.unmetered', { used: number.format(data.creditsUsed) })
                : t('myMaxi.ofAllowance', {
                    used: number.format(data.creditsUsed),
                    allowance: number.format(data.creditsAllowance),
                  })}
            </strong>
            <span>{t('myMaxi.renews', { date: data.renewsOn })}</span>
            {data.ratePerMinute > 0 && (
              <span>{t('myMaxi.rate', { rate: number.format(data.ratePerMinute) })}</span>
            )}
          </p>
        </section>
      )}
      {data && (
        <section className="legal-page__section" aria-labelledby="my-maxi-calls">
          <h2 id="my-maxi-calls">{t('myMaxi.callsTitle')}</h2>
          {data.days.length === 0 ? (
            <p data-testid="my-maxi-empty">{t('myMaxi.empty')}</p>
          ) : (
            <div className="api-page__scroll">
              <table className="api-page__table" data-testid="my-maxi-calls">
                <thead>
                  <tr>
                    <th scope="col">{t('myMaxi.day')}</th>
                    <th scope="col">{t('myMaxi.endpoint')}</th>
                    <th scope="col">{t('myMaxi.calls')}</th>
                    <th scope="col">{t('myMaxi.creditsColumn')}</th>
                  </tr>
                </thead>
                <tbody>
                  {byDay.flatMap((day) =>
                    day.rows.map((row, i) => (
                      <tr key={`${day.day}${row.endpoint}`}>
                        <th scope="row">{i === 0 ? day.day : ''}</th>
                        <td>
                          <code>{row.endpoint}</code>
                        </td>
                        <td>
                          <span
                            className="api-page__bar"
                            style={{ width: `${Math.round((row.calls / peak) * 80)}px` }}
                            aria-hidden="true"
                          />{' '}
                          {number.format(row.calls)}
                        </td>
                        <td>{number.format(row.credits)}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
      <section className="legal-page__section" aria-labelledby="my-maxi-keys">
        <h2 id="my-maxi-keys">{t('myMaxi.keysTitle')}</h2>
        <ApiKeysSection />
      </section>
    </article>
  );
}

function groupByDay(days: ApiUsageResponse['days']) {
  const map = new Map<string, { day: string; calls: number; rows: ApiUsageResponse['days'] }>();
  for (const row of days) {
    const entry = map.get(row.day) ?? { day: row.day, calls: 0, rows: [] };
    entry.calls = Math.max(entry.calls, row.calls);
    entry.rows.push(row);
    map.set(row.day, entry);
  }
  return [...map.values()].sort((a, b) => b.day.localeCompare(a.day));
}
