import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LandingHero } from '../components/landing-hero.tsx';
import { PremiumRanking } from '../components/premium-ranking.tsx';
import { TrendRanking } from '../components/trend-ranking.tsx';
import { VenueStatusPanel } from '../components/venue-status-panel.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { usePremiumFeed } from '../hooks/use-premium-feed.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { useVenueConnections } from '../hooks/use-venue-connections.ts';
import { DEFAULT_FILTERS, toApiParams } from '../lib/premium-filters.ts';
import { discountRanking, premiumRanking } from '../lib/row-order.ts';
import { LandingPricing } from './billing/landing-pricing.tsx';
import { ContactForm } from './info/contact-form.tsx';
import './landing-page.css';

const HERO_BASE = 'BTC';
const RANKING_SIZE = 10;
const DISCOUNT_SIZE = 5;
/** Fetch a margin beyond the ranking size: stale rows are dropped before ranking. */
const RANKING_FETCH = 40;
/** The other screens, each with a line on what a trader finds there. */
const MORE = [
  { key: 'arbitrage', path: '/arbitrage' },
  { key: 'fundingRate', path: '/funding-rate' },
  { key: 'premiumIndex', path: '/premium-index' },
  { key: 'exchanges', path: '/exchanges' },
] as const;
/** Products that arrived after the landing's first list; their copy lives with the dashboard's. */
const PRODUCTS = [
  { key: 'tokens', path: '/token' },
  { key: 'trend', path: '/trend/overview' },
  { key: 'alerts', path: '/alerts' },
  { key: 'listing', path: '/listing-arbitrage' },
  { key: 'dashboard', path: '/dashboard' },
] as const;

/** `/`: the headline premium, the Kimchi premium ranking and what the product is, all live. */
export function LandingPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [settings] = useSettings();
  useDocumentTitle(t('titles.home'));

  const { currency, interval } = settings;
  const heroParams = useMemo(
    () => toApiParams({ ...DEFAULT_FILTERS, search: HERO_BASE }, currency, interval, 10),
    [currency, interval],
  );
  const topParams = useMemo(
    () => toApiParams({ ...DEFAULT_FILTERS, sort: 'gap', order: 'desc' }, currency, interval, RANKING_FETCH),
    [currency, interval],
  );
  const bottomParams = useMemo(
    () => toApiParams({ ...DEFAULT_FILTERS, sort: 'gap', order: 'asc' }, currency, interval, RANKING_FETCH),
    [currency, interval],
  );
  const venues = useVenueConnections();
  const hero = usePremiumFeed(heroParams);
  const top = usePremiumFeed(topParams);
  const bottom = usePremiumFeed(bottomParams);

  const ranking = useMemo(() => premiumRanking(top.data?.data ?? [], RANKING_SIZE), [top.data]);
  const discounts = useMemo(() => discountRanking(bottom.data?.data ?? [], DISCOUNT_SIZE), [bottom.data]);
  const source = t(`venues.${DEFAULT_FILTERS.source}`);
  const target = t(`venues.${DEFAULT_FILTERS.target}`);

  return (
    <div className="landing">
      <div className="landing__grid">
        <div className="landing__main">
          <LandingHero response={hero.data} base={HERO_BASE} currency={currency} />
          <section className="landing__about" aria-labelledby="about-title">
            <h2 id="about-title">{t('landing.aboutTitle')}</h2>
            <p>{t('landing.aboutBody')}</p>
            <ul>
              <li>{t('landing.points.live')}</li>
              <li>{t('landing.points.base')}</li>
              <li>{t('landing.points.open')}</li>
            </ul>
            <h3 className="landing__more-title">{t('landing.moreTitle')}</h3>
            <ul className="landing__more">
              {MORE.map(({ key, path }) => (
                <li key={key}>
                  <Link to={to(path)}>{t(`nav.${key}`)}</Link>
                  <span>{t(`landing.more.${key}`)}</span>
                </li>
              ))}
              {PRODUCTS.map(({ key, path }) => (
                <li key={key}>
                  <Link to={to(path)}>{t(`landingProducts.${key}`)}</Link>
                  <span>{t(`landingProducts.${key}Body`)}</span>
                </li>
              ))}
            </ul>
            <div>
              <Link className="button button--primary" to={to('/premium')} data-testid="cta-premium">
                {t('landing.viewTable')}
              </Link>
            </div>
          </section>
          <VenueStatusPanel venues={venues.data?.venues} />
          <LandingPricing />
          <section className="landing__contact" aria-label={t('site.footer.partnership')}>
            <p>
              <Link to={to('/partnership')}>{t('site.footer.partnership')}</Link>
              {' · '}
              <Link to={to('/contact-us')}>{t('site.footer.contact')}</Link>
            </p>
            <ContactForm testId="landing-contact" />
          </section>
        </div>
        <div className="landing__side">
          <PremiumRanking
            testId="ranking"
            title={t('landing.rankingTitle')}
            subtitle={t('landing.rankingSubtitle', { source, target })}
            rows={ranking}
            emptyText={t('landing.rankingEmpty')}
            loading={top.isLoading}
            currency={currency}
          />
          <PremiumRanking
            testId="discount-ranking"
            title={t('landing.discountTitle')}
            rows={discounts}
            emptyText={t('landing.discountEmpty')}
            loading={bottom.isLoading}
            currency={currency}
          />
          <TrendRanking testId="landing-trend" />
        </div>
      </div>
    </div>
  );
}
