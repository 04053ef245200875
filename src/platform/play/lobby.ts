/**
 * The lobby: create a game, invite, join a side (or a random free one), leave before the start,
 * and start automatically when every side is seated.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SeededDice } from '#engine/dice.js';
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { assertNotBlocked } from '../accounts/blocks.js';
import { AppError } from '../errors.js';
import { deliverOutbox } from '../events/outbox.js';
import { prismaSql } from '../db/sql.js';
import { appendEvents } from '../events/event-log.js';
import { topics } from '../events/pubsub.js';
import { turnSignals } from '../events/turn-signals.js';
import { lockGame } from './lock.js';
import { owedSides, promptsOf } from './prompts.js';
import { storePrompts } from './stored-prompts.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { resolveOptions } from './registry.js';
import { normaliseTimeControl, readTimeControl, stepDeadlineFor, type TimeControl } from './time-control.js';
import { scheduleStep } from './scheduling.js';
import { checkSpectatorDelay } from '../trust/spectators.js';
import { gameListing, listGames as discoverGames, requireReliability } from './discovery.js';
import { pressColumns, type PressRulesInput } from '../press/rules.js';

export interface CreateGameInput {
  module: string;
  scenario: string;
  options?: Record<string, unknown>;
  timeControl?: Partial<Omit<TimeControl, 'days'>> & { days?: readonly string[] | null };
  isPublic?: boolean;
  allowMultiSeat?: boolean;
  /** Seat the creator at once: a side name, or 'random'. */
  side?: string | null;
  /** Spectators see the game this many steps behind while it runs (README, "Trust"). */
  spectatorDelaySteps?: number | null;
  /** Shown in the game list: plain text, at most 100 characters (default: module and scenario titles). */
  title?: string | null;
  /** Plain text, at most 2000 characters. */
  description?: string | null;
  /** Joining requires at least this reliability ratio, 0 to 1 (discovery.ts). */
  minReliability?: number | null;
  /** Press rules (docs/press.md): FULL, PUBLIC_ONLY or NONE, and whether press is open in reveal phases. */
  press?: PressRulesInput | null;
}

export async function createGame(p: Platform, user: Principal, input: CreateGameInput) {
  const module = p.modules.get(input.module);
  const scenario = module.scenarios.find((s) => s.id === input.scenario);
  if (!scenario) {
    throw new AppError('UNKNOWN_SCENARIO', `Module "${module.id}" has no scenario "${input.scenario}".`, [], {
      known: module.scenarios.map((s) => s.id),
    });
  }
  const options = resolveOptions(module.options, input.options ?? {});
  const timeControl = normaliseTimeControl(input.timeControl);
  checkPromptKinds(module, timeControl);
  const listing = gameListing(input, `${module.title}: ${scenario.title}`);
  const press = pressColumns(input.press);
  const seed = randomBytes(32).toString('hex');
  // The lobby hears of a new game through the outbox, written with the game.
  const game = await p.prisma.$transaction(async (tx) => {
    const created = await tx.game.create({
      data: {
        module: module.id,
        scenario: scenario.id,
        options,
        timeControl: timeControl as object,
        isPublic: input.isPublic ?? true,
        allowMultiSeat: input.allowMultiSeat ?? false,
        spectatorDelaySteps: checkSpectatorDelay(input.spectatorDelaySteps),
        ...listing,
        ...press,
        creatorId: user.userId,
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
      },
    });
    await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId: created.id, status: 'OPEN' } } });
    return created;
  }, TX_OPTIONS);
  await publishOutbox(p);
  if (input.side) await joinGame(p, user, game.id, input.side === 'random' ? null : input.side);
  return p.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
}

export async function invite(p: Platform, user: Principal, gameId: string, username: string) {
  const game = await p.prisma.game.findUnique({ where: { id: gameId } });
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  if (game.creatorId !== user.userId) throw new AppError('FORBIDDEN', 'Only the creator of a game may invite.');
  const invitee = await p.prisma.user.findUnique({ where: { username } });
  if (!invitee || invitee.deletedAt) throw new AppError('NOT_FOUND', `No user "${username}".`);
  await assertNotBlocked(p.prisma, invitee, user.userId, 'invitations');
  // The invitee is notified through the outbox, in the invitation's transaction (once: a repeated
  // invitation creates nothing).
  const created = await p.prisma.$transaction(async (tx) => {
    const r = await tx.invitation.createMany({ data: [{ gameId, userId: invitee.id }], skipDuplicates: true });
    if (r.count === 1) {
      await tx.outboxMessage.create({
        data: { topic: topics.notice(invitee.id), payload: { kind: 'INVITATION', gameId, invitedBy: user.username } },
      });
    }
    return r.count === 1;
  }, TX_OPTIONS);
  if (created) await publishOutbox(p);
  return true;
}

/** Publishes what a lobby transaction wrote (the sweeper catches it if this fails). */
async function publishOutbox(p: Platform) {
  await deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery deferred to the sweeper'));
}

export async function joinGame(p: Platform, user: Principal, gameId: string, side?: string | null) {
  const started = await p.prisma.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (game.status !== 'OPEN') throw new AppError('GAME_NOT_OPEN', 'This game is not open for joining.');
    const module = p.modules.get(game.module);
    const sides = module.scenarios.find((s) => s.id === game.scenario)!.sides;
    if (!game.isPublic && game.creatorId !== user.userId) {
      const inv = await tx.invitation.findUnique({ where: { gameId_userId: { gameId, userId: user.userId } } });
      if (!inv) throw new AppError('NOT_INVITED', 'This game is private and you have no invitation.');
    }
    await requireReliability(p, tx, game, user.userId);
    if (!game.allowMultiSeat && game.seats.some((s) => s.userId === user.userId)) {
      throw new AppError('MULTI_SEAT_FORBIDDEN', 'You already hold a side, and this game allows one side per player.');
    }
    const free = sides.filter((s) => !game.seats.some((seat) => seat.side === s));
    let chosen: string;
    if (side) {
      if (!sides.includes(side))
        throw new AppError('UNKNOWN_SIDE', `No side "${side}"; sides are ${sides.join(', ')}.`);
      if (!free.includes(side)) throw new AppError('SIDE_TAKEN', `The side "${side}" is taken.`);
      chosen = side;
    } else {
      if (free.length === 0) throw new AppError('NO_FREE_SIDE', 'Every side is taken.');
      chosen = free[randomInt(free.length)];
    }
    await tx.seat.create({ data: { gameId, side: chosen, userId: user.userId } });
    if (free.length === 1) return startInTx(p, tx, gameId);
    await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId, status: 'OPEN' } } });
    return null;
  }, TX_OPTIONS);
  if (started) await scheduleStep(p, started);
  else await publishOutbox(p);
  return { gameId, userId: user.userId };
}

/** Leaving before the start; the creator may also remove another player's seat (replacement). */
export async function leaveGame(p: Platform, user: Principal, gameId: string, side: string) {
  return p.prisma
    .$transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (game.status !== 'OPEN') throw new AppError('GAME_NOT_OPEN', 'Seats can change only before the game starts.');
      const seat = game.seats.find((s) => s.side === side);
      if (!seat) throw new AppError('NOT_FOUND', `Nobody holds "${side}".`);
      if (seat.userId !== user.userId && game.creatorId !== user.userId) {
        throw new AppError('FORBIDDEN', 'Only the seated player or the creator may free this seat.');
      }
      await tx.seat.delete({ where: { id: seat.id } });
      await tx.outboxMessage.create({ data: { topic: topics.lobby, payload: { gameId, status: 'OPEN' } } });
      return true;
    }, TX_OPTIONS)
    .then(async (r) => (await publishOutbox(p), r));
}

/** perKind may name only kinds the module issues, when the module lists them (a typo would silently never apply). */
function checkPromptKinds(module: { id: string; promptKinds?: { kind: string }[] }, tc: TimeControl) {
  if (!tc.perKind || !module.promptKinds) return;
  const known = module.promptKinds.map((k) => k.kind);
  const unknown = Object.keys(tc.perKind).filter((k) => !known.includes(k));
  if (unknown.length) {
    throw new AppError(
      'BAD_INPUT',
      `Module "${module.id}" issues no prompt of kind ${unknown.map((k) => `"${k}"`).join(', ')}.`,
      unknown.map((k) => ({
        code: 'UNKNOWN_PROMPT_KIND',
        path: ['timeControl', 'perKind', k],
        message: `Use one of ${known.join(', ')}.`,
      })),
    );
  }
}

/** Sets the game up with the module and opens its first step (inside the join transaction). */
async function startInTx(p: Platform, tx: Tx, gameId: string) {
  const game = await tx.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } });
  const module = p.modules.get(game.module);
  // Set-up dice are step 0 of the same derivation as every later step.
  const dice = new SeededDice({ seed: game.seed, gameId, step: 0 });
  const state = module.setup(game.scenario, game.options as Record<string, never>, dice);
  const prompts = promptsOf(module, state);
  const tc = game.timeControl as unknown as TimeControl;
  const now = p.clock.now();
  const deadline = stepDeadlineFor(tc, prompts, now);
  await tx.game.update({
    where: { id: gameId },
    data: { status: 'ACTIVE', state, step: 1, startedAt: now, stepDeadline: deadline },
  });
  await storePrompts(prismaSql(tx), gameId, prompts);
  await tx.stepRecord.create({
    data: { gameId, step: 0, orders: {}, origins: {}, rolls: dice.log as object[], state },
  });
  const owed = owedSides(prompts);
  // The game's first event (seq 1), then its first turn notices and the lobby's.
  await appendEvents(
    prismaSql(tx),
    gameId,
    [{ step: 0, type: 'game-started', visibleTo: ['*'], data: { scenario: game.scenario }, rolls: [] }],
    { step: 1, status: 'ACTIVE' },
    [
      ...turnSignals(game.seats, gameId, 1, owed, deadline),
      { topic: topics.lobby, payload: { gameId, status: 'ACTIVE' } },
    ],
  );
  return { gameId, step: 1, deadline, graceMs: readTimeControl(tc).graceSeconds * 1000 };
}

/** The game list as a plain array (discovery.ts has the filters, sorts and pages). */
export async function listGames(
  p: Platform,
  user: Principal | null,
  filter: { status?: string; mine?: boolean; first?: number },
) {
  return (await discoverGames(p, user, filter)).games;
}

/** Private games appear only to their creator, players and invitees (as in listGames). */
async function mayList(
  p: Platform,
  game: { id: string; isPublic: boolean; creatorId: string; seats: { userId: string }[] },
  user: Principal | null,
) {
  if (game.isPublic) return true;
  if (!user) return false;
  if (game.creatorId === user.userId || game.seats.some((s) => s.userId === user.userId)) return true;
  return Boolean(
    await p.prisma.invitation.findUnique({ where: { gameId_userId: { gameId: game.id, userId: user.userId } } }),
  );
}

/** The game as listGames lists it (seats with their users), or null when it is gone or not listed to `user`. */
export async function listedGame(p: Platform, user: Principal | null, gameId: string) {
  const game = await p.prisma.game.findUnique({
    where: { id: gameId },
    include: { seats: { include: { user: true } } },
  });
  return game && (await mayList(p, game, user)) ? game : null;
}
