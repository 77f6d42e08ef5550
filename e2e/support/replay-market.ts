import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { writeSimulatedTape } from './sim-tape.ts';

/**
 * The product on a replayed simulator tape that has ended: prices stand still, so what a page shows can be
 * compared with what the API answers.
 */
export interface ReplayMarket {
  readonly server: ServerProcess;
  readonly browser: Browser;
  open(path: string, options?: OpenOptions): Promise<Page>;
  api<T>(path: string): Promise<{ status: number; body: T }>;
  /** Whether the server answers a front API route at all (routes land as the engine issue grows). */
  serves(path: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  readonly width?: number;
  readonly height?: number;
  readonly settings?: Record<string, string>;
  readonly storage?: Record<string, string>;
  /** The stored cookie-consent choice; default every category allowed, null for none (a first visit). */
  readonly consent?: Record<string, unknown> | null;
}

export async function startReplayMarket(seconds = 20): Promise<ReplayMarket> {
  const tape = await writeSimulatedTape(seconds);
  const [server, browser] = await Promise.all([
    startServerProcess({ MARKET_SOURCE: `replay:${tape}`, REPLAY_SPEED: '0' }),
    launchChromium(),
  ]);
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${server.url}/api/v1/front/exchanges/connection`);
    const body = (await res.json()) as { dataSource: { reason: string | null } };
    if (body.dataSource.reason?.startsWith('tape ended')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    server,
    browser,
    async open(path, options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        timezoneId: 'Asia/Seoul',
      });
      // Suites about other screens start as a returning visitor who allowed every storage category, as before
      // the consent dialog existed (their choices persist across reloads); `consent: null` is a first visit.
      const consent =
        options.consent === undefined
          ? { functionality: true, performance: true, targeting: true, decidedAt: Date.now() }
          : options.consent;
      const stored: Record<string, string> = {
        ...(consent ? { 'spreadscope.consent.v1': JSON.stringify(consent) } : {}),
        ...(options.storage ?? {}),
      };
      if (options.settings) stored['spreadscope.settings.v1'] = JSON.stringify(options.settings);
      if (Object.keys(stored).length > 0) {
        // Only on the first load: a reload must find what the page itself saved.
        await context.addInitScript((entries) => {
          if (sessionStorage.getItem('e2e-seeded')) return;
          sessionStorage.setItem('e2e-seeded', '1');
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, stored);
      }
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      return page;
    },
    async api<T>(path: string) {
      const res = await fetch(`${server.url}/api/v1/front${path}`);
      return { status: res.status, body: (await res.json()) as T };
    },
    async serves(path: string) {
      const res = await fetch(`${server.url}/api/v1/front${path}`);
      const body = (await res.json().catch(() => ({}))) as { error?: string; param?: string };
      return !(res.status === 404 && body.error === 'not_found' && body.param === undefined);
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
