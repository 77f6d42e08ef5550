import type { ListingCard } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { formatKst } from '../events/events-format.ts';
import { ListingCalculator } from './listing-calculator.tsx';
import { ListingCardToken } from './listing-card-token.tsx';
import { formatKrw, formatPct, formatSpan, venueName } from './listing-format.ts';

function When({ at, now }: { at: number | null; now: number }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  if (at === null) return <span>{t('listing.field.notAnnounced')}</span>;
  const span = formatSpan(at - now);
  return (
    <span>
      <time dateTime={new Date(at).toISOString()}>{formatKst(at, language)}</time>{' '}
      <span className="listing-card__countdown">
        {at > now ? t('listing.countdown.in', { time: span }) : t('listing.countdown.ago', { time: span })}
      </span>
    </span>
  );
}

function Flag({ value }: { value: boolean | null }) {
  const { t } = useTranslation();
  if (value === null) return <span className="listing-flag">{t('listing.field.unreported')}</span>;
  return (
    <span className={`listing-flag listing-flag--${value ? 'open' : 'closed'}`}>
      {value ? t('listing.field.open') : t('listing.field.closed')}
    </span>
  );
}

/** One listing: status, countdowns, premium, networks and the profit calculator. */
export function ListingCardView({
  card,
  now,
  detail = false,
}: {
  card: ListingCard;
  now: number;
  detail?: boolean;
}) {
  const { t } = useTranslation();
  const { to, language } = useLocale();
  const overseas = card.price.overseas;
  return (
    <article
      className="listing-card"
      data-testid="listing-card"
      data-key={card.key}
      data-status={card.status}
    >
      <header className="listing-card__head">
        <h2 className="listing-card__title">
          {card.base}
          <span className="listing-card__market">
            {venueName(card.exchange)} · {card.quote}
          </span>
        </h2>
        <span className={`listing-status listing-status--${card.status}`} data-testid="listing-status">
          {t(`listing.status.${card.status}`)}
        </span>
      </header>
      <p className="listing-card__meta">
        {card.name ? <span>{card.name}</span> : null}
        <span className="listing-tag">{t(`listing.type.${card.type}`)}</span>
        {card.postponed ? (
          <span className="listing-tag listing-tag--warn">{t('listing.field.postponed')}</span>
        ) : null}
        {card.simulated ? (
          <span className="listing-tag listing-tag--sim">{t('listing.simulated')}</span>
        ) : null}
      </p>
      <dl className="listing-card__facts">
        <dt>{t('listing.field.announced')}</dt>
        <dd>
          <When at={card.announcedAt} now={now} />
        </dd>
        <dt>{t('listing.field.deposit')}</dt>
        <dd>
          {/* The announced time first: an observed one is only when this server first saw it. */}
          {card.depositAt !== null ? (
            <When at={card.depositAt} now={now} />
          ) : card.depositOpenedAt !== null ? (
            <When at={card.depositOpenedAt} now={now} />
          ) : (
            t('listing.field.depositWithin', { time: formatKst(card.depositDeadline, language) })
          )}
        </dd>
        <dt>{t('listing.field.trading')}</dt>
        <dd>
          <When at={card.tradingAt ?? card.tradingStartedAt} now={now} />
        </dd>
        <dt>{t('listing.field.premium')}</dt>
        <dd className="listing-card__premium" data-testid="listing-premium">
          {card.price.premiumPct === null ? '—' : formatPct(card.price.premiumPct)}
        </dd>
        <dt>{t('listing.field.listingPrice')}</dt>
        <dd>{card.price.listingKrw === null ? '—' : formatKrw(card.price.listingKrw, language)}</dd>
        <dt>{t('listing.field.overseas')}</dt>
        <dd>{overseas ? `${formatKrw(overseas.krw, language)} (${venueName(overseas.exchange)})` : '—'}</dd>
      </dl>
      <ListingCardToken card={card} />
      {card.peakPremium ? (
        <p className="listing-card__peak">
          {t('listing.field.peak', {
            pct: formatPct(card.peakPremium.pct),
            time: formatKst(card.peakPremium.at, language),
          })}
        </p>
      ) : null}
      {card.networks.length > 0 ? (
        <table className="listing-networks">
          <caption>{t('listing.field.networks')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('listing.field.network')}</th>
              <th scope="col">{t('listing.field.depositHere', { exchange: venueName(card.exchange) })}</th>
              <th scope="col">
                {t('listing.field.withdrawThere', {
                  exchange: overseas ? venueName(overseas.exchange) : '—',
                })}
              </th>
              <th scope="col">{t('listing.field.withdrawFee')}</th>
            </tr>
          </thead>
          <tbody>
            {card.networks.map((n) => (
              <tr key={n.network}>
                <th scope="row">{n.network}</th>
                <td>
                  <Flag value={n.deposit} />
                </td>
                <td>
                  <Flag value={n.withdraw} />
                </td>
                <td>{n.withdrawFee === null ? '—' : `${n.withdrawFee} ${card.base}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ListingCalculator card={card} />
      <footer className="listing-card__links">
        <a href={card.notice.url} target="_blank" rel="noreferrer noopener">
          {t('listing.field.notice')}
        </a>
        {detail ? null : (
          <Link to={to(`/listing-arbitrage/${card.key}`)} data-testid="listing-detail-link">
            {t('listing.field.detail')}
          </Link>
        )}
      </footer>
    </article>
  );
}
