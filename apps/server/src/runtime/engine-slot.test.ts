import { quote } from '@spreadscope/core/testing';
import { MarketEngine } from '@spreadscope/engine';
import { describe, expect, it, vi } from 'vitest';
import { EngineSlot } from './engine-slot.ts';

const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

describe('EngineSlot', () => {
  it('hands readers a stand-in that follows the engine through a replacement', () => {
    const slot = new EngineSlot();
    const { engine } = slot;
    expect(engine).toBeInstanceOf(MarketEngine);
    slot.current.apply(quote(T0, 'upbit', 'BTC', 'KRW', 143_000_000));
    expect(engine.state.find('upbit', 'spot', 'BTC', 'KRW')).toBeGreaterThanOrEqual(0);
    expect(engine.venueActivity().find((a) => a.venue === 'upbit')?.instruments).toBe(1);
    const before = engine.version;

    const fresh = slot.replace();
    expect(slot.current).toBe(fresh);
    // Nothing of the old engine shows through, methods included (they are bound to the new one).
    expect(engine.state).toBe(fresh.state);
    expect(engine.state.find('upbit', 'spot', 'BTC', 'KRW')).toBe(-1);
    expect(engine.venueActivity().find((a) => a.venue === 'upbit')?.instruments).toBe(0);
    // Readers that cache by version see a new one.
    expect(engine.version).toBeGreaterThan(before);
  });

  it('reads what a test spies on the current engine, and writes through to it', () => {
    const slot = new EngineSlot();
    const spy = vi.spyOn(slot.current, 'premiumIndex');
    slot.engine.premiumIndex('USD', T0);
    expect(spy).toHaveBeenCalledOnce();
    slot.engine.lastEventAt = 42;
    expect(slot.current.lastEventAt).toBe(42);
    expect('apply' in slot.engine).toBe(true);
  });
});
