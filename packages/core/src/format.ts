import type { Language } from './constants.ts';
import type { Currency } from './money.ts';

/** Number and time formatting of UI.md, shared by the web app, e-mails and alert messages. */

export const MISSING = '—';
const SIGNIFICANT_DIGITS = 4;
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The formatter of a language and a kind of number. `kind` names the options (callers pass a constant), so a
 * lookup costs a short string key, not serializing the options: live tables format thousands of numbers a
 * second.
 */
function numberFormat(lang: Language, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : 'en-US', options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export class InvalidNumberInputError extends Error {
  override readonly name = 'InvalidNumberInputError';
  constructor(readonly input: unknown) {
    super('Invalid number input');
  }
}

/** Accepts numbers and numeric strings (with thousands separators); anything else is rejected. */
export function toNumber(input: unknown): number {
  if (typeof input === 'number' && Number.isFinite(input)) return input;
  if (typeof input === 'string') {
    const cleaned = input.trim().replaceAll(',', '');
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return Number(cleaned);
  }
  throw new InvalidNumberInputError(input);
}

/**
 * KRW: whole won with separators at or above ₩100, significant digits below. USD: cents at or above $1,
 * significant digits below.
 */
export function formatPrice(value: number, currency: Currency, lang: Language, withSymbol = true): string {
  if (!Number.isFinite(value)) return MISSING;
  const abs = Math.abs(value);
  const threshold = currency === 'KRW' ? 100 : 1;
  const fixed = abs >= threshold || abs === 0;
  const body = (
    fixed
      ? currency === 'KRW'
        ? numberFormat(lang, 'fraction0', { minimumFractionDigits: 0, maximumFractionDigits: 0 })
        : numberFormat(lang, 'fraction2', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : numberFormat(lang, 'significant', {
          maximumSignificantDigits: SIGNIFICANT_DIGITS,
          minimumSignificantDigits: 1,
        })
  ).format(abs);
  const sign = value < 0 ? '-' : '';
  if (!withSymbol) return `${sign}${body}`;
  return `${sign}${currency === 'KRW' ? '₩' : '$'}${body}`;
}

/** Two decimals with an explicit sign: `+3.15%`, `-0.42%`, `0.00%`. */
export function formatPercent(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return MISSING;
  const rounded = Number(value.toFixed(digits));
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded).toFixed(digits)}%`;
}

const KO_UNITS = [
  { value: 1e12, suffix: '조' },
  { value: 1e8, suffix: '억' },
  { value: 1e4, suffix: '만' },
] as const;
const EN_UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/** Large amounts: 만/억/조 in Korean (`3.1억`), K/M/B/T in English (`310M`). */
export function formatCompact(value: number, currency: Currency, lang: Language): string {
  if (!Number.isFinite(value)) return MISSING;
  const abs = Math.abs(value);
  const units = lang === 'ko' ? KO_UNITS : EN_UNITS;
  const unit = units.find((u) => abs >= u.value);
  const symbol = currency === 'KRW' ? '₩' : '$';
  const sign = value < 0 ? '-' : '';
  if (!unit) return `${sign}${symbol}${numberFormat(lang, 'max0', { maximumFractionDigits: 0 }).format(abs)}`;
  const scaled = abs / unit.value;
  const digits = scaled >= 100 ? 0 : 1;
  const formatter = numberFormat(lang, `max${digits}`, { maximumFractionDigits: digits });
  return `${sign}${symbol}${formatter.format(scaled)}${unit.suffix}`;
}

/** A span of time in whole days, hours, minutes and seconds (the web app words it per language). */
export interface DurationParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/** A duration's parts, or null for a negative or non-finite one (nothing to show). */
export function durationParts(ms: number): DurationParts | null {
  if (!Number.isFinite(ms) || ms < 0) return null;
  const totalSeconds = Math.floor(ms / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
  };
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock time in a zone (Asia/Seoul by default), with the zone named: `14:03:27 KST`. */
export function formatClock(epochMs: number, lang: Language, timeZone = 'Asia/Seoul'): string {
  if (!Number.isFinite(epochMs)) return MISSING;
  const key = `${lang}:${timeZone}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === 'ko' ? 'ko-KR' : 'en-US', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    timeFormatters.set(key, formatter);
  }
  return `${formatter.format(epochMs)} ${zoneLabel(timeZone)}`;
}

function zoneLabel(timeZone: string): string {
  if (timeZone === 'Asia/Seoul') return 'KST';
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  return timeZone;
}
