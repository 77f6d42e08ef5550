import type { DataSourceState } from '@spreadscope/core';

/** The listener list behind MarketSource.onStateChange; a throwing listener never breaks the source. */
export class StateListeners {
  private readonly listeners = new Set<(state: DataSourceState) => void>();

  add(listener: (state: DataSourceState) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(state: DataSourceState): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch {
        // A listener's failure is its own business; the other listeners still hear about the change.
      }
    }
  }
}
