import type { ExchangesConnectionResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../lib/duration.ts';

type Forex = NonNullable<ExchangesConnectionResponse['forex']>;

/** USD/KRW forex on /exchanges: the rate and where it came from, or why it is failing. */
export function ForexStatus({ forex }: { forex: Forex }) {
  const { t } = useTranslation();
  const rate = forex.rate === null ? null : forex.rate.toFixed(2);
  const age = forex.lastRateAgeMs === null ? null : formatDuration(forex.lastRateAgeMs, t);
  if (forex.status === 'down') {
    return (
      <p role="alert" className="exchanges__error" data-testid="forex-status">
        {t('exchanges.forex.down', { error: forex.lastError ?? '' })}
        {rate !== null && age !== null ? (
          <span className="exchanges__muted">
            {' · '}
            {t('exchanges.forex.lastGood', { rate, source: forex.source ?? '', age })}
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <p className="exchanges__muted" data-testid="forex-status">
      {forex.status === 'connected' && rate !== null && age !== null
        ? t('exchanges.forex.connected', { rate, source: forex.source ?? '', age })
        : t('exchanges.forex.connecting')}
    </p>
  );
}

/** auto on the simulator: why each live exchange failed on the latest try. */
export function LiveFailures({
  failures,
}: {
  failures: NonNullable<ExchangesConnectionResponse['liveFailures']>;
}) {
  const { t } = useTranslation();
  return (
    <section className="exchanges__section" aria-labelledby="live-failures-title" data-testid="live-failures">
      <h2 id="live-failures-title">{t('exchanges.liveFailures.title')}</h2>
      <p className="exchanges__muted">{t('exchanges.liveFailures.lead')}</p>
      <ul className="exchanges__failures">
        {failures.map((f) => (
          <li key={f.venue}>
            <strong>{t(`venues.${f.venue}` as 'venues.upbit')}</strong>: {f.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
