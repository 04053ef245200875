/**
 * Seats in a running game. A player may resign (the bot plays the side, as in civil disorder,
 * and the seat is offered to anyone); an admin may offer a seat in civil disorder (to anyone, or
 * to one user), and a user takes an offered seat; an admin may also hand any seat to a named
 * user directly. The replacement inherits the side: its view, prompts, events, receipts and
 * orders already in (all kept per side). Nothing of the previous player's own comes along: their
 * draft of the side is deleted, and their notification preferences, webhooks, notes
 * (GameNote), excuses used and reliability record are kept per user, so they stay theirs. Every
 * missed turn stays recorded against the user who missed it.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { assertNotBlocked } from '../accounts/blocks.js';
import { AppError } from '../errors.js';
import { topics } from '../events/pubsub.js';
import { afterEffect, audit, checkReason, requireAdmin, type LockedGame } from './admin.js';
import { lockGame } from './lock.js';
import { owedSides, promptsOf } from './prompts.js';
import { pickSide } from './acting-side.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { turnSignals } from '../events/turn-signals.js';
import { prismaSql } from '../db/sql.js';
import { requireReliability } from './discovery.js';
import { appendPublicEvent } from '../events/event-log.js';

const running = (game: { status: string }) => {
  if (game.status !== 'ACTIVE' && game.status !== 'PAUSED')
    throw new AppError('GAME_NOT_ACTIVE', `The game is ${game.status.toLowerCase()}; its seats no longer change.`);
};

function seatOf(game: LockedGame, side: string) {
  const seat = game.seats.find((s) => s.side === side);
  if (!seat) throw new AppError('UNKNOWN_SIDE', `No seat "${String(side).slice(0, 100)}" in this game.`);
  return seat;
}

async function findUser(tx: Tx, username: string) {
  const u = await tx.user.findUnique({ where: { username }, select: { id: true, username: true } });
  if (!u) throw new AppError('NOT_FOUND', `No user "${String(username).slice(0, 64)}".`);
  return u;
}

/** Gives a seat to a new player (game locked). */
async function handOver(
  p: Platform,
  tx: Tx,
  game: LockedGame,
  side: string,
  to: { id: string; username: string },
  how: 'taken' | 'replaced',
  by: string | null,
) {
  const seat = seatOf(game, side);
  if (seat.userId === to.id) throw new AppError('CONFLICT', `${to.username} already holds "${side}".`);
  if (!game.allowMultiSeat && game.seats.some((s) => s.userId === to.id)) {
    throw new AppError(
      'MULTI_SEAT_FORBIDDEN',
      `${to.username} already holds a side, and this game allows one side per player.`,
    );
  }
  const previous = await tx.user.findUnique({ where: { id: seat.userId }, select: { username: true } });
  await tx.seat.update({
    where: { id: seat.id },
    data: { userId: to.id, civilDisorder: false, offeredAt: null, offeredToId: null, joinedAt: p.clock.now() },
  });
  // The previous player's private scratch orders for the side go with them.
  await tx.draft.deleteMany({ where: { gameId: game.id, side } });
  await appendPublicEvent(
    prismaSql(tx),
    game.id,
    game.step,
    'seat-replaced',
    { side, player: to.username, previous: previous?.username ?? null, how, ...(by ? { by } : {}) },
    game.status,
  );
  await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId: game.id, status: game.status } } });
  const owed = owedSides(promptsOf(p.modules.get(game.module), game.state));
  if (game.status === 'ACTIVE' && owed.includes(side)) {
    await tx.outboxMessage.createMany({
      data: turnSignals([{ side, userId: to.id }], game.id, game.step, owed, game.stepDeadline),
    });
  }
  return previous?.username ?? null;
}

/** A player leaves a running game: the bot plays the side and the seat is offered to anyone. */
export async function resignSeat(p: Platform, user: Principal, gameId: string, side?: string | null) {
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    running(game);
    const mine = pickSide(game.seats, user.userId, side);
    const seat = seatOf(game, mine);
    const now = p.clock.now();
    await tx.seat.update({ where: { id: seat.id }, data: { civilDisorder: true, offeredAt: now, offeredToId: null } });
    await tx.missedTurn.createMany({
      data: [{ userId: user.userId, gameId, step: game.step, side: mine, action: 'resigned' }],
      skipDuplicates: true,
    });
    await appendPublicEvent(
      prismaSql(tx),
      gameId,
      game.step,
      'seat-resigned',
      { side: mine, by: user.username, offered: true },
      game.status,
    );
    await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId, status: game.status } } });
  }, TX_OPTIONS);
  await afterEffect(p, null);
}

/** Admin: offers a seat in civil disorder to a replacement (anyone, or one named user). */
export async function offerSeat(
  p: Platform,
  user: Principal,
  gameId: string,
  side: string,
  username?: string | null,
  reason?: string | null,
) {
  const why = checkReason(reason);
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'offer a seat');
    running(game);
    const seat = seatOf(game, side);
    if (!seat.civilDisorder)
      throw new AppError(
        'CONFLICT',
        `The player of "${side}" still plays: only a seat in civil disorder (or resigned) is offered; replaceSeat hands it over directly.`,
      );
    const to = username ? await findUser(tx, username) : null;
    if (to) await assertNotBlocked(tx, to, user.userId, 'seat offers');
    await tx.seat.update({ where: { id: seat.id }, data: { offeredAt: p.clock.now(), offeredToId: to?.id ?? null } });
    await appendPublicEvent(
      prismaSql(tx),
      gameId,
      game.step,
      'seat-offered',
      { side, to: to?.username ?? null, by: user.username },
      game.status,
    );
    await audit(p, tx, game, user, role, 'offer-seat', why, { side, to: to?.username ?? null });
    if (to)
      await tx.outboxMessage.create({
        data: {
          topic: topics.notice(to.id),
          payload: { kind: 'SEAT_OFFERED', gameId, side, invitedBy: user.username },
        },
      });
    await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId, status: game.status } } });
  }, TX_OPTIONS);
  await afterEffect(p, null);
}

/** A user takes an offered seat. */
export async function takeSeat(p: Platform, user: Principal, gameId: string, side: string) {
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const seat = seatOf(game, side);
    const invited =
      !game.isPublic && game.creatorId !== user.userId && seat.offeredToId !== user.userId
        ? await tx.invitation.findUnique({ where: { gameId_userId: { gameId, userId: user.userId } } })
        : true;
    if (!invited) throw new AppError('NOT_FOUND', `No game ${gameId}.`); // private games do not admit they exist
    running(game);
    if (!seat.offeredAt) throw new AppError('SEAT_NOT_OFFERED', `The seat "${side}" is not offered.`);
    if (seat.offeredToId && seat.offeredToId !== user.userId)
      throw new AppError('FORBIDDEN', `The seat "${side}" is offered to someone else.`);
    await requireReliability(p, tx, game, user.userId, seat.offeredToId === user.userId);
    await handOver(p, tx, game, side, { id: user.userId, username: user.username }, 'taken', null);
  }, TX_OPTIONS);
  await afterEffect(p, null);
}

/** Admin: hands a seat to a named user at once (any seat of a running game). */
export async function replaceSeat(
  p: Platform,
  user: Principal,
  gameId: string,
  side: string,
  username: string,
  reason?: string | null,
) {
  const why = checkReason(reason);
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'replace a player');
    running(game);
    const to = await findUser(tx, username);
    await assertNotBlocked(tx, to, user.userId, 'seats');
    const previous = await handOver(p, tx, game, side, to, 'replaced', user.username);
    await audit(p, tx, game, user, role, 'replace-seat', why, { side, from: previous, to: to.username });
  }, TX_OPTIONS);
  await afterEffect(p, null);
}

// ---- Personal notes ----

const MAX_NOTE = 10_000;

/** A player's private note on a game (null or empty removes it). */
export async function setGameNote(p: Platform, user: Principal, gameId: string, text: string | null | undefined) {
  const game = await p.prisma.game.findUnique({ where: { id: gameId }, include: { seats: true } });
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  pickSide(game.seats, user.userId, game.seats.find((s) => s.userId === user.userId)?.side ?? null);
  if (text !== null && text !== undefined && (typeof text !== 'string' || text.length > MAX_NOTE)) {
    throw new AppError('BAD_INPUT', `A note has at most ${MAX_NOTE} characters.`, [
      { code: 'INVALID_NOTE', path: ['text'], message: `Give at most ${MAX_NOTE} characters.` },
    ]);
  }
  if (!text) {
    await p.prisma.gameNote.deleteMany({ where: { gameId, userId: user.userId } });
    return true;
  }
  await p.prisma.gameNote.upsert({
    where: { gameId_userId: { gameId, userId: user.userId } },
    create: { gameId, userId: user.userId, text },
    update: { text },
  });
  return true;
}

export async function gameNote(p: Platform, userId: string, gameId: string) {
  return (await p.prisma.gameNote.findUnique({ where: { gameId_userId: { gameId, userId } } }))?.text ?? null;
}
