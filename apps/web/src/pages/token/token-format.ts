import type { TokenRow } from '@spreadscope/contracts';
import {
  type Currency,
  formatCompact,
  formatPercent,
  formatPrice,
  type Language,
  MISSING,
} from '@spreadscope/core';
import { orNaN } from '../../lib/number-display.ts';

/** A token row's numbers in the user's currency (the list and the detail header read them the same way). */
export function tokenPrice(row: TokenRow, currency: Currency, lang: Language): string {
  return formatPrice(orNaN(currency === 'KRW' ? row.priceKrw : row.priceUsd), currency, lang);
}

export function tokenVolume(row: TokenRow, currency: Currency, lang: Language): string {
  return formatCompact(orNaN(currency === 'KRW' ? row.volume24hKrw : row.volume24hUsd), currency, lang);
}

export function percentOrDash(value: number | null, digits = 2): string {
  return value === null ? MISSING : formatPercent(value, digits);
}

/** The name a token goes by in the reader's language, when the registry knows it. */
export function tokenDisplayName(row: Pick<TokenRow, 'nameKo' | 'nameEn'>, lang: Language): string | null {
  return lang === 'ko' ? (row.nameKo ?? row.nameEn) : (row.nameEn ?? row.nameKo);
}
