// Before any schema is built: the page's CSP allows no eval (see the module).
import './lib/no-eval.ts';
// Global styles first, so component stylesheets (imported by the modules below) override them. The UI font is
// Noto Sans KR: taken from the device where it is installed (installed-font.css, first in --font-sans), else served
// with the app (woff2 slices by unicode-range, font-display: swap), so every machine lays the screens out with the
// same glyph widths instead of whatever sans-serif it has (DejaVu Sans is ~10 % wider).
import '@fontsource-variable/noto-sans-kr';
import './styles/installed-font.css';
import './styles/tokens.css';
import './styles/base.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { SettingsContext, SocketContext } from './app/contexts.ts';
import { createAppRouter } from './app/router.tsx';
import { allows } from './consent/consent.ts';
import { consentStore } from './consent/device-storage.ts';
import { createLoadedI18n } from './i18n/i18n.ts';
import { afterNextPaint } from './lib/after-paint.ts';
import { bootDataSource } from './lib/boot-data.ts';
import { browserStorage } from './lib/browser-storage.ts';
import { languageFromPath, localizePath } from './lib/locale-path.ts';
import { marketStatus } from './lib/market-status.ts';
import { linkPreloadedStyles } from './lib/preloaded-styles.ts';
import { PremiumSocket, socketUrl } from './lib/premium-socket.ts';
import { createSettingsStore } from './lib/settings-store.ts';
import { registerServiceWorker, unregisterServiceWorkers } from './notify/web-push.ts';

// Display settings are functionality storage: kept in memory until the visitor consents (consent/).
const settings = createSettingsStore(browserStorage());

// A returning English reader who opens the bare home page lands in English. Any other address names its
// language explicitly (Korean unprefixed, English under /en, spec §2) and is kept: a shared Korean link must
// open in Korean, whatever the last visit's language.
const path = window.location.pathname;
if (path === '/' && settings.get().language === 'en') {
  const { search, hash } = window.location;
  window.history.replaceState(null, '', `${localizePath(path, 'en')}${search}${hash}`);
}

// The market source came with the page: the simulated-data banner takes its place in the first layout.
const bootSource = bootDataSource();
if (bootSource) marketStatus.report({ dataSource: bootSource });

// An English page waits for its catalogue (preloaded with the HTML): the first render is already in English.
const i18n = await createLoadedI18n(languageFromPath(window.location.pathname));
const socket = new PremiumSocket({
  url: () => socketUrl(window.location, i18n.language),
  onHello: (dataSource) => marketStatus.report({ dataSource }),
});
// Coming back online or to the tab should not wait out a long backoff.
window.addEventListener('online', () => socket.reconnectNow());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') socket.reconnectNow();
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});
const router = await createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

/**
 * The server may have drawn the page into #root (its first paint, inert: nothing there works yet). The first
 * commit replaces that drawing with the live page; from then on the page takes input.
 */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => root?.removeAttribute('inert'), []);
  return children;
}

// A page the server drew is painted before the app renders over it: that render holds the main thread for
// 100-300 ms on a slow phone, and a drawing not painted yet would wait behind it. Its full stylesheets are
// applied only then (they are preloaded), and the app renders once they are in.
if (root.hasAttribute('inert')) await afterNextPaint();
await linkPreloadedStyles();

createRoot(root).render(
  <StrictMode>
    <Live>
      <I18nextProvider i18n={i18n}>
        <SettingsContext value={settings}>
          <SocketContext value={socket}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </SocketContext>
        </SettingsContext>
      </I18nextProvider>
    </Live>
  </StrictMode>,
);

// The service worker shows alerts pushed while no tab is open and makes the app installable (PWA); it caches
// nothing. It is functionality storage: registered after load once the visitor allowed it, removed when they
// withdraw it.
const followServiceWorkerConsent = () => {
  if (allows(consentStore.get(), 'functionality')) registerServiceWorker()?.catch(() => undefined);
  else unregisterServiceWorkers().catch(() => undefined);
};
const afterLoad = () => {
  if (allows(consentStore.get(), 'functionality')) followServiceWorkerConsent();
  consentStore.subscribe(followServiceWorkerConsent);
};
// This module waits for the page's code before it gets here: the load event may be over already.
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
