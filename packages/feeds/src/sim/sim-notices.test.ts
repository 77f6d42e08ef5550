import type { MarketEvent, NoticeEvent } from '@spreadscope/core';
import { marketEventSchema } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { SIM_NOTICE_BACKFILL_DAYS, SimNotices } from './sim-notices.ts';

const ALL = new Set([
  'upbit',
  'bithumb',
  'coinone',
  'korbit',
  'binance',
  'bybit',
  'okx',
  'bitget',
  'gateio',
  'huobi',
  'mexc',
] as const);
const NOW = Date.UTC(2025, 10, 21, 6, 0);
const notices = (events: readonly MarketEvent[]) =>
  events.filter((e): e is NoticeEvent => e.type === 'notice');

describe('simulated notices', () => {
  it('back-fills a few days at a plausible pace, every category and venue, labelled simulated', () => {
    const events = new SimNotices(1, ALL, NOW).backfill(NOW);
    const list = notices(events);
    const perDay = list.length / SIM_NOTICE_BACKFILL_DAYS;
    expect(perDay).toBeGreaterThan(20);
    expect(perDay).toBeLessThan(60);
    expect(new Set(list.map((n) => n.category))).toEqual(
      new Set(['listing', 'delisting', 'notice', 'user_events']),
    );
    expect(new Set(list.map((n) => n.venue)).size).toBeGreaterThanOrEqual(8);
    expect(
      events.every((e) => marketEventSchema.safeParse(e).success && 'simulated' in e && e.simulated),
    ).toBe(true);
    expect(
      list.every((n) => (n.publishedAt ?? 0) <= NOW && (n.publishedAt ?? 0) > NOW - 4 * 86_400_000),
    ).toBe(true);
  });

  it('writes Korean boards in Korean and the others in English, classified like real titles', () => {
    const list = notices(new SimNotices(3, ALL, NOW).backfill(NOW));
    const upbit = list.filter((n) => n.venue === 'upbit');
    const binance = list.filter((n) => n.venue === 'binance');
    expect(upbit.length).toBeGreaterThan(0);
    expect(upbit.every((n) => /[가-힣]/.test(n.title))).toBe(true);
    expect(binance.every((n) => !/[가-힣]/.test(n.title))).toBe(true);
    const korbit = list.filter((n) => n.venue === 'korbit');
    expect(korbit.length).toBeGreaterThan(0);
    expect(
      korbit.every((n) => /[가-힣]/.test(n.title) && n.url.startsWith('https://www.korbit.co.kr/')),
    ).toBe(true);
    expect(list.filter((n) => n.category === 'listing').every((n) => (n.tokens ?? []).length > 0)).toBe(true);
  });

  it('is one stream: the back-filled days and the live slots after them agree, and a restart finds the same notices', () => {
    const later = NOW + 6 * 3_600_000;
    const live = new SimNotices(5, ALL, NOW).advanceTo(later);
    const again = notices(new SimNotices(5, ALL, later).backfill(later));
    for (const n of notices(live)) expect(again.map((a) => a.url)).toContain(n.url);
  });

  it('moves Korean market lists with their notices: listed markets, warning flags before delistings', () => {
    const events = new SimNotices(1, ALL, NOW).backfill(NOW);
    const updates = events.filter((e) => e.type === 'token_update');
    const cautions = events.filter((e) => e.type === 'caution');
    expect(updates.length + cautions.length).toBeGreaterThan(0);
    expect(cautions.every((e) => 'venue' in e && (e.venue === 'upbit' || e.venue === 'bithumb'))).toBe(true);
    // Every venue's market list moves with its listings, not only the Korean ones'.
    const venues = new Set(updates.map((e) => ('venue' in e ? e.venue : '')));
    expect([...venues].some((v) => v !== 'upbit' && v !== 'bithumb')).toBe(true);
  });
});
