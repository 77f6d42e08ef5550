import type {
  CandidateReasonDto,
  ListingCandidateDto,
  ListingPredictedResponse,
} from '@spreadscope/contracts';
import { CANDIDATE_TARGETS, type CandidateTarget, formatCompact } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { formatKst } from '../events/events-format.ts';

const PAGE = 30;

/** The candidates for one venue, refreshed every minute (their reasons move with markets and trends). */
function useCandidates(exchange: CandidateTarget, limit: number, enabled: boolean) {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['listing', 'predicted', exchange, limit, language],
    queryFn: ({ signal }) =>
      getJson<ListingPredictedResponse>('/listing/predicted', { exchange, limit }, language, signal),
    enabled,
    refetchInterval: 60_000,
    placeholderData: (previous) => (previous?.exchange === exchange ? previous : undefined),
  });
}

/** One reason in words, from its numbers. */
function ReasonText({ reason, target }: { reason: CandidateReasonDto; target: CandidateTarget }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  switch (reason.kind) {
    case 'korean_listing': {
      const params = { exchange: t(`venues.${reason.exchange}`), quotes: reason.quotes.join(', ') };
      return reason.since === null
        ? t('listingPredicted.reason.koreanListing', params)
        : t('listingPredicted.reason.koreanListingSince', {
            ...params,
            date: formatKst(reason.since, language, true),
          });
    }
    case 'overseas_volume': {
      const volume = formatCompact(reason.volumeUsd, 'USD', language);
      return reason.venues === 1
        ? t('listingPredicted.reason.overseasVolumeOne', { volume })
        : t('listingPredicted.reason.overseasVolume', { volume, count: reason.venues });
    }
    case 'networks':
      return t('listingPredicted.reason.networks', {
        networks: reason.networks.join(', '),
        exchange: t(`venues.${target}`),
      });
    case 'telegram_mentions':
      return reason.ratio === null
        ? t('listingPredicted.reason.telegramFirst', { count: reason.h24 })
        : t('listingPredicted.reason.telegram', { ratio: reason.ratio.toFixed(1), count: reason.h24 });
    case 'naver_search':
      return t('listingPredicted.reason.naver', { pct: Math.round(reason.rise * 100) });
  }
}

function CandidateRow({ candidate, target }: { candidate: ListingCandidateDto; target: CandidateTarget }) {
  const { language, to } = useLocale();
  const name =
    language === 'ko' ? (candidate.nameKo ?? candidate.nameEn) : (candidate.nameEn ?? candidate.nameKo);
  return (
    <li className="listing-candidate" data-testid="listing-candidate" data-base={candidate.base}>
      <div className="listing-candidate__head">
        <Link className="listing-candidate__base" to={to(`/token/${candidate.base}`)}>
          {candidate.base}
        </Link>
        {name ? <span className="listing-candidate__name">{name}</span> : null}
      </div>
      <ul className="listing-candidate__reasons">
        {candidate.reasons.map((reason) => (
          <li
            key={reason.kind}
            className={`listing-reason listing-reason--${reason.kind}`}
            data-testid="listing-candidate-reason"
            data-kind={reason.kind}
          >
            <ReasonText reason={reason} target={target} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The "upcoming candidates" of the listing page (spec §2): per target venue, each token with its reasons. */
export function ListingCandidates({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<CandidateTarget>('upbit');
  const [limit, setLimit] = useState(PAGE);
  const query = useCandidates(target, limit, allowed);
  if (!allowed) return null;
  const answer = query.data?.exchange === target ? query.data : undefined;
  const exchange = t(`venues.${target}`);
  return (
    <section
      className="listing-candidates"
      aria-labelledby="listing-candidates-title"
      data-testid="listing-candidates"
    >
      <h2 id="listing-candidates-title">{t('listingPredicted.title')}</h2>
      <p className="listing-page__lead">{t('listingPredicted.lead', { exchange })}</p>
      <div className="listing-candidates__tabs" role="tablist" aria-label={t('listingPredicted.venues')}>
        {CANDIDATE_TARGETS.map((venue) => (
          <button
            key={venue}
            type="button"
            role="tab"
            aria-selected={venue === target}
            className="listing-candidates__tab"
            data-testid={`listing-candidates-${venue}`}
            onClick={() => {
              setTarget(venue);
              setLimit(PAGE);
            }}
          >
            {t(`venues.${venue}`)}
          </button>
        ))}
      </div>
      {answer?.simulated ? (
        <p className="listing-page__sim" data-testid="listing-candidates-simulated">
          {t('listingPredicted.simulated')}
        </p>
      ) : null}
      {answer && !answer.trends.telegram && !answer.trends.naver ? (
        <p className="listing-page__sim">{t('listingPredicted.noTrends')}</p>
      ) : null}
      {!answer && query.isFetching ? <p>{t('listingPredicted.loading')}</p> : null}
      {query.error ? (
        <p role="alert">{t('listingPredicted.failed', { message: query.error.message })}</p>
      ) : null}
      {answer && answer.data.length === 0 ? <p>{t('listingPredicted.empty', { exchange })}</p> : null}
      {answer && answer.data.length > 0 ? (
        <>
          <p className="listing-candidates__count">
            {t('listingPredicted.count', { shown: answer.data.length, total: answer.total })}
          </p>
          <ol className="listing-candidates__list" data-exchange={target}>
            {answer.data.map((c) => (
              <CandidateRow key={c.base} candidate={c} target={target} />
            ))}
          </ol>
          {answer.total > answer.data.length && limit < 200 ? (
            <button type="button" className="button" onClick={() => setLimit((l) => Math.min(200, l + PAGE))}>
              {t('listingPredicted.more')}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
