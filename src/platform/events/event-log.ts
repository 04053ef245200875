/**
 * A game's event log: the one writer of GameEvent rows (and of the game signal that tells
 * subscribers about them, through the outbox), and reading it as one side (or a spectator) may
 * see it. Everything is plain SQL on a SqlTx (db/sql.ts): the pg pool on the hot paths, a
 * Prisma transaction elsewhere (prismaSql), so each statement text exists once. Rows read have
 * the shape of Prisma's GameEvent model.
 */
import { randomUUID } from 'node:crypto';
import type { Json } from '#engine/contract.js';
import type { Platform } from '../context.js';
import type { SqlTx } from '../db/sql.js';
import { topics } from './pubsub.js';

export interface EventRow {
  id: string;
  gameId: string;
  seq: number;
  step: number;
  type: string;
  visibleTo: string[];
  data: Json;
  rolls: Json;
  createdAt: Date;
}

export interface EventRange {
  /** Only events with seq above this. */
  after: number;
  /** And at most this (default: no bound). */
  upto?: number;
  /** Only events of steps before this one (delayed spectators, trust/spectators.ts). */
  beforeStep?: number;
  limit?: number;
}

const MAX_INT = 2147483647;

// createdAt is a timestamp(3) holding UTC: read as timestamptz, so the driver makes the right Date
// whatever the process's time zone.
const EVENTS = `
SELECT id, "gameId", seq, step, type, "visibleTo", data, rolls, "createdAt" AT TIME ZONE 'UTC' AS "createdAt"
  FROM "GameEvent"
 WHERE "gameId" = $1 AND ($2::text[] IS NULL OR "visibleTo" && $2::text[]) AND seq > $3 AND seq <= $4 AND step < $5
 ORDER BY seq LIMIT $6`;

const LATEST = `SELECT max(seq) AS seq FROM "GameEvent" WHERE "gameId" = $1 AND step < $2`;

async function query<T>(p: Platform, text: string, values: unknown[]): Promise<T[]> {
  if (p.pgPool) return (await p.pgPool.query(text, values)).rows as T[];
  return p.prisma.$queryRawUnsafe<T[]>(text, ...values);
}

/** Who may see what: ['*'] is everyone, otherwise the listed sides. */
export const visibility = (viewer: string | null) => (viewer ? ['*', viewer] : ['*']);

/** The events `viewer` may see in `range` (every event: `everything`), by sequence. */
function load(
  p: Platform,
  gameId: string,
  viewer: string | null | { everything: true },
  range: EventRange,
): Promise<EventRow[]> {
  const sides = viewer !== null && typeof viewer === 'object' ? null : visibility(viewer);
  return query<EventRow>(p, EVENTS, [
    gameId,
    sides,
    range.after,
    Math.min(range.upto ?? MAX_INT, MAX_INT),
    range.beforeStep ?? MAX_INT,
    range.limit ?? 1_000_000,
  ]);
}

/** The events `viewer` may see in `range`, by sequence. */
export function readEvents(p: Platform, gameId: string, viewer: string | null, range: EventRange): Promise<EventRow[]> {
  return load(p, gameId, viewer, range);
}

/** May `viewer` see a stored event? The statement's test (`"visibleTo" && visibility(viewer)`), in JS. */
export const canSee = (viewer: string | null, e: Pick<EventRow, 'visibleTo'>) =>
  visibility(viewer).some((v) => e.visibleTo.includes(v));

/**
 * The same, one query for every caller asking for the same game and range while it is in
 * flight: every socket of the game hearing one signal, whatever its side, shares one load of
 * the range's events (one statement per signal instead of one per side, bench/RESULTS.md
 * 2026-12-03), and each caller gets only what its viewer may see. The unfiltered rows never
 * leave this function.
 */
const inFlight = new Map<string, Promise<EventRow[]>>();
export async function readEventsShared(
  p: Platform,
  gameId: string,
  viewer: string | null,
  range: EventRange,
): Promise<EventRow[]> {
  if (range.limit !== undefined) return readEvents(p, gameId, viewer, range); // a limit counts the viewer's events: not shareable
  const key = JSON.stringify([gameId, range.after, range.upto ?? null, range.beforeStep ?? null]);
  let r = inFlight.get(key);
  if (!r) {
    r = load(p, gameId, { everything: true }, range).finally(() => inFlight.delete(key));
    inFlight.set(key, r);
  }
  return (await r).filter((e) => canSee(viewer, e));
}

/** The highest sequence number of any event (of steps before `beforeStep`), null when none. */
export async function latestSeq(p: Platform, gameId: string, beforeStep?: number): Promise<number | null> {
  const [row] = await query<{ seq: number | null }>(p, LATEST, [gameId, beforeStep ?? MAX_INT]);
  return row?.seq == null ? null : Number(row.seq);
}

/** An event to store; `seq` is given by the writer (appendEvents) or the caller that read the last one. */
export interface NewEvent {
  seq: number;
  step: number;
  type: string;
  /** ['*'] for everyone, otherwise the sides that see it. */
  visibleTo: string[];
  data: unknown;
  rolls: unknown;
}

/** A row for the outbox (events/outbox.ts delivers it after the commit). */
export interface OutboxRow {
  topic: string;
  payload: unknown;
}

/**
 * The INSERT of GameEvent rows from a jsonb array (eventsParam) bound at `events`, created at
 * the timestamp bound at `createdAt`: a statement on its own, or a CTE of a larger write
 * (resolution-sql.ts). Adding a GameEvent column means changing this and eventsParam only.
 */
export const insertEventsSql = (
  gameId: string,
  events: string,
  createdAt: string,
) => `INSERT INTO "GameEvent" (id, "gameId", seq, step, type, "visibleTo", data, rolls, "createdAt")
       SELECT e.id, ${gameId}, e.seq, e.step, e.type, e."visibleTo", e.data, e.rolls, ${createdAt}::timestamp(3)
         FROM jsonb_to_recordset(${events}::jsonb) AS e(id text, seq int, step int, type text, "visibleTo" text[], data jsonb, rolls jsonb)`;

export const eventsParam = (events: NewEvent[]) =>
  JSON.stringify(events.map((e) => ({ id: randomUUID(), ...e, data: e.data ?? null })));

/** The INSERT of outbox rows from a jsonb array (outboxParam) bound at `rows`; the same two ways as insertEventsSql. */
export const insertOutboxSql = (
  rows: string,
  createdAt: string,
) => `INSERT INTO "OutboxMessage" (id, topic, payload, "createdAt")
     SELECT o.id, o.topic, o.payload, ${createdAt}::timestamp(3) FROM jsonb_to_recordset(${rows}::jsonb) AS o(id text, topic text, payload jsonb)`;

/** An outbox row with the id it is stored under: a writer that keeps it can deliver it itself (outbox.ts deliverWritten). */
export interface OutboxMessage extends OutboxRow {
  id: string;
}

export const outboxMessages = (rows: OutboxRow[]): OutboxMessage[] => rows.map((o) => ({ id: randomUUID(), ...o }));

export const outboxParam = (rows: OutboxRow[] | OutboxMessage[]) =>
  JSON.stringify(rows.map((o) => ('id' in o ? o : { id: randomUUID(), ...o })));

/** The signal that events (afterSeq, uptoSeq] of a game are new, with its step and status after them. */
export function gameSignal(
  gameId: string,
  at: { step: number; status: string },
  afterSeq: number,
  uptoSeq: number,
): OutboxRow {
  return { topic: topics.game(gameId), payload: { gameId, step: at.step, status: at.status, afterSeq, uptoSeq } };
}

/** The game's last event sequence (0 before any). Under the game's row lock it cannot move. */
export async function lastSeq(sql: SqlTx, gameId: string): Promise<number> {
  const [row] = await sql.query<{ seq: number | null }>(`SELECT max(seq) AS seq FROM "GameEvent" WHERE "gameId" = $1`, [
    gameId,
  ]);
  return row?.seq == null ? 0 : Number(row.seq);
}

/**
 * Appends events (numbered after the game's last one) and the game signal for them, plus any
 * `outbox` rows, in one statement after the read of the last sequence. The caller holds the
 * game's row lock. `at`: the game's step and status the signal announces. Answers the last seq.
 */
export async function appendEvents(
  sql: SqlTx,
  gameId: string,
  events: Omit<NewEvent, 'seq'>[],
  at: { step: number; status: string },
  outbox: OutboxRow[] = [],
): Promise<number> {
  const after = await lastSeq(sql, gameId);
  const upto = after + events.length;
  await sql.query(
    `WITH ev AS (${insertEventsSql('$1', '$2', '$4')} RETURNING 1)
     ${insertOutboxSql('$3', '$4')}`,
    [
      gameId,
      eventsParam(events.map((e, i) => ({ ...e, seq: after + i + 1 }))),
      outboxParam([gameSignal(gameId, at, after, upto), ...outbox]),
      new Date().toISOString(),
    ],
  );
  return upto;
}

/** Appends one event everyone sees at `step`, with the game signal (and any other `outbox` rows). */
export function appendPublicEvent(
  sql: SqlTx,
  gameId: string,
  step: number,
  type: string,
  data: unknown,
  status: string,
  outbox: OutboxRow[] = [],
): Promise<number> {
  return appendEvents(sql, gameId, [{ step, type, visibleTo: ['*'], data, rolls: [] }], { step, status }, outbox);
}
