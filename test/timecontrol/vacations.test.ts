/**
 * Vacation banks, on PostgreSQL, Redis and a worker, with the controllable clock: a deadline
 * that passes while a player who owes orders is away moves to a full step after their return;
 * a vacation without an end stops when the bank runs out, after which missed turns count again;
 * a game can forbid vacations; bad requests (past, too long for the bank, overlapping) change
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit } from '../helpers/play.js';
import { type Stack } from '../helpers/stack.js';
import {
  as,
  clockStack,
  DAY,
  deadlineOf,
  eventsOf,
  expectError,
  HOUR,
  ok,
  pair,
  register,
  uid,
  untilStep,
  view,
} from './helpers.js';

let stack: Stack;
beforeAll(async () => {
  stack = await clockStack({ VACATION_DAYS_PER_YEAR: '10' });
});
afterAll(async () => stack?.close());

const START = `mutation($i:VacationInput!){startVacation(input:$i){id startsAt endsAt endedEarly active days}}`;
const END = `mutation($id:ID!){endVacation(id:$id){id endsAt endedEarly active days}}`;
const BANK = `query($y:Int){vacationBank(year:$y){year totalDays usedDays remainingDays current{id} vacations{id days}}}`;
const iso = (ms: number) => new Date(ms).toISOString();

describe('vacations', () => {
  it('refuses vacations in the past, longer than the bank, ending before they start, or overlapping; nothing is stored', async () => {
    await stack.clock.set(new Date('2027-03-01T12:00:00Z'));
    const u = await register(stack.base, `vx_${uid()}`);
    const now = stack.clock.now().getTime();
    expectError(
      await as(stack.base, u, START, { i: { startsAt: iso(now - DAY), endsAt: iso(now + DAY) } }),
      'BAD_INPUT',
      'VACATION_IN_PAST',
    );
    expectError(
      await as(stack.base, u, START, { i: { endsAt: iso(now + 11 * DAY) } }),
      'VACATION_BANK_EXCEEDED',
      'VACATION_BANK_EXCEEDED',
    );
    expectError(
      await as(stack.base, u, START, { i: { startsAt: iso(now + 2 * DAY), endsAt: iso(now + DAY) } }),
      'BAD_INPUT',
      'VACATION_ENDS_BEFORE_START',
    );
    expect((await ok(as(stack.base, u, BANK, {}))).vacationBank).toEqual({
      year: 2027,
      totalDays: 10,
      usedDays: 0,
      remainingDays: 10,
      current: null,
      vacations: [],
    });
    const v = (await ok(as(stack.base, u, START, { i: { startsAt: iso(now + 2 * DAY), endsAt: iso(now + 6 * DAY) } })))
      .startVacation;
    expect(v).toMatchObject({ days: 4, active: false, endedEarly: false });
    expectError(
      await as(stack.base, u, START, { i: { startsAt: iso(now + 5 * DAY), endsAt: iso(now + 7 * DAY) } }),
      'VACATION_OVERLAP',
      'VACATION_OVERLAP',
    );
    // 4 of 10 days planned: 7 more is too many, 6 fit.
    const r = await as(stack.base, u, START, { i: { startsAt: iso(now + 10 * DAY), endsAt: iso(now + 17 * DAY) } });
    expectError(r, 'VACATION_BANK_EXCEEDED');
    expect(r.errors![0]!.extensions).toMatchObject({ remainingDays: 6, neededDays: 7, year: 2027 });
    expect((await ok(as(stack.base, u, BANK, {}))).vacationBank).toMatchObject({
      usedDays: 4,
      remainingDays: 6,
      vacations: [{ id: v.id, days: 4 }],
    });
    // Cancelling a vacation not begun gives every day back.
    expect((await ok(as(stack.base, u, END, { id: v.id }))).endVacation).toMatchObject({ endedEarly: true, days: 0 });
    expect((await ok(as(stack.base, u, BANK, {}))).vacationBank).toMatchObject({ usedDays: 0, remainingDays: 10 });
  });

  it('a deadline passing while a player owing orders is away moves to a full step after their return', async () => {
    await stack.clock.set(new Date('2027-05-03T08:00:00Z'));
    const { a, b, g } = await pair(stack, 'vo', { preset: 'standard' });
    const d0 = (await deadlineOf(stack, a, g.id))!;
    const now = stack.clock.now().getTime();
    const vac = (await ok(as(stack.base, b, START, { i: { endsAt: iso(now + 3 * DAY) } }))).startVacation;
    expect(vac).toMatchObject({ active: true, days: 3 });
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'n' });
    await stack.clock.set(new Date(d0.getTime() + 1000));
    const extended = await waitEvent(a, g.id, 'deadline-extended');
    const moved = new Date(vac.endsAt).getTime() + DAY;
    expect(extended.data).toEqual({ step: 1, sides: ['south'], deadline: iso(moved), reason: 'vacation' });
    expect((await deadlineOf(stack, a, g.id))!.getTime()).toBe(moved);
    expect((await view(stack.base, a, g.id)).game.step).toBe(1);
    expect(await stack.booted.platform.prisma.missedTurn.count({ where: { gameId: g.id } })).toBe(0);
    // Back from vacation: b plays on time, nothing was missed.
    await stack.clock.set(new Date(new Date(vac.endsAt).getTime() + HOUR));
    await submit(stack.base, b, g.id, 1, { bid: 2, note: 's' });
    const next = await untilStep(stack, a, g.id, 2);
    expect(next.events.find((e: any) => e.type === 'step-resolved').data.defaulted).toEqual([]);
  });

  it('a vacation without an end stops when the bank runs out; then the missed-turn policy applies, once', async () => {
    await stack.clock.set(new Date('2027-07-05T08:00:00Z'));
    const { a, b, g } = await pair(stack, 'vb', { preset: 'standard' });
    const start = stack.clock.now().getTime();
    const vac = (await ok(as(stack.base, b, START, { i: {} }))).startVacation;
    expect(new Date(vac.endsAt).getTime()).toBe(new Date(vac.startsAt).getTime() + 10 * DAY);
    expectError(await as(stack.base, b, START, { i: { startsAt: iso(start + 20 * DAY) } }), 'VACATION_BANK_EXCEEDED');
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'n' });
    const d0 = (await deadlineOf(stack, a, g.id))!;
    await stack.clock.set(new Date(d0.getTime() + 1000));
    const ext = await waitEvent(a, g.id, 'deadline-extended');
    expect(ext.data.deadline).toBe(iso(new Date(vac.endsAt).getTime() + DAY));
    // Day 10: the bank is spent, the vacation over. The moved deadline passes: default orders.
    await stack.clock.set(new Date(new Date(ext.data.deadline).getTime() + 1000));
    const next = await untilStep(stack, a, g.id, 2);
    expect(next.events.filter((e: any) => e.type === 'step-resolved')).toHaveLength(1);
    expect(next.events.find((e: any) => e.type === 'step-resolved').data.defaulted).toEqual(['south']);
    expect(next.events.filter((e: any) => e.type === 'deadline-extended')).toHaveLength(1);
    expect(
      await stack.booted.platform.prisma.missedTurn.findMany({
        where: { gameId: g.id },
        select: { userId: true, action: true },
      }),
    ).toEqual([{ userId: b.id, action: 'default' }]);
    const bank = (await ok(as(stack.base, b, BANK, {}))).vacationBank;
    expect(bank).toMatchObject({ usedDays: 10, remainingDays: 0, current: null });
  });

  it('a game that forbids vacations keeps its deadlines; ending a vacation early gives days back', async () => {
    await stack.clock.set(new Date('2027-09-06T08:00:00Z'));
    const { a, b, g } = await pair(stack, 'vn', { preset: 'standard', allowVacations: false });
    const tc = (
      await ok(
        as(stack.base, a, `query($g:ID!){game(id:$g){game{timeControl{allowVacations reminders}}}}`, { g: g.id }),
      )
    ).game.game.timeControl;
    expect(tc).toEqual({ allowVacations: false, reminders: null });
    const now = stack.clock.now().getTime();
    const vac = (await ok(as(stack.base, b, START, { i: { endsAt: iso(now + 5 * DAY) } }))).startVacation;
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'n' });
    const d0 = (await deadlineOf(stack, a, g.id))!;
    await stack.clock.set(new Date(d0.getTime() + 1000));
    const next = await untilStep(stack, a, g.id, 2);
    expect(next.events.find((e: any) => e.type === 'step-resolved').data.defaulted).toEqual(['south']);
    expect(next.events.some((e: any) => e.type === 'deadline-extended')).toBe(false);
    // Ended after a day and a quarter: 5 planned days become what was used.
    await stack.clock.advance(6 * HOUR);
    const ended = (await ok(as(stack.base, b, END, { id: vac.id }))).endVacation;
    expect(ended).toMatchObject({ endedEarly: true, active: false });
    expect(ended.days).toBeGreaterThan(1.24);
    expect(ended.days).toBeLessThan(1.26);
    expect((await ok(as(stack.base, b, BANK, {}))).vacationBank.remainingDays).toBeCloseTo(10 - ended.days, 2);
    expectError(await as(stack.base, b, END, { id: vac.id }), 'CONFLICT');
  });
});

async function waitEvent(p: Parameters<typeof eventsOf>[1], gameId: string, type: string) {
  const { waitFor } = await import('../helpers/gql.js');
  return waitFor(async () => (await eventsOf(stack, p, gameId)).find((e) => e.type === type) ?? null, 20_000);
}
