import type { BootData, DataSource } from '@spreadscope/contracts';
import type { Language } from '@spreadscope/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AssumedViewportContext, SettingsContext, SocketContext } from '../app/contexts.ts';
import { appRoutes } from '../app/router.tsx';
import { createLoadedI18n } from '../i18n/i18n.ts';
import { provideBootData } from '../lib/boot-data.ts';
import { marketStatus } from '../lib/market-status.ts';
import { PremiumSocket } from '../lib/premium-socket.ts';
import { createSettingsStore } from '../lib/settings-store.ts';

/**
 * The server's first paint of a page (built by `vite build --ssr` into apps/web/dist-ssr, loaded by the server's
 * first-screen.ts): the same components the browser renders, drawn once to HTML from the data the page carries
 * inlined (BootData), so a slow phone shows the table as soon as the HTML is in, before any script has run.
 * The browser does not hydrate it: main.tsx renders the app over it in one commit once its code is in.
 */
export interface FirstPaint {
  /** The viewport width to lay out for: a phone's or a laptop's (the server cannot see the screen). */
  readonly viewportWidth: number;
  readonly boot: BootData;
}

/** Draws one page: synchronous, so the answer cache can hold it per market version like any answer. */
export type PageRenderer = (paint: FirstPaint) => string;

const catalogues = new Map<Language, Promise<i18n>>();
const prepared = new Map<string, Promise<PageRenderer | null>>();
const handler = createStaticHandler(appRoutes());

function loadedI18n(language: Language): Promise<i18n> {
  let loaded = catalogues.get(language);
  if (!loaded) {
    loaded = createLoadedI18n(language);
    catalogues.set(language, loaded);
  }
  return loaded;
}

/**
 * The renderer of the page at `path` (no query) in `language`, its route's code and catalogue loaded once;
 * null when the route answers otherwise (a redirect).
 */
export function preparePage(path: string, language: Language): Promise<PageRenderer | null> {
  const id = `${language} ${path}`;
  let renderer = prepared.get(id);
  if (!renderer) {
    renderer = prepare(path, language);
    prepared.set(id, renderer);
  }
  return renderer;
}

async function prepare(path: string, language: Language): Promise<PageRenderer | null> {
  const i18n = await loadedI18n(language);
  const context = await handler.query(new Request(new URL(path, 'http://first-paint.invalid')));
  if (context instanceof Response) return null;
  return ({ viewportWidth, boot }) => {
    const router = createStaticRouter(handler.dataRoutes, context);
    // Read by the render below, which nothing can interleave with (it is synchronous): one page's data at a time.
    provideBootData(boot);
    if (boot.dataSource) marketStatus.report({ dataSource: boot.dataSource as DataSource });
    // Effects never run on the server: the socket is never opened, the settings never stored.
    const socket = new PremiumSocket({ url: () => '' });
    return renderToString(
      <AssumedViewportContext value={viewportWidth}>
        <I18nextProvider i18n={i18n}>
          <SettingsContext value={createSettingsStore(undefined)}>
            <SocketContext value={socket}>
              <QueryClientProvider client={new QueryClient()}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </QueryClientProvider>
            </SocketContext>
          </SettingsContext>
        </I18nextProvider>
      </AssumedViewportContext>,
    );
  };
}
