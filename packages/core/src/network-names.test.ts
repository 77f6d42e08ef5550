import { describe, expect, it } from 'vitest';
import { CANONICAL_NETWORKS, canonicalNetwork, networkDisplayName, sameNetwork } from './network-names.ts';

/**
 * Spellings as venues' wallet endpoints return them: Binance `network`, OKX `chain` (ASSET-Chain), Bybit
 * `chain` / `chainType`, Upbit `net_type` / `network_name`, Bithumb `net_type`, Gate `chain`, MEXC `network`,
 * Bitget `chain`, ccxt's unified network codes.
 */
const SPELLINGS: Readonly<Record<string, readonly (string | [string, string])[]>> = {
  ETH: ['ETH', 'ERC20', 'Ethereum', 'ETH-ERC20', ['USDT-ERC20', 'USDT'], ['ETH-Ethereum', 'ETH']],
  TRX: ['TRX', 'TRC20', 'Tron', ['USDT-TRC20', 'USDT'], 'TRON'],
  BSC: ['BSC', 'BEP20', 'BEP20(BSC)', 'BNB Smart Chain', 'BSC(BEP20)', ['USDT-BSC', 'USDT']],
  SOL: ['SOL', 'Solana', 'SPL', ['USDC-Solana', 'USDC'], ['SOL-Solana', 'SOL']],
  ARB: [
    'ARBITRUM',
    'ARB',
    'ARBI',
    'Arbitrum One',
    'ArbitrumOne',
    'ARBEVM',
    'Arbitrum One(ARB)',
    ['USDT-Arbitrum One', 'USDT'],
    ['ETH-Arbitrum One', 'ETH'],
  ],
  OP: ['OPTIMISM', 'OP', 'Optimism', 'OPETH', 'OP Mainnet', ['USDT-Optimism', 'USDT']],
  BASE: ['BASE', 'Base', 'BASEEVM', ['ETH-Base', 'ETH']],
  POL: ['MATIC', 'POLYGON', 'Polygon', 'POL', 'Polygon PoS', ['USDT-Polygon', 'USDT']],
  AVAXC: [
    'AVAXC',
    'CAVAX',
    'AVAX_C',
    'Avalanche C-Chain',
    'AVAX C-Chain',
    ['USDT-Avalanche C-Chain', 'USDT'],
  ],
  BTC: ['BTC', 'Bitcoin', ['BTC-Bitcoin', 'BTC']],
  KAIA: ['KAIA', 'KLAY', 'Klaytn'],
};

describe('canonical network names', () => {
  it("maps each venue's spelling of a chain to one id", () => {
    for (const [id, spellings] of Object.entries(SPELLINGS)) {
      for (const spelling of spellings) {
        const [name, asset] = typeof spelling === 'string' ? [spelling, undefined] : spelling;
        expect(canonicalNetwork(name, asset), `${name} (${asset ?? 'no asset'})`).toBe(id);
      }
    }
  });

  it('matches Upbit against Binance and OKX for USDT on Tron, and keeps Tron apart from Ethereum', () => {
    expect(sameNetwork('TRX', 'USDT-TRC20', 'USDT')).toBe(true);
    expect(sameNetwork('Tron', 'TRC20')).toBe(true);
    expect(sameNetwork('TRC20', 'ERC20')).toBe(false);
    expect(sameNetwork('BSC', 'ETH')).toBe(false);
  });

  it('keeps BNB Beacon Chain (BEP2) and the Avalanche X-Chain apart from their neighbours', () => {
    expect(canonicalNetwork('BNB')).not.toBe('BSC');
    expect(canonicalNetwork('BEP2')).not.toBe('BSC');
    expect(canonicalNetwork('AVAX')).not.toBe('AVAXC');
  });

  it('normalizes chains it does not know, so equal spellings still match', () => {
    expect(canonicalNetwork('Sei Network')).toBe('SEINETWORK');
    expect(sameNetwork('sei-network', 'SEI NETWORK')).toBe(true);
    expect(canonicalNetwork('  ')).toBe('');
  });

  it('only strips the asset prefix when what follows names a chain', () => {
    // "USDT-X" with an unknown chain X keeps the whole spelling rather than guessing.
    expect(canonicalNetwork('USDT-Foo', 'USDT')).toBe('USDTFOO');
    expect(canonicalNetwork('ERC20', 'USDT')).toBe('ETH');
  });

  it('gives every id a readable name, and unknown ids back as they are', () => {
    for (const id of Object.keys(CANONICAL_NETWORKS)) expect(networkDisplayName(id)).not.toBe('');
    expect(networkDisplayName('ETH')).toBe('Ethereum (ERC20)');
    expect(networkDisplayName('SEINETWORK')).toBe('SEINETWORK');
  });
});
