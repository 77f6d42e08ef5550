import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentInView } from '../hooks/use-current-in-view.ts';
import { useLocale } from '../hooks/use-locale.ts';
import './main-nav.css';

/**
 * Product areas in the order traders look for them. Arbitrage, funding and exchanges join this list when
 * their screens land; the nav lays out any number of items on every breakpoint.
 */
const NAV_ITEMS = [
  { path: '/', key: 'nav.home', end: true },
  { path: '/dashboard', key: 'dashboard.nav', end: false },
  { path: '/premium', key: 'nav.premium', end: false },
  { path: '/premium-index', key: 'nav.premiumIndex', end: false },
  { path: '/arbitrage', key: 'nav.arbitrage', end: false },
  { path: '/funding-rate', key: 'nav.fundingRate', end: false },
  { path: '/derivatives', key: 'nav.derivatives', end: false },
  { path: '/exchanges', key: 'nav.exchanges', end: false },
  { path: '/events', key: 'nav.events', end: false },
  { path: '/trend', key: 'trend.nav', end: false },
  { path: '/alerts', key: 'nav.alerts', end: false },
  { path: '/listing-arbitrage', key: 'listing.nav', end: false },
  { path: '/pricing', key: 'nav.pricing', end: false },
] as const;

export function MainNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const list = useRef<HTMLUListElement>(null);
  useCurrentInView(list);
  return (
    <nav aria-label={t('nav.label')} className={`main-nav${className ? ` ${className}` : ''}`}>
      <ul className="main-nav__list" ref={list}>
        {NAV_ITEMS.map((item) => (
          <li key={item.path}>
            <NavLink to={to(item.path)} end={item.end} className="main-nav__link">
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
