import { ENGLISH_PREFIX, PAGE_ROUTES, type PageRoute } from '@spreadscope/core';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { LocaleLayout } from './locale-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Each page is its own chunk, loaded when its route is first visited: the premium table does not download the
 * chart library, the account forms or the funding heatmap. `Component` names the page's export.
 */
const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K): RouteObject['lazy'] =>
  async () => ({ Component: (await load())[name] });

const arbitrage =
  (kind: 'spot-spot' | 'spot-perp' | 'perp-perp'): RouteObject['lazy'] =>
  async () => {
    const { ArbitragePage } = await import('../pages/arbitrage-page.tsx');
    return { Component: () => <ArbitragePage kind={kind} /> };
  };

const alerts =
  (tab: 'list' | 'history' | 'settings'): RouteObject['lazy'] =>
  async () => {
    const { AlertsPage } = await import('../pages/alerts/alerts-page.tsx');
    return { Component: () => <AlertsPage tab={tab} /> };
  };

const legal =
  (doc: 'terms' | 'privacy'): RouteObject['lazy'] =>
  async () => {
    const { LegalPage } = await import('../pages/legal-page.tsx');
    return { Component: () => <LegalPage doc={doc} /> };
  };

/** Every page of the shared table (core's PAGE_ROUTES, which the server's 404s also follow) and its chunk. */
const PAGE_CHUNKS: Record<PageRoute, RouteObject['lazy']> = {
  '': page(() => import('../pages/landing-page.tsx'), 'LandingPage'),
  premium: page(() => import('../pages/premium-page.tsx'), 'PremiumPage'),
  dashboard: page(() => import('../pages/dashboard/dashboard-page.tsx'), 'DashboardPage'),
  'premium/:symbol': page(() => import('../pages/premium-detail-page.tsx'), 'PremiumDetailPage'),
  'premium-index': page(() => import('../pages/premium-index-page.tsx'), 'PremiumIndexPage'),
  arbitrage: arbitrage('spot-spot'),
  'arbitrage/spot-to-perpetual': arbitrage('spot-perp'),
  'arbitrage/perpetuals': arbitrage('perp-perp'),
  'funding-rate': page(() => import('../pages/funding-page.tsx'), 'FundingPage'),
  'funding-rate/:id': page(() => import('../pages/funding-detail-page.tsx'), 'FundingDetailPage'),
  exchanges: page(() => import('../pages/exchanges-page.tsx'), 'ExchangesPage'),
  events: page(() => import('../pages/events/events-page.tsx'), 'EventsPage'),
  'token/:id/margin-borrow': page(() => import('../pages/margin/margin-borrow-page.tsx'), 'MarginBorrowPage'),
  derivatives: page(() => import('../pages/margin/derivatives-page.tsx'), 'DerivativesPage'),
  'exchanges/:exchange': page(
    () => import('../pages/exchange-detail/exchange-detail-page.tsx'),
    'ExchangeDetailPage',
  ),
  token: page(() => import('../pages/token/token-list-page.tsx'), 'TokenListPage'),
  'token/:id': page(() => import('../pages/token/token-page.tsx'), 'TokenPage'),
  login: page(() => import('../pages/login-page.tsx'), 'LoginPage'),
  'login/google-login': page(() => import('../pages/google-login-page.tsx'), 'GoogleLoginPage'),
  signup: page(() => import('../pages/signup-page.tsx'), 'SignupPage'),
  register: page(() => import('../pages/register-page.tsx'), 'RegisterPage'),
  logout: page(() => import('../pages/logout-page.tsx'), 'LogoutPage'),
  'forgot-password': page(() => import('../pages/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  'reset-password': page(() => import('../pages/reset-password-page.tsx'), 'ResetPasswordPage'),
  'my/account': page(() => import('../pages/account-page.tsx'), 'AccountPage'),
  'my/account/password': page(() => import('../pages/change-password-page.tsx'), 'ChangePasswordPage'),
  'my/maxi': page(() => import('../pages/api/my-maxi-page.tsx'), 'MyMaxiPage'),
  api: page(() => import('../pages/api/api-page.tsx'), 'ApiPage'),
  'maxi-api': page(() => import('../pages/api/api-page.tsx'), 'ApiPage'),
  'my/subscription': page(() => import('../pages/billing/subscription-page.tsx'), 'SubscriptionPage'),
  'my/coupons': page(() => import('../pages/billing/coupons-page.tsx'), 'CouponsPage'),
  'my/referrals': page(() => import('../pages/billing/referrals-page.tsx'), 'ReferralsPage'),
  pricing: page(() => import('../pages/billing/pricing-page.tsx'), 'PricingPage'),
  alerts: alerts('list'),
  'alerts/new': page(() => import('../pages/alerts/alert-form-page.tsx'), 'AlertFormPage'),
  'alerts/edit/:id': page(() => import('../pages/alerts/alert-form-page.tsx'), 'AlertFormPage'),
  'alerts/history': alerts('history'),
  'alerts/settings': alerts('settings'),
  terms: legal('terms'),
  privacy: legal('privacy'),
  partnership: page(() => import('../pages/info/partnership-page.tsx'), 'PartnershipPage'),
  'contact-us': page(() => import('../pages/info/contact-page.tsx'), 'ContactPage'),
  'about-datamaxi': page(() => import('../pages/info/about-product-page.tsx'), 'AboutProductPage'),
  'about-bisonai': page(() => import('../pages/info/about-operator-page.tsx'), 'AboutOperatorPage'),
  promotion: page(() => import('../pages/info/promotion-page.tsx'), 'PromotionPage'),
  dataset: page(() => import('../pages/dataset/dataset-page.tsx'), 'DatasetPage'),
  'listing-arbitrage': page(() => import('../pages/listing/listing-page.tsx'), 'ListingPage'),
  'listing-arbitrage/history': page(
    () => import('../pages/listing/listing-history-page.tsx'),
    'ListingHistoryPage',
  ),
  'listing-arbitrage/:listing': page(
    () => import('../pages/listing/listing-detail-page.tsx'),
    'ListingDetailPage',
  ),
  'listing-arbitrage/:listing/deposit': page(
    () => import('../pages/listing/listing-deposit-page.tsx'),
    'ListingDepositPage',
  ),
  trend: page(() => import('../pages/trend/trend-overview-page.tsx'), 'TrendOverviewPage'),
  'trend/overview': page(() => import('../pages/trend/trend-overview-page.tsx'), 'TrendOverviewPage'),
  'trend/channels': page(() => import('../pages/trend/trend-channels-page.tsx'), 'TrendChannelsPage'),
  'trend/posts': page(() => import('../pages/trend/trend-posts-page.tsx'), 'TrendPostsPage'),
  'trend/naver-search': page(() => import('../pages/trend/trend-naver-page.tsx'), 'TrendNaverPage'),
  'trend/channel/:channel': page(() => import('../pages/trend/trend-channel-page.tsx'), 'TrendChannelPage'),
  dex: page(() => import('../pages/dex/dex-page.tsx'), 'DexPage'),
};

/** The same pages under each locale: Korean without a prefix, English under /en (spec §2). */
function pages(): RouteObject[] {
  return [
    ...PAGE_ROUTES.map(
      (route): RouteObject =>
        route === '' ? { index: true, lazy: PAGE_CHUNKS[route] } : { path: route, lazy: PAGE_CHUNKS[route] },
    ),
    { path: '*', lazy: page(() => import('../pages/not-found-page.tsx'), 'NotFoundPage') },
  ];
}

/** Both locales' trees of pages (the browser's router and the server's first paint share them). */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: ENGLISH_PREFIX,
      element: <LocaleLayout language="en" />,
      errorElement: <RouteError />,
      children: pages(),
    },
    { path: '/', element: <LocaleLayout language="ko" />, errorElement: <RouteError />, children: pages() },
  ];
}

/**
 * The browser's router, with the page at `location` already loaded: its first render is the page, painted in
 * the same commit that replaces the server's first paint (no empty frame between the two, no fallback).
 */
export async function createAppRouter(location: Location | string = window.location) {
  const routes = appRoutes();
  const lazy = (matchRoutes(routes, location) ?? [])
    .map((match) => match.route)
    .filter((route) => route.lazy);
  await Promise.all(
    lazy.map(async (route) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
