import { forex, quote } from '@spreadscope/core/testing';
import { createAlertsRepository, createHistoryRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { kimchiAlert } from '../../test-support/alert-fixtures.ts';
import type { RecordingNotifier } from '../../test-support/recording-notifier.ts';
import { T0 } from '../../test-support/test-server.ts';
import { AlertEvaluator } from './alert-evaluator.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** Upbit's KRW price of a coin at `premium` % over Binance's USDT price, at 1,400 KRW per dollar. */
const krw = (usdt: number, premium: number) => usdt * 1400 * (1 + premium / 100);

forEachDatabase('alerts on the engine tick', (getDb) => {
  let fx: AccountsFixture;
  let clockAt = T0;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
    fx.server.source.push(forex(T0, 1400));
  });
  afterAll(() => fx.close());

  /**
   * Moves the market on by `ms` with both legs of a coin quoted at a premium, then lets a tick pass (rules see
   * the market as it stands at each tick, 20 ms apart here).
   */
  const market = async (base: string, usdt: number, premium: number, ms = 1000) => {
    clockAt += ms;
    fx.server.source.push(
      forex(clockAt, 1400),
      quote(clockAt, 'binance', base, 'USDT', usdt),
      quote(clockAt, 'upbit', base, 'KRW', krw(usdt, premium)),
    );
    await new Promise((resolve) => setTimeout(resolve, 80));
  };
  const notifier = () => fx.server.notifier as RecordingNotifier;
  const sentFor = (id: string) => notifier().enqueued.filter((n) => n.origin.id === id);

  it('fires once per crossing, hands the message over under alert:<id>:<seq>, and lists it in history', async () => {
    const { client, user } = await signedInUser(fx, 'pro', 'en');
    await market('BTC', 100_000, 1);
    const made = await client.post('/api/v1/alerts', kimchiAlert({ tokens: ['BTC'] }));
    const id = made.body.id as string;
    await fx.server.alerts.evaluator?.refresh();
    await market('BTC', 100_000, 2.5);
    await market('BTC', 100_000, 3.4);
    await market('BTC', 100_000, 3.6);
    await vi.waitFor(() => expect(sentFor(id)).toHaveLength(1), { timeout: 5000 });
    await fx.server.alerts.evaluator?.idle();
    const [sent] = sentFor(id);
    expect(sent).toMatchObject({
      userId: user.id,
      idempotencyKey: `alert:${id}:1`,
      channels: { email: {}, toast: true },
      locale: 'en',
      title: 'BTC 김프 3%',
    });
    expect(sent?.body).toContain('Kimchi premium above 3%');
    // 3.4 or 3.6: both quotes may land before the next tick; either way it is one crossing, told once.
    expect(sent?.body).toMatch(/BTC upbit → binance: price gap \+3\.[46]0% \(above \+3\.00%\)/);

    const history = await client.get('/api/v1/alerts/history');
    expect(history.body.items).toMatchObject([
      { alertId: id, seq: 1, status: 'enqueued', token: 'BTC', pair: 'upbit → binance', deliveries: [] },
    ]);
    const alert = await client.get(`/api/v1/alerts/${id}`);
    expect(alert.body).toMatchObject({ triggerCount: 1, status: 'active' });
    expect(alert.body.lastTriggeredAt).toBeGreaterThan(0);

    // Back under 3 − 0.3, then over again a minute later: a second crossing.
    await market('BTC', 100_000, 2.5, 60_000);
    await market('BTC', 100_000, 3.2);
    await vi.waitFor(
      () => expect(sentFor(id).map((n) => n.idempotencyKey)).toEqual([`alert:${id}:1`, `alert:${id}:2`]),
      {
        timeout: 5000,
      },
    );
    await client.request('DELETE', `/api/v1/alerts/${id}`);
  });

  it('a one-time alert becomes inactive after firing', async () => {
    const { client } = await signedInUser(fx, 'pro', 'ko');
    await market('ETH', 3000, 0);
    const id = (await client.post('/api/v1/alerts', kimchiAlert({ tokens: ['ETH'], frequency: 'once' }))).body
      .id as string;
    await fx.server.alerts.evaluator?.refresh();
    await market('ETH', 3000, 4);
    await vi.waitFor(() => expect(sentFor(id)).toHaveLength(1), { timeout: 5000 });
    await fx.server.alerts.evaluator?.idle();
    expect(sentFor(id)[0]?.body).toContain('가격 차이');
    expect((await client.get(`/api/v1/alerts/${id}`)).body).toMatchObject({
      active: false,
      status: 'inactive',
    });
    await market('ETH', 3000, 0, 120_000);
    await market('ETH', 3000, 5);
    await new Promise((r) => setTimeout(r, 300));
    await fx.server.alerts.evaluator?.idle();
    expect(sentFor(id)).toHaveLength(1);
  });

  it('back-test: counts the crossings the stored minutes hold, in the last 24 h, 7 d and 30 d', async () => {
    const { client } = await signedInUser(fx, 'pro');
    const history = createHistoryRepository(fx.server.database).forMode('simulated');
    const now = fx.clock.now();
    const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
    const bars = [];
    // Premium per minute: 2 %, then above 3 % twice in the last day and once ten days ago.
    const plan: [number, number][] = [
      [now - 10 * 86_400_000, 2],
      [now - 10 * 86_400_000 + 60_000, 3.5],
      [now - 10 * 86_400_000 + 120_000, 2],
      [now - 3_600_000, 2],
      [now - 3_540_000, 3.6],
      [now - 3_480_000, 2.1],
      [now - 600_000, 3.2],
    ];
    for (const [t, premium] of plan) {
      const m = minute(t);
      const base = { market: 'spot' as const, base: 'ADA', minute: m, volume24h: null };
      bars.push({ ...base, venue: 'binance', quote: 'USDT', open: 1, high: 1, low: 1, close: 1 });
      const k = krw(1, premium);
      bars.push({ ...base, venue: 'upbit', quote: 'KRW', open: k, high: k, low: k, close: k });
    }
    await history.writeMinuteBars(bars);
    await history.writeForexBars(
      plan.map(([t]) => ({
        pair: 'USD/KRW',
        minute: minute(t),
        open: 1400,
        high: 1400,
        low: 1400,
        close: 1400,
      })),
    );
    const answer = await client.post(
      '/api/v1/alerts/backtest',
      kimchiAlert({ tokens: ['ADA'], channels: {} }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ supported: true, series: 1 });
    const windows = answer.body.windows as { window: string; fires: number; times: number[] }[];
    expect(windows.map((w) => [w.window, w.fires])).toEqual([
      ['24h', 2],
      ['7d', 2],
      ['30d', 3],
    ]);
    expect(windows[0]?.times).toEqual([minute(now - 3_540_000) + 60_000, minute(now - 600_000) + 60_000]);
    // The back-test checks the rule like a save does (channels aside).
    const bad = await client.post('/api/v1/alerts/backtest', kimchiAlert({ tokens: [] }));
    expect(bad.body).toMatchObject({ param: 'tokens' });
  });

  it('restart between two ticks: state reloaded from the database, the same crossing is not told twice', async () => {
    const { client } = await signedInUser(fx, 'pro');
    await market('XRP', 2, 0);
    const id = (await client.post('/api/v1/alerts', kimchiAlert({ tokens: ['XRP'] }))).body.id as string;
    await fx.server.alerts.evaluator?.refresh();
    await market('XRP', 2, 3.5);
    await vi.waitFor(() => expect(sentFor(id)).toHaveLength(1), { timeout: 5000 });
    // The process ends (one evaluator runs across the cluster; the rest of this suite uses its own).
    await fx.server.alerts.stop();

    // A new process: its own evaluator, reading rules and trigger states from the database.
    const restarted = new AlertEvaluator({
      repo: createAlertsRepository(fx.server.database),
      users: fx.server.accounts.users,
      notifier: notifier(),
      engine: () => fx.server.engine,
      now: () => fx.server.source.now(),
      logger: silent,
    });
    await restarted.start();
    await market('XRP', 2, 3.7, 90_000);
    restarted.onTick();
    await restarted.idle();
    expect(sentFor(id)).toHaveLength(1);
    await market('XRP', 2, 2, 1000);
    restarted.onTick();
    await market('XRP', 2, 3.3, 1000);
    restarted.onTick();
    await restarted.idle();
    expect(sentFor(id).map((n) => n.idempotencyKey)).toContain(`alert:${id}:2`);
    expect(sentFor(id)).toHaveLength(2);
    await restarted.stop();
    await client.request('DELETE', `/api/v1/alerts/${id}`);
  });

  it('a crash between recording a crossing and handing it over: delivered once after the restart', async () => {
    const { client } = await signedInUser(fx, 'pro');
    const evaluator = () =>
      new AlertEvaluator({
        repo: createAlertsRepository(fx.server.database),
        users: fx.server.accounts.users,
        notifier: notifier(),
        engine: () => fx.server.engine,
        now: () => fx.server.source.now(),
        logger: silent,
      });
    await market('SOL', 200, 0);
    const id = (await client.post('/api/v1/alerts', kimchiAlert({ tokens: ['SOL'] }))).body.id as string;
    const crashing = evaluator();
    await crashing.start();
    notifier().failNext = 1;
    await market('SOL', 200, 4);
    crashing.onTick();
    await crashing.idle();
    expect((await client.get('/api/v1/alerts/history')).body.items).toMatchObject([
      { status: 'pending', seq: 1 },
    ]);
    expect(sentFor(id)).toHaveLength(0);
    await crashing.stop();

    const after = evaluator();
    await after.start();
    await after.stop();
    expect(sentFor(id).map((n) => n.idempotencyKey)).toEqual([`alert:${id}:1`]);
    expect((await client.get('/api/v1/alerts/history')).body.items).toMatchObject([
      { status: 'enqueued', seq: 1 },
    ]);
    const again = evaluator();
    await again.start();
    again.onTick();
    await again.stop();
    expect(sentFor(id)).toHaveLength(1);
  });
});
