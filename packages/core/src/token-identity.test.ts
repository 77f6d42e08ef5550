import { describe, expect, it } from 'vitest';
import { compareTokenContracts, normalizeContract } from './token-identity.ts';

// Bithumb listed Tokamak Network under the ticker TON (an ERC20); overseas venues' TON is Toncoin, whose
// Ethereum-side token is a different contract. Same ticker, different token.
const TOKAMAK_ERC20 = '0x2be5e8c109e2197D077D13A82dAead6a9b3433C5';
const TONCOIN_ERC20 = '0x582d872A1B094FC48F5DE31D3B73F2D9bE47def1';

describe('normalizeContract', () => {
  it('lower-cases EVM addresses (checksum case only) and keeps other chains as given', () => {
    expect(normalizeContract(` ${TOKAMAK_ERC20} `)).toBe(TOKAMAK_ERC20.toLowerCase());
    expect(normalizeContract('EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT')).toBe(
      'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT',
    );
  });

  it('drops the placeholders venues use for "no contract" and reads an explorer link', () => {
    for (const none of ['', '0', '-', 'null', '0x0000000000000000000000000000000000000000', undefined, null])
      expect(normalizeContract(none)).toBeNull();
    expect(normalizeContract(`https://etherscan.io/token/${TONCOIN_ERC20}`)).toBe(
      TONCOIN_ERC20.toLowerCase(),
    );
  });
});

describe('compareTokenContracts', () => {
  it('flags Tokamak (Bithumb TON) against Toncoin (Binance TON) as different tokens', () => {
    const bithumb = [{ network: 'ETH', contract: TOKAMAK_ERC20 }];
    const binance = [
      { network: 'TON', contract: null },
      { network: 'ERC20', contract: TONCOIN_ERC20.toLowerCase() },
    ];
    expect(compareTokenContracts('TON', bithumb, binance)).toBe('different');
  });

  it('calls them the same when one shared network agrees, across spellings and checksum case', () => {
    const upbit = [{ network: 'ETH', contract: TONCOIN_ERC20.toLowerCase() }];
    const okx = [
      { network: 'TON-ERC20', contract: TONCOIN_ERC20 },
      { network: 'TON-TON', contract: '' },
    ];
    expect(compareTokenContracts('TON', upbit, okx)).toBe('same');
  });

  it('is unknown when no shared network has a contract at both ends', () => {
    expect(
      compareTokenContracts('TON', [{ network: 'TON', contract: null }], [{ network: 'TON', contract: '' }]),
    ).toBe('unknown');
    expect(
      compareTokenContracts(
        'USDT',
        [{ network: 'TRX', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
        [{ network: 'ETH', contract: '0xdac17f958d2ee523a2206206994597c13d831ec7' }],
      ),
    ).toBe('unknown');
  });
});
