import type { DataSource } from '@spreadscope/contracts';

/**
 * What the status bar and the simulated-data banner show on every screen: where prices come from and when the
 * newest table was computed. Fed by whichever live table is on screen and by the venue-connection poll.
 */
export interface MarketStatus {
  readonly dataSource: DataSource | null;
  /** Engine time of the newest table received, epoch ms. */
  readonly updatedAt: number | null;
}

let status: MarketStatus = { dataSource: null, updatedAt: null };
const listeners = new Set<() => void>();

export const marketStatus = {
  get: (): MarketStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  report(next: { dataSource?: DataSource; updatedAt?: number }): void {
    const dataSource = next.dataSource ?? status.dataSource;
    const updatedAt =
      next.updatedAt !== undefined ? Math.max(next.updatedAt, status.updatedAt ?? 0) : status.updatedAt;
    const sameSource =
      dataSource === status.dataSource ||
      (dataSource?.mode === status.dataSource?.mode &&
        dataSource?.reason === status.dataSource?.reason &&
        dataSource?.since === status.dataSource?.since);
    if (sameSource && updatedAt === status.updatedAt) return;
    status = { dataSource: sameSource ? status.dataSource : dataSource, updatedAt };
    for (const listener of listeners) listener();
  },
};
