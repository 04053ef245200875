/**
 * Finding a game: the game list with filters, sorts and cursor pages; a player's dashboard (the
 * games where they owe a submission first, soonest deadline first, then the rest); a game's
 * title, description and joining requirement (a least reliability); removing an invitation.
 *
 * Visibility is the lobby's: a private game is listed only to its creator, its players and the
 * users it invites, whatever the filter (the filters are ANDed with it, so a filter never
 * reveals that a private game exists). Pages are keyset pages on (sort key, id): a game created
 * while a client pages never shifts the rows after its cursor, so nothing is skipped or shown
 * twice. The cursor is opaque (base64url of the order, the key and the id).
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError, type ErrorDetail } from '../errors.js';
import type { Prisma } from '#generated/prisma/client.js';
import { pageSize } from '../page-size.js';
import { phaseOf } from '../trust/phase.js';
import { owedSides, promptsOf } from './prompts.js';
import type { Tx } from '../db/transactions.js';
import { reliabilities } from './missed-turns.js';
import { installedModule } from './views.js';
import { PRESETS } from './time-control.js';

export const GAME_ORDERS = ['CREATED_DESC', 'CREATED_ASC', 'DEADLINE_ASC', 'TITLE_ASC'] as const;
export type GameOrder = (typeof GAME_ORDERS)[number];

export interface GameFilter {
  module?: string | null;
  scenario?: string | null;
  /** true: games with a free side (OPEN); false: games with none. */
  openSeats?: boolean | null;
  /** true: running games with a seat offered to anyone (or to the caller); false: running games with none. */
  offeredSeats?: boolean | null;
  /** A time-control preset: none, live, fast, standard, slow or custom. */
  timeControl?: string | null;
  /** A username: games where that user holds a side. */
  player?: string | null;
  /** Games whose joining requirement is at least this reliability ratio (0 to 1). */
  minReliability?: number | null;
}

export interface ListArgs {
  status?: string | null;
  mine?: boolean | null;
  first?: number | null;
  filter?: GameFilter | null;
  orderBy?: GameOrder | null;
  after?: string | null;
}

const FILTER_KEYS: (keyof GameFilter)[] = [
  'module',
  'scenario',
  'openSeats',
  'offeredSeats',
  'timeControl',
  'player',
  'minReliability',
];
const STATUSES = ['OPEN', 'ACTIVE', 'PAUSED', 'FINISHED', 'CANCELLED'];
const TIME_CONTROLS = [...Object.keys(PRESETS), 'custom'];
const RUNNING = ['ACTIVE', 'PAUSED'] as const;

const bad = (message: string, code: string, path: (string | number)[], hint: string): never => {
  throw new AppError('BAD_INPUT', message, [{ code, path, message: hint }]);
};

/** Games `user` may see in a list: public ones, and private ones they created, play or are invited to (views.viewerSide's rule). */
export function visibleTo(user: Principal | null): Prisma.GameWhereInput {
  return {
    OR: [
      { isPublic: true },
      ...(user
        ? [
            { creatorId: user.userId },
            { seats: { some: { userId: user.userId } } },
            { invitations: { some: { userId: user.userId } } },
          ]
        : []),
    ],
  };
}

/** The where clause of a filter (checked: unknown keys and bad values are refused). */
function filterWhere(filter: GameFilter | null | undefined, user: Principal | null): Prisma.GameWhereInput[] {
  if (filter == null) return [];
  if (typeof filter !== 'object' || Array.isArray(filter))
    bad('`filter` is an object.', 'INVALID_FILTER', ['filter'], `Give an object with ${FILTER_KEYS.join(', ')}.`);
  const unknown = Object.keys(filter).filter((k) => !(FILTER_KEYS as string[]).includes(k));
  if (unknown.length)
    bad(
      `Unknown filter ${unknown.map((k) => `"${k.slice(0, 40)}"`).join(', ')}.`,
      'UNKNOWN_FILTER',
      ['filter', unknown[0]!.slice(0, 40)],
      `Filters are ${FILTER_KEYS.join(', ')}.`,
    );
  const and: Prisma.GameWhereInput[] = [];
  const text = (k: 'module' | 'scenario' | 'player', max: number) => {
    const v = filter[k];
    if (v == null) return null;
    if (typeof v !== 'string' || v.length === 0 || v.length > max)
      bad(
        `\`filter.${k}\` is 1 to ${max} characters.`,
        'INVALID_FILTER',
        ['filter', k],
        `Give 1 to ${max} characters.`,
      );
    return v as string;
  };
  const flag = (k: 'openSeats' | 'offeredSeats') => {
    const v = filter[k];
    if (v != null && typeof v !== 'boolean')
      bad(`\`filter.${k}\` is true or false.`, 'INVALID_FILTER', ['filter', k], 'Give true or false.');
    return v ?? null;
  };
  const module = text('module', 100);
  if (module) and.push({ module });
  const scenario = text('scenario', 100);
  if (scenario) and.push({ scenario });
  const player = text('player', 64);
  if (player) and.push({ seats: { some: { user: { username: player } } } });
  const open = flag('openSeats');
  // A game starts the moment its last side is taken, so an OPEN game always has a free side.
  if (open !== null) and.push(open ? { status: 'OPEN' } : { status: { not: 'OPEN' } });
  const offered = flag('offeredSeats');
  if (offered !== null) {
    const offer: Prisma.SeatWhereInput = {
      offeredAt: { not: null },
      OR: [{ offeredToId: null }, ...(user ? [{ offeredToId: user.userId }] : [])],
    };
    and.push({ status: { in: [...RUNNING] } }, offered ? { seats: { some: offer } } : { seats: { none: offer } });
  }
  if (filter.timeControl != null) {
    if (typeof filter.timeControl !== 'string' || !TIME_CONTROLS.includes(filter.timeControl)) {
      bad(
        `Unknown time control "${String(filter.timeControl).slice(0, 40)}".`,
        'INVALID_FILTER',
        ['filter', 'timeControl'],
        `Use one of ${TIME_CONTROLS.join(', ')}.`,
      );
    }
    and.push({ timeControl: { path: ['preset'], equals: filter.timeControl } });
  }
  if (filter.minReliability != null)
    and.push({ minReliability: { gte: checkRatio(filter.minReliability, ['filter', 'minReliability']) } });
  return and;
}

function checkRatio(v: unknown, path: string[]): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
    bad(
      `\`${path.join('.')}\` is a reliability ratio from 0 to 1.`,
      'OUT_OF_RANGE',
      path,
      'Give a number from 0 to 1, e.g. 0.9.',
    );
  return v as number;
}

// ---- Cursors: base64url of [order, key, id] -------------------------------------------------

type Key = string | null;
type Row = { id: string; createdAt: Date; stepDeadline: Date | null; title: string };

function keyOf(order: GameOrder, g: Row): Key {
  if (order === 'TITLE_ASC') return g.title;
  if (order === 'DEADLINE_ASC') return g.stepDeadline?.toISOString() ?? null;
  return g.createdAt.toISOString();
}

export function cursorOf(order: GameOrder, g: Row): string {
  return Buffer.from(JSON.stringify([order, keyOf(order, g), g.id])).toString('base64url');
}

function readCursor(cursor: unknown, order: GameOrder): { key: Key; id: string } {
  const refuse = (why: string) =>
    bad(
      `\`after\` is not a cursor of this list: ${why}.`,
      'INVALID_CURSOR',
      ['after'],
      'Pass the cursor of the last game of the previous page, with the same orderBy.',
    );
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 400 || !/^[A-Za-z0-9_-]+$/.test(cursor))
    refuse('it is malformed');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor as string, 'base64url').toString('utf8'));
  } catch {
    refuse('it is malformed');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || typeof parsed[2] !== 'string' || parsed[2].length > 100)
    refuse('it is malformed');
  const [o, key, id] = parsed as [unknown, unknown, string];
  if (o !== order) refuse(`it was made for orderBy ${String(o).slice(0, 20)}`);
  const dated = order !== 'TITLE_ASC';
  const okKey =
    key === null ? order === 'DEADLINE_ASC' : typeof key === 'string' && (!dated || !Number.isNaN(Date.parse(key)));
  if (!okKey) refuse('it is malformed');
  return { key: key as Key, id };
}

/** Sort and "after the cursor" clause of an order (ids break ties, so the order is total). */
function keyset(order: GameOrder, after: { key: Key; id: string } | null) {
  switch (order) {
    case 'CREATED_DESC':
    case 'CREATED_ASC': {
      const dir = order === 'CREATED_DESC' ? 'desc' : 'asc';
      const cmp = order === 'CREATED_DESC' ? 'lt' : 'gt';
      const at = after && new Date(after.key!);
      return {
        orderBy: [{ createdAt: dir }, { id: dir }] as Prisma.GameOrderByWithRelationInput[],
        where: at ? { OR: [{ createdAt: { [cmp]: at } }, { createdAt: at, id: { [cmp]: after.id } }] } : null,
      };
    }
    case 'TITLE_ASC':
      return {
        orderBy: [{ title: 'asc' }, { id: 'asc' }] as Prisma.GameOrderByWithRelationInput[],
        where: after ? { OR: [{ title: { gt: after.key! } }, { title: after.key!, id: { gt: after.id } }] } : null,
      };
    case 'DEADLINE_ASC': {
      // Soonest deadline first, games without one last.
      const orderBy = [
        { stepDeadline: { sort: 'asc', nulls: 'last' } },
        { id: 'asc' },
      ] as Prisma.GameOrderByWithRelationInput[];
      if (!after) return { orderBy, where: null };
      if (after.key === null) return { orderBy, where: { stepDeadline: null, id: { gt: after.id } } };
      const at = new Date(after.key);
      return {
        orderBy,
        where: {
          OR: [{ stepDeadline: { gt: at } }, { stepDeadline: at, id: { gt: after.id } }, { stepDeadline: null }],
        },
      };
    }
  }
}

const include = { seats: { include: { user: true } } } as const;

/**
 * The game list: visible games matching `args`, one page after `args.after`. `nextCursor` is
 * null on the last page (one row more than the page is read to know).
 */
export async function listGames(p: Platform, user: Principal | null, args: ListArgs) {
  const take = pageSize(args.first, 50, 200);
  const order: GameOrder = args.orderBy ?? 'CREATED_DESC';
  if (!GAME_ORDERS.includes(order))
    bad(
      `Unknown orderBy "${String(order).slice(0, 40)}".`,
      'INVALID_ORDER',
      ['orderBy'],
      `Use one of ${GAME_ORDERS.join(', ')}.`,
    );
  const and: Prisma.GameWhereInput[] = [visibleTo(user)];
  if (args.status != null) {
    if (!STATUSES.includes(args.status))
      bad(
        `Unknown status "${String(args.status).slice(0, 40)}".`,
        'INVALID_FILTER',
        ['status'],
        `Use one of ${STATUSES.join(', ')}.`,
      );
    and.push({ status: args.status as never });
  }
  if (args.mine) {
    if (!user) throw new AppError('UNAUTHENTICATED', 'Log in to list your games.');
    and.push({ seats: { some: { userId: user.userId } } });
  }
  and.push(...filterWhere(args.filter, user));
  const ks = keyset(order, args.after != null ? readCursor(args.after, order) : null);
  if (ks.where) and.push(ks.where);
  const rows = await p.prisma.game.findMany({ where: { AND: and }, orderBy: ks.orderBy, take: take + 1, include });
  const games = rows.slice(0, take).map((g) => ({ ...g, cursor: cursorOf(order, g) }));
  return { games, nextCursor: rows.length > take ? games[games.length - 1]!.cursor : null };
}

/** Sides of an OPEN game nobody holds yet (none once it runs: every side is seated then). */
export function freeSides(
  platform: Platform,
  g: { module: string; scenario: string; status: string; seats: { side: string }[] },
): string[] {
  if (g.status !== 'OPEN') return [];
  const sides = installedModule(platform, g.module)?.scenarios.find((s) => s.id === g.scenario)?.sides ?? [];
  return sides.filter((side) => !g.seats.some((s) => s.side === side));
}

/** Seats of a running game offered to anyone, or to the caller by name (never someone else's offer). */
export function offeredSides(
  g: { status: string; _offers?: { side: string; to: string | null }[] },
  userId: string | null,
): string[] {
  if (g.status !== 'ACTIVE' && g.status !== 'PAUSED') return [];
  return (g._offers ?? [])
    .filter((o) => o.to === null || o.to === userId)
    .map((o) => o.side)
    .sort();
}

// ---- What a user owes, for many games at once ------------------------------------------------

type OwedGame = {
  id: string;
  module: string;
  status: string;
  state: unknown;
  step: number;
  seats: { side: string; userId?: string; user?: { id: string } }[];
};

/**
 * Which of `userId`'s sides owe a submission now in each game (views.owedBy's rule), in two
 * statements whatever the number of games: the commitments and the ready submissions of every
 * game's current step. Games where the user owes nothing are absent from the answer.
 */
export async function owedByMany(
  p: Platform,
  userId: string | null,
  games: readonly OwedGame[],
): Promise<Map<string, { sides: string[]; reveal: boolean }>> {
  const out = new Map<string, { sides: string[]; reveal: boolean }>();
  if (!userId) return out;
  const candidates = games.flatMap((g) => {
    if (g.status !== 'ACTIVE') return [];
    const mine = g.seats.filter((s) => (s.userId ?? s.user?.id) === userId).map((s) => s.side);
    if (mine.length === 0) return [];
    const module = installedModule(p, g.module);
    if (!module) return [];
    const owed = owedSides(promptsOf(module, g.state));
    return mine.some((s) => owed.includes(s)) ? [{ g, mine, owed }] : [];
  });
  if (candidates.length === 0) return out;
  const pairs = [...new Map(candidates.map((c) => [c.g.id, { gameId: c.g.id, step: c.g.step }])).values()];
  const [commitments, ready] = await Promise.all([
    p.prisma.commitment.findMany({ where: { OR: pairs } }),
    p.prisma.submission.findMany({
      where: { OR: pairs, ready: true },
      select: { gameId: true, step: true, side: true },
    }),
  ]);
  for (const { g, mine, owed } of candidates) {
    const phase = phaseOf(
      commitments.filter((c) => c.gameId === g.id && c.step === g.step),
      ready.filter((r) => r.gameId === g.id && r.step === g.step).map((r) => r.side),
      owed,
    );
    const sides = (
      phase.revealOpen
        ? phase.commitments.filter((c) => !c.revealedAt && mine.includes(c.side)).map((c) => c.side)
        : phase.waiting.filter((s) => mine.includes(s))
    ).sort();
    if (sides.length) out.set(g.id, { sides, reveal: phase.revealOpen });
  }
  return out;
}

/**
 * A user's dashboard: the games where they hold a side or that they created. `owing`: the
 * running games where one of their sides owes a submission, soonest deadline first (none last);
 * `others`: the rest, by status (open, running, paused, ended) and most recently changed first,
 * at most `first`. A flat number of statements whatever the number of games.
 */
export async function dashboard(p: Platform, user: Principal, first?: number | null) {
  const take = pageSize(first, 50, 200);
  const mine: Prisma.GameWhereInput = {
    OR: [{ seats: { some: { userId: user.userId } } }, { creatorId: user.userId }],
  };
  const active = await p.prisma.game.findMany({
    where: { AND: [mine, { status: 'ACTIVE' }, { seats: { some: { userId: user.userId } } }] },
    include,
    take: 1000,
  });
  const owed = await owedByMany(p, user.userId, active);
  const far = Number.MAX_SAFE_INTEGER;
  const owing = active
    .filter((g) => owed.has(g.id))
    .sort((a, b) => (a.stepDeadline?.getTime() ?? far) - (b.stepDeadline?.getTime() ?? far) || (a.id < b.id ? -1 : 1))
    .map((g) => ({ ...g, owedSides: owed.get(g.id)!.sides }));
  const others = await p.prisma.game.findMany({
    where: { AND: [mine, { id: { notIn: owing.map((g) => g.id) } }] },
    orderBy: [{ status: 'asc' }, { updatedAt: 'desc' }, { id: 'asc' }],
    take,
    include,
  });
  return { owing, others: others.map((g) => ({ ...g, owedSides: [] as string[] })) };
}

// ---- A game's own text and joining requirement ---------------------------------------------

export const MAX_TITLE = 100;
export const MAX_DESCRIPTION = 2000;
// Plain text only: no tag and no character reference, so no client can be led to render markup.
const HTML = /<\s*\/?\s*[a-z!?]|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
// eslint-disable-next-line no-control-regex
const CONTROL_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f]/;

function checkText(value: unknown, field: 'title' | 'description', max: number, multiline: boolean): string {
  const path = ['input', field];
  if (typeof value !== 'string') bad(`\`${field}\` is text.`, 'INVALID_TEXT', path, 'Give a string.');
  const text = (value as string).trim();
  const fail = (code: string, hint: string) => {
    throw new AppError('BAD_INPUT', `The ${field} is refused: ${hint}`, [
      { code, path, message: hint } satisfies ErrorDetail,
    ]);
  };
  if (text.length > max) fail('TEXT_TOO_LONG', `Give at most ${max} characters (got ${text.length}).`);
  if (field === 'title' && text.length === 0)
    fail('TEXT_EMPTY', 'Give at least one character, or leave the title out.');
  if ((multiline ? CONTROL_TEXT : CONTROL_LINE).test(text))
    fail(
      'CONTROL_CHARACTER',
      multiline ? 'Use printable characters, new lines and tabs only.' : 'Use printable characters on one line.',
    );
  if (HTML.test(text)) fail('HTML_NOT_ALLOWED', 'Write plain text: no HTML tags or character references.');
  return text;
}

/** The title, description and joining requirement of a new game, checked (title default: module and scenario titles). */
export function gameListing(
  input: { title?: unknown; description?: unknown; minReliability?: unknown },
  fallbackTitle: string,
) {
  return {
    title: input.title == null ? fallbackTitle.slice(0, MAX_TITLE) : checkText(input.title, 'title', MAX_TITLE, false),
    description: input.description == null ? '' : checkText(input.description, 'description', MAX_DESCRIPTION, true),
    minReliability: input.minReliability == null ? null : checkRatio(input.minReliability, ['input', 'minReliability']),
  };
}

/**
 * Refuses a user below the game's reliability requirement. The creator, and a user the creator
 * chose by name (an invitation, a seat offered to them), are let in: the requirement guards
 * against strangers, not against the creator's own choices.
 */
export async function requireReliability(
  p: Platform,
  tx: Tx,
  game: { id: string; creatorId: string; minReliability: number | null },
  userId: string,
  chosen = false,
) {
  if (game.minReliability == null || game.creatorId === userId || chosen) return;
  const invited = await tx.invitation.findUnique({
    where: { gameId_userId: { gameId: game.id, userId } },
    select: { id: true },
  });
  if (invited) return;
  const mine = (await reliabilities(p, [userId])).get(userId)!;
  if (mine.ratio < game.minReliability) {
    throw new AppError(
      'RELIABILITY_TOO_LOW',
      `This game asks for a reliability of at least ${game.minReliability}; yours is ${round(mine.ratio)}.`,
      [
        {
          code: 'RELIABILITY_TOO_LOW',
          path: ['gameId'],
          message: `Your reliability (${round(mine.ratio)}: ${mine.turnsPlayed} turns played, ${mine.turnsMissed} missed) is below the ${game.minReliability} this game asks for.`,
        },
      ],
      { required: game.minReliability, reliability: mine.ratio },
    );
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The creator withdraws an invitation (false when there was none). A seat already taken stays: leaveGame frees it. */
export async function removeInvitation(p: Platform, user: Principal, gameId: string, username: string) {
  const game = await p.prisma.game.findUnique({ where: { id: gameId }, select: { creatorId: true } });
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  if (game.creatorId !== user.userId)
    throw new AppError('FORBIDDEN', 'Only the creator of a game may remove an invitation.');
  const invitee = await p.prisma.user.findUnique({ where: { username }, select: { id: true } });
  if (!invitee) throw new AppError('NOT_FOUND', `No user "${String(username).slice(0, 64)}".`);
  const r = await p.prisma.invitation.deleteMany({ where: { gameId, userId: invitee.id } });
  return r.count > 0;
}

/**
 * A game's invitations, oldest first: every one for its creator and its players, only their own
 * for anyone else (an invitee, or a stranger to a public game: none). A game not listed to the
 * caller is NOT_FOUND, as everywhere, so the answer never tells that a private game exists.
 */
export async function listInvitations(p: Platform, user: Principal, gameId: string) {
  const game = await p.prisma.game.findFirst({
    where: { AND: [{ id: gameId }, visibleTo(user)] },
    select: { creatorId: true, seats: { select: { userId: true } } },
  });
  if (!game) throw new AppError('NOT_FOUND', `No game ${String(gameId).slice(0, 100)}.`);
  const insider = game.creatorId === user.userId || game.seats.some((s) => s.userId === user.userId);
  const rows = await p.prisma.invitation.findMany({
    where: { gameId, ...(insider ? {} : { userId: user.userId }) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { userId: true, createdAt: true },
  });
  // Invitation rows name their user by id only; a deleted account's invitation is no longer shown.
  const users = await p.prisma.user.findMany({
    where: { id: { in: rows.map((r) => r.userId) }, deletedAt: null },
    select: { id: true, username: true },
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.flatMap((r) => {
    const u = byId.get(r.userId);
    return u ? [{ user: u, invitedAt: r.createdAt }] : [];
  });
}
