import { expect, it } from 'vitest';
import { forEachDatabase } from './test-databases.ts';
import { createWalletsRepository, type WalletNetworkRecord } from './wallets-repository.ts';

const T0 = Date.UTC(2026, 0, 5, 3, 0, 0);

const usdtTrx: WalletNetworkRecord = {
  venue: 'bithumb',
  asset: 'USDT',
  network: 'TRX',
  deposit: true,
  withdraw: true,
  delayed: false,
  confirmations: 20,
  blockTimeSec: 3,
  withdrawFee: 1,
  withdrawMin: 10,
  contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  seenAt: T0,
  changedAt: null,
};

forEachDatabase('wallets repository', (getDb) => {
  it('keeps the latest state per network and source, updated in place', async () => {
    const repo = createWalletsRepository(getDb());
    await repo.saveNetworks('live', [usdtTrx]);
    await repo.saveNetworks('simulated', [{ ...usdtTrx, deposit: false }]);
    await repo.saveNetworks('live', [
      { ...usdtTrx, withdraw: false, seenAt: T0 + 60_000, changedAt: T0 + 60_000 },
    ]);
    expect(await repo.readNetworks('live')).toEqual([
      { ...usdtTrx, withdraw: false, seenAt: T0 + 60_000, changedAt: T0 + 60_000 },
    ]);
    expect((await repo.readNetworks('simulated')).map((r) => [r.deposit, r.withdraw])).toEqual([
      [false, true],
    ]);
    expect(await repo.readNetworks('replay')).toEqual([]);
  });

  it('keeps every change, newest first, filtered by venue or asset, pruned by age', async () => {
    const repo = createWalletsRepository(getDb());
    await repo.addChanges('live', [
      { venue: 'bithumb', asset: 'USDT', network: 'TRX', kind: 'withdraw_suspended', at: T0 },
      { venue: 'upbit', asset: 'SOL', network: 'SOL', kind: 'deposit_suspended', at: T0 + 1_000 },
      { venue: 'bithumb', asset: 'USDT', network: 'TRX', kind: 'withdraw_opened', at: T0 + 2_000 },
    ]);
    await repo.addChanges('simulated', [
      { venue: 'bithumb', asset: 'BTC', network: 'BTC', kind: 'deposit_opened', at: T0 },
    ]);
    expect((await repo.readChanges('live', { limit: 10 })).map((c) => c.kind)).toEqual([
      'withdraw_opened',
      'deposit_suspended',
      'withdraw_suspended',
    ]);
    expect((await repo.readChanges('live', { venue: 'bithumb', limit: 1 })).map((c) => c.at)).toEqual([
      T0 + 2_000,
    ]);
    expect((await repo.readChanges('live', { asset: 'SOL', limit: 10 })).map((c) => c.venue)).toEqual([
      'upbit',
    ]);
    await repo.pruneChangesBefore('live', T0 + 1_500);
    expect((await repo.readChanges('live', { limit: 10 })).map((c) => c.at)).toEqual([T0 + 2_000]);
    expect(await repo.readChanges('simulated', { limit: 10 })).toHaveLength(1);
  });
});
