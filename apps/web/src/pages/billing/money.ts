import { minorDigits } from '@spreadscope/core';

/**
 * Billed money on screen: integer minor units turned into a decimal string by integer arithmetic (never a
 * float), then formatted by Intl in the reader's language, e.g. 2900 USD → "$29.00", 29000 KRW → "₩29,000".
 */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  const digits = minorDigits(currency);
  const negative = amountMinor < 0;
  const abs = Math.abs(amountMinor);
  const unit = 10 ** digits;
  const whole = Math.trunc(abs / unit);
  const fraction = digits > 0 ? `.${String(abs % unit).padStart(digits, '0')}` : '';
  const decimal = `${negative ? '-' : ''}${whole}${fraction}`;
  const format = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl formats decimal strings exactly (ES2023 Intl.NumberFormat v3).
  return format.format(decimal as unknown as number);
}

/** A calendar day in Korea time: `2026. 11. 21.` / `2026-11-21`. */
export function formatDay(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(epochMs);
}
