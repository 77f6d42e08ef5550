import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSymbol, InvalidSymbolError, parseSymbol, tryParseSymbol } from './symbol.ts';
import { VENUE_IDS } from './venues.ts';

describe('parseSymbol', () => {
  it('reads exchange-base', () => {
    expect(parseSymbol('upbit-btc')).toEqual({ exchange: 'upbit', quote: null, base: 'BTC' });
  });

  it('reads exchange-quote-base', () => {
    expect(parseSymbol('binance-usdt-eth')).toEqual({ exchange: 'binance', quote: 'USDT', base: 'ETH' });
    expect(parseSymbol('upbit-krw-1inch')).toEqual({ exchange: 'upbit', quote: 'KRW', base: '1INCH' });
  });

  it.each([
    ['', 'empty'],
    ['upbit', 'part-count'],
    ['upbit-krw-btc-x', 'part-count'],
    ['upbit--btc', 'empty-part'],
    ['-btc', 'empty-part'],
    ['upbit-', 'empty-part'],
    ['Upbit-BTC', 'not-lowercase'],
    ['upbit-b tc', 'bad-characters'],
    ['upbit-btc/krw', 'bad-characters'],
    ['nasdaq-btc', 'unknown-exchange'],
  ] as const)('rejects %j as %s', (input, reason) => {
    const error = tryParseSymbol(input);
    expect(error).toBeInstanceOf(InvalidSymbolError);
    expect((error as InvalidSymbolError).reason).toBe(reason);
    expect((error as InvalidSymbolError).code).toBe('invalid_symbol');
  });

  const part = fc.stringMatching(/^[a-z0-9]{1,10}$/);
  const venue = fc.constantFrom(...VENUE_IDS);

  it('round-trips every well-formed symbol', () => {
    fc.assert(
      fc.property(venue, fc.option(part, { nil: null }), part, (exchange, quote, base) => {
        const text = quote === null ? `${exchange}-${base}` : `${exchange}-${quote}-${base}`;
        expect(formatSymbol(parseSymbol(text))).toBe(text);
      }),
    );
  });

  it('rejects any symbol whose part count is not 2 or 3', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
        fc.pre(parts.length !== 2 && parts.length !== 3);
        expect(() => parseSymbol(parts.join('-'))).toThrow(InvalidSymbolError);
      }),
    );
  });

  it('never throws anything but InvalidSymbolError', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = tryParseSymbol(text);
        if (result instanceof InvalidSymbolError) return;
        expect(formatSymbol(result)).toBe(text);
      }),
    );
  });
});
