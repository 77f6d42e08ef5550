import { MarketEngine } from '@spreadscope/engine';
import { Simulator } from '@spreadscope/feeds';
import { describe, expect, it } from 'vitest';
import { premiumAnswer, premiumAnswerSteps, premiumQuery } from './premium-ops.ts';

const START = Date.UTC(2026, 10, 1, 9, 0);

/** A row's exchange on one side (`se` source, `te` target): the detail's prefixed keys are not in its type. */
const side = (row: { detail: object }, key: 'se' | 'te') => (row.detail as Record<string, unknown>)[key];

/** An engine holding a minute of the simulated market (40 tokens on every venue, wallets included). */
function simulatedEngine(): { engine: MarketEngine; now: number } {
  const engine = new MarketEngine();
  const sim = new Simulator({ seed: 5, startTime: START, tokenLimit: 40 });
  const now = START + 60_000;
  for (const event of sim.advanceTo(now)) engine.apply(event);
  return { engine, now };
}

describe('GET /premium pages', () => {
  const { engine, now } = simulatedEngine();
  const answer = (params: Record<string, string>) => premiumAnswer(engine, premiumQuery.parse(params), now);

  it('merges the dozen tables into the same page as ranking every row, both ways and on later pages', () => {
    const cases: Record<string, string>[] = [
      { limit: '100' },
      { limit: '100', sort: 'asc' },
      { limit: '25', page: '3' },
      { limit: '40', premium_type: 'spot-futures' },
    ];
    for (const params of cases) {
      const merged = answer(params);
      // An exclusion that matches no token takes the path that builds, filters and ranks every row.
      const full = answer({ ...params, token_exclude: 'NOSUCHTOKEN' });
      expect(merged.data.length, JSON.stringify(params)).toBe(Number(params.limit));
      expect(merged.data.map((r) => r.detail.pdp)).toEqual(full.data.map((r) => r.detail.pdp));
      expect(merged.data).toEqual(full.data);
      expect(merged.total).toBe(full.total);
    }
  });

  it('serves Korean-over-overseas rows and their flips in one ranking', () => {
    const korean = new Set(['upbit', 'bithumb', 'coinone', 'korbit']);
    // The Kimchi premium is positive: Korean sources lead the top, their flips (Korean targets) the bottom.
    const top = answer({ limit: '1000' }).data;
    const bottom = answer({ limit: '1000', sort: 'asc' }).data;
    expect(top.some((r) => korean.has(String(side(r, 'se'))))).toBe(true);
    expect(bottom.some((r) => korean.has(String(side(r, 'te'))))).toBe(true);
    for (let i = 1; i < top.length; i++) {
      expect(Number(top[i]?.detail.pdp)).toBeLessThanOrEqual(Number(top[i - 1]?.detail.pdp));
    }
  });
});

describe('GET /premium in slices', () => {
  const steps = (engine: MarketEngine, params: Record<string, string>, now: number, between = () => {}) => {
    const run = premiumAnswerSteps(engine, premiumQuery.parse(params), now);
    let slices = 0;
    for (;;) {
      const step = run.next();
      if (step.done) return { answer: step.value, slices };
      slices++;
      between();
    }
  };

  it('gives the page premiumAnswer gives, a slice per engine table', () => {
    const { engine, now } = simulatedEngine();
    for (const params of [{ limit: '100' }, { limit: '10', token_exclude: 'NOSUCHTOKEN' }] as Record<
      string,
      string
    >[]) {
      const { answer, slices } = steps(engine, params, now);
      expect(answer).toEqual(premiumAnswer(engine, premiumQuery.parse(params), now));
      // Twelve tables: eight Kimchi (each way round), four overseas.
      expect(slices).toBe(12);
    }
  });

  it('ranks again when the engine compacts its rows between slices (their indices moved)', () => {
    const { engine, now } = simulatedEngine();
    let compacted = false;
    const { answer, slices } = steps(engine, { limit: '100' }, now, () => {
      if (compacted) return;
      compacted = true;
      engine.compact();
    });
    expect(slices).toBe(24);
    expect(answer).toEqual(premiumAnswer(engine, premiumQuery.parse({ limit: '100' }), now));
  });
});

describe('premium query bounds', () => {
  it('tells a caller with a huge limit or page the real maximum, not the safe-integer range', () => {
    for (const [param, value, max] of [
      ['limit', '99999999999999999999', 1_000],
      ['page', '1e30', 100_000],
      ['limit', '5000', 1_000],
    ] as const) {
      const parsed = premiumQuery.safeParse({ [param]: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ code: 'too_big', maximum: max, path: [param] });
    }
    expect(premiumQuery.safeParse({ limit: '2.5' }).success).toBe(false);
    expect(premiumQuery.parse({ limit: '100' }).limit).toBe(100);
  });
});
