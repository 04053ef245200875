/**
 * Vacations. Each user has a bank of VACATION_DAYS_PER_YEAR days per calendar year (UTC); a
 * vacation is charged, to the second, to the years it falls in. A vacation runs from its start
 * (now, or a later time) to its end; without an end it lasts until the bank is exhausted. Ending
 * it early gives the unused days back. While it runs, a deadline that passes while the user
 * still owes orders (in a game whose time control allows vacations) moves to one full step after
 * the vacation ends (missed-turns.ts), so the player comes back to a whole step, as if it had
 * opened on their return. An extension granted stands if the vacation is ended early.
 *
 * Refused, with nothing stored: a start in the past, an end before the start, a vacation longer
 * than what is left in the bank (VACATION_BANK_EXCEEDED), one overlapping another
 * (VACATION_OVERLAP), one more than a year ahead.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';

const DAY = 86_400_000;
const YEAR_AHEAD = 366 * DAY;
const SLACK_MS = 60_000; // "now" as a client saw it a moment ago still counts as now

const yearStart = (y: number) => Date.UTC(y, 0, 1);
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

interface Span {
  startsAt: Date;
  endsAt: Date;
}

/** Milliseconds of `spans` inside calendar year `y` (UTC). */
function usedIn(spans: Span[], y: number): number {
  return spans.reduce(
    (n, v) => n + overlap(v.startsAt.getTime(), v.endsAt.getTime(), yearStart(y), yearStart(y + 1)),
    0,
  );
}

export interface VacationInput {
  /** Default: now. */
  startsAt?: Date | string | null;
  /** Default: when the bank runs out. */
  endsAt?: Date | string | null;
}

function parseDate(v: Date | string | null | undefined, field: string): Date | null {
  if (v === undefined || v === null) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime()))
    throw new AppError('BAD_INPUT', `${field} is not a date-time.`, [
      { code: 'INVALID_DATE', path: ['input', field], message: 'Give an ISO-8601 date-time.' },
    ]);
  return d;
}

const days = (ms: number) => Math.round((ms / DAY) * 1000) / 1000;

export async function startVacation(p: Platform, user: Principal, input: VacationInput = {}) {
  const now = p.clock.now();
  const givenStart = parseDate(input?.startsAt, 'startsAt');
  const givenEnd = parseDate(input?.endsAt, 'endsAt');
  const bad = (code: string, field: string, message: string) =>
    new AppError('BAD_INPUT', message, [{ code, path: ['input', field], message }]);
  if (givenStart && givenStart.getTime() < now.getTime() - SLACK_MS)
    throw bad('VACATION_IN_PAST', 'startsAt', `A vacation cannot start in the past (${givenStart.toISOString()}).`);
  const start = givenStart && givenStart > now ? givenStart : now;
  if (start.getTime() - now.getTime() > YEAR_AHEAD)
    throw bad('TOO_FAR', 'startsAt', 'A vacation can be planned at most a year ahead.');
  if (givenEnd && givenEnd.getTime() <= start.getTime())
    throw bad('VACATION_ENDS_BEFORE_START', 'endsAt', 'A vacation ends after it starts.');
  const bankMs = p.config.vacationDaysPerYear * DAY;

  const created = await p.prisma.$transaction(async (tx) => {
    // One user's vacations change one at a time (no two overlapping ones slip in together).
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.userId} FOR UPDATE`;
    const mine: (Span & { id: string })[] = (await tx.vacation.findMany({ where: { userId: user.userId } })).filter(
      (v) => v.endsAt > v.startsAt,
    );
    let end: Date;
    if (givenEnd) {
      end = givenEnd;
      for (let y = new Date(start).getUTCFullYear(); yearStart(y) < end.getTime(); y++) {
        const need = overlap(start.getTime(), end.getTime(), yearStart(y), yearStart(y + 1));
        const left = Math.max(0, bankMs - usedIn(mine, y));
        if (need > left) {
          throw new AppError(
            'VACATION_BANK_EXCEEDED',
            `This vacation needs ${days(need)} day(s) of ${y}, and ${days(left)} are left in your ${y} bank.`,
            [
              {
                code: 'VACATION_BANK_EXCEEDED',
                path: ['input', 'endsAt'],
                message: `At most ${days(left)} vacation day(s) are left in ${y}.`,
              },
            ],
            { year: y, remainingDays: days(left), neededDays: days(need) },
          );
        }
      }
    } else {
      // Until the bank runs out: through the rest of this year's days, then next year's.
      let cursor = start.getTime();
      for (let y = start.getUTCFullYear(); ; y++) {
        const left = Math.max(0, bankMs - usedIn(mine, y));
        if (cursor + left < yearStart(y + 1) || left === 0) {
          cursor += left;
          break;
        }
        cursor = yearStart(y + 1);
        if (cursor - start.getTime() >= YEAR_AHEAD) break;
      }
      if (cursor <= start.getTime()) {
        const y = start.getUTCFullYear();
        throw new AppError(
          'VACATION_BANK_EXCEEDED',
          `No vacation days are left in your ${y} bank.`,
          [{ code: 'VACATION_BANK_EXCEEDED', path: ['input'], message: `No vacation days are left in ${y}.` }],
          { year: y, remainingDays: 0 },
        );
      }
      end = new Date(cursor);
    }
    const clash = mine.find((v) => v.startsAt < end && v.endsAt > start);
    if (clash) {
      throw new AppError(
        'VACATION_OVERLAP',
        `This vacation overlaps another (${clash.startsAt.toISOString()} to ${clash.endsAt.toISOString()}).`,
        [{ code: 'VACATION_OVERLAP', path: ['input'], message: 'End or change the other vacation first.' }],
        { vacationId: clash.id },
      );
    }
    return tx.vacation.create({ data: { userId: user.userId, startsAt: start, endsAt: end, createdAt: now } });
  }, TX_OPTIONS);
  return shape(created, now);
}

/** Ends a running vacation now (unused days go back to the bank) or cancels one not begun. */
export async function endVacation(p: Platform, user: Principal, id: string) {
  const now = p.clock.now();
  const updated = await p.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.userId} FOR UPDATE`;
    const v = await tx.vacation.findUnique({ where: { id } });
    if (!v || v.userId !== user.userId) throw new AppError('NOT_FOUND', `No vacation ${id} of yours.`);
    if (v.endsAt <= now)
      throw new AppError('CONFLICT', 'This vacation is already over.', [], { endsAt: v.endsAt.toISOString() });
    const endsAt = v.startsAt > now ? v.startsAt : now; // not begun: cancelled (zero length)
    return tx.vacation.update({ where: { id }, data: { endsAt, endedEarlyAt: now } });
  }, TX_OPTIONS);
  return shape(updated, now);
}

export function shape(v: { id: string; startsAt: Date; endsAt: Date; endedEarlyAt: Date | null }, now: Date) {
  return {
    id: v.id,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    endedEarly: v.endedEarlyAt !== null,
    active: v.startsAt <= now && now < v.endsAt,
    days: days(v.endsAt.getTime() - v.startsAt.getTime()),
  };
}

/** The caller's bank for a calendar year (default: this year) and their vacations touching it. */
export async function vacationBank(p: Platform, user: Principal, year?: number | null) {
  const now = p.clock.now();
  const y = year ?? now.getUTCFullYear();
  if (!Number.isInteger(y) || y < 2000 || y > 3000)
    throw new AppError('BAD_INPUT', 'Give a year between 2000 and 3000.', [
      { code: 'INVALID_YEAR', path: ['year'], message: 'Give a calendar year.' },
    ]);
  const rows = await p.prisma.vacation.findMany({
    where: {
      userId: user.userId,
      startsAt: { lt: new Date(yearStart(y + 1)) },
      endsAt: { gt: new Date(yearStart(y)) },
    },
    orderBy: { startsAt: 'asc' },
  });
  const used = usedIn(rows, y);
  const total = p.config.vacationDaysPerYear * DAY;
  const current = await p.prisma.vacation.findFirst({
    where: { userId: user.userId, startsAt: { lte: now }, endsAt: { gt: now } },
  });
  return {
    year: y,
    totalDays: p.config.vacationDaysPerYear,
    usedDays: days(used),
    remainingDays: days(Math.max(0, total - used)),
    vacations: rows.map((v) => shape(v, now)),
    current: current ? shape(current, now) : null,
  };
}

/** Vacations running at `at`, by user. */
export async function onVacation(tx: Tx, userIds: string[], at: Date): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx.vacation.findMany({
    where: { userId: { in: userIds }, startsAt: { lte: at }, endsAt: { gt: at } },
  });
  const ends = new Map<string, Date>();
  for (const r of rows) if (!ends.has(r.userId) || ends.get(r.userId)! < r.endsAt) ends.set(r.userId, r.endsAt);
  return ends;
}
