/**
 * Votes of the seated players: PAUSE, RESUME, DRAW and CANCEL pass when every seated player
 * (each user once, seats handed to the bot excluded) approves, and fail at the first refusal;
 * CONCEDE is the proposer's alone, for their own side, and passes at once. A passed vote changes
 * the game exactly as the admin action would (admin.ts), without an audit entry: the vote itself
 * is the record. A vote expires at the step's deadline or after VOTE_WINDOW_SECONDS, whichever
 * comes first (the sweep expires it; any later vote action does too). Every step of a vote is a
 * public game event, so the outbox tells subscribers and the notifier tells the players.
 * Spectators and other non-players get NOT_A_PLAYER and change nothing.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import {
  activeSeats,
  afterEffect,
  endInTx,
  pauseInTx,
  resumeInTx,
  sidesOf,
  type Effect,
  type LockedGame,
} from './admin.js';
import { lockGame } from './lock.js';
import { pickSide } from './acting-side.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { prismaSql } from '../db/sql.js';
import { appendPublicEvent } from '../events/event-log.js';

export const VOTE_KINDS = ['PAUSE', 'RESUME', 'DRAW', 'CANCEL', 'CONCEDE'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

const notAPlayer = (what: string) =>
  new AppError('NOT_A_PLAYER', `Only the game's seated players ${what}.`, [
    { code: 'NOT_A_PLAYER', path: ['gameId'], message: 'You hold no side in this game (spectators do not vote).' },
  ]);

/** Users who vote: each user holding a seat that is not in civil disorder, once. */
export function voters(game: { seats: { userId: string; civilDisorder: boolean }[] }): string[] {
  return [...new Set(activeSeats(game).map((s) => s.userId))];
}

/** Expires the game's open votes whose time is up (in the caller's transaction, game locked). */
export async function expireDue(p: Platform, tx: Tx, game: { id: string; step: number; status: string }) {
  const now = p.clock.now();
  const due = await tx.gameVote.findMany({ where: { gameId: game.id, status: 'OPEN', expiresAt: { lte: now } } });
  for (const v of due) {
    await tx.gameVote.update({ where: { id: v.id }, data: { status: 'EXPIRED', decidedAt: now } });
    await appendPublicEvent(
      prismaSql(tx),
      game.id,
      game.step,
      'vote-expired',
      { voteId: v.id, kind: v.kind, expiresAt: v.expiresAt.toISOString() },
      game.status,
    );
  }
  return due.length;
}

function checkApplicable(game: LockedGame, kind: VoteKind) {
  const s = game.status;
  if (kind === 'PAUSE' && s !== 'ACTIVE')
    throw new AppError('GAME_NOT_ACTIVE', `The game is ${s.toLowerCase()}; only a running game can be paused.`);
  if (kind === 'RESUME' && !(s === 'PAUSED' && (game.pausedBy === 'vote' || game.pausedBy === 'admin'))) {
    throw new AppError(
      'CONFLICT',
      s === 'PAUSED'
        ? 'This game was paused by a failure (an admin retries it with retryGame) or can no longer go on; a vote cannot resume it.'
        : `The game is ${s.toLowerCase()}, not paused.`,
      [],
      { status: s, pausedBy: game.pausedBy },
    );
  }
  if ((kind === 'DRAW' || kind === 'CANCEL' || kind === 'CONCEDE') && s !== 'ACTIVE' && s !== 'PAUSED') {
    throw new AppError('GAME_NOT_ACTIVE', `The game is ${s.toLowerCase()}; it cannot end again.`);
  }
}

async function loadVote(tx: Tx, voteId: string) {
  return tx.gameVote.findUniqueOrThrow({ where: { id: voteId }, include: { ballots: true } });
}

/** Applies a passed vote (game locked). */
async function apply(
  p: Platform,
  tx: Tx,
  game: LockedGame,
  vote: { id: string; kind: string; side: string | null },
  by: string,
): Promise<Effect | null> {
  const kind = vote.kind as VoteKind;
  if (kind === 'PAUSE') {
    await pauseInTx(p, tx, game, 'vote', by, 'Paused by a vote of the players.');
    return null;
  }
  if (kind === 'RESUME') return resumeInTx(p, tx, game, by, 'vote');
  if (kind === 'DRAW') {
    await endInTx(p, tx, game, {
      status: 'FINISHED',
      outcome: { winner: null, level: 'agreement', summary: 'Drawn by agreement of the players.' },
    });
    return null;
  }
  if (kind === 'CANCEL') {
    await endInTx(p, tx, game, { status: 'CANCELLED', summary: 'Cancelled by agreement of the players.' });
    return null;
  }
  // CONCEDE: the other side wins a two-sided game; otherwise no winner (as for a forfeit).
  const remaining = sidesOf(p, game).filter((s) => s !== vote.side);
  await endInTx(p, tx, game, {
    status: 'FINISHED',
    outcome: {
      winner: remaining.length === 1 ? remaining[0]! : null,
      level: 'concession',
      summary: `${vote.side} conceded.`,
    },
  });
  return null;
}

/** Decides an open vote if every voter approved (game locked). */
async function decideIfDone(p: Platform, tx: Tx, game: LockedGame, voteId: string, by: string): Promise<Effect | null> {
  const vote = await loadVote(tx, voteId);
  const who = voters(game);
  const yes = new Set(vote.ballots.filter((b) => b.approve).map((b) => b.userId));
  if (vote.status !== 'OPEN' || !who.every((u) => yes.has(u))) return null;
  const now = p.clock.now();
  await tx.gameVote.update({ where: { id: vote.id }, data: { status: 'PASSED', decidedAt: now } });
  await appendPublicEvent(
    prismaSql(tx),
    game.id,
    game.step,
    'vote-passed',
    { voteId: vote.id, kind: vote.kind, ...(vote.side ? { side: vote.side } : {}) },
    game.status,
  );
  return apply(p, tx, game, vote, by);
}

export async function proposeVote(p: Platform, user: Principal, gameId: string, kind: VoteKind, side?: string | null) {
  if (!(VOTE_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('BAD_INPUT', `Unknown vote "${String(kind).slice(0, 20)}".`, [
      { code: 'INVALID_VOTE_KIND', path: ['kind'], message: `Use ${VOTE_KINDS.join(', ')}.` },
    ]);
  }
  const r = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!voters(game).includes(user.userId)) throw notAPlayer('propose votes');
    await expireDue(p, tx, game);
    checkApplicable(game, kind);
    const conceded = kind === 'CONCEDE' ? pickSide(activeSeats(game), user.userId, side) : null;
    if (kind !== 'CONCEDE' && side)
      throw new AppError('BAD_INPUT', 'Only a concession names a side.', [
        { code: 'UNEXPECTED_SIDE', path: ['side'], message: 'Leave side out for this vote.' },
      ]);
    const open = await tx.gameVote.findFirst({ where: { gameId, kind, status: 'OPEN' } });
    if (open)
      throw new AppError('VOTE_ALREADY_OPEN', `A ${kind} vote is already open; answer it with castVote.`, [], {
        voteId: open.id,
      });
    const now = p.clock.now();
    const windowEnd = now.getTime() + p.config.voteWindowSeconds * 1000;
    const deadline =
      game.status === 'ACTIVE' && game.stepDeadline && game.stepDeadline > now ? game.stepDeadline.getTime() : Infinity;
    const vote = await tx.gameVote.create({
      data: {
        gameId,
        kind,
        proposedById: user.userId,
        side: conceded,
        step: game.step,
        createdAt: now,
        expiresAt: new Date(Math.min(windowEnd, deadline)),
      },
    });
    await tx.voteBallot.create({ data: { voteId: vote.id, userId: user.userId, approve: true, castAt: now } });
    await appendPublicEvent(
      prismaSql(tx),
      gameId,
      game.step,
      'vote-proposed',
      {
        voteId: vote.id,
        kind,
        by: user.username,
        ...(conceded ? { side: conceded } : {}),
        expiresAt: vote.expiresAt.toISOString(),
      },
      game.status,
    );
    // A concession needs nobody else; a vote with a single voter is decided by the proposal.
    const effect =
      kind === 'CONCEDE'
        ? await (async () => {
            await tx.gameVote.update({ where: { id: vote.id }, data: { status: 'PASSED', decidedAt: now } });
            await appendPublicEvent(
              prismaSql(tx),
              gameId,
              game.step,
              'vote-passed',
              { voteId: vote.id, kind, side: conceded },
              game.status,
            );
            return apply(p, tx, game, vote, user.username);
          })()
        : await decideIfDone(p, tx, game, vote.id, user.username);
    return { voteId: vote.id, effect };
  }, TX_OPTIONS);
  await afterEffect(p, r.effect);
  return getVote(p, r.voteId);
}

export async function castVote(p: Platform, user: Principal, voteId: string, approve: boolean) {
  if (typeof approve !== 'boolean')
    throw new AppError('BAD_INPUT', 'approve is true or false.', [
      { code: 'INVALID_APPROVE', path: ['approve'], message: 'Give true or false.' },
    ]);
  const found = await p.prisma.gameVote.findUnique({ where: { id: voteId }, select: { gameId: true } });
  if (!found) throw new AppError('NOT_FOUND', `No vote ${voteId}.`);
  const effect = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, found.gameId);
    if (!voters(game).includes(user.userId)) throw notAPlayer('vote');
    await expireDue(p, tx, game);
    const vote = await loadVote(tx, voteId);
    if (vote.status !== 'OPEN')
      throw new AppError('VOTE_CLOSED', `This vote is closed (${vote.status.toLowerCase()}).`, [], {
        status: vote.status,
      });
    if (vote.ballots.some((b) => b.userId === user.userId))
      throw new AppError('ALREADY_VOTED', 'You have already answered this vote.');
    const now = p.clock.now();
    await tx.voteBallot.create({ data: { voteId, userId: user.userId, approve, castAt: now } });
    if (!approve) {
      await tx.gameVote.update({ where: { id: voteId }, data: { status: 'REJECTED', decidedAt: now } });
      await appendPublicEvent(
        prismaSql(tx),
        game.id,
        game.step,
        'vote-rejected',
        { voteId, kind: vote.kind, by: user.username },
        game.status,
      );
      return null;
    }
    return decideIfDone(p, tx, game, voteId, user.username);
  }, TX_OPTIONS);
  await afterEffect(p, effect);
  return getVote(p, voteId);
}

/** A vote with its ballots and who it still waits for. */
export async function getVote(p: Platform, voteId: string) {
  const vote = await p.prisma.gameVote.findUniqueOrThrow({
    where: { id: voteId },
    include: { ballots: { orderBy: { castAt: 'asc' } }, game: { include: { seats: true } } },
  });
  return shapeVote(p, vote);
}

type VoteRow = Awaited<ReturnType<typeof loadVote>> & { game: { seats: { userId: string; civilDisorder: boolean }[] } };

async function shapeVote(p: Platform, vote: VoteRow) {
  const waiting =
    vote.status === 'OPEN' ? voters(vote.game).filter((u) => !vote.ballots.some((b) => b.userId === u)) : [];
  const ids = [...new Set([vote.proposedById, ...vote.ballots.map((b) => b.userId), ...waiting])];
  const users = await p.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } });
  const u = (id: string) => users.find((x) => x.id === id) ?? { id, username: '(deleted)' };
  return {
    id: vote.id,
    gameId: vote.gameId,
    kind: vote.kind,
    status: vote.status,
    side: vote.side,
    step: vote.step,
    proposedBy: u(vote.proposedById),
    createdAt: vote.createdAt,
    expiresAt: vote.expiresAt,
    decidedAt: vote.decidedAt,
    ballots: vote.ballots.map((b) => ({ user: u(b.userId), approve: b.approve, castAt: b.castAt })),
    waitingFor: waiting.map(u),
  };
}

/** Votes of a game, newest first (expired ones are shown expired even before the sweep ran). */
export async function listVotes(p: Platform, gameId: string, openOnly = false) {
  const now = p.clock.now();
  const rows = await p.prisma.gameVote.findMany({
    where: { gameId, ...(openOnly ? { status: 'OPEN', expiresAt: { gt: now } } : {}) },
    orderBy: { createdAt: 'desc' },
    take: 50,
    include: { ballots: { orderBy: { castAt: 'asc' } }, game: { include: { seats: true } } },
  });
  const shaped = await Promise.all(rows.map((v) => shapeVote(p, v)));
  return shaped.map((v) =>
    v.status === 'OPEN' && v.expiresAt <= now ? { ...v, status: 'EXPIRED', waitingFor: [] } : v,
  );
}
