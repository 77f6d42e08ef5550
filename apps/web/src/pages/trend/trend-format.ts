import type { Language } from '@spreadscope/core';

/** 86,400 → "86.4K" / "8.6만": counts the way Telegram and Korean readers print them. */
export function compactCount(value: number | null, language: Language): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

export function wholeCount(value: number | null, language: Language): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US').format(value);
}

/** A post's time in Seoul, date and minute. */
export function postTime(epochMs: number, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    timeZone: 'Asia/Seoul',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(epochMs);
}

export function dayLabel(epochMs: number | null, language: Language): string {
  if (epochMs === null) return '—';
  return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(epochMs);
}

/** A rise of 0.5 (recent interest 1.5× the earlier) → "+50%"; null → "—". */
export function risePercent(rise: number | null): string {
  if (rise === null) return '—';
  const pct = rise * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(0)}%`;
}
