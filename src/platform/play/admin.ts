/**
 * Game admins and their actions. A game's admin is its creator (the club admin of a club game,
 * once clubs exist) or a platform admin (User.isAdmin, set by the operator with
 * `npm run admin -- grant <username>`). An admin acts without a vote: pause, resume, retry a
 * failed resolution, extend the deadline, force a result, offer or replace a seat. Every such
 * action is written, in the transaction that makes it, to the game's audit log (AuditEntry),
 * which the game's players read, and announced as a public game event.
 *
 * The pause/resume/end helpers here are shared with votes (votes.ts): a passed vote changes the
 * game exactly as the admin action does, without the audit entry.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { deliverOutbox } from '../events/outbox.js';
import { topics } from '../events/pubsub.js';
import { lockGame } from './lock.js';
import { owedSides, promptsOf } from './prompts.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { turnSignals } from '../events/turn-signals.js';
import { prismaSql } from '../db/sql.js';
import { appendPublicEvent } from '../events/event-log.js';
import { enqueueAfterCommit, rearmDeadline } from './scheduling.js';
import { MAX_STEP_SECONDS, readTimeControl } from './time-control.js';
import { pageSize } from '../page-size.js';
import { lapseVotes } from './open-votes.js';

export type AdminRole = 'creator' | 'platform-admin';
export type LockedGame = Awaited<ReturnType<typeof lockGame>>;

export const ADMIN_ACTIONS = [
  'pause',
  'resume',
  'retry',
  'extend-deadline',
  'force-result',
  'offer-seat',
  'replace-seat',
  'hide-press',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The caller's admin role in a game, or null. */
export async function adminRole(tx: Tx, user: Principal, game: { creatorId: string }): Promise<AdminRole | null> {
  if (game.creatorId === user.userId) return 'creator';
  const row = await tx.user.findUnique({ where: { id: user.userId }, select: { isAdmin: true } });
  return row?.isAdmin ? 'platform-admin' : null;
}

export async function requireAdmin(
  tx: Tx,
  user: Principal,
  game: { creatorId: string },
  what: string,
): Promise<AdminRole> {
  const role = await adminRole(tx, user, game);
  if (!role) throw new AppError('FORBIDDEN', `Only the game's admin (its creator or a platform admin) can ${what}.`);
  return role;
}

/** Appends one audit entry (in the caller's transaction). */
export async function audit(
  p: Platform,
  tx: Tx,
  game: { id: string; step: number },
  user: Principal,
  role: AdminRole,
  action: AdminAction,
  reason: string | null | undefined,
  details: object = {},
) {
  await tx.auditEntry.create({
    data: {
      gameId: game.id,
      step: game.step,
      actorId: user.userId,
      actorRole: role,
      action,
      reason: reason ?? null,
      details,
      createdAt: p.clock.now(),
    },
  });
}

const MAX_REASON = 500;
export function checkReason(reason: unknown): string | null {
  if (reason === undefined || reason === null || reason === '') return null;
  if (typeof reason !== 'string' || reason.length > MAX_REASON) {
    throw new AppError('BAD_INPUT', `A reason has at most ${MAX_REASON} characters.`, [
      { code: 'INVALID_REASON', path: ['reason'], message: `Give at most ${MAX_REASON} characters.` },
    ]);
  }
  return reason;
}

// ---- Shared effects (admin actions and passed votes) ----

export interface Effect {
  gameId: string;
  step: number;
  /** The step's deadline moved (or was restored): re-arm it after commit. */
  rearm?: { deadline: Date; graceMs: number };
  /** The game runs again: queue the step in case every owed side is already ready. */
  kick?: boolean;
}

/** Stops the game's clock. */
export async function pauseInTx(
  p: Platform,
  tx: Tx,
  game: LockedGame,
  pausedBy: 'vote' | 'admin',
  by: string,
  reason: string,
) {
  if (game.status !== 'ACTIVE')
    throw new AppError(
      'GAME_NOT_ACTIVE',
      `The game is ${game.status.toLowerCase()}; only a running game can be paused.`,
    );
  await tx.game.update({
    where: { id: game.id },
    data: { status: 'PAUSED', pausedAt: p.clock.now(), pausedBy, pausedReason: reason },
  });
  await appendPublicEvent(
    prismaSql(tx),
    game.id,
    game.step,
    'game-paused',
    { step: game.step, reason, by, kind: pausedBy },
    'PAUSED',
  );
}

/**
 * Starts the clock again: the step deadline moves forward by the time the game was paused, so
 * every player keeps the time they had left.
 */
export async function resumeInTx(p: Platform, tx: Tx, game: LockedGame, by: string, reason: string): Promise<Effect> {
  if (game.status !== 'PAUSED')
    throw new AppError('CONFLICT', `The game is ${game.status.toLowerCase()}, not paused.`, [], {
      status: game.status,
    });
  const now = p.clock.now();
  const pausedMs = game.pausedAt ? Math.max(0, now.getTime() - game.pausedAt.getTime()) : 0;
  const deadline = game.stepDeadline ? new Date(game.stepDeadline.getTime() + pausedMs) : null;
  await tx.game.update({
    where: { id: game.id },
    data: { status: 'ACTIVE', pausedAt: null, pausedBy: null, pausedReason: null, stepDeadline: deadline },
  });
  await appendPublicEvent(
    prismaSql(tx),
    game.id,
    game.step,
    'game-resumed',
    {
      step: game.step,
      by,
      reason,
      deadline: deadline?.toISOString() ?? null,
      pausedSeconds: Math.round(pausedMs / 1000),
    },
    'ACTIVE',
  );
  const owed = owedSides(promptsOf(p.modules.get(game.module), game.state));
  if (owed.length)
    await tx.outboxMessage.createMany({ data: turnSignals(activeSeats(game), game.id, game.step, owed, deadline) });
  const graceMs = readTimeControl(game.timeControl).graceSeconds * 1000;
  return { gameId: game.id, step: game.step, kick: true, ...(deadline ? { rearm: { deadline, graceMs } } : {}) };
}

/** Ends the game: FINISHED with an outcome, or CANCELLED. Open votes lapse. */
export async function endInTx(
  p: Platform,
  tx: Tx,
  game: LockedGame,
  end:
    | { status: 'FINISHED'; outcome: { winner: string | null; level?: string; summary: string } }
    | { status: 'CANCELLED'; summary: string },
) {
  if (game.status !== 'ACTIVE' && game.status !== 'PAUSED')
    throw new AppError('GAME_NOT_ACTIVE', `The game is ${game.status.toLowerCase()}; it cannot end again.`);
  const now = p.clock.now();
  await tx.game.update({
    where: { id: game.id },
    data: {
      status: end.status,
      outcome: end.status === 'FINISHED' ? end.outcome : undefined,
      finishedAt: now,
      stepDeadline: null,
      pausedAt: null,
      pausedBy: null,
      pausedReason: null,
    },
  });
  await lapseVotes(tx, game.id, now);
  if (end.status === 'FINISHED')
    await appendPublicEvent(prismaSql(tx), game.id, game.step, 'game-finished', end.outcome, 'FINISHED');
  else
    await appendPublicEvent(
      prismaSql(tx),
      game.id,
      game.step,
      'game-cancelled',
      { step: game.step, summary: end.summary },
      'CANCELLED',
    );
  await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId: game.id, status: end.status } } });
}

/** The sides of a game, from its scenario. */
export function sidesOf(p: Platform, game: { module: string; scenario: string }): string[] {
  const module = p.modules.get(game.module);
  return module.scenarios.find((sc) => sc.id === game.scenario)?.sides ?? module.sides;
}

/** Seats whose player still plays (not handed to the bot). */
export const activeSeats = <S extends { civilDisorder: boolean }>(game: { seats: S[] }) =>
  game.seats.filter((s) => !s.civilDisorder);

/** After the commit of an admin action or a passed vote: tell everyone, re-arm, kick. */
export async function afterEffect(p: Platform, effect: Effect | null) {
  await deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery deferred to the sweeper'));
  if (!effect) return;
  if (effect.rearm) await rearmDeadline(p, effect.gameId, effect.step, effect.rearm.deadline, effect.rearm.graceMs);
  if (effect.kick)
    await enqueueAfterCommit(p, { gameId: effect.gameId, step: effect.step }, { variant: `kick-${Date.now()}` });
}

// ---- Admin actions ----

export async function adminPause(p: Platform, user: Principal, gameId: string, reason?: string | null) {
  const why = checkReason(reason);
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'pause it without a vote');
    await pauseInTx(p, tx, game, 'admin', user.username, why ?? `Paused by ${user.username}.`);
    await audit(p, tx, game, user, role, 'pause', why);
  }, TX_OPTIONS);
  await afterEffect(p, null);
}

export async function adminResume(p: Platform, user: Principal, gameId: string, reason?: string | null) {
  const why = checkReason(reason);
  const effect = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'resume it without a vote');
    if (game.status === 'PAUSED' && game.pausedBy === 'failure')
      throw new AppError('CONFLICT', 'This game was paused because a resolution failed: use retryGame.', [], {
        pausedBy: game.pausedBy,
      });
    if (game.status === 'PAUSED' && game.pausedBy === 'module')
      throw new AppError('CONFLICT', 'The game module offered no decision; the game cannot go on.', [], {
        pausedBy: game.pausedBy,
      });
    const effect = await resumeInTx(p, tx, game, user.username, why ?? 'resume');
    await audit(p, tx, game, user, role, 'resume', why, { deadline: effect.rearm?.deadline.toISOString() ?? null });
    return effect;
  }, TX_OPTIONS);
  await afterEffect(p, effect);
}

/** Moves the current step's deadline to `until` (later than now and than the current deadline). */
export async function extendDeadline(
  p: Platform,
  user: Principal,
  gameId: string,
  until: Date,
  reason?: string | null,
) {
  const why = checkReason(reason);
  const effect = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'extend a deadline');
    if (game.status !== 'ACTIVE' && game.status !== 'PAUSED')
      throw new AppError('GAME_NOT_ACTIVE', `The game is ${game.status.toLowerCase()}; it has no deadline to extend.`);
    if (!game.stepDeadline)
      throw new AppError('CONFLICT', 'This game has no clock: its steps have no deadline to extend.');
    const now = p.clock.now();
    const bad = (code: string, message: string) =>
      new AppError('BAD_INPUT', message, [{ code, path: ['until'], message }]);
    if (!(until instanceof Date) || Number.isNaN(until.getTime()))
      throw bad('INVALID_DATE', 'Give the new deadline as an ISO-8601 date-time.');
    if (until.getTime() <= now.getTime())
      throw bad('DEADLINE_IN_PAST', `The new deadline ${until.toISOString()} is in the past.`);
    if (until.getTime() <= game.stepDeadline.getTime())
      throw bad(
        'NOT_LATER',
        `The new deadline must be later than the current one (${game.stepDeadline.toISOString()}).`,
      );
    if (until.getTime() - now.getTime() > MAX_STEP_SECONDS * 1000)
      throw bad('TOO_FAR', 'A deadline can be at most 60 days away.');
    await tx.game.update({ where: { id: game.id }, data: { stepDeadline: until } });
    await appendPublicEvent(
      prismaSql(tx),
      game.id,
      game.step,
      'deadline-extended',
      { step: game.step, sides: [], deadline: until.toISOString(), reason: 'admin', by: user.username },
      game.status,
    );
    await audit(p, tx, game, user, role, 'extend-deadline', why, {
      from: game.stepDeadline.toISOString(),
      to: until.toISOString(),
    });
    const owed = owedSides(promptsOf(p.modules.get(game.module), game.state));
    if (game.status === 'ACTIVE' && owed.length)
      await tx.outboxMessage.createMany({ data: turnSignals(activeSeats(game), game.id, game.step, owed, until) });
    const graceMs = readTimeControl(game.timeControl).graceSeconds * 1000;
    return game.status === 'ACTIVE' ? { gameId, step: game.step, rearm: { deadline: until, graceMs } } : null;
  }, TX_OPTIONS);
  await afterEffect(p, effect);
}

export const FORCED_RESULTS = ['DRAW', 'CANCEL', 'WIN'] as const;
export type ForcedResult = (typeof FORCED_RESULTS)[number];

/** Ends the game by an admin's decision: a draw, a win for one side, or cancelled. */
export async function forceResult(
  p: Platform,
  user: Principal,
  gameId: string,
  result: ForcedResult,
  winner?: string | null,
  reason?: string | null,
) {
  const why = checkReason(reason);
  if (!(FORCED_RESULTS as readonly string[]).includes(result)) {
    throw new AppError('BAD_INPUT', `Unknown result "${String(result).slice(0, 20)}".`, [
      { code: 'INVALID_RESULT', path: ['result'], message: `Use ${FORCED_RESULTS.join(', ')}.` },
    ]);
  }
  await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const role = await requireAdmin(tx, user, game, 'force a result');
    const sides = sidesOf(p, game);
    if (result === 'WIN' && (!winner || !sides.includes(winner))) {
      throw new AppError('BAD_INPUT', 'A forced win names the winning side.', [
        { code: 'UNKNOWN_SIDE', path: ['winner'], message: `Name one of ${sides.join(', ')}.` },
      ]);
    }
    if (result !== 'WIN' && winner)
      throw new AppError('BAD_INPUT', 'Only a forced win names a winner.', [
        { code: 'UNEXPECTED_WINNER', path: ['winner'], message: 'Leave winner out for a draw or a cancellation.' },
      ]);
    const summary = `${result === 'DRAW' ? 'Drawn' : result === 'WIN' ? `${winner} wins` : 'Cancelled'} by decision of ${user.username}${why ? `: ${why}` : '.'}`;
    if (result === 'CANCEL') await endInTx(p, tx, game, { status: 'CANCELLED', summary });
    else
      await endInTx(p, tx, game, {
        status: 'FINISHED',
        outcome: { winner: result === 'WIN' ? winner! : null, level: 'adjudicated', summary },
      });
    await audit(p, tx, game, user, role, 'force-result', why, { result, winner: winner ?? null });
  }, TX_OPTIONS);
  await afterEffect(p, null);
}

/** The audit log of a game, oldest first: for its players, its creator and platform admins. */
export async function auditLog(p: Platform, user: Principal, gameId: string, opts: { first?: number } = {}) {
  const game = await p.prisma.game.findUnique({ where: { id: gameId }, include: { seats: true } });
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  const player = game.seats.some((s) => s.userId === user.userId);
  if (!player && !(await adminRole(p.prisma as unknown as Tx, user, game))) {
    if (!game.isPublic) {
      const inv = await p.prisma.invitation.findUnique({ where: { gameId_userId: { gameId, userId: user.userId } } });
      if (!inv) throw new AppError('NOT_FOUND', `No game ${gameId}.`); // private games do not admit they exist
    }
    throw new AppError('NOT_A_PLAYER', "Only the game's players (and its admins) read its audit log.", [
      { code: 'NOT_A_PLAYER', path: ['gameId'], message: 'You hold no side in this game.' },
    ]);
  }
  const take = pageSize(opts.first, 100, 500);
  const rows = await p.prisma.auditEntry.findMany({ where: { gameId }, orderBy: { seq: 'asc' }, take });
  const users = await p.prisma.user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.actorId))] } },
    select: { id: true, username: true },
  });
  return rows.map((r) => ({
    ...r,
    actor: users.find((u) => u.id === r.actorId) ?? { id: r.actorId, username: '(deleted)' },
  }));
}
