/**
 * Pure date arithmetic for time controls, in a game's IANA time zone (Intl only, no library).
 * Every function takes its "now" as an argument, so tests control the clock.
 */

export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone (e.g. "Europe/Paris", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
}

/** The wall-clock reading of an instant in a zone. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: get('weekday').toUpperCase().slice(0, 3) as Weekday,
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (east positive). */
function offsetMs(at: Date, timeZone: string): number {
  const z = zonedParts(at, timeZone);
  const asUtc = Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time occurs in a zone. An ambiguous time (clocks going back) is its
 * first occurrence; a time that does not exist (clocks going forward) is moved forward by the
 * length of the gap (02:30 on a spring-forward night becomes 03:30).
 */
export function zonedToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, 0);
  const before = offsetMs(new Date(wall - 86_400_000 / 2), timeZone);
  const after = offsetMs(new Date(wall + 86_400_000 / 2), timeZone);
  // Try the earlier offset first (first occurrence of an ambiguous time), then the later one.
  for (const off of before >= after ? [before, after] : [after, before]) {
    const t = new Date(wall - off);
    const z = zonedParts(t, timeZone);
    if (Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, 0) === wall) return t;
  }
  // In a gap: read the wall time with the offset before the change, which lands after the gap.
  return new Date(wall - before);
}

/** The calendar date following y-m-d. */
function nextDate(y: number, m: number, d: number): [number, number, number] {
  const n = new Date(Date.UTC(y, m - 1, d + 1));
  return [n.getUTCFullYear(), n.getUTCMonth() + 1, n.getUTCDate()];
}

/** The instant the local day after the one containing `at` begins. */
export function startOfNextDay(at: Date, timeZone: string): Date {
  const z = zonedParts(at, timeZone);
  const [y, m, d] = nextDate(z.year, z.month, z.day);
  return zonedToInstant(y, m, d, 0, 0, timeZone);
}

const MAX_DAYS = 800;

/**
 * Adds `seconds` of clock time counting only allowed days (local days in the zone): the clock
 * stops at midnight before a disallowed day and restarts at the next allowed midnight.
 * `days` empty or all seven: plain addition.
 */
export function addClockSeconds(from: Date, seconds: number, timeZone: string, days: readonly Weekday[]): Date {
  if (days.length === 0 || days.length === 7) return new Date(from.getTime() + seconds * 1000);
  let remaining = seconds * 1000;
  let cursor = from;
  for (let i = 0; i < MAX_DAYS; i++) {
    const next = startOfNextDay(cursor, timeZone);
    if (days.includes(zonedParts(cursor, timeZone).weekday)) {
      const available = next.getTime() - cursor.getTime();
      if (remaining <= available) return new Date(cursor.getTime() + remaining);
      remaining -= available;
    }
    cursor = next;
  }
  throw new Error('no allowed day within the search window');
}

/**
 * The first time the wall clock reads `hh:mm` on an allowed day, at least `minSeconds` after
 * `from` (so a deadline "every day at 18:00" set at 17:59 is not one minute long).
 */
export function nextTimeOfDay(
  from: Date,
  hhmm: string,
  timeZone: string,
  days: readonly Weekday[],
  minSeconds = 0,
): Date {
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  const earliest = from.getTime() + minSeconds * 1000;
  const z = zonedParts(new Date(earliest), timeZone);
  let [y, m, d] = [z.year, z.month, z.day];
  for (let i = 0; i < MAX_DAYS; i++) {
    const t = zonedToInstant(y, m, d, hh, mm, timeZone);
    const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
    if (t.getTime() >= earliest && (days.length === 0 || days.includes(weekday))) return t;
    [y, m, d] = nextDate(y, m, d);
  }
  throw new Error('no allowed day within the search window');
}

/** "HH:MM", 00:00 to 23:59. */
export function isTimeOfDay(s: unknown): s is string {
  return typeof s === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
}
