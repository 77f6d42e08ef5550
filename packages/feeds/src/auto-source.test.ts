import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DataSourceState, type MarketEvent, VENUES, type VenueId } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { VenueOverrides } from './common/venue-overrides.ts';
import { createMarketSource } from './create-market-source.ts';
import { closedPort, type FixtureRoutes, serveFixtures, UPBIT_ROUTES } from './live/fixtures/fixture-http.ts';
import type { MarketSource } from './market-source.ts';

const started: MarketSource[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const source of started.splice(0)) await source.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) },
  };
}

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Every venue's REST and WebSocket traffic sent to `baseUrl` (nothing leaves loopback), except the venues
 * not kept, which are disabled.
 */
function everyVenueAt(baseUrl: string, keep?: readonly VenueId[]): VenueOverrides {
  const overrides: VenueOverrides = {};
  const wsUrl = baseUrl.replace(/^http/, 'ws');
  for (const { id } of VENUES) {
    overrides[id] = keep && !keep.includes(id) ? { disabled: true } : { baseUrl, wsUrl };
  }
  return overrides;
}

describe('MARKET_SOURCE=auto', () => {
  it('falls back to the simulator as soon as every live venue has failed', async () => {
    const port = await closedPort();
    const { lines, logger } = recordingLogger();
    const source = createMarketSource({
      spec: 'auto',
      venues: everyVenueAt(`http://127.0.0.1:${port}`),
      forexUrls: [`http://127.0.0.1:${port}/forex`],
      logger,
    });
    started.push(source);
    const states: DataSourceState[] = [];
    source.onStateChange((s) => states.push(s));
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    expect(source.state()).toMatchObject({ mode: 'live', requested: 'auto', reason: null });
    // waitFor gives up after 10 s, well before the 15 s timeout: falling back at all proves it did not wait for
    // the timeout once every venue had been refused.
    await waitFor(() => states.length > 0);
    expect(states).toHaveLength(1);
    const state = source.state();
    expect(state).toMatchObject({ mode: 'simulated', requested: 'auto' });
    // Every venue was refused quickly: the reason says so, instead of claiming a 15 s wait.
    expect(state.reason).toMatch(
      /^every live exchange failed \(all \d+, within [\d.]+ s: upbit: spot-tickers: connection refused by 127\.0\.0\.1:\d+;/,
    );
    expect(state.reason).toMatch(/showing simulated data, trying live again in the background$/);
    expect(lines.some((l) => l.startsWith('warn market source auto: every live exchange failed'))).toBe(true);
    // Each venue's own reason stays available, not only the first three of the summary.
    const failures = source.liveFailures?.() ?? [];
    expect(failures.length).toBeGreaterThan(3);
    expect(failures.find((f) => f.venue === 'binance')?.reason).toMatch(/connection refused by 127\.0\.0\.1/);
    await waitFor(() => events.some((e) => e.type === 'quote'));
    const venues = new Set(events.flatMap((e) => ('venue' in e ? [e.venue] : [])));
    expect(venues.has('kbit')).toBe(true); // only the simulator has Kbit
    expect(source.links().find((l) => l.venue === 'upbit')?.status).toBe('connected');
  });

  it('falls back when nothing answers within the timeout', async () => {
    // A venue that accepts connections and never replies.
    const hanging: Server = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          hanging.closeAllConnections();
          hanging.close(() => resolve());
        }),
    );
    const { port } = hanging.address() as AddressInfo;
    const source = createMarketSource({
      spec: 'auto',
      autoTimeoutMs: 1_500,
      venues: everyVenueAt(`http://127.0.0.1:${port}`, ['upbit']),
      forexUrls: [],
    });
    started.push(source);
    const states: DataSourceState[] = [];
    source.onStateChange((s) => states.push(s));
    const began = Date.now();
    await source.start(() => {});
    await waitFor(() => states.length > 0);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_400);
    expect(source.state()).toEqual({
      mode: 'simulated',
      requested: 'auto',
      since: expect.any(Number),
      reason:
        'no live exchange answered within 1.5 s; showing simulated data, trying live again in the background',
    });
  });

  it('stays live when a venue answers', async () => {
    const server = await serveFixtures(UPBIT_ROUTES);
    cleanups.push(() => server.close());
    const source = createMarketSource({
      spec: 'auto',
      autoTimeoutMs: 2_500,
      venues: everyVenueAt(server.url, ['upbit']),
      forexUrls: [],
    });
    started.push(source);
    const states: DataSourceState[] = [];
    source.onStateChange((s) => states.push(s));
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    await waitFor(() => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(states).toEqual([]);
    expect(source.state()).toMatchObject({ mode: 'live', requested: 'auto', reason: null });
    expect(new Set(events.map((e) => ('venue' in e ? e.venue : e.type)))).toEqual(new Set(['upbit']));
    // The fixture server speaks HTTP only: Upbit's stream fails and REST polling carries its prices.
    const upbit = source.links().find((l) => l.venue === 'upbit');
    expect(upbit?.status).toBe('degraded');
    expect(upbit?.feeds?.find((f) => f.feed === 'spot-tickers')?.via).toBe('rest');
    expect(source.links().find((l) => l.venue === 'binance')?.status).toBe('disabled');
  });

  it('keeps trying live in the background and switches back when a venue answers', async () => {
    let up = false;
    const routes: FixtureRoutes = Object.fromEntries(
      Object.entries(UPBIT_ROUTES).map(([path, answer]) => [
        path,
        (url: URL, body: string) =>
          up
            ? typeof answer === 'function'
              ? answer(url, body)
              : answer
            : { status: 503, body: '<html>503</html>', contentType: 'text/html' },
      ]),
    );
    const server = await serveFixtures(routes);
    cleanups.push(() => server.close());
    const { lines, logger } = recordingLogger();
    const source = createMarketSource({
      spec: 'auto',
      // Upbit's 503s mark it down well before this on an idle machine; the margin is for a loaded one (the
      // fallback is immediate once every venue is down, so it costs nothing).
      autoTimeoutMs: 8_000,
      autoRetryMs: 200,
      venues: everyVenueAt(server.url, ['upbit']),
      forexUrls: [],
      logger,
    });
    started.push(source);
    const events: MarketEvent[] = [];
    await source.start((e) => events.push(e));
    await waitFor(() => source.state().mode === 'simulated');
    expect(source.liveFailures?.()).toEqual([
      { venue: 'upbit', reason: expect.stringMatching(/HTTP 503 \(venue server error\) from 127\.0\.0\.1/) },
    ]);
    // Upbit comes back: the next background try finds it and auto switches to live.
    up = true;
    await waitFor(() => source.state().mode === 'live');
    expect(source.state()).toMatchObject({ mode: 'live', requested: 'auto', reason: null });
    expect(
      lines.some((l) => /^info market source auto: live exchanges answer again \(upbit\); switched/.test(l)),
    ).toBe(true);
    expect(source.liveFailures?.()).toEqual([]);
    const switchedAt = events.length;
    await waitFor(() => events.slice(switchedAt).some((e) => e.type === 'quote'));
    // After the switch only live Upbit data flows: nothing from the simulator, even while it stops.
    const venuesAfter = new Set(events.slice(switchedAt).flatMap((e) => ('venue' in e ? [e.venue] : [])));
    expect([...venuesAfter].every((v) => v === 'upbit')).toBe(true);
    // The links are the live source's again: Upbit with its feeds' health.
    expect(
      source
        .links()
        .find((l) => l.venue === 'upbit')
        ?.feeds?.map((f) => f.feed),
    ).toContain('spot-tickers');
  });

  it('simulates at once when every live venue is disabled', async () => {
    const disabled: VenueOverrides = {};
    // kbit has no live adapter: the simulator keeps it.
    for (const { id } of VENUES) if (id !== 'kbit') disabled[id] = { disabled: true };
    const source = createMarketSource({ spec: 'auto', venues: disabled, forexUrls: [] });
    started.push(source);
    const states: DataSourceState[] = [];
    source.onStateChange((s) => states.push(s));
    await source.start(() => {});
    await waitFor(() => states.length > 0, 2_000);
    expect(source.state().reason).toBe('no live exchange is enabled; showing simulated data');
    // Disabled venues stay disabled in the simulator too.
    expect(source.links().find((l) => l.venue === 'upbit')?.status).toBe('disabled');
    expect(source.links().find((l) => l.venue === 'kbit')?.status).toBe('connected');
  });
});
