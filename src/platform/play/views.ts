/**
 * What a caller may see of a game: the module's view for their side (or the spectator view),
 * their own prompts with legal choices, who else is still owed (never what they sent), and the
 * event log filtered to what that side saw.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { loadPhase } from '../trust/phase.js';
import { delayedSpectatorView, eventBound, spectatorHorizon } from '../trust/spectators.js';
import type { TurnSignal } from '../events/pubsub.js';
import { owedSides, promptsOf } from './prompts.js';
import { pickSide } from './acting-side.js';
import { pageSize } from '../page-size.js';
import { piecesOf, situationOf, withEventTexts, withPromptTexts } from './presenter.js';
import type { AnyModule } from '#engine/contract.js';
import { readEvents } from '../events/event-log.js';
import { readGame, type GameRow } from './read-model.js';

export async function loadGame(p: Platform, gameId: string) {
  const game = await p.prisma.game.findUnique({
    where: { id: gameId },
    include: { seats: { include: { user: true } } },
  });
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  return game;
}

type SeatedGame = { id: string; isPublic: boolean; creatorId: string; seats: { side: string; userId: string }[] };

/** The side the caller sees as: their (chosen) seat, or null for a spectator. */
export async function viewerSide(
  p: Platform,
  game: SeatedGame,
  user: Principal | null,
  side?: string | null,
): Promise<string | null> {
  const seated = user ? game.seats.filter((s) => s.userId === user.userId) : [];
  if (seated.length > 0) return pickSide(game.seats, user!.userId, side ?? seated[0].side);
  if (side) throw new AppError('NOT_YOUR_SIDE', `You do not hold the side "${side}".`);
  if (game.isPublic || (user && game.creatorId === user.userId)) return null;
  if (user) {
    const inv = await p.prisma.invitation.findUnique({
      where: { gameId_userId: { gameId: game.id, userId: user.userId } },
    });
    if (inv) return null;
  }
  throw new AppError('NOT_FOUND', `No game ${game.id}.`); // private games do not admit they exist
}

/** Visibility filter for stored events: ['*'] is everyone, otherwise the listed sides. */
export function eventWhere(gameId: string, viewer: string | null) {
  return { gameId, visibleTo: { hasSome: viewer ? ['*', viewer] : ['*'] } };
}

/**
 * The game as the caller's side sees it. The game, seats and submission flags come from one
 * plain-SQL read, and the module's prompts and views are remembered per state version
 * (read-model.ts); delayed spectators and private games' invitations take their own reads.
 */
export async function gameView(p: Platform, user: Principal | null, gameId: string, side?: string | null) {
  const read = await readGame(p, gameId, user?.userId ?? null);
  const game = read.game;
  const viewer = await viewerSide(p, game, user, side);
  const active = game.status === 'ACTIVE';
  const prompts = active && game.state != null ? read.prompts() : [];
  const subs = active ? read.flags : [];
  // The viewer's own sealed orders; nobody else's orders are ever loaded here.
  const mine = viewer && active ? (read.own.find((s) => s.side === viewer) ?? null) : null;
  // Delayed spectators see the state of an earlier step and nothing of the live one.
  const delayed = viewer === null ? await delayedSpectatorView(p, game) : null;
  const module = p.modules.get(game.module);
  const view = delayed ? delayed.view : read.view(viewer);
  return {
    game,
    viewer,
    view,
    // Derived from the viewer's view only, so a piece can show nothing the view hides.
    pieces: piecesOf(module, view, viewer),
    situation: situationOf(module, view, viewer),
    myPrompts: viewer
      ? withPromptTexts(
          module,
          prompts.filter((pr) => pr.side === viewer),
          viewer,
        )
      : [],
    owed: delayed ? [] : owedSides(prompts).map((s) => ({ side: s, ready: subs.some((x) => x.side === s && x.ready) })),
    mySubmission: mine,
    outcome: game.outcome,
  };
}

/** The events `viewer` may see, with their sentences, for a game whose viewer is already established (a GameView). */
export async function viewEvents(
  p: Platform,
  game: Pick<GameRow, 'id' | 'module' | 'status' | 'step' | 'spectatorDelaySteps'>,
  viewer: string | null,
  opts: { afterSeq?: number; limit?: number },
) {
  const events = await readEvents(p, game.id, viewer, {
    after: opts.afterSeq ?? 0,
    beforeStep: eventBound(game, viewer).step?.lt,
    limit: pageSize(opts.limit, 500, 1000, 'limit'),
  });
  return withEventTexts(installedModule(p, game.module), events, viewer);
}

export async function listEvents(
  p: Platform,
  user: Principal | null,
  gameId: string,
  opts: { side?: string | null; afterSeq?: number; limit?: number },
) {
  const { game } = await readGame(p, gameId, null);
  const viewer = await viewerSide(p, game, user, opts.side);
  return viewEvents(p, game, viewer, opts);
}

/** The module of a game, or null when it is no longer installed (old events keep fallback texts). */
export function installedModule(p: Platform, id: string): AnyModule | null {
  try {
    return p.modules.get(id);
  } catch {
    return null;
  }
}

/** The caller's own sealed orders for the current step (nobody else's). */
export async function mySubmission(p: Platform, user: Principal, gameId: string, side?: string | null) {
  const game = await loadGame(p, gameId);
  const s = pickSide(game.seats, user.userId, side);
  return p.prisma.submission.findUnique({ where: { gameId_step_side: { gameId, step: game.step, side: s } } });
}

/**
 * The turn notices a user is owed right now: one per active game where some of their sides owe
 * orders for the current step (neither committed nor sent ready), or, in the reveal phase, owe
 * the reveal of their commitment (`reveal: true`). Only the user's own sides are named.
 */
export async function owedTurns(p: Platform, userId: string): Promise<(TurnSignal & { reveal?: true })[]> {
  const games = await p.prisma.game.findMany({
    where: { status: 'ACTIVE', seats: { some: { userId } } },
    select: {
      id: true,
      module: true,
      status: true,
      state: true,
      step: true,
      stepDeadline: true,
      seats: { where: { userId }, select: { side: true } },
    },
    orderBy: { id: 'asc' },
  });
  const notices: (TurnSignal & { reveal?: true })[] = [];
  for (const game of games) {
    const { sides, reveal } = await owedBy(
      p,
      game,
      game.seats.map((s) => s.side),
    );
    if (sides.length === 0) continue;
    const deadline = game.stepDeadline?.toISOString() ?? null;
    notices.push({ gameId: game.id, step: game.step, sides, deadline, ...(reveal ? { reveal: true as const } : {}) });
  }
  return notices;
}

/**
 * Which of `mySides` owe a submission now in a game: orders neither committed nor sent ready, or
 * in the reveal phase the reveal of a commitment. Only the given sides are ever named.
 */
export async function owedBy(
  p: Platform,
  game: { id: string; module: string; status: string; state: unknown; step: number },
  mySides: string[],
): Promise<{ sides: string[]; reveal: boolean }> {
  if (game.status !== 'ACTIVE' || mySides.length === 0) return { sides: [], reveal: false };
  const owed = owedSides(promptsOf(p.modules.get(game.module), game.state));
  const mine = mySides.filter((s) => owed.includes(s));
  if (mine.length === 0) return { sides: [], reveal: false };
  const phase = await loadPhase(p.prisma, game.id, game.step, owed);
  const sides = phase.revealOpen
    ? phase.commitments.filter((c) => !c.revealedAt && mine.includes(c.side)).map((c) => c.side)
    : phase.waiting.filter((s) => mine.includes(s));
  return { sides: sides.sort(), reveal: phase.revealOpen };
}

/** Commit–reveal progress of the current step: who committed and who revealed, never what. */
export async function commitProgress(
  p: Platform,
  root: {
    game: { id: string; module: string; status: string; step: number; spectatorDelaySteps: number };
    viewer: string | null;
  },
) {
  const { game } = root;
  // Like readiness, hidden from delayed spectators: they see nothing of the live step.
  if (game.status !== 'ACTIVE' || (root.viewer === null && spectatorHorizon(game) !== null))
    return { commitments: [], revealOpen: false };
  const state = (await p.prisma.game.findUnique({ where: { id: game.id }, select: { state: true } }))?.state;
  const owed = owedSides(promptsOf(p.modules.get(game.module), state));
  const phase = await p.prisma.$transaction((tx) => loadPhase(tx, game.id, game.step, owed));
  return {
    commitments: phase.commitments.map((c) => ({ side: c.side, committed: true, revealed: c.revealedAt !== null })),
    revealOpen: phase.revealOpen,
  };
}
