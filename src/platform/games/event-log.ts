/**
 * Reading a game's event log as one side (or a spectator) may see it, in plain SQL on the pg
 * pool (PGlite: Prisma's raw query), as the hot read does (read-model.ts). Rows have the shape of
 * Prisma's GameEvent model.
 */
import type { Json } from '../../engine/contract.js';
import type { Platform } from '../context.js';

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
 WHERE "gameId" = $1 AND "visibleTo" && $2::text[] AND seq > $3 AND seq <= $4 AND step < $5
 ORDER BY seq LIMIT $6`;

const LATEST = `SELECT max(seq) AS seq FROM "GameEvent" WHERE "gameId" = $1 AND step < $2`;

async function query<T>(p: Platform, text: string, values: unknown[]): Promise<T[]> {
  if (p.pgPool) return (await p.pgPool.query(text, values)).rows as T[];
  return p.prisma.$queryRawUnsafe<T[]>(text, ...values);
}

/** Who may see what: ['*'] is everyone, otherwise the listed sides. */
export const visibility = (viewer: string | null) => (viewer ? ['*', viewer] : ['*']);

/** The events `viewer` may see in `range`, by sequence. */
export function readEvents(p: Platform, gameId: string, viewer: string | null, range: EventRange): Promise<EventRow[]> {
  return query<EventRow>(p, EVENTS, [gameId, visibility(viewer), range.after, Math.min(range.upto ?? MAX_INT, MAX_INT), range.beforeStep ?? MAX_INT, range.limit ?? 1_000_000]);
}

/**
 * The same, one query for every caller asking for the same game, viewer and range while it is
 * in flight: the sockets of one side (or the spectators) hearing one signal share one load.
 */
const inFlight = new Map<string, Promise<EventRow[]>>();
export function readEventsShared(p: Platform, gameId: string, viewer: string | null, range: EventRange): Promise<EventRow[]> {
  const key = JSON.stringify([gameId, viewer, range.after, range.upto ?? null, range.beforeStep ?? null, range.limit ?? null]);
  let r = inFlight.get(key);
  if (!r) {
    r = readEvents(p, gameId, viewer, range).finally(() => inFlight.delete(key));
    inFlight.set(key, r);
  }
  return r;
}

/** The highest sequence number of any event (of steps before `beforeStep`), null when none. */
export async function latestSeq(p: Platform, gameId: string, beforeStep?: number): Promise<number | null> {
  const [row] = await query<{ seq: number | null }>(p, LATEST, [gameId, beforeStep ?? MAX_INT]);
  return row?.seq == null ? null : Number(row.seq);
}
