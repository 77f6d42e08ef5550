import type { Language } from '@spreadscope/core';

/** Date and minute in Korea time with the zone named (UI.md): `2026. 11. 21. 14:03 KST`. */
export function formatDateTime(epochMs: number, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);
  return `${text} KST`;
}
