/** Time-control date arithmetic: durations on allowed days, times of day, time zones, DST. */
import { describe, expect, it } from 'vitest';
import { addClockSeconds, nextTimeOfDay, zonedParts, zonedToInstant } from '#platform/calendar.js';
import {
  deadlineFrom,
  hardDeadline,
  normaliseTimeControl,
  readTimeControl,
  readyDelayMs,
} from '#platform/play/time-control.js';
import { AppError } from '#platform/errors.js';

const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const;
const iso = (d: Date | null) => d?.toISOString();

describe('clock arithmetic', () => {
  it('reads wall-clock time and weekday in a zone', () => {
    const z = zonedParts(new Date('2026-11-27T19:00:00Z'), 'Europe/Paris');
    expect(z).toMatchObject({ year: 2026, month: 11, day: 27, hour: 20, minute: 0, weekday: 'FRI' });
  });

  it('maps wall-clock times to instants, DST gaps and overlaps included', () => {
    expect(iso(zonedToInstant(2026, 7, 1, 12, 0, 'Europe/Paris'))).toBe('2026-07-01T10:00:00.000Z');
    expect(iso(zonedToInstant(2026, 1, 1, 12, 0, 'Europe/Paris'))).toBe('2026-01-01T11:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: moved forward by the gap.
    expect(iso(zonedToInstant(2026, 3, 8, 2, 30, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026 in New York: the first (EDT) one.
    expect(iso(zonedToInstant(2026, 11, 1, 1, 30, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('a plain duration is plain addition', () => {
    expect(iso(addClockSeconds(new Date('2026-11-27T19:00:00Z'), 3600, 'UTC', []))).toBe('2026-11-27T20:00:00.000Z');
  });

  it('weekday-only durations stop the clock over the weekend in the game zone', () => {
    // Friday 20:00 in Paris + 24 h of weekday clock = 4 h on Friday, then Monday 20:00.
    expect(iso(addClockSeconds(new Date('2026-11-27T19:00:00Z'), 86_400, 'Europe/Paris', WEEKDAYS))).toBe(
      '2026-11-30T19:00:00.000Z',
    );
    // The same in UTC ends an hour later in absolute time (the weekend is UTC's).
    expect(iso(addClockSeconds(new Date('2026-11-27T19:00:00Z'), 86_400, 'UTC', WEEKDAYS))).toBe(
      '2026-11-30T19:00:00.000Z',
    );
    // Started on Saturday: the clock waits for Monday 00:00 local.
    expect(iso(addClockSeconds(new Date('2026-11-28T12:00:00Z'), 3600, 'Europe/Paris', WEEKDAYS))).toBe(
      '2026-11-30T00:00:00.000Z',
    ); // Monday 00:00 CET + 1 h
  });

  it('weekday-only durations across a DST change keep local time', () => {
    // Paris springs forward on Sunday 29 March 2026. Friday 12:00 CET + 24 h weekday clock
    // = 12 h Friday + 12 h Monday = Monday 12:00 CEST (10:00 UTC).
    expect(iso(addClockSeconds(new Date('2026-03-27T11:00:00Z'), 86_400, 'Europe/Paris', WEEKDAYS))).toBe(
      '2026-03-30T10:00:00.000Z',
    );
    // New York falls back on Sunday 1 November 2026: Friday 18:00 EDT + 24 h = Monday 18:00 EST.
    expect(iso(addClockSeconds(new Date('2026-10-30T22:00:00Z'), 86_400, 'America/New_York', WEEKDAYS))).toBe(
      '2026-11-02T23:00:00.000Z',
    );
  });

  it('a time-of-day deadline is the next such time on an allowed day, after the least step length', () => {
    // Saturday 31 October 2026, 16:00 EDT: 18:00 the same day (EDT).
    expect(iso(nextTimeOfDay(new Date('2026-10-31T20:00:00Z'), '18:00', 'America/New_York', []))).toBe(
      '2026-10-31T22:00:00.000Z',
    );
    // Weekdays only: Monday 2 November, 18:00 EST (after the change).
    expect(iso(nextTimeOfDay(new Date('2026-10-31T20:00:00Z'), '18:00', 'America/New_York', WEEKDAYS))).toBe(
      '2026-11-02T23:00:00.000Z',
    );
    // At least 3 hours: 18:00 the same day is too soon, so the next day.
    expect(iso(nextTimeOfDay(new Date('2026-10-31T20:00:00Z'), '18:00', 'America/New_York', [], 3 * 3600))).toBe(
      '2026-11-01T23:00:00.000Z',
    );
    // A time inside the spring-forward gap moves past it.
    expect(iso(nextTimeOfDay(new Date('2026-03-08T05:00:00Z'), '02:30', 'America/New_York', []))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});

describe('time controls as data', () => {
  it('keeps the original model unchanged (preset + stepSeconds)', () => {
    expect(normaliseTimeControl({ preset: 'custom', stepSeconds: 2 })).toEqual({ preset: 'custom', stepSeconds: 2 });
    expect(normaliseTimeControl({ preset: 'standard' })).toEqual({ preset: 'standard', stepSeconds: 86_400 });
    expect(normaliseTimeControl()).toEqual({ preset: 'none', stepSeconds: null });
    expect(normaliseTimeControl({ stepSeconds: 30 })).toEqual({ preset: 'custom', stepSeconds: 30 });
    expect(deadlineFrom({ preset: 'none', stepSeconds: null }, new Date())).toBeNull();
    expect(readTimeControl({ preset: 'fast', stepSeconds: 3600 })).toEqual({
      preset: 'fast',
      stepSeconds: 3600,
      timeOfDay: null,
      timeZone: 'UTC',
      days: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
      graceSeconds: 0,
      readyDelaySeconds: 0,
      excuses: 0,
      onMissedTurn: 'default',
      reminders: null,
      allowVacations: true,
      perKind: {},
    });
  });

  it('stores the extended fields, and computes deadlines from them', () => {
    const tc = normaliseTimeControl({
      timeOfDay: '18:00',
      timeZone: 'Europe/Paris',
      days: ['fri', 'MON', 'TUE', 'WED', 'THU'],
      graceSeconds: 600,
      readyDelaySeconds: 30,
    });
    expect(tc).toEqual({
      preset: 'custom',
      stepSeconds: null,
      timeOfDay: '18:00',
      timeZone: 'Europe/Paris',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      graceSeconds: 600,
      readyDelaySeconds: 30,
    });
    // Friday 19:00 Paris: Friday's 18:00 is past, the weekend is off: Monday 18:00.
    const d = deadlineFrom(tc, new Date('2026-11-27T18:00:00Z'))!;
    expect(iso(d)).toBe('2026-11-30T17:00:00.000Z');
    expect(iso(hardDeadline(tc, d))).toBe('2026-11-30T17:10:00.000Z');
    expect(readyDelayMs(tc)).toBe(30_000);
    // A named preset with allowed days: the preset's length on weekdays.
    const std = normaliseTimeControl({
      preset: 'standard',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      timeZone: 'UTC',
    });
    expect(iso(deadlineFrom(std, new Date('2026-11-27T12:00:00Z')))).toBe('2026-11-30T12:00:00.000Z');
    // All seven days is the same as none given.
    expect(normaliseTimeControl({ preset: 'fast', days: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] })).toEqual({
      preset: 'fast',
      stepSeconds: 3600,
    });
  });

  it.each([
    [{ preset: 'custom', timeZone: 'Mars/Olympus_Mons', stepSeconds: 60 }, 'timeZone'],
    [{ timeOfDay: '25:00' }, 'timeOfDay'],
    [{ timeOfDay: '6pm' }, 'timeOfDay'],
    [{ preset: 'none', timeOfDay: '18:00' }, 'timeOfDay'],
    [{ preset: 'fast', days: ['MON', 'FUNDAY'] }, 'days'],
    [{ preset: 'fast', days: [] }, 'days'],
    [{ preset: 'fast', graceSeconds: -1 }, 'graceSeconds'],
    [{ preset: 'fast', graceSeconds: 1.5 }, 'graceSeconds'],
    [{ preset: 'fast', readyDelaySeconds: 7200 }, 'readyDelaySeconds'],
    [{ preset: 'none', graceSeconds: 60 }, 'graceSeconds'],
    [{ preset: 'none', days: ['MON'] }, 'days'],
    [{ preset: 'custom', stepSeconds: 0 }, 'stepSeconds'],
    [{ preset: 'custom', timeOfDay: '18:00', stepSeconds: -5 }, 'stepSeconds'],
    [{ preset: 'fast', excuses: 99 }, 'excuses'],
    [{ preset: 'fast', onMissedTurn: 'shrug' }, 'onMissedTurn'],
    [{ preset: 'none', excuses: 1 }, 'excuses'],
  ])('refuses %j with a structured error naming %s', (input, field) => {
    try {
      normaliseTimeControl(input as never);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('BAD_INPUT');
      expect((e as AppError).details[0]).toMatchObject({ code: 'INVALID_TIME_CONTROL', path: ['timeControl', field] });
    }
  });
});
