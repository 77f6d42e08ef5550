import { MarketEngine } from '@spreadscope/engine';

/**
 * The market engine of the source running now. A source switch (auto: simulator ↔ live) must leave nothing of
 * the old source behind — quotes, books, funding, wallets, minute rings and bars, durations, the heatmap — so
 * the runtime replaces the whole engine rather than clearing it field by field (which would silently miss
 * whatever the engine grows next).
 *
 * Readers built once at start-up (market, funding and exchanges services, the WebSocket hub through them)
 * hold {@link engine}: a stand-in that forwards every property read to the current engine, methods bound to
 * it, so they follow a switch without being rebuilt. Code on the hot path (the runtime applying events) uses
 * {@link current} directly.
 */
export class EngineSlot {
  #current: MarketEngine;
  /** Methods bound to the current engine, reused while the engine and the method stay the same. */
  readonly #bound = new Map<PropertyKey, { fn: unknown; bound: unknown }>();
  /** Always the current engine, whatever the switches in between. */
  readonly engine: MarketEngine;

  constructor(private readonly create: () => MarketEngine = () => new MarketEngine()) {
    this.#current = create();
    const slot = this;
    // An empty stand-in with the engine's prototype: instanceof holds, and no own property of a discarded
    // engine can pin the proxy's invariants.
    this.engine = new Proxy(Object.create(Object.getPrototypeOf(this.#current)) as MarketEngine, {
      get(_target, key) {
        const engine = slot.#current;
        const value: unknown = Reflect.get(engine, key, engine);
        if (typeof value !== 'function') return value;
        const cached = slot.#bound.get(key);
        if (cached?.fn === value) return cached.bound;
        const bound = (value as (...args: unknown[]) => unknown).bind(engine);
        slot.#bound.set(key, { fn: value, bound });
        return bound;
      },
      set(_target, key, value) {
        return Reflect.set(slot.#current, key, value, slot.#current);
      },
      has(_target, key) {
        return Reflect.has(slot.#current, key);
      },
    });
  }

  /** The engine of the running source. */
  get current(): MarketEngine {
    return this.#current;
  }

  /**
   * Drops the current engine for a fresh one and returns it. Its version continues past the old one's, so
   * whatever readers cached by version (snapshots, frames) is rebuilt from the new engine.
   */
  replace(): MarketEngine {
    const next = this.create();
    next.version = this.#current.version + 1;
    this.#current = next;
    this.#bound.clear();
    return next;
  }
}
