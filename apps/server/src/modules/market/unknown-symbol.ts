import { getVenue, type VenueId } from '@spreadscope/core';
import { ApiError } from '../../http/errors.ts';

/**
 * 404 `unknown_symbol`: the symbol is well formed but names no market we follow — told apart from an unknown
 * route (`not_found`, no param) and from a market with no price yet (`not_quoted`), so a page can say which.
 */
export function unknownSymbol(symbol: string, exchange: VenueId, base: string, param: string): ApiError {
  return new ApiError(
    404,
    'unknown_symbol',
    'market.unknownSymbol',
    { symbol, exchange: getVenue(exchange).name, base },
    param,
  );
}
