/**
 * Wall-clock time in a user's time zone (the zone arithmetic is the platform calendar's): quiet
 * hours and the daily digest are "HH:MM" in the user's zone, whatever the server's zone.
 */
import { isValidTimeZone, nextTimeOfDay, zonedParts } from '../calendar.js';

/** "HH:MM" (24-hour) to minutes after midnight, or null. */
export function parseClock(s: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function localMinutes(date: Date, tz: string): number {
  const p = zonedParts(date, tz);
  return p.hour * 60 + p.minute;
}

/** The first instant strictly after `after` at which the local clock shows `minutes`. */
export function nextOccurrence(after: Date, minutes: number, tz: string): Date {
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return nextTimeOfDay(new Date(after.getTime() + 1), hhmm, tz, []);
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
