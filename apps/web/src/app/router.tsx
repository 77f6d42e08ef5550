import { createBrowserRouter, type RouteObject } from 'react-router';
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

/** The same pages under each locale: Korean without a prefix, English under /en (spec §2). */
function pages(): RouteObject[] {
  return [
    { index: true, lazy: page(() => import('../pages/landing-page.tsx'), 'LandingPage') },
    { path: 'premium', lazy: page(() => import('../pages/premium-page.tsx'), 'PremiumPage') },
    { path: 'arbitrage', lazy: arbitrage('spot-spot') },
    { path: 'arbitrage/spot-to-perpetual', lazy: arbitrage('spot-perp') },
    { path: 'arbitrage/perpetuals', lazy: arbitrage('perp-perp') },
    {
      path: 'premium/:symbol',
      lazy: page(() => import('../pages/premium-detail-page.tsx'), 'PremiumDetailPage'),
    },
    {
      path: 'premium-index',
      lazy: page(() => import('../pages/premium-index-page.tsx'), 'PremiumIndexPage'),
    },
    { path: 'funding-rate', lazy: page(() => import('../pages/funding-page.tsx'), 'FundingPage') },
    {
      path: 'funding-rate/:id',
      lazy: page(() => import('../pages/funding-detail-page.tsx'), 'FundingDetailPage'),
    },
    { path: 'exchanges', lazy: page(() => import('../pages/exchanges-page.tsx'), 'ExchangesPage') },
    { path: 'login', lazy: page(() => import('../pages/login-page.tsx'), 'LoginPage') },
    {
      path: 'login/google-login',
      lazy: page(() => import('../pages/google-login-page.tsx'), 'GoogleLoginPage'),
    },
    { path: 'signup', lazy: page(() => import('../pages/signup-page.tsx'), 'SignupPage') },
    { path: 'register', lazy: page(() => import('../pages/register-page.tsx'), 'RegisterPage') },
    { path: 'logout', lazy: page(() => import('../pages/logout-page.tsx'), 'LogoutPage') },
    {
      path: 'forgot-password',
      lazy: page(() => import('../pages/forgot-password-page.tsx'), 'ForgotPasswordPage'),
    },
    {
      path: 'reset-password',
      lazy: page(() => import('../pages/reset-password-page.tsx'), 'ResetPasswordPage'),
    },
    { path: 'my/account', lazy: page(() => import('../pages/account-page.tsx'), 'AccountPage') },
    {
      path: 'my/account/password',
      lazy: page(() => import('../pages/change-password-page.tsx'), 'ChangePasswordPage'),
    },
    { path: '*', lazy: page(() => import('../pages/not-found-page.tsx'), 'NotFoundPage') },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/en', element: <LocaleLayout language="en" />, errorElement: <RouteError />, children: pages() },
    { path: '/', element: <LocaleLayout language="ko" />, errorElement: <RouteError />, children: pages() },
  ]);
}
