import { describe, expect, it } from 'vitest';
import { BackgroundPacer } from './background-pacer.ts';

describe('BackgroundPacer', () => {
  it('lets the background run flat out, in full statements, while nothing else happens', async () => {
    let now = 10_000;
    const pacer = new BackgroundPacer({ now: () => now });
    expect(pacer.busy()).toBe(false);
    expect(pacer.rowsPerStatement(500)).toBe(500);
    const started = performance.now();
    await pacer.pause(50);
    expect(performance.now() - started).toBeLessThan(25);
    now += 5_000;
    pacer.noteForeground();
    expect(pacer.busy()).toBe(false);
  });

  it('while requests arrive, keeps the background to its share of the clock in small statements', async () => {
    let now = 10_000;
    const pacer = new BackgroundPacer({
      now: () => now,
      share: 0.5,
      windowMs: 1_000,
      busyRows: 100,
      busyEvents: 20,
    });
    // A health probe or one page's requests are not load.
    for (let i = 0; i < 19; i++) pacer.noteForeground();
    expect(pacer.busy()).toBe(false);
    now += 600;
    pacer.noteForeground();
    expect(pacer.busy()).toBe(true);
    expect(pacer.rowsPerStatement(500)).toBe(100);
    expect(pacer.rowsPerStatement(40)).toBe(40);
    // A 30 ms step at half the clock: it waits as long again.
    const started = performance.now();
    await pacer.pause(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    // A second after the last request, the server counts as idle again.
    now += 1_000;
    expect(pacer.busy()).toBe(false);
    expect(pacer.rowsPerStatement(500)).toBe(500);
  });

  it('never parks the background for more than a second after one slow step', async () => {
    const now = 10_000;
    const pacer = new BackgroundPacer({ now: () => now, share: 0.01 });
    // A push to a thousand subscribers counts as a thousand messages.
    pacer.noteForeground(1_000);
    const started = performance.now();
    await pacer.pause(5_000);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
