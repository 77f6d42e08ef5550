import { initialTriggerState } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { AlertBook } from './alert-book.ts';
import type { AlertRule } from './alert-rule.ts';
import { MarketEngine } from './market-engine.ts';
import { funding } from './test-events.ts';

const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);

function rule(over: Partial<AlertRule> = {}): AlertRule {
  return {
    id: 'r1',
    strategy: 'premium-price-gap',
    dataType: 'price-gap-percent',
    condition: 'greater-than',
    threshold: 3,
    hysteresis: 0.3,
    minDurationMs: 0,
    once: false,
    intervalMs: 60_000,
    tokens: ['BTC'],
    blacklist: [],
    exchanges: ['upbit', 'binance'],
    direction: 'fixed',
    premiumType: 'spot-spot',
    upbitQuote: 'KRW',
    minVolumeSpot: 0,
    minVolumeFutures: 0,
    fundingIntervalHours: 0,
    expiresAt: Number.POSITIVE_INFINITY,
    lastFiredAt: 0,
    active: true,
    ...over,
  };
}

/** Upbit KRW price for a given Kimchi premium over Binance at 100,000 USDT and 1,400 KRW per dollar. */
const krwAt = (premium: number) => 100_000 * 1400 * (1 + premium / 100);

function market(): MarketEngine {
  const engine = new MarketEngine();
  engine.apply(forex(T0, 1400));
  engine.apply(quote(T0, 'binance', 'BTC', 'USDT', 100_000));
  engine.apply(quote(T0, 'upbit', 'BTC', 'KRW', krwAt(1)));
  return engine;
}

describe('AlertBook on the engine tick', () => {
  it('fires on the Kimchi premium crossing up, then only after it moved back and a minute passed', () => {
    const engine = market();
    const book = new AlertBook();
    book.upsert(rule());
    expect(book.evaluate(engine, T0)).toEqual([]);
    const tape = [2.5, 3.2, 3.5, 2.6, 3.1];
    const fired: number[] = [];
    tape.forEach((premium, i) => {
      const t = T0 + (i + 1) * 30_000;
      engine.apply(quote(t, 'upbit', 'BTC', 'KRW', krwAt(premium)));
      engine.apply(quote(t, 'binance', 'BTC', 'USDT', 100_000));
      for (const fire of book.evaluate(engine, t)) {
        fired.push(i);
        expect(fire.value).toBeCloseTo(premium, 6);
        expect(fire.pair).toBe('upbit → binance');
      }
    });
    // 3.2 fires; 3.5 is the same crossing; 2.6 re-arms; 3.1 is a new crossing 90 s later.
    expect(fired).toEqual([1, 4]);
  });

  it('evaluates only series whose markets changed', () => {
    const engine = market();
    engine.apply(quote(T0, 'upbit', 'ETH', 'KRW', 5_000_000));
    engine.apply(quote(T0, 'binance', 'ETH', 'USDT', 3_500));
    const book = new AlertBook();
    book.upsert(rule({ id: 'btc', threshold: 50 }));
    book.upsert(rule({ id: 'eth', tokens: ['ETH'], threshold: 50 }));
    book.evaluate(engine, T0);
    expect(book.looked).toBe(2);
    // The first forex rate reaches the Kimchi series over a few ticks; then the book is quiet.
    for (let i = 1; i <= 5; i++) book.evaluate(engine, T0 + i * 100);
    expect(book.looked).toBe(0);
    engine.apply(quote(T0 + 1000, 'upbit', 'BTC', 'KRW', krwAt(2)));
    book.evaluate(engine, T0 + 1000);
    // Only BTC's series: ETH's markets did not move.
    expect(book.looked).toBe(1);
    book.evaluate(engine, T0 + 1500);
    expect(book.looked).toBe(0);
  });

  it('a USD/KRW move alone takes a Kimchi premium over its level, and fires; a small one does not', () => {
    const engine = market();
    const book = new AlertBook();
    // Premium 1 % at 1,400 KRW/$: over 3 % needs the dollar under 1,400 / 1.03 ≈ 1,359.2 KRW.
    book.upsert(rule());
    book.upsert(rule({ id: 'below', condition: 'less-than', threshold: -5 }));
    let t = T0;
    const tick = () => {
      t += 100;
      engine.apply(quote(t, 'binance', 'BTC', 'USDT', 100_000));
      engine.apply(quote(t, 'upbit', 'BTC', 'KRW', krwAt(1)));
      return book.evaluate(engine, t).map((f) => f.rule.id);
    };
    expect(tick()).toEqual([]);
    // Only the rate moves from here on (the quotes keep their prices): 1,380 is a 2.45 % premium.
    const rateTo = (rate: number) => {
      const fired: string[] = [];
      engine.apply(forex(t, rate));
      for (let i = 0; i < 5; i++) {
        t += 100;
        fired.push(...book.evaluate(engine, t).map((f) => f.rule.id));
      }
      return fired;
    };
    expect(rateTo(1380)).toEqual([]);
    // 1,355: 3.32 %, over 3 % — the rate move is the crossing.
    expect(rateTo(1355)).toEqual(['r1']);
    // Back to 1,400 (1 %, re-armed) and, a minute on, to 1,350 (3.7 %): a second crossing.
    expect(rateTo(1400)).toEqual([]);
    t += 60_000;
    tick();
    expect(rateTo(1350)).toEqual(['r1']);
    // A dollar at 1,500 KRW makes it −5.7 %: the other rule's level.
    expect(rateTo(1500)).toEqual(['below']);
  });

  it('a stale leg never triggers', () => {
    const engine = market();
    const book = new AlertBook();
    book.upsert(rule());
    book.evaluate(engine, T0);
    // Upbit jumps to +5 % but Binance has been silent for three minutes.
    const t = T0 + 180_000;
    engine.apply(forex(t, 1400));
    engine.apply(quote(t, 'upbit', 'BTC', 'KRW', krwAt(5)));
    expect(book.evaluate(engine, t)).toEqual([]);
    engine.apply(quote(t + 1000, 'binance', 'BTC', 'USDT', 100_000));
    expect(book.evaluate(engine, t + 1000)).toHaveLength(1);
  });

  it('a one-time alert fires once and becomes inactive', () => {
    const engine = market();
    const book = new AlertBook();
    const once = rule({ once: true, hysteresis: 0 });
    book.upsert(once);
    engine.apply(quote(T0 + 1000, 'upbit', 'BTC', 'KRW', krwAt(4)));
    expect(book.evaluate(engine, T0 + 1000)).toHaveLength(1);
    expect(once.active).toBe(false);
    engine.apply(quote(T0 + 200_000, 'upbit', 'BTC', 'KRW', krwAt(1)));
    engine.apply(quote(T0 + 200_000, 'binance', 'BTC', 'USDT', 100_000));
    book.evaluate(engine, T0 + 200_000);
    engine.apply(quote(T0 + 201_000, 'upbit', 'BTC', 'KRW', krwAt(4)));
    expect(book.evaluate(engine, T0 + 201_000)).toEqual([]);
  });

  it('restart between two ticks: a book rebuilt from the saved state does not fire the same crossing', () => {
    const engine = market();
    const book = new AlertBook();
    book.upsert(rule());
    engine.apply(quote(T0 + 1000, 'upbit', 'BTC', 'KRW', krwAt(3.5)));
    expect(book.evaluate(engine, T0 + 1000)).toHaveLength(1);
    const saved = new Map([...book.changed].map((w) => [w.key, structuredClone(w.state)]));
    expect(saved.get('BTC:upbit>binance')?.armed).toBe(false);

    const after = new AlertBook();
    after.upsert(rule({ lastFiredAt: T0 + 1000 }), saved);
    engine.apply(quote(T0 + 120_000, 'upbit', 'BTC', 'KRW', krwAt(3.6)));
    engine.apply(quote(T0 + 120_000, 'binance', 'BTC', 'USDT', 100_000));
    expect(after.evaluate(engine, T0 + 120_000)).toEqual([]);
    // Without the saved state the same level would have fired again.
    const forgetful = new AlertBook();
    forgetful.upsert(rule());
    expect(forgetful.evaluate(engine, T0 + 120_000)).toHaveLength(1);
  });

  it('waits for markets that have not quoted yet', () => {
    const engine = market();
    const book = new AlertBook();
    book.upsert(rule({ tokens: ['SOL'], threshold: 0 }));
    expect(book.evaluate(engine, T0)).toEqual([]);
    engine.apply(quote(T0 + 1000, 'binance', 'SOL', 'USDT', 200));
    engine.apply(quote(T0 + 1000, 'upbit', 'SOL', 'KRW', 200 * 1400 * 1.01));
    expect(book.evaluate(engine, T0 + 1000)).toHaveLength(1);
  });

  it('after funding distribution fires at the settlement, with the rate that was settled', () => {
    const engine = new MarketEngine();
    const book = new AlertBook();
    const r = rule({
      strategy: 'single-funding',
      dataType: 'funding-rate-percent',
      condition: 'after-funding-distribution',
      threshold: 0.01,
      exchanges: ['binance'],
      direction: 'any',
    });
    book.upsert(r);
    const h8 = Date.UTC(2026, 10, 25, 8);
    engine.apply(funding(h8 - 120_000, 'binance', 'BTC', 0.0003, 8, { nextFundingTime: h8 }));
    engine.apply(quote(h8 - 120_000, 'binance', 'BTC', 'USDT', 100_000, { market: 'perp' }));
    expect(book.evaluate(engine, h8 - 120_000)).toEqual([]);
    engine.apply(funding(h8 - 60_000, 'binance', 'BTC', 0.0004, 8, { nextFundingTime: h8 }));
    expect(book.evaluate(engine, h8 - 60_000)).toEqual([]);
    engine.apply(funding(h8 + 5_000, 'binance', 'BTC', 0.0001, 8, { nextFundingTime: h8 + 8 * 3_600_000 }));
    const fires = book.evaluate(engine, h8 + 5_000);
    expect(fires).toHaveLength(1);
    expect(fires[0]?.value).toBeCloseTo(0.04, 10);
    expect(fires[0]?.watch.state.last).toBe(h8);
  });

  it('top funding rate watches every perpetual of the exchanges, new listings included, minus the blacklist', () => {
    const engine = new MarketEngine();
    const book = new AlertBook();
    book.upsert(
      rule({
        strategy: 'top-funding-rate',
        dataType: 'funding-rate-percent',
        tokens: [],
        blacklist: ['DOGE'],
        exchanges: ['bybit'],
        direction: 'any',
        threshold: 0.1,
      }),
    );
    book.evaluate(engine, T0);
    for (const base of ['ETH', 'DOGE']) engine.apply(funding(T0 + 1000, 'bybit', base, 0.002, 8));
    const fires = book.evaluate(engine, T0 + 1000);
    expect(fires.map((f) => f.watch.token)).toEqual(['ETH']);
  });

  it('funding gap between two perpetuals follows the spec formula, long = source', () => {
    const engine = new MarketEngine();
    const book = new AlertBook();
    book.upsert(
      rule({
        strategy: 'premium-funding-gap',
        dataType: 'funding-gap-percent',
        premiumType: 'perp-perp',
        exchanges: ['binance', 'bybit'],
        threshold: 0.05,
        hysteresis: 0,
      }),
    );
    engine.apply(funding(T0, 'binance', 'BTC', 0.0008, 8));
    engine.apply(funding(T0, 'bybit', 'BTC', 0.0001, 4));
    const fires = book.evaluate(engine, T0);
    // (0.08 % − 0.01 %) × 8 / 4 = 0.14 %
    expect(fires[0]?.value).toBeCloseTo(0.14, 10);
  });

  it('keeps trigger states across an engine switch', () => {
    const book = new AlertBook();
    book.upsert(rule(), new Map([['BTC:upbit>binance', { ...initialTriggerState(), armed: false }]]));
    const engine = market();
    engine.apply(quote(T0 + 1000, 'upbit', 'BTC', 'KRW', krwAt(4)));
    expect(book.evaluate(engine, T0 + 1000)).toEqual([]);
  });
});
