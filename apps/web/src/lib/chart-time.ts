import type { Language } from '@spreadscope/core';

/**
 * lightweight-charts reads every time as UTC. To show a zone's wall clock (Asia/Seoul by default, UI.md) the
 * data is shifted by the zone's offset at each point, and the axis is labelled with the zone's name.
 */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(epochMs).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** Chart time (seconds, shifted to the zone's wall clock) of an epoch-ms instant. */
export function chartTime(epochMs: number, timeZone: string): number {
  return Math.floor((epochMs + zoneOffsetMs(epochMs, timeZone)) / 1000);
}

/** Points sorted and de-duplicated by chart time, as setData requires strictly ascending times. */
export function toChartPoints<T extends { time: number }>(points: readonly T[]): T[] {
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const out: T[] = [];
  for (const point of sorted) {
    if (out.length > 0 && out[out.length - 1]?.time === point.time) out[out.length - 1] = point;
    else out.push(point);
  }
  return out;
}

/** Crosshair label: the shifted time read back in UTC is the zone's wall clock. */
export function chartTimeLabel(time: number, language: Language, zoneName: string): string {
  const text = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    timeZone: 'UTC',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time * 1000);
  return `${text} ${zoneName}`;
}
