import type { ListingCase } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/use-locale.ts';
import { formatKst } from '../events/events-format.ts';
import { formatAmount, formatKrw, formatPct, formatQuotePrice } from './listing-format.ts';
import './listing-history.css';

/**
 * The detail page's case summary (spec §3 Listing historical case): deposits before trading, listing price,
 * first-day high and low, the peak premium and when, the cap change and the opinion leaders' posts. Unknown
 * figures say so rather than show a made-up zero.
 */
export function ListingCaseSummary({ listing }: { listing: ListingCase | undefined }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const unknown = t('listingHistory.summary.unknown');
  const c = listing;
  const price = (v: number | null | undefined) =>
    v === null || v === undefined || !c ? unknown : formatQuotePrice(v, c.quote, language);
  const deposit = c?.totalDepositBeforeTrading;
  const facts: [string, string, string][] = c
    ? [
        [
          'listed-at',
          t('listingHistory.summary.listedAt'),
          c.listedAt === null ? unknown : formatKst(c.listedAt, language, true),
        ],
        ['listing-price', t('listingHistory.summary.listingPrice'), price(c.listingPrice)],
        ['high', t('listingHistory.summary.high'), price(c.high24h)],
        ['low', t('listingHistory.summary.low'), price(c.low24h)],
        [
          'peak',
          t('listingHistory.summary.peak'),
          c.peakPremium
            ? t('listingHistory.summary.peakAt', {
                pct: formatPct(c.peakPremium.pct),
                time: formatKst(c.peakPremium.at, language, true),
              })
            : unknown,
        ],
        [
          'cap-change',
          t('listingHistory.summary.capChange'),
          c.marketCapChange24hPct === null ? unknown : formatPct(c.marketCapChange24hPct),
        ],
        [
          'deposit',
          t('listingHistory.summary.deposit'),
          !deposit
            ? unknown
            : deposit.krw === null
              ? t('listingHistory.summary.depositAmount', {
                  amount: formatAmount(deposit.amount, language),
                  base: c.base,
                })
              : t('listingHistory.summary.depositValue', {
                  amount: formatAmount(deposit.amount, language),
                  base: c.base,
                  krw: formatKrw(deposit.krw, language),
                }),
        ],
      ]
    : [];
  return (
    <section className="listing-case" aria-labelledby="listing-case-title" data-testid="listing-case-summary">
      <h2 id="listing-case-title">
        {t('listingHistory.summary.title')}
        {c?.simulated ? (
          <span className="listing-tag listing-tag--sim"> {t('listingHistory.simulated')}</span>
        ) : null}
      </h2>
      {!c ? <p>{t('listingHistory.summary.none')}</p> : null}
      {c && !c.closed ? <p className="listing-page__sim">{t('listingHistory.summary.openNote')}</p> : null}
      {c ? (
        <dl className="listing-case__facts">
          {facts.map(([id, label, value]) => (
            <div key={id} data-testid={`listing-case-${id}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {c ? (
        <>
          <h3>{t('listingHistory.summary.posts')}</h3>
          {c.posts.length === 0 ? <p>{t('listingHistory.summary.noPosts')}</p> : null}
          <ul className="listing-case__posts" data-testid="listing-case-posts">
            {c.posts.map((p) => (
              <li key={`${p.channel}-${p.publishedAt}`}>
                <span className="listing-case__post-meta">
                  @{p.channel} ·{' '}
                  <time dateTime={new Date(p.publishedAt).toISOString()}>
                    {formatKst(p.publishedAt, language, true)}
                  </time>
                </span>
                <br />
                {p.url ? (
                  <a href={p.url} target="_blank" rel="noopener noreferrer">
                    {p.text}
                  </a>
                ) : (
                  p.text
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
