/**
 * Wall-clock time in a user's time zone, with Intl only (no time-zone database of our own):
 * quiet hours and the daily digest are "HH:MM" in the user's zone, whatever the server's zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** "HH:MM" (24-hour) to minutes after midnight, or null. */
export function parseClock(s: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function parts(date: Date, tz: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { y: out.year, mo: out.month, d: out.day, h: out.hour, mi: out.minute, s: out.second };
}

/** Offset of the zone from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(date: Date, tz: string): number {
  const p = parts(date, tz);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(date.getTime() / 1000) * 1000;
}

export function localMinutes(date: Date, tz: string): number {
  const p = parts(date, tz);
  return p.h * 60 + p.mi;
}

/** The instant when the local clock in `tz` shows `minutes` on the given local date. */
function zonedToUtc(y: number, mo: number, d: number, minutes: number, tz: string): Date {
  const guess = Date.UTC(y, mo - 1, d, 0, minutes);
  const first = guess - offsetMs(new Date(guess), tz);
  const second = guess - offsetMs(new Date(first), tz); // corrects across a DST change
  return new Date(second);
}

/** The first instant strictly after `after` at which the local clock shows `minutes`. */
export function nextOccurrence(after: Date, minutes: number, tz: string): Date {
  const p = parts(after, tz);
  for (let day = 0; day < 3; day++) {
    const date = new Date(Date.UTC(p.y, p.mo - 1, p.d + day));
    const t = zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minutes, tz);
    if (t.getTime() > after.getTime()) return t;
  }
  return new Date(after.getTime() + 86_400_000); // unreachable in practice
}

export interface QuietHours {
  start: string;
  end: string;
}

/** Quiet hours may wrap midnight (22:00–07:00). */
export function inQuietHours(now: Date, quiet: QuietHours | null, tz: string): boolean {
  if (!quiet) return false;
  const start = parseClock(quiet.start);
  const end = parseClock(quiet.end);
  if (start === null || end === null || start === end) return false;
  const m = localMinutes(now, tz);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** When the quiet hours that contain `now` end. */
export function quietHoursEnd(now: Date, quiet: QuietHours, tz: string): Date {
  return nextOccurrence(now, parseClock(quiet.end)!, tz);
}

const deadlineFormats = new Map<string, Intl.DateTimeFormat>();
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * A deadline as a reader in `tz` sees it, absolute and relative to `now`:
 * "Thu 3 Dec 20:00 CET, in 2 days". An unknown zone falls back to UTC.
 */
export function formatDeadline(at: Date, tz: string, now: Date): string {
  const zone = isValidTimeZone(tz) ? tz : 'UTC';
  let f = deadlineFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    deadlineFormats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.hour}:${p.minute} ${p.timeZoneName}, ${relativeTo(at, now)}`;
}

function relativeTo(at: Date, now: Date): string {
  const s = (at.getTime() - now.getTime()) / 1000;
  const a = Math.abs(s);
  if (a < 3600) return relative.format(Math.round(s / 60), 'minute');
  if (a < 2 * 86400) return relative.format(Math.round(s / 3600), 'hour');
  return relative.format(Math.round(s / 86400), 'day');
}
