/** Numbers on the DEX view: prices and amounts to 6 significant digits, addresses and hashes shortened. */
export function amount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumSignificantDigits: 6 }).format(
    value,
  );
}

export function shortHex(hex: string | null): string {
  if (!hex) return '—';
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex;
}

export function time(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}
