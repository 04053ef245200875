/**
 * The hot read of a game (bench/RESULTS.md, issue 22): the game row, its seats and the step's
 * submission flags in one statement, on the pg pool Prisma shares (db/sql.ts: Prisma compiles
 * every query in WebAssembly, raw ones included) or through Prisma's raw query on embedded
 * PGlite. Callers get the same shape as `loadGame` (views.ts).
 *
 * The module is pure, so its prompts and each side's view depend on the stored state only: they
 * are remembered per state version, and the state itself is not sent again while the version
 * is unchanged. The version is the row version's `xmin` and `ctid` (stored-prompts.ts: every
 * UPDATE gives a new one), so any write of the row is a new version; a stale entry can only
 * cause a recomputation, never an old answer. The prompts come with the state when the step's
 * resolution stored them for this version; otherwise they are computed here. The submission
 * check shares the same memory (knownState, heldState: orders.ts), and so does the step's
 * resolution, which remembers the state it writes (rememberWritten: resolution.ts), so neither
 * context need send a state this process already holds.
 */
import { LRUCache } from 'lru-cache';
import type { Json, Prompt } from '#engine/contract.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { promptsOf } from './prompts.js';
import { currentPrompts, rowVersion, storedForm } from './stored-prompts.js';
import { storedOrder } from './stored-order.js';

type Row = Record<string, unknown>;

export interface SeatRow {
  id: string;
  gameId: string;
  side: string;
  userId: string;
  joinedAt: Date;
  civilDisorder: boolean;
  offeredAt: Date | null;
  offeredToId: string | null;
  user: { id: string; username: string };
}

/** The game row as Prisma's model returns it, with its seats (and each seat's user id and name). */
export interface GameRow {
  id: string;
  module: string;
  scenario: string;
  options: Json;
  timeControl: Json;
  isPublic: boolean;
  allowMultiSeat: boolean;
  status: 'OPEN' | 'ACTIVE' | 'PAUSED' | 'FINISHED' | 'CANCELLED';
  pausedReason: string | null;
  pausedAt: Date | null;
  pausedBy: string | null;
  creatorId: string;
  step: number;
  state: Json | null;
  outcome: Json | null;
  seed: string;
  seedHash: string;
  stepDeadline: Date | null;
  spectatorDelaySteps: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
  seats: SeatRow[];
}

export interface SubmissionRow {
  id: string;
  gameId: string;
  step: number;
  side: string;
  userId: string;
  orders: Json;
  ordersHash: string;
  idempotencyKey: string;
  ready: boolean;
  origin: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What one hot read gives. */
export interface GameRead {
  game: GameRow;
  /** Who has sent orders for the current step, and whether ready (never what they sent). */
  flags: { side: string; ready: boolean }[];
  /** The reading user's own submissions for the current step (their seats' only). */
  own: SubmissionRow[];
  /** The module's prompts for the stored state (remembered per version). */
  prompts(): Prompt[];
  /** The module's view of the stored state for `viewer` (null: spectator), remembered per version. */
  view(viewer: string | null): Json | null;
}

interface Derived {
  version: string;
  /** Estimated memory of the state and what is derived from it. */
  bytes: number;
  module: string;
  state: Json | null;
  prompts?: Prompt[];
  views: Map<string | null, Json | null>;
}

// Sized by the stored (compressed) state's size, scaled to its in-memory size: a few MiB for
// hundreds of games, so memory stays flat however many games exist (only games being read
// are kept).
const derived = new LRUCache<string, Derived>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (v) => v.bytes });

const VERSION = rowVersion('g');
const READ = `
SELECT to_jsonb(g) - 'state' AS game,
       ${VERSION} AS version,
       CASE WHEN ${VERSION} = $2 THEN NULL ELSE g.state END AS state,
       CASE WHEN ${VERSION} = $2 THEN 0 ELSE coalesce(pg_column_size(g.state), 0) END AS "stateBytes",
       CASE WHEN ${VERSION} = $2 THEN NULL ELSE (SELECT sp.prompts FROM "GamePrompts" sp WHERE sp."gameId" = g.id AND sp.version = ${VERSION}) END AS prompts,
       (SELECT coalesce(jsonb_agg(to_jsonb(s) || jsonb_build_object('user', jsonb_build_object('id', u.id, 'username', u.username)) ORDER BY s."joinedAt", s.id), '[]')
          FROM "Seat" s JOIN "User" u ON u.id = s."userId" WHERE s."gameId" = g.id) AS seats,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('side', b.side, 'ready', b.ready)
                 || CASE WHEN b.side IN (SELECT m.side FROM "Seat" m WHERE m."gameId" = g.id AND m."userId" = $3) THEN jsonb_build_object('own', to_jsonb(b)) ELSE '{}' END
                 ORDER BY b.side), '[]')
          FROM "Submission" b WHERE b."gameId" = g.id AND b.step = g.step) AS subs
  FROM "Game" g WHERE g.id = $1`;

// to_jsonb writes timestamp(3) columns (stored as UTC, no zone) as ISO text without a zone.
const GAME_DATES = ['pausedAt', 'stepDeadline', 'createdAt', 'startedAt', 'finishedAt', 'updatedAt'] as const;
const SEAT_DATES = ['joinedAt', 'offeredAt'] as const;
const SUBMISSION_DATES = ['createdAt', 'updatedAt'] as const;
function dates(row: Row, keys: readonly string[]): void {
  for (const k of keys) if (typeof row[k] === 'string') row[k] = new Date(`${row[k] as string}Z`);
}

async function query(p: Platform, values: unknown[]): Promise<Row | undefined> {
  if (p.pgPool) return (await p.pgPool.query(READ, values)).rows[0];
  return (await p.prisma.$queryRawUnsafe<Row[]>(READ, ...values))[0];
}

/** A remembered state of one game: its row version, and what is derived from it. */
export type KnownState = Readonly<Pick<Derived, 'version' | 'module' | 'state'>>;

/**
 * The state remembered for game `gameId`, if any, for a path that reads the game row itself
 * (the submission context, orders.ts): it passes the version, and uses this only if the row
 * turns out to be at that version.
 */
export function knownState(gameId: string): KnownState | undefined {
  return derived.get(gameId);
}

/**
 * Remembers the state of game `gameId` as a read of the row at `version` returned it: the
 * state, the stored size of its JSON, and the stored prompts (null or another build's: computed
 * when asked for). Replaces whatever was remembered: an older version is only a miss later.
 */
export function rememberState(gameId: string, row: StateRow): KnownState {
  return remember(gameId, row);
}

/**
 * The state of a context read's row version (`row`, read with `known`'s version or none): the
 * remembered copy when the context left the state out as current, else the one it sent,
 * remembered for the next reader: the answer is `known` itself exactly when it was current. (A
 * row whose state is null has a null one remembered too.)
 */
export function heldState(gameId: string, row: StateRow, known: KnownState | undefined): KnownState {
  if (known && row.version === known.version && row.state == null) return known;
  return remember(gameId, row);
}

/**
 * Remembers the state a writer just stored at row version `version` (after its commit), as a read
 * of that version would return it: the state in jsonb's key order (modules iterating over keys
 * take the same path as on a state read back), and the prompts (stored as json, in their order).
 */
export function rememberWritten(
  gameId: string,
  w: { version: string; module: string; state: unknown; stateText: number; prompts: Prompt[] },
): KnownState {
  return remember(gameId, {
    version: w.version,
    module: w.module,
    state: storedOrder(w.state),
    stateBytes: null,
    // The JSON text's length: about what the estimate from a stored (compressed) size comes to.
    bytes: w.stateText,
    // The module's own prompts (planStep's, shared with nothing), as a read would take them.
    prompts: storedForm(w.prompts),
  });
}

interface StateRow {
  version: string;
  module: string;
  state: unknown;
  stateBytes: unknown;
  /** The estimated memory, when the caller knows better than the stored size tells. */
  bytes?: number;
  prompts?: unknown;
}

function remember(gameId: string, row: StateRow): Derived {
  // The stored size is compressed; parsed, the state and its views take several times more.
  const entry: Derived = {
    version: row.version,
    bytes: Math.max(1024, row.bytes ?? Number(row.stateBytes ?? 0) * 8),
    module: row.module,
    state: (row.state as Json | null) ?? null,
    // Computed once by the step's resolution, when stored for this version (stored-prompts.ts).
    prompts: currentPrompts(row.prompts) ?? undefined,
    views: new Map(),
  };
  derived.set(gameId, entry);
  return entry;
}

/** The module's prompts for a remembered state: the stored ones, else computed once and kept. */
export function knownPrompts(p: Platform, known: KnownState): Prompt[] {
  const e = known as Derived;
  return (e.prompts ??= promptsOf(p.modules.get(e.module), e.state));
}

/**
 * One read of game `gameId` for `userId` (null: anonymous, or a read that needs nobody's
 * orders): NOT_FOUND when there is no such game.
 */
export async function readGame(p: Platform, gameId: string, userId: string | null): Promise<GameRead> {
  const known = derived.get(gameId);
  const row = await query(p, [gameId, known?.version ?? '', userId ?? '']);
  if (!row) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  const game = row.game as Row;
  dates(game, GAME_DATES);
  const seats = row.seats as Row[];
  for (const s of seats) dates(s, SEAT_DATES);
  game.seats = seats;
  const version = row.version as string;
  const entry =
    known?.version === version
      ? known
      : remember(gameId, {
          version,
          module: game.module as string,
          state: row.state,
          stateBytes: row.stateBytes,
          prompts: row.prompts,
        });
  game.state = entry.state;
  const subs = row.subs as { side: string; ready: boolean; own?: Row }[];
  const own = subs.flatMap((s) => (s.own ? [(dates(s.own, SUBMISSION_DATES), s.own as unknown as SubmissionRow)] : []));
  const e = entry;
  const module = p.modules.get(e.module);
  return {
    game: game as unknown as GameRow,
    flags: subs.map((s) => ({ side: s.side, ready: s.ready })),
    own,
    prompts: () => knownPrompts(p, e),
    view: (viewer) => {
      if (!e.views.has(viewer)) e.views.set(viewer, e.state == null ? null : module.view(e.state, viewer));
      return e.views.get(viewer)!;
    },
  };
}

/**
 * The same read shared by every caller that asks for it with the same `signal` while it is in
 * flight (the subscribers of one game hearing one signal): one query per game and signal, not
 * one per socket. A later signal starts a read of its own, so no one is answered from a read
 * begun before the change they heard of. Reads no one's orders.
 */
const inFlight = new Map<string, Promise<GameRead>>();
export function readGameShared(p: Platform, gameId: string, signal: string): Promise<GameRead> {
  const key = `${gameId}|${signal}`;
  let r = inFlight.get(key);
  if (!r) {
    r = readGame(p, gameId, null).finally(() => inFlight.delete(key));
    inFlight.set(key, r);
  }
  return r;
}

/** Forgets every remembered derivation (tests). */
export function clearReadCache(): void {
  derived.clear();
}
