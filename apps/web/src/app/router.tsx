import { ENGLISH_PREFIX, PAGE_ROUTES, type PageRoute } from '@spreadscope/core';
import type { ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccountPage } from '../pages/account-page.tsx';
import { ArbitragePage } from '../pages/arbitrage-page.tsx';
import { ChangePasswordPage } from '../pages/change-password-page.tsx';
import { ExchangesPage } from '../pages/exchanges-page.tsx';
import { ForgotPasswordPage } from '../pages/forgot-password-page.tsx';
import { FundingDetailPage } from '../pages/funding-detail-page.tsx';
import { FundingPage } from '../pages/funding-page.tsx';
import { GoogleLoginPage } from '../pages/google-login-page.tsx';
import { LandingPage } from '../pages/landing-page.tsx';
import { LegalPage } from '../pages/legal-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { LogoutPage } from '../pages/logout-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PremiumDetailPage } from '../pages/premium-detail-page.tsx';
import { PremiumIndexPage } from '../pages/premium-index-page.tsx';
import { PremiumPage } from '../pages/premium-page.tsx';
import { RegisterPage } from '../pages/register-page.tsx';
import { ResetPasswordPage } from '../pages/reset-password-page.tsx';
import { SignupPage } from '../pages/signup-page.tsx';
import { LocaleLayout } from './locale-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Every page of the shared table (core's PAGE_ROUTES, which the server's 404s also follow) and its element. */
const PAGE_ELEMENTS: Record<PageRoute, () => ReactElement> = {
  '': () => <LandingPage />,
  premium: () => <PremiumPage />,
  'premium/:symbol': () => <PremiumDetailPage />,
  'premium-index': () => <PremiumIndexPage />,
  arbitrage: () => <ArbitragePage kind="spot-spot" />,
  'arbitrage/spot-to-perpetual': () => <ArbitragePage kind="spot-perp" />,
  'arbitrage/perpetuals': () => <ArbitragePage kind="perp-perp" />,
  'funding-rate': () => <FundingPage />,
  'funding-rate/:id': () => <FundingDetailPage />,
  exchanges: () => <ExchangesPage />,
  login: () => <LoginPage />,
  'login/google-login': () => <GoogleLoginPage />,
  signup: () => <SignupPage />,
  register: () => <RegisterPage />,
  logout: () => <LogoutPage />,
  'forgot-password': () => <ForgotPasswordPage />,
  'reset-password': () => <ResetPasswordPage />,
  'my/account': () => <AccountPage />,
  'my/account/password': () => <ChangePasswordPage />,
  terms: () => <LegalPage doc="terms" />,
  privacy: () => <LegalPage doc="privacy" />,
};

/** The same pages under each locale: Korean without a prefix, English under /en (spec §2). */
function pages(): RouteObject[] {
  return [
    ...PAGE_ROUTES.map(
      (route): RouteObject =>
        route === ''
          ? { index: true, element: PAGE_ELEMENTS[route]() }
          : { path: route, element: PAGE_ELEMENTS[route]() },
    ),
    { path: '*', element: <NotFoundPage /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: ENGLISH_PREFIX,
      element: <LocaleLayout language="en" />,
      errorElement: <RouteError />,
      children: pages(),
    },
    { path: '/', element: <LocaleLayout language="ko" />, errorElement: <RouteError />, children: pages() },
  ]);
}
