/**
 * The common step resolution's database work in two statements instead of ~10 Prisma queries
 * (bench/RESULTS.md, issue 8: Prisma was 75 % of the worker's CPU): lock and read, then write
 * everything. Constant texts, bound values (db/sql.ts). DateTime columns are UTC `timestamp(3)`:
 * read back as UTC text, bound as ISO strings, never through the session time zone.
 */
import type { Json, Prompt } from '#engine/contract.js';
import { AppError } from '../errors.js';
import type { SqlTx } from '../db/sql.js';
import {
  eventsParam,
  insertEventsSql,
  insertOutboxSql,
  outboxMessages,
  outboxParam,
  type OutboxMessage,
  type OutboxRow,
} from '../events/event-log.js';
import type { StepTrust } from '../trust/deadline.js';
import {
  currentPrompts,
  rowVersion,
  storedPromptsParam,
  storePromptsSql,
  type StoredPrompts,
} from './stored-prompts.js';

export interface ResolutionContext {
  game: {
    id: string;
    module: string;
    scenario: string;
    status: string;
    step: number;
    /** Null when the row is at the query's `known` version (the caller holds it), as are `stateBytes` and `prompts`. */
    state: unknown;
    seed: string;
    timeControl: unknown;
    stepDeadline: Date | null;
    seats: { side: string; userId: string }[];
    /** The row version (stored-prompts.ts). */
    version: string;
    /** The stored size of `state`'s JSON (read-model.ts sizes its cache by it). */
    stateBytes: number | null;
  };
  /** The module's prompts for `game.state` as its resolution stored them, if current and sent (stored-prompts.ts). */
  prompts: StoredPrompts;
  submissions: { side: string; orders: unknown; origin: string; ready: boolean }[];
  trust: StepTrust;
  /** The game's last event sequence (0 before any). */
  lastSeq: number;
}

interface Raw {
  game: Omit<ResolutionContext['game'], 'stepDeadline' | 'seats'> & {
    stepDeadline: string | null;
    prompts: unknown;
  };
  seats: ResolutionContext['game']['seats'];
  submissions: ResolutionContext['submissions'];
  commitments: { side: string; commitment: string; salt: string | null; revealed: boolean }[];
  lastSeq: number;
}

/**
 * Locks the game row (FOR UPDATE: submissions and resolution serialise on it) and reads what the
 * step needs, in one round trip: warpost_resolution_context (sql/, created by a migration),
 * which reads after the lock with fresh snapshots. The state and stored prompts come only if the
 * row is not at `known` (checked by the statement that locks the row).
 */
export async function readResolutionContext(
  sql: SqlTx,
  gameId: string,
  known?: string | null,
): Promise<ResolutionContext> {
  const [{ ctx }] = await sql.query<{ ctx: Raw | null }>(`SELECT warpost_resolution_context($1, $2) AS ctx`, [
    gameId,
    known ?? null,
  ]);
  if (!ctx) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  // The same shape as stepTrust (trust/deadline.ts) builds, in the same side order.
  const trust: StepTrust = { salts: {}, commitments: {}, unrevealed: [] };
  for (const c of ctx.commitments) {
    trust.commitments[c.side] = c.commitment;
    if (c.revealed && c.salt) trust.salts[c.side] = c.salt;
    else trust.unrevealed.push(c.side);
  }
  const { stepDeadline, prompts, ...game } = ctx.game;
  return {
    game: { ...game, stepDeadline: stepDeadline ? new Date(stepDeadline) : null, seats: ctx.seats },
    prompts: currentPrompts(prompts),
    submissions: ctx.submissions,
    trust,
    lastSeq: ctx.lastSeq,
  };
}

/** What writeResolution answers. */
export interface Written {
  /** The step's outbox rows as stored (with their ids), for the caller to deliver once the transaction commits. */
  outbox: OutboxMessage[];
  /**
   * The game row's new version (null if the UPDATE matched no row, which the step guard under the
   * lock rules out): read-model.ts remembers the state under it.
   */
  version: string | null;
  /** The length of the state's JSON text as written (read-model.ts sizes its cache by it). */
  stateText: number;
}

/** Everything a resolved step writes; built once (resolution.ts planStep), written once (writeResolution). */
export interface StepWrite {
  gameId: string;
  step: number;
  events: { seq: number; type: string; visibleTo: string[]; data: unknown; rolls: unknown }[];
  record: {
    orders: Json;
    origins: Record<string, string>;
    rolls: unknown;
    state: unknown;
    salts: Record<string, string>;
    commitments: Record<string, string>;
  };
  game: {
    state: unknown;
    step: number;
    status: 'ACTIVE' | 'PAUSED' | 'FINISHED';
    pausedReason: string | null;
    pausedBy: string | null;
    pausedAt: Date | null;
    /** Set (with finishedAt) only when the game finished; otherwise both columns are left as they are. */
    outcome: unknown;
    finished: boolean;
    stepDeadline: Date | null;
  };
  outbox: OutboxRow[];
  /** The module's prompts for `game.state` (none once the game is over), stored for this row version. */
  prompts: Prompt[];
  /** The game clock's now: finishedAt, pausedAt and lapsed votes' decidedAt. */
  now: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The one writer of a resolved step, whichever way the step was read: events, step record, the
 * game row with the prompts computed for its new state (stored-prompts.ts), outbox rows and (when
 * the game finished) its open votes lapsed, in one statement. One round trip, all or nothing. The step record's
 * primary key (gameId, step) and the events' (gameId, seq) make a second write of the same step
 * fail rather than land twice, although the step guard under the lock already prevents it.
 * Creation times are bound (UTC, the time of the write) rather than left to the column default,
 * which is the transaction's start in the session time zone. Answers the outbox rows as stored
 * (with their ids), and the game row's new version.
 */
export async function writeResolution(sql: SqlTx, w: StepWrite): Promise<Written> {
  const g = w.game;
  const outbox = outboxMessages(w.outbox);
  const state = JSON.stringify(g.state);
  const [row] = await sql.query<{ version: string }>(
    `WITH ev AS (
       ${insertEventsSql('$1', '$3', '$20')}
       RETURNING 1
     ), rec AS (
       INSERT INTO "StepRecord" ("gameId", step, orders, origins, rolls, state, salts, commitments, "resolvedAt")
       VALUES ($1, $2, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $20::timestamp(3))
       RETURNING 1
     ), upd AS (
       UPDATE "Game" SET
         state = $10::jsonb, step = $11, status = $12::"GameStatus", "pausedReason" = $13, "pausedBy" = $14,
         "pausedAt" = $15::timestamp(3),
         outcome = CASE WHEN $16::boolean THEN $17::jsonb ELSE outcome END,
         "finishedAt" = CASE WHEN $16::boolean THEN $18::timestamp(3) ELSE "finishedAt" END,
         "stepDeadline" = $19::timestamp(3), "updatedAt" = $20::timestamp(3)
       WHERE id = $1 AND step = $2
       RETURNING ${rowVersion('"Game"')} AS version
     ), prompts AS (
       ${storePromptsSql('upd', '$1', '$22')}
       RETURNING 1
     ), votes AS (
       UPDATE "GameVote" SET status = 'EXPIRED', "decidedAt" = $18::timestamp(3)
       WHERE "gameId" = $1 AND status = 'OPEN' AND $16::boolean
       RETURNING 1
     ), outbox AS (
       ${insertOutboxSql('$21', '$20')}
       RETURNING 1
     )
     SELECT version FROM upd`,
    [
      w.gameId,
      w.step,
      eventsParam(w.events.map((e) => ({ ...e, step: w.step }))),
      JSON.stringify(w.record.orders),
      JSON.stringify(w.record.origins),
      JSON.stringify(w.record.rolls),
      JSON.stringify(w.record.state),
      JSON.stringify(w.record.salts),
      JSON.stringify(w.record.commitments),
      state,
      g.step,
      g.status,
      g.pausedReason,
      g.pausedBy,
      iso(g.pausedAt),
      g.finished,
      g.finished ? JSON.stringify(g.outcome) : null,
      iso(w.now),
      iso(g.stepDeadline),
      new Date().toISOString(),
      outboxParam(outbox),
      storedPromptsParam(w.prompts),
    ],
  );
  return { outbox, version: row?.version ?? null, stateText: state.length };
}
