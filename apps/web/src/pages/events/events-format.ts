import type { Language } from '@spreadscope/core';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `2025-11-21 16:30 KST`: date and time in Korea, the zone named (traders read notices against the clock). */
export function formatKst(epochMs: number, language: Language, withYear = false): string {
  const key = `${language}:${withYear}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Seoul',
      ...(withYear ? { year: 'numeric' } : {}),
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(epochMs).map((p) => [p.type, p.value]));
  const date = `${withYear ? `${parts.year}-` : ''}${parts.month}-${parts.day}`;
  return `${date} ${parts.hour}:${parts.minute} KST`;
}
