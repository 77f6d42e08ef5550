import { describe, expect, it, vi } from 'vitest';
import { marketStatus } from './market-status.ts';

describe('market status', () => {
  it('keeps the newest update time and notifies only on change', () => {
    const listener = vi.fn();
    const stop = marketStatus.subscribe(listener);
    const simulated = { mode: 'simulated', requested: 'auto', since: 5, reason: 'offline' } as const;
    marketStatus.report({ dataSource: simulated, updatedAt: 2_000 });
    marketStatus.report({ updatedAt: 1_000 });
    expect(marketStatus.get().updatedAt).toBe(2_000);
    const calls = listener.mock.calls.length;
    // The same source reported again (a new object from the next snapshot) is not a change.
    marketStatus.report({ dataSource: { ...simulated } });
    expect(listener.mock.calls.length).toBe(calls);
    marketStatus.report({ dataSource: { mode: 'live', requested: 'auto', since: 9, reason: null } });
    expect(marketStatus.get().dataSource?.mode).toBe('live');
    expect(listener.mock.calls.length).toBe(calls + 1);
    stop();
  });
});
