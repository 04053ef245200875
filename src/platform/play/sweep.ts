/**
 * Clock-driven work the resolution workers do on every reconciler pass (reconciler.ts), by the
 * platform clock: votes whose time is up expire, and deadline reminders go out. Any number of
 * workers may sweep at once: a vote expires under its game's row lock, and a reminder is sent
 * only by the worker whose DeadlineReminder row was inserted.
 *
 * Reminders: a game's schedule (TimeControl.reminders, seconds before the deadline; default one
 * reminder NOTIFY_REMINDER_BEFORE_SECONDS before, at most a quarter of the step). When the clock
 * passes a reminder time, the most urgent reminder due is sent once per (game, step, deadline):
 * a deadline that moves (extension, pause, vacation) is reminded of again. It goes only to the
 * players whose sides still owe orders (not ready) and still play them (not the bot's seats);
 * the notifier checks again just before sending.
 */
import { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import { deliverOutbox } from '../events/outbox.js';
import { topics } from '../events/pubsub.js';
import { activeSeats } from './admin.js';
import { lockGame } from './lock.js';
import { owedSides, promptsOf } from './prompts.js';
import { TX_OPTIONS } from '../db/transactions.js';
import { promptKinds, readTimeControl, reminderSchedule, stepSecondsFor } from './time-control.js';
import { expireDue } from './votes.js';

/** Expires every open vote whose time is up; returns how many expired. */
export async function expireVotes(p: Platform, limit = 200): Promise<number> {
  const now = p.clock.now();
  const due = await p.prisma.gameVote.findMany({
    where: { status: 'OPEN', expiresAt: { lte: now } },
    select: { gameId: true },
    distinct: ['gameId'],
    take: limit,
  });
  let n = 0;
  for (const { gameId } of due) {
    n += await p.prisma.$transaction(async (tx) => expireDue(p, tx, await lockGame(tx, gameId)), TX_OPTIONS);
  }
  if (n) await deliverOutbox(p).catch(() => undefined);
  return n;
}

/** What a reminder tells the dispatcher (topic reminder.<userId>). */
export interface ReminderSignal {
  gameId: string;
  step: number;
  sides: string[];
  deadline: string;
  offsetSeconds: number;
}

export async function sendReminders(p: Platform, limit = 500): Promise<number> {
  const now = p.clock.now();
  const fallback = p.notify.config.reminderBeforeSeconds;
  // Games whose earliest reminder time has come (their largest offset, or the default).
  const utcNow = Prisma.sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const games = await p.prisma.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM "Game" g
    WHERE g.status = 'ACTIVE' AND g."stepDeadline" IS NOT NULL AND g."stepDeadline" > ${utcNow}
      AND g."stepDeadline" - make_interval(secs => COALESCE(
            (SELECT max(x::int) FROM jsonb_array_elements_text(
               CASE WHEN jsonb_typeof(g."timeControl"->'reminders') = 'array' THEN g."timeControl"->'reminders' ELSE '[]'::jsonb END) x),
            CASE WHEN jsonb_typeof(g."timeControl"->'reminders') = 'array' THEN 0 ELSE ${fallback} END)) <= ${utcNow}
    ORDER BY g."stepDeadline" LIMIT ${limit}`;
  let sent = 0;
  for (const { id } of games) {
    const n = await p.prisma.$transaction(async (tx) => {
      const game = await tx.game.findUnique({ where: { id }, include: { seats: true } });
      if (!game || game.status !== 'ACTIVE' || !game.stepDeadline || game.stepDeadline <= now) return 0;
      const prompts = promptsOf(p.modules.get(game.module), game.state);
      const stepSeconds = stepSecondsFor(readTimeControl(game.timeControl), promptKinds(prompts));
      const schedule = reminderSchedule(game.timeControl, fallback, stepSeconds ? stepSeconds * 1000 : null);
      const left = game.stepDeadline.getTime() - now.getTime();
      const due = schedule.filter((s) => s * 1000 >= left);
      if (due.length === 0) return 0;
      const offsetSeconds = Math.min(...due); // the most urgent one; earlier ones are superseded
      const claimed = await tx.deadlineReminder.createMany({
        data: [{ gameId: id, step: game.step, deadline: game.stepDeadline, offsetSeconds, sentAt: now }],
        skipDuplicates: true,
      });
      if (claimed.count === 0) return 0;
      const owed = owedSides(prompts);
      const ready = await tx.submission.findMany({
        where: { gameId: id, step: game.step, ready: true },
        select: { side: true },
      });
      const owing = owed.filter((s) => !ready.some((r) => r.side === s));
      const byUser = new Map<string, string[]>();
      for (const seat of activeSeats(game))
        if (owing.includes(seat.side)) byUser.set(seat.userId, [...(byUser.get(seat.userId) ?? []), seat.side]);
      if (byUser.size === 0) return 0;
      await tx.outboxMessage.createMany({
        data: [...byUser].map(([userId, sides]) => ({
          topic: topics.reminder(userId),
          payload: {
            gameId: id,
            step: game.step,
            sides,
            deadline: game.stepDeadline!.toISOString(),
            offsetSeconds,
          } satisfies ReminderSignal as unknown as Prisma.InputJsonValue,
        })),
      });
      return byUser.size;
    }, TX_OPTIONS);
    sent += n;
  }
  if (sent) await deliverOutbox(p).catch(() => undefined);
  return sent;
}

/** Everything the clock drives, once. */
export async function sweepClock(p: Platform) {
  const votes = await expireVotes(p);
  const reminders = await sendReminders(p);
  return { votes, reminders };
}
