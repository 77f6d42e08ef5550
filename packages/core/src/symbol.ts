import { isVenueId, type VenueId } from './venues.ts';

/** A detail-page symbol (spec §2/§5): `exchange-base` or `exchange-quote-base`, lowercase. */
export interface ParsedSymbol {
  readonly exchange: VenueId;
  /** Upper-case quote token, or null when the symbol has two parts. */
  readonly quote: string | null;
  readonly base: string;
}

export type InvalidSymbolReason =
  | 'empty'
  | 'part-count'
  | 'empty-part'
  | 'not-lowercase'
  | 'bad-characters'
  | 'unknown-exchange';

export class InvalidSymbolError extends Error {
  override readonly name = 'InvalidSymbolError';
  readonly code = 'invalid_symbol';
  constructor(
    readonly input: string,
    readonly reason: InvalidSymbolReason,
  ) {
    super(`invalid symbol "${input}": ${reason}`);
  }
}

const TOKEN_PART = /^[a-z0-9]+$/;

export function parseSymbol(input: string): ParsedSymbol {
  if (input.length === 0) throw new InvalidSymbolError(input, 'empty');
  const parts = input.split('-');
  if (parts.length !== 2 && parts.length !== 3) throw new InvalidSymbolError(input, 'part-count');
  if (parts.some((p) => p.length === 0)) throw new InvalidSymbolError(input, 'empty-part');
  if (input !== input.toLowerCase()) throw new InvalidSymbolError(input, 'not-lowercase');
  if (!parts.every((p) => TOKEN_PART.test(p))) throw new InvalidSymbolError(input, 'bad-characters');
  const [exchange, second, third] = parts as [string, string, string | undefined];
  if (!isVenueId(exchange)) throw new InvalidSymbolError(input, 'unknown-exchange');
  return third === undefined
    ? { exchange, quote: null, base: second.toUpperCase() }
    : { exchange, quote: second.toUpperCase(), base: third.toUpperCase() };
}

export function tryParseSymbol(input: string): ParsedSymbol | InvalidSymbolError {
  try {
    return parseSymbol(input);
  } catch (err) {
    if (err instanceof InvalidSymbolError) return err;
    throw err;
  }
}

export function formatSymbol(symbol: ParsedSymbol): string {
  const parts =
    symbol.quote === null ? [symbol.exchange, symbol.base] : [symbol.exchange, symbol.quote, symbol.base];
  return parts.join('-').toLowerCase();
}
