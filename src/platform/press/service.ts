/**
 * Press: messages between the players of a game (docs/press.md). Sending checks everything
 * before it writes anything (address, text, rules, phase, blocking, rate), then stores the
 * message with the next per-game sequence number and an outbox signal in one transaction. The
 * signal carries only the game and the sequence number: each subscriber and the notifier load
 * the message and check its audience themselves, so no text travels through Redis.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { deliverOutbox } from '../events/outbox.js';
import { adminRole, audit, checkReason } from '../play/admin.js';
import { owedSides, promptsOf } from '../play/prompts.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { viewerSide } from '../play/views.js';
import { pageSize } from '../page-size.js';
import { loadPhase } from '../trust/phase.js';
import { hasEnded } from '../trust/spectators.js';
import { pressBlocked } from './blocking.js';
import {
  audienceOf,
  canRead,
  kindOf,
  PUBLIC,
  readableBy,
  sidesKey,
  sidesOfKey,
  SPECTATORS,
  type ChannelKind,
} from './channels.js';
import { pressRulesOf } from './rules.js';
import { checkReportReason, checkText } from './text.js';

/** Control and bidirectional-override characters, refused in a channel's name. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Per user, over every game: at most this many messages in the window. */
export const RATE_LIMIT = { messages: 20, windowSeconds: 60 };
const MAX_CHANNEL_NAME = 60;

export const pressTopic = (gameId: string) => `press.${gameId}`;

/** What goes through the emitter (and the outbox) when a message is stored. */
export interface PressSignal {
  gameId: string;
  seq: number;
}

export interface PressAddress {
  everyone?: boolean | null;
  spectators?: boolean | null;
  sides?: string[] | null;
  name?: string | null;
}

export interface SendInput {
  gameId: string;
  to: PressAddress;
  text: string;
  side?: string | null;
}

type GameWithSeats = NonNullable<Awaited<ReturnType<typeof findGame>>>;

function findGame(db: Tx | Platform['prisma'], gameId: string) {
  return db.game.findUnique({ where: { id: gameId }, include: { seats: { select: { side: true, userId: true } } } });
}

async function gameOrThrow(db: Tx | Platform['prisma'], gameId: string): Promise<GameWithSeats> {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  return game;
}

function scenarioSides(p: Platform, game: { module: string; scenario: string }): string[] {
  const module = p.modules.get(game.module);
  return module.scenarios.find((s) => s.id === game.scenario)?.sides ?? module.sides;
}

/** The channel a message goes to, checked against who the sender is and the game's rules. */
function channelFor(
  p: Platform,
  game: GameWithSeats,
  viewer: string | null,
  to: PressAddress,
): { key: string; sides: string[]; name: string | null } {
  const chosen = [to.everyone === true, to.spectators === true, to.sides != null].filter(Boolean).length;
  if (
    chosen !== 1 ||
    (to.everyone != null && to.everyone !== true) ||
    (to.spectators != null && to.spectators !== true)
  ) {
    throw new AppError('BAD_INPUT', 'Address a message to exactly one of: everyone, spectators, or a list of sides.', [
      {
        code: 'INVALID_ADDRESS',
        path: ['to'],
        message: 'Give one of everyone: true, spectators: true or sides: [...].',
      },
    ]);
  }
  if (to.name != null && to.sides == null) {
    throw new AppError('BAD_INPUT', 'Only a channel of several sides has a name.', [
      { code: 'INVALID_ADDRESS', path: ['to', 'name'], message: 'Drop the name, or address sides.' },
    ]);
  }
  const rules = pressRulesOf(game);
  if (to.spectators) {
    if (viewer !== null)
      throw new AppError(
        'PRESS_NOT_ALLOWED',
        "Players do not write in the spectators' chat: it is kept apart from the players' press.",
      );
    return { key: SPECTATORS, sides: [], name: null };
  }
  if (viewer === null)
    throw new AppError(
      'PRESS_NOT_ALLOWED',
      "Spectators write only in the spectators' chat (to: { spectators: true }).",
    );
  if (rules.mode === 'NONE')
    throw new AppError('PRESS_OFF', 'This game is played without press: players may not send messages.');
  if (to.everyone) return { key: PUBLIC, sides: [], name: null };
  if (rules.mode === 'PUBLIC_ONLY')
    throw new AppError('PRESS_NOT_ALLOWED', 'This game allows public press only: address everyone.');
  const all = scenarioSides(p, game);
  const listed = to.sides!;
  const unknown = listed.filter((s) => !all.includes(s));
  if (unknown.length) {
    throw new AppError(
      'PRESS_NOT_ALLOWED',
      `No side ${unknown.map((s) => `"${s}"`).join(', ')} to address; sides are ${all.join(', ')}.`,
      unknown.map((s) => ({
        code: 'UNKNOWN_SIDE',
        path: ['to', 'sides', listed.indexOf(s)],
        message: `Use one of ${all.join(', ')}.`,
      })),
    );
  }
  const sides = [...new Set([...listed, viewer])].sort();
  if (sides.length < 2)
    throw new AppError('PRESS_NOT_ALLOWED', 'Address at least one side other than your own.', [
      { code: 'NO_OTHER_SIDE', path: ['to', 'sides'], message: 'Name another side.' },
    ]);
  let name: string | null = null;
  if (to.name != null) {
    name = to.name.trim();
    if (name.length === 0 || name.length > MAX_CHANNEL_NAME || UNPRINTABLE.test(name)) {
      throw new AppError('BAD_INPUT', `A channel name has 1 to ${MAX_CHANNEL_NAME} characters of plain text.`, [
        { code: 'INVALID_CHANNEL_NAME', path: ['to', 'name'], message: `Give 1 to ${MAX_CHANNEL_NAME} characters.` },
      ]);
    }
  }
  return { key: sidesKey(sides), sides, name };
}

/** A lock per key for this transaction (a user's rate, a game's sequence). */
async function lock(tx: Tx, key: string) {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

export async function sendPress(p: Platform, user: Principal, input: SendInput) {
  const text = checkText(input.text);
  if (!input.to || typeof input.to !== 'object')
    throw new AppError('BAD_INPUT', 'Say whom the message is for.', [
      { code: 'INVALID_ADDRESS', path: ['to'], message: 'Give to.' },
    ]);
  const stored = await p.prisma.$transaction(async (tx) => {
    // The user's lock first, then the game's: every sender takes them in this order.
    await lock(tx, `press-user:${user.userId}`);
    await lock(tx, `press-game:${input.gameId}`);
    const game = await gameOrThrow(tx, input.gameId);
    const viewer = await viewerSide(p, game, user, input.side);
    const channel = channelFor(p, game, viewer, input.to);
    if (hasEnded(game.status)) throw new AppError('PRESS_CLOSED', 'The game has ended: its press is closed.');
    if (
      viewer !== null &&
      game.status === 'ACTIVE' &&
      !pressRulesOf(game).duringReveal &&
      (await inRevealPhase(p, tx, game))
    ) {
      throw new AppError(
        'PRESS_CLOSED',
        `Step ${game.step} is in its reveal phase, and this game allows no press then; write once the step has resolved.`,
      );
    }
    await refuseBlocked(tx, game, channel.sides, user);
    await checkRate(p, tx, user);
    const last = await tx.pressMessage.findFirst({
      where: { gameId: game.id },
      orderBy: { seq: 'desc' },
      select: { seq: true },
    });
    const seq = (last?.seq ?? 0) + 1;
    const now = p.clock.now();
    if (kindOf(channel.key) === 'SIDES') {
      await tx.pressChannel.createMany({
        data: [
          {
            gameId: game.id,
            key: channel.key,
            name: channel.name ?? channel.sides.join(' & '),
            sides: channel.sides,
            createdAt: now,
          },
        ],
        skipDuplicates: true,
      });
    }
    const message = await tx.pressMessage.create({
      data: {
        gameId: game.id,
        seq,
        channel: channel.key,
        audience: audienceOf(channel.key),
        senderId: user.userId,
        senderSide: viewer,
        text,
        step: game.step,
        createdAt: now,
      },
    });
    const signal: PressSignal = { gameId: game.id, seq };
    await tx.outboxMessage.create({ data: { topic: pressTopic(game.id), payload: signal as object } });
    return message;
  }, TX_OPTIONS);
  await deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery deferred to the sweeper'));
  return present(p, [stored]).then((r) => r[0]);
}

async function inRevealPhase(p: Platform, tx: Tx, game: GameWithSeats): Promise<boolean> {
  if (game.state == null) return false;
  const owed = owedSides(promptsOf(p.modules.get(game.module), game.state));
  return (await loadPhase(tx, game.id, game.step, owed)).revealOpen;
}

/** A message to some sides is refused when one of their players blocks the sender. */
async function refuseBlocked(tx: Tx, game: GameWithSeats, sides: string[], user: Principal) {
  const recipients = new Set(
    game.seats.filter((s) => sides.includes(s.side) && s.userId !== user.userId).map((s) => s.userId),
  );
  for (const id of recipients) {
    if (await pressBlocked(tx, id, user.userId))
      throw new AppError('BLOCKED', 'A player of a side you address does not accept your messages.');
  }
}

async function checkRate(p: Platform, tx: Tx, user: Principal) {
  const since = new Date(p.clock.now().getTime() - RATE_LIMIT.windowSeconds * 1000);
  const recent = await tx.pressMessage.findMany({
    where: { senderId: user.userId, createdAt: { gt: since } },
    orderBy: { createdAt: 'asc' },
    select: { createdAt: true },
    take: RATE_LIMIT.messages,
  });
  if (recent.length < RATE_LIMIT.messages) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((recent[0].createdAt.getTime() + RATE_LIMIT.windowSeconds * 1000 - p.clock.now().getTime()) / 1000),
  );
  throw new AppError(
    'RATE_LIMITED',
    `At most ${RATE_LIMIT.messages} messages in ${RATE_LIMIT.windowSeconds} seconds; try again in ${retryAfter} s.`,
    [],
    { retryAfter },
  );
}

// ---- Reading ----

/** The caller's place in a game's press: the side they read as, and what they may read. */
export async function pressAccess(p: Platform, user: Principal, gameId: string, side?: string | null) {
  const game = await gameOrThrow(p.prisma, gameId);
  const viewer = await viewerSide(p, game, user, side);
  return { game, viewer, readable: readableBy(game, viewer) };
}

type MessageRow = {
  id: string;
  gameId: string;
  seq: number;
  channel: string;
  audience: string[];
  senderId: string;
  senderSide: string | null;
  text: string;
  step: number;
  createdAt: Date;
  hiddenAt: Date | null;
};

/** Messages as the API shows them: a hidden one keeps its place but loses its text. */
export async function present(p: Platform, rows: MessageRow[], showHidden = false) {
  const ids = [...new Set(rows.map((r) => r.senderId))];
  const users = ids.length
    ? await p.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.username]));
  const channelNames = await channelNamesOf(p, rows);
  return rows.map((r) => ({
    id: r.id,
    gameId: r.gameId,
    seq: r.seq,
    channel: r.channel,
    channelKind: kindOf(r.channel),
    channelName: channelNames.get(`${r.gameId}|${r.channel}`) ?? null,
    sides: sidesOfKey(r.channel),
    from: { id: r.senderId, username: names.get(r.senderId) ?? 'deleted player' },
    fromSide: r.senderSide,
    text: r.hiddenAt && !showHidden ? null : r.text,
    hidden: r.hiddenAt !== null,
    step: r.step,
    sentAt: r.createdAt,
  }));
}

async function channelNamesOf(p: Platform, rows: { gameId: string; channel: string }[]) {
  const wanted = rows.filter((r) => kindOf(r.channel) === 'SIDES');
  if (!wanted.length) return new Map<string, string>();
  const found = await p.prisma.pressChannel.findMany({
    where: { OR: wanted.map((r) => ({ gameId: r.gameId, key: r.channel })) },
  });
  return new Map(found.map((c) => [`${c.gameId}|${c.key}`, c.name]));
}

export type PressMessageOut = Awaited<ReturnType<typeof present>>[number];

const encodeCursor = (seq: number) => Buffer.from(`press:${seq}`).toString('base64url');
function decodeCursor(cursor: string | null | undefined): number {
  if (cursor == null || cursor === '') return 0;
  const m = /^press:(\d{1,9})$/.exec(Buffer.from(String(cursor), 'base64url').toString('utf8'));
  if (!m)
    throw new AppError('BAD_INPUT', 'Unknown cursor: pass an endCursor this API returned.', [
      { code: 'INVALID_CURSOR', path: ['after'], message: 'Pass an endCursor from an earlier page.' },
    ]);
  return Number(m[1]);
}

export interface ListInput {
  gameId: string;
  channel?: string | null;
  after?: string | null;
  first?: number | null;
  side?: string | null;
}

/** One page of the messages the caller may read, oldest first, after a cursor. */
export async function listPress(p: Platform, user: Principal, input: ListInput) {
  const take = pageSize(input.first, 50, 200);
  const after = decodeCursor(input.after);
  const { game, viewer, readable } = await pressAccess(p, user, input.gameId, input.side);
  if (input.channel != null) checkChannelKey(input.channel);
  const rows = await p.prisma.pressMessage.findMany({
    where: {
      gameId: game.id,
      audience: { hasSome: readable },
      seq: { gt: after },
      ...(input.channel != null ? { channel: input.channel } : {}),
    },
    orderBy: { seq: 'asc' },
    take: take + 1,
  });
  const page = rows.slice(0, take);
  const messages = await present(p, page);
  return {
    gameId: game.id,
    viewer,
    messages,
    endCursor: page.length ? encodeCursor(page[page.length - 1].seq) : (input.after ?? null),
    hasMore: rows.length > take,
  };
}

function checkChannelKey(key: string) {
  if (
    typeof key !== 'string' ||
    key.length > 2000 ||
    !(key === PUBLIC || key === SPECTATORS || /^sides:[^,]+(,[^,]+)+$/.test(key))
  ) {
    throw new AppError('BAD_INPUT', 'Unknown channel: use public, spectators or a sides: key from pressChannels.', [
      { code: 'INVALID_CHANNEL', path: ['channel'], message: 'Use a key from pressChannels.' },
    ]);
  }
}

export interface ChannelOut {
  key: string;
  kind: ChannelKind;
  name: string | null;
  sides: string[];
  lastSeq: number | null;
  messages: number;
  unread: number;
}

/** The channels the caller reads, with unread counts (messages of others after their read mark). */
export async function listChannels(
  p: Platform,
  user: Principal,
  gameId: string,
  side?: string | null,
): Promise<{ viewer: string | null; channels: ChannelOut[] }> {
  const { game, viewer, readable } = await pressAccess(p, user, gameId, side);
  const [rows, marks, named] = await Promise.all([
    p.prisma.pressMessage.findMany({
      where: { gameId: game.id, audience: { hasSome: readable } },
      select: { channel: true, seq: true, senderId: true },
    }),
    p.prisma.pressReadMark.findMany({ where: { gameId: game.id, userId: user.userId } }),
    viewer
      ? p.prisma.pressChannel.findMany({ where: { gameId: game.id, sides: { has: viewer } } })
      : Promise.resolve([]),
  ]);
  const mark = new Map(marks.map((m) => [m.channel, m.lastSeq]));
  const base = [
    readable.includes('*') || viewer !== null ? PUBLIC : null,
    readable.includes('#spectators') ? SPECTATORS : null,
  ].filter((k): k is string => k !== null);
  const keys = [...new Set([...base, ...named.map((c) => c.key), ...rows.map((r) => r.channel)])];
  const names = new Map(named.map((c) => [c.key, c.name]));
  const channels = keys.map((key) => {
    const mine = rows.filter((r) => r.channel === key);
    const seen = mark.get(key) ?? 0;
    return {
      key,
      kind: kindOf(key),
      name: names.get(key) ?? null,
      sides: sidesOfKey(key),
      lastSeq: mine.length ? Math.max(...mine.map((r) => r.seq)) : null,
      messages: mine.length,
      unread: mine.filter((r) => r.seq > seen && r.senderId !== user.userId).length,
    };
  });
  const order: Record<ChannelKind, number> = { PUBLIC: 0, SIDES: 1, SPECTATORS: 2 };
  channels.sort((a, b) => order[a.kind] - order[b.kind] || a.key.localeCompare(b.key));
  return { viewer, channels };
}

/** Marks a channel read up to `seq` (a mark never moves back). */
export async function markRead(
  p: Platform,
  user: Principal,
  input: { gameId: string; channel: string; seq: number; side?: string | null },
) {
  checkChannelKey(input.channel);
  if (!Number.isInteger(input.seq) || input.seq < 0 || input.seq > 2_147_483_647) {
    throw new AppError('BAD_INPUT', '`seq` is a message sequence number.', [
      { code: 'OUT_OF_RANGE', path: ['seq'], message: 'Give a whole number from 0.' },
    ]);
  }
  const { game, readable } = await pressAccess(p, user, input.gameId, input.side);
  if (!canRead(audienceOf(input.channel), readable))
    throw new AppError('NOT_FOUND', 'No such channel for you in this game.');
  await p.prisma.$executeRaw`
    INSERT INTO "PressReadMark" ("gameId", "userId", "channel", "lastSeq", "updatedAt")
    VALUES (${game.id}, ${user.userId}, ${input.channel}, ${input.seq}, now())
    ON CONFLICT ("gameId", "userId", "channel") DO UPDATE SET "lastSeq" = GREATEST("PressReadMark"."lastSeq", EXCLUDED."lastSeq"), "updatedAt" = now()`;
  return (await listChannels(p, user, input.gameId, input.side)).channels.find((c) => c.key === input.channel)!;
}

/** One message, if the caller may read it (NOT_FOUND otherwise: nobody learns it exists). */
async function readableMessage(p: Platform, user: Principal, messageId: string) {
  const row =
    typeof messageId === 'string' && messageId.length <= 100
      ? await p.prisma.pressMessage.findUnique({ where: { id: messageId } })
      : null;
  if (!row) throw new AppError('NOT_FOUND', `No message ${String(messageId).slice(0, 100)}.`);
  const game = await gameOrThrow(p.prisma, row.gameId);
  const seated = game.seats.filter((s) => s.userId === user.userId).map((s) => s.side);
  // A user holding several sides reads what any of them reads; others read as spectators
  // (viewerSide refuses, as NOT_FOUND, whoever may not see the game at all).
  const viewers: (string | null)[] = seated.length ? seated : [await viewerSide(p, game, user, null)];
  const ok = viewers.some((v) => canRead(row.audience, readableBy(game, v)));
  return { row, game, ok };
}

// ---- Moderation ----

/** A recipient reports a message to the game's admin and the platform admins (once per reporter). */
export async function reportPress(p: Platform, user: Principal, messageId: string, reason: unknown) {
  const why = checkReportReason(reason);
  const { row, ok } = await readableMessage(p, user, messageId);
  if (!ok) throw new AppError('NOT_FOUND', `No message ${messageId}.`);
  await p.prisma.pressReport.createMany({
    data: [{ messageId: row.id, reporterId: user.userId, reason: why, createdAt: p.clock.now() }],
    skipDuplicates: true,
  });
  return true;
}

/**
 * The game's admin (its creator) or a platform admin hides a message: it stays stored, shown to
 * nobody, and the action enters the game's audit log (with the message id, never its text).
 */
export async function hidePress(p: Platform, user: Principal, messageId: string, reason: unknown) {
  const why = checkReason(reason);
  const found =
    typeof messageId === 'string' && messageId.length <= 100
      ? await p.prisma.pressMessage.findUnique({ where: { id: messageId } })
      : null;
  if (!found) throw new AppError('NOT_FOUND', `No message ${String(messageId).slice(0, 100)}.`);
  const hidden = await p.prisma.$transaction(async (tx) => {
    const game = await gameOrThrow(tx, found.gameId);
    const role = await adminRole(tx, user, game);
    if (!role)
      throw new AppError('FORBIDDEN', "Only the game's admin (its creator) or a platform admin can hide a message.");
    const row = await tx.pressMessage.findUniqueOrThrow({ where: { id: found.id } });
    if (row.hiddenAt) return row;
    const updated = await tx.pressMessage.update({
      where: { id: row.id },
      data: { hiddenAt: p.clock.now(), hiddenById: user.userId },
    });
    await audit(p, tx, game, user, role, 'hide-press', why, { messageId: row.id });
    return updated;
  }, TX_OPTIONS);
  return (await present(p, [hidden]))[0];
}

/**
 * Reports of a game's messages, for its admin. A message's text is shown only to a moderator
 * who may read it anyway (a platform admin, or a game admin among its recipients): the game's
 * creator may be a player, and a report does not open another sides' channel to them.
 */
export async function listReports(p: Platform, user: Principal, gameId: string) {
  const game = await gameOrThrow(p.prisma, gameId);
  const role = await adminRole(p.prisma as unknown as Tx, user, game);
  if (!role)
    throw new AppError('FORBIDDEN', "Only the game's admin (its creator) or a platform admin can read its reports.");
  const reported = await p.prisma.pressMessage.findMany({
    where: { gameId, reports: { some: {} } },
    include: { reports: { orderBy: { createdAt: 'asc' } } },
    orderBy: { seq: 'asc' },
  });
  const mySides = game.seats.filter((s) => s.userId === user.userId).map((s) => s.side);
  const readers = mySides.length ? mySides : [null];
  const reporterIds = [
    ...new Set(reported.flatMap((m) => m.reports.flatMap((r) => (r.reporterId ? [r.reporterId] : [])))),
  ];
  const users = reporterIds.length
    ? await p.prisma.user.findMany({ where: { id: { in: reporterIds } }, select: { id: true, username: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.username]));
  const out = [];
  for (const m of reported) {
    const mayRead = role === 'platform-admin' || readers.some((v) => canRead(m.audience, readableBy(game, v)));
    const [message] = await present(p, [m], mayRead);
    out.push({
      message: mayRead ? message : { ...message, text: null },
      // A report whose reporter deleted their account has no reporter (docs/press.md, "Accounts").
      reports: m.reports.map((r) => ({
        reporter: r.reporterId ? { id: r.reporterId, username: names.get(r.reporterId) ?? 'deleted player' } : null,
        reason: r.reason,
        createdAt: r.createdAt,
      })),
    });
  }
  return out;
}

// ---- Live delivery ----

/**
 * The message of a signal, if the subscriber may read it now. Who the subscriber is in the game
 * is read again for each message: a spectator who takes a seat reads as that side from then on
 * (and no longer the spectators' chat), one who loses access reads nothing.
 */
export async function signalledMessage(
  p: Platform,
  user: Principal,
  gameId: string,
  side: string | null | undefined,
  seq: number,
) {
  const row = await p.prisma.pressMessage.findUnique({ where: { gameId_seq: { gameId, seq } } });
  if (!row) return null;
  const access = await pressAccess(p, user, gameId, side).catch(() => null);
  if (!access || !canRead(row.audience, access.readable)) return null;
  return (await present(p, [row]))[0];
}

/** Messages `viewer` may read after `afterSeq` (a subscription's catch-up). */
export async function readableSince(
  p: Platform,
  user: Principal,
  gameId: string,
  viewer: string | null,
  afterSeq: number,
) {
  const game = await gameOrThrow(p.prisma, gameId);
  const rows = await p.prisma.pressMessage.findMany({
    where: { gameId, seq: { gt: afterSeq }, audience: { hasSome: readableBy(game, viewer) } },
    orderBy: { seq: 'asc' },
    take: 500,
  });
  return present(p, rows);
}
