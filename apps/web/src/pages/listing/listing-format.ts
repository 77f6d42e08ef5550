import { getVenue, isVenueId } from '@spreadscope/core';
/** `1h 05m`, `12m 30s`, `45s`: how long until (or since) a listing step, as a countdown reads. */
export function formatSpan(ms: number): string {
  const s = Math.max(0, Math.floor(Math.abs(ms) / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${two(m)}m`;
  return `${m}m ${two(s % 60)}s`;
}

export function formatKrw(value: number, language: string): string {
  return `${new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: value >= 100 ? 0 : 4 }).format(value)} ₩`;
}

export function formatPct(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(2)} %`;
}

/** A venue's display name; an id the registry does not know is shown as it is. */
export const venueName = (id: string) => (isVenueId(id) ? getVenue(id).name : id);
/** A price in its market's quote: KRW as won, BTC and USDT with their ticker. */
export function formatQuotePrice(value: number, quote: string, language: string): string {
  if (quote === 'KRW') return formatKrw(value, language);
  const digits = quote === 'BTC' ? 8 : value >= 100 ? 2 : 6;
  return `${new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: digits }).format(value)} ${quote}`;
}

export function formatAmount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    maximumFractionDigits: value >= 1_000 ? 0 : 4,
  }).format(value);
}
