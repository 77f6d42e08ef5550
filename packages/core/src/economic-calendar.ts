/**
 * The built-in economic calendar: scheduled US and Korean macro releases that move crypto, as the official
 * calendars publish them (Federal Reserve FOMC meeting calendar, BLS release schedules for CPI and the
 * Employment Situation, Bank of Korea monetary policy meetings). Times are the release's local time, turned
 * into epoch ms here (US Eastern with its daylight-saving rule, Korea UTC+9).
 *
 * `confirmed`: on the official calendar; `tentative`: the official calendar marks it so (FOMC a year ahead);
 * `estimated`: not yet published by the agency, placed by its usual rule (payrolls on the first Friday, CPI
 * mid-month) — shown as such, and an operator feed (ECONOMIC_CALENDAR_URL) can bring the official dates.
 */

export type CalendarImportance = 'high' | 'medium' | 'low';
export type CalendarStatus = 'confirmed' | 'tentative' | 'estimated';
export type CalendarKind = 'fomc' | 'fomc_minutes' | 'cpi' | 'payrolls' | 'bok_rate';

export interface BuiltInCalendarEvent {
  readonly id: string;
  readonly kind: CalendarKind;
  readonly country: 'US' | 'KR';
  readonly at: number;
  readonly importance: CalendarImportance;
  readonly status: CalendarStatus;
}

/** FOMC statement days (the second day of each meeting), 14:00 US Eastern. */
const FOMC: Readonly<Record<number, readonly string[]>> = {
  2025: ['01-29', '03-19', '05-07', '06-18', '07-30', '09-17', '10-29', '12-10'],
  2026: ['01-28', '03-18', '04-29', '06-17', '07-29', '09-16', '10-28', '12-09'],
  2027: ['01-27', '03-17', '04-28', '06-09', '07-28', '09-22', '10-27', '12-08'],
};
/** CPI release days, 08:30 US Eastern (2025 as released, the September report moved to Oct 24 by the lapse in appropriations; no October report). */
const CPI_2025 = [
  '01-15',
  '02-12',
  '03-12',
  '04-10',
  '05-13',
  '06-11',
  '07-15',
  '08-12',
  '09-11',
  '10-24',
  '12-18',
];
/** Employment Situation (nonfarm payrolls) days, 08:30 US Eastern, 2025 as released. */
const PAYROLLS_2025 = [
  '01-10',
  '02-07',
  '03-07',
  '04-04',
  '05-02',
  '06-06',
  '07-03',
  '08-01',
  '09-05',
  '11-20',
  '12-16',
];
/** Bank of Korea base-rate decisions, 10:00 KST (2025 as held). */
const BOK_2025 = ['01-16', '02-25', '04-17', '05-29', '07-10', '08-28', '10-23', '11-27'];

/** Second Sunday of March to first Sunday of November: US Eastern is UTC−4, otherwise UTC−5. */
export function easternOffsetHours(year: number, month: number, day: number): number {
  const secondSundayMarch = 8 + ((7 - new Date(Date.UTC(year, 2, 8)).getUTCDay()) % 7);
  const firstSundayNovember = 1 + ((7 - new Date(Date.UTC(year, 10, 1)).getUTCDay()) % 7);
  const afterStart = month > 3 || (month === 3 && day >= secondSundayMarch);
  const beforeEnd = month < 11 || (month === 11 && day < firstSundayNovember);
  return afterStart && beforeEnd ? -4 : -5;
}

/** A US Eastern wall-clock time as epoch ms. */
export function easternTime(year: number, month: number, day: number, hour: number, minute: number): number {
  return Date.UTC(year, month - 1, day, hour - easternOffsetHours(year, month, day), minute);
}

function firstFriday(year: number, month: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((5 - weekday + 7) % 7);
}

/** Every built-in event, oldest first. */
export function builtInCalendar(): BuiltInCalendarEvent[] {
  const out: BuiltInCalendarEvent[] = [];
  const add = (
    kind: CalendarKind,
    country: 'US' | 'KR',
    at: number,
    importance: CalendarImportance,
    status: CalendarStatus,
  ) =>
    out.push({
      id: `${kind}-${new Date(at).toISOString().slice(0, 10)}`,
      kind,
      country,
      at,
      importance,
      status,
    });
  for (const [yearText, days] of Object.entries(FOMC)) {
    const year = Number(yearText);
    for (const md of days) {
      const [m, d] = md.split('-').map(Number) as [number, number];
      add('fomc', 'US', easternTime(year, m, d, 14, 0), 'high', year >= 2027 ? 'tentative' : 'confirmed');
      // Minutes come three weeks after the decision, 14:00 Eastern.
      const minutes = new Date(Date.UTC(year, m - 1, d + 21));
      add(
        'fomc_minutes',
        'US',
        easternTime(minutes.getUTCFullYear(), minutes.getUTCMonth() + 1, minutes.getUTCDate(), 14, 0),
        'medium',
        year >= 2027 ? 'tentative' : 'confirmed',
      );
    }
  }
  for (const md of CPI_2025) {
    const [m, d] = md.split('-').map(Number) as [number, number];
    add('cpi', 'US', easternTime(2025, m, d, 8, 30), 'high', 'confirmed');
  }
  for (const md of PAYROLLS_2025) {
    const [m, d] = md.split('-').map(Number) as [number, number];
    add('payrolls', 'US', easternTime(2025, m, d, 8, 30), 'high', 'confirmed');
  }
  for (const md of BOK_2025) {
    const [m, d] = md.split('-').map(Number) as [number, number];
    add('bok_rate', 'KR', Date.UTC(2025, m - 1, d, 1, 0), 'medium', 'confirmed');
  }
  for (const year of [2026, 2027]) {
    for (let month = 1; month <= 12; month++) {
      // Payrolls: the first Friday (the following one when it falls on the 1st or 2nd … BLS moves those case by case).
      add('payrolls', 'US', easternTime(year, month, firstFriday(year, month), 8, 30), 'high', 'estimated');
      // CPI: around the 12th, on a weekday.
      const twelfth = new Date(Date.UTC(year, month - 1, 12)).getUTCDay();
      const day = twelfth === 0 ? 13 : twelfth === 6 ? 14 : 12;
      add('cpi', 'US', easternTime(year, month, day, 8, 30), 'high', 'estimated');
    }
  }
  return out.sort((a, b) => a.at - b.at);
}
