import { describe, expect, it } from 'vitest';
import { WALLET_RECENT_CHANGE_MS, walletChanges, walletHealth } from './wallet-health.ts';

const NOW = 1_764_000_000_000;

describe('walletHealth', () => {
  it('is unhealthy when both directions are suspended, whatever else is known', () => {
    expect(walletHealth({ deposit: false, withdraw: false, changedAt: NOW - 10 * 3_600_000 }, NOW)).toBe(
      'unhealthy',
    );
  });

  it('warns when one direction is suspended', () => {
    expect(walletHealth({ deposit: true, withdraw: false }, NOW)).toBe('warning');
    expect(walletHealth({ deposit: false, withdraw: true }, NOW)).toBe('warning');
    // One side suspended and the other unpublished: still a known problem, not unknown.
    expect(walletHealth({ deposit: false, withdraw: null }, NOW)).toBe('warning');
  });

  it('is unknown when the venue does not publish a direction, never assumed open', () => {
    expect(walletHealth({ deposit: null, withdraw: true }, NOW)).toBe('unknown');
    expect(walletHealth({ deposit: null, withdraw: null }, NOW)).toBe('unknown');
  });

  it('warns on a delayed network and on a change within the last hour', () => {
    expect(walletHealth({ deposit: true, withdraw: true, delayed: true }, NOW)).toBe('warning');
    expect(walletHealth({ deposit: true, withdraw: true, changedAt: NOW - 59 * 60_000 }, NOW)).toBe(
      'warning',
    );
    expect(
      walletHealth({ deposit: true, withdraw: true, changedAt: NOW - WALLET_RECENT_CHANGE_MS }, NOW),
    ).toBe('healthy');
    expect(walletHealth({ deposit: true, withdraw: true, changedAt: null }, NOW)).toBe('healthy');
  });
});

describe('walletChanges', () => {
  it('names each direction that opened or was suspended', () => {
    expect(walletChanges({ deposit: true, withdraw: true }, { deposit: false, withdraw: true })).toEqual([
      'deposit_suspended',
    ]);
    expect(walletChanges({ deposit: false, withdraw: false }, { deposit: true, withdraw: true })).toEqual([
      'deposit_opened',
      'withdraw_opened',
    ]);
    expect(walletChanges({ deposit: true, withdraw: false }, { deposit: true, withdraw: false })).toEqual([]);
  });
});
