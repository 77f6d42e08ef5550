import type { MarketEvent } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
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

const MINUTE = 60_000;

const wallet = (t: number, asset: string, deposit: boolean): MarketEvent => ({
  t,
  type: 'wallet',
  venue: 'upbit',
  asset,
  network: asset === 'AIT' ? 'ETH' : asset,
  deposit,
  withdraw: true,
});

const aitNotice = (t: number): MarketEvent => ({
  t,
  type: 'notice',
  venue: 'upbit',
  category: 'listing',
  title: '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가',
  summary: '- 지원 네트워크 : Ethereum',
  url: 'https://upbit.com/service_center/notice?id=5731',
  publishedAt: t - MINUTE,
});

/** A wallet-status or listing-arbitrage rule: fired by an event, no threshold needed. */
const eventAlert = (over: Record<string, unknown>) =>
  kimchiAlert({ threshold: null, direction: 'any', ...over });

forEachDatabase('alerts fired by events', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
    fx.server.source.push(forex(T0, 1_400), quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400));
  });
  afterAll(() => fx.close());

  const sentFor = (id: string) =>
    (fx.server.notifier as RecordingNotifier).enqueued.filter((n) => n.origin.id === id);
  /** Waits until the wallet service compared every pushed report (and so told the alerts). */
  const walletsSynced = () =>
    vi.waitFor(() => expect(fx.server.wallets.syncedVersion).toBe(fx.server.engine.wallets.version), {
      timeout: 10_000,
    });

  it('tells a wallet-status rule of a deposit suspension on its exchange and token, at most once a minute', async () => {
    const { client } = await signedInUser(fx, 'pro', 'en');
    fx.server.source.push(wallet(T0 + 10, 'XRP', true), wallet(T0 + 11, 'ETH', true));
    await walletsSynced();
    const made = await client.post(
      '/api/v1/alerts',
      eventAlert({
        name: 'XRP wallet',
        message: 'Check the XRP network',
        strategy: 'wallet-status',
        tokens: ['XRP'],
        exchanges: ['upbit'],
      }),
    );
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    await fx.server.alerts.evaluator?.refresh();

    // Another token's change is not this rule's.
    fx.server.source.push(wallet(T0 + MINUTE, 'ETH', false));
    await walletsSynced();
    fx.server.source.push(wallet(T0 + MINUTE + 1, 'XRP', false));
    await vi.waitFor(() => expect(sentFor(id)).toHaveLength(1), { timeout: 10_000 });
    expect(sentFor(id)[0]).toMatchObject({
      idempotencyKey: `alert:${id}:1`,
      title: 'XRP wallet',
      body: 'Check the XRP network\nUpbit XRP (XRP): deposits suspended',
    });
    // Reopened ten seconds later: inside the rule's minute, not told again; a minute on, told.
    fx.server.source.push(wallet(T0 + MINUTE + 10_000, 'XRP', true));
    await walletsSynced();
    fx.server.source.push(wallet(T0 + 3 * MINUTE, 'XRP', false));
    await vi.waitFor(() => expect(sentFor(id)).toHaveLength(2), { timeout: 10_000 });
    await fx.server.alerts.evaluator?.idle();
    const history = await client.get<{ items: { token: string; seq: number }[] }>('/api/v1/alerts/history');
    expect(history.body.items.map((h) => `${h.token}:${h.seq}`)).toEqual(['XRP:2', 'XRP:1']);

    // The back-test replays the stored changes through the rule: three XRP changes, two a minute apart.
    const wall = fx.clock.ms;
    fx.clock.ms = T0 + 10 * MINUTE;
    const backtest = await client.post<{ supported: boolean; events: number; windows: unknown[] }>(
      '/api/v1/alerts/backtest',
      eventAlert({ strategy: 'wallet-status', tokens: ['XRP'], exchanges: ['upbit'] }),
    );
    expect(backtest.status).toBe(200);
    expect(backtest.body).toMatchObject({ supported: true, events: 3 });
    expect(backtest.body.windows[0]).toEqual({
      window: '24h',
      fires: 2,
      times: [T0 + MINUTE + 1, T0 + 3 * MINUTE],
    });
    fx.clock.ms = wall;
  });

  it('tells a listing-arbitrage rule the step it asked for, with the premium it must clear, once', async () => {
    const { client } = await signedInUser(fx, 'pro', 'ko');
    const trading = await client.post(
      '/api/v1/alerts',
      eventAlert({
        name: 'AIT 상장',
        message: '거래 시작',
        strategy: 'listing-arbitrage',
        tokens: [],
        exchanges: [],
        listingExchanges: ['upbit'],
        alertType: 'trading-start',
        upbitQuoteMarket: 'KRW',
        threshold: 10,
        frequency: 'once',
      }),
    );
    expect(trading.status).toBe(201);
    const anyStep = await client.post(
      '/api/v1/alerts',
      eventAlert({
        name: 'Bithumb listings',
        message: 'any step',
        strategy: 'listing-arbitrage',
        tokens: [],
        exchanges: [],
        listingExchanges: ['bithumb'],
        alertType: null,
      }),
    );
    expect(anyStep.status).toBe(201);
    await fx.server.alerts.evaluator?.refresh();
    const id = trading.body.id as string;

    fx.server.source.push(
      quote(T0 + 4 * MINUTE, 'binance', 'AIT', 'USDT', 1.0),
      wallet(T0 + 4 * MINUTE + 1, 'AIT', false),
      aitNotice(T0 + 4 * MINUTE + 2),
    );
    await vi.waitFor(async () => {
      const cards = await fx.server.listing.list({ key: 'upbit-krw-ait' } as never);
      expect(cards.data).toHaveLength(1);
    });
    // Deposits open: not the step asked for.
    fx.server.source.push(wallet(T0 + 5 * MINUTE, 'AIT', true));
    await vi.waitFor(async () => {
      const cards = await fx.server.listing.list({ key: 'upbit-krw-ait' } as never);
      expect(cards.data[0]?.depositOpenedAt).not.toBeNull();
    });
    // Trading starts at +30 % over Binance: above the 10 % asked, told once, and the rule goes inactive.
    fx.server.source.push(quote(T0 + 6 * MINUTE, 'upbit', 'AIT', 'KRW', 1_820));
    await vi.waitFor(() => expect(sentFor(id)).toHaveLength(1), { timeout: 10_000 });
    expect(sentFor(id)[0]?.body).toBe('거래 시작\nUpbit AIT/KRW 거래 시작 — 프리미엄 +30.00%');
    await fx.server.alerts.evaluator?.idle();
    const rule = await client.get(`/api/v1/alerts/${id}`);
    expect(rule.body).toMatchObject({ status: 'inactive', triggerCount: 1 });
    // The Bithumb rule heard nothing of an Upbit listing.
    expect(sentFor(anyStep.body.id as string)).toEqual([]);
  });
});
