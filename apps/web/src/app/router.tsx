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

/** The same pages under each locale: Korean without a prefix, English under /en (spec §2). */
function pages(): RouteObject[] {
  return [
    { index: true, element: <LandingPage /> },
    { path: 'premium', element: <PremiumPage /> },
    { path: 'arbitrage', element: <ArbitragePage kind="spot-spot" /> },
    { path: 'arbitrage/spot-to-perpetual', element: <ArbitragePage kind="spot-perp" /> },
    { path: 'arbitrage/perpetuals', element: <ArbitragePage kind="perp-perp" /> },
    { path: 'premium/:symbol', element: <PremiumDetailPage /> },
    { path: 'premium-index', element: <PremiumIndexPage /> },
    { path: 'funding-rate', element: <FundingPage /> },
    { path: 'funding-rate/:id', element: <FundingDetailPage /> },
    { path: 'exchanges', element: <ExchangesPage /> },
    { path: 'login', element: <LoginPage /> },
    { path: 'login/google-login', element: <GoogleLoginPage /> },
    { path: 'signup', element: <SignupPage /> },
    { path: 'register', element: <RegisterPage /> },
    { path: 'logout', element: <LogoutPage /> },
    { path: 'forgot-password', element: <ForgotPasswordPage /> },
    { path: 'reset-password', element: <ResetPasswordPage /> },
    { path: 'my/account', element: <AccountPage /> },
    { path: 'my/account/password', element: <ChangePasswordPage /> },
    { path: 'terms', element: <LegalPage doc="terms" /> },
    { path: 'privacy', element: <LegalPage doc="privacy" /> },
    { path: '*', element: <NotFoundPage /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/en', element: <LocaleLayout language="en" />, errorElement: <RouteError />, children: pages() },
    { path: '/', element: <LocaleLayout language="ko" />, errorElement: <RouteError />, children: pages() },
  ]);
}
