import { durationParts, MISSING } from '@spreadscope/core';
import type { TFunction } from 'i18next';

/**
 * A duration in the reader's words, the two most significant units: `4h 12m` / `4시간 12분`, `3m 5s` /
 * `3분 5초`, `2d 4h` / `2일 4시간`. Every duration and "… ago" on screen goes through here, so no Korean page
 * shows English units.
 */
export function formatDuration(ms: number, t: TFunction): string {
  const parts = durationParts(ms);
  if (!parts) return MISSING;
  const { days, hours, minutes, seconds } = parts;
  if (days > 0) return t('duration.days', { d: days, h: hours });
  if (hours > 0) return t('duration.hours', { h: hours, m: minutes });
  if (minutes > 0) return t('duration.minutes', { m: minutes, s: seconds });
  return t('duration.seconds', { s: seconds });
}

/** An interval code as the API names it (`15m`, `4h`, `1d`) in the reader's words: `15분`, `4시간`, `1일`. */
export function formatIntervalCode(code: string, t: TFunction): string {
  const match = /^(\d+)([mhd])$/.exec(code);
  if (!match) return code;
  const unit = match[2] as 'm' | 'h' | 'd';
  return t(`duration.count.${unit}`, { n: Number(match[1]) });
}
