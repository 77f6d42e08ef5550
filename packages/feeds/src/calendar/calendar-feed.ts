import ICAL from 'ical.js';
import { isRecord } from '../venues/http-json.ts';

/** One event of an operator's calendar feed. */
export interface FeedCalendarEvent {
  readonly id: string;
  readonly title: string;
  readonly at: number;
  readonly importance: 'high' | 'medium' | 'low';
  readonly country: string;
}

const MAX_EVENTS = 5_000;

/** RFC 5545 PRIORITY: 1–4 high, 5 medium, 6–9 low (0/absent: medium). Categories may say it too. */
function importanceOf(priority: number | undefined, words: string): FeedCalendarEvent['importance'] {
  if (/\bhigh\b|★★★|중요/i.test(words)) return 'high';
  if (/\blow\b/i.test(words)) return 'low';
  if (priority !== undefined && priority >= 1 && priority <= 4) return 'high';
  if (priority !== undefined && priority >= 6) return 'low';
  return 'medium';
}

/**
 * An ICS calendar (the format every economic-calendar provider exports) or a JSON list
 * `[{ title, at|time|date (ISO or epoch ms), importance?, country?, id? }]` (or `{ events: [...] }`) → events.
 * Throws when it is neither: a failed load keeps the previous events.
 */
export function parseCalendarFeed(body: string): FeedCalendarEvent[] {
  const text = body.trim();
  if (text.startsWith('BEGIN:VCALENDAR')) return parseIcs(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('unreadable calendar feed: neither ICS (BEGIN:VCALENDAR) nor JSON');
  }
  const list = Array.isArray(json)
    ? json
    : isRecord(json) && Array.isArray(json.events)
      ? json.events
      : undefined;
  if (!list) throw new Error('unreadable calendar feed: JSON without a list of events');
  const out: FeedCalendarEvent[] = [];
  for (const item of list.slice(0, MAX_EVENTS)) {
    if (!isRecord(item)) continue;
    const title = typeof item.title === 'string' ? item.title.trim().slice(0, 200) : '';
    const when = item.at ?? item.time ?? item.date;
    const at = typeof when === 'number' ? when : typeof when === 'string' ? Date.parse(when) : Number.NaN;
    if (title === '' || !Number.isFinite(at) || at <= 0) continue;
    const importance = typeof item.importance === 'string' ? item.importance.toLowerCase() : '';
    out.push({
      id:
        typeof item.id === 'string' || typeof item.id === 'number'
          ? `feed-${item.id}`
          : `feed-${at}-${title}`,
      title,
      at,
      importance: importance === 'high' || importance === 'low' ? importance : 'medium',
      country: typeof item.country === 'string' ? item.country.toUpperCase().slice(0, 3) : '',
    });
  }
  return out;
}

function parseIcs(text: string): FeedCalendarEvent[] {
  let component: ICAL.Component;
  try {
    component = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw new Error(`unreadable ICS calendar: ${(error as Error).message}`);
  }
  const out: FeedCalendarEvent[] = [];
  for (const vevent of component.getAllSubcomponents('vevent').slice(0, MAX_EVENTS)) {
    const event = new ICAL.Event(vevent);
    const title = (event.summary ?? '').trim().slice(0, 200);
    const start = event.startDate;
    if (title === '' || !start) continue;
    const at = start.toJSDate().getTime();
    if (!Number.isFinite(at)) continue;
    const priority = vevent.getFirstPropertyValue('priority');
    const categories = vevent
      .getAllProperties('categories')
      .flatMap((p) => p.getValues().map(String))
      .join(' ');
    const location = String(vevent.getFirstPropertyValue('location') ?? '');
    out.push({
      id: `feed-${event.uid || `${at}-${title}`}`,
      title,
      at,
      importance: importanceOf(
        typeof priority === 'number' ? priority : Number(priority ?? Number.NaN) || undefined,
        categories,
      ),
      country: /^[A-Z]{2,3}$/.test(location) ? location : '',
    });
  }
  return out;
}
