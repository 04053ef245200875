/**
 * The submission's database work in two statements instead of ~10 Prisma model queries
 * (bench/RESULTS.md, issue 8): lock and read, then write everything. Every statement saved is a
 * round trip and a socket write; on PostgreSQL they go to pg directly (db/sql.ts). Constant
 * texts, bound values. Prisma keeps DateTime columns as UTC `timestamp(3)`: times are read back
 * as UTC text and bound as ISO strings, never through the session time zone.
 */
import { randomUUID } from 'node:crypto';
import type { SqlTx } from '../db/sql.js';
import { announceReveal, type Phase } from '../trust/phase.js';
import type { Receipt } from '../trust/receipts.js';

/** The game row as the submission needs it, read under its row lock. */
export interface LockedGameRow {
  id: string;
  module: string;
  status: string;
  step: number;
  state: unknown;
  seedHash: string;
  timeControl: unknown;
  stepDeadline: Date | null;
  /** The row version (stored-prompts.ts). When it is the query's `known`, `state`, `stateBytes` and `prompts` are null. */
  version: string;
  /** The stored size of `state`'s JSON (read-model.ts sizes its cache by it). */
  stateBytes: number | null;
  /** The stored prompts for `state`, if current for the row version (stored-prompts.ts currentPrompts reads them). */
  prompts?: unknown;
}

export interface SubmissionContext {
  /** Null when there is no such game (`prior` is still read: a replay outlives its game). */
  game: LockedGameRow | null;
  prior: { requestHash: string; response: unknown } | null;
  seats: { side: string; userId: string }[];
  commitments: Phase['commitments'];
  /** Sides whose plain orders for the current step are stored and ready. */
  ready: string[];
}

type Raw = Omit<SubmissionContext, 'game' | 'commitments'> & {
  game: (Omit<LockedGameRow, 'stepDeadline'> & { stepDeadline: string | null }) | null;
  commitments: (Omit<Phase['commitments'][number], 'revealedAt'> & { revealedAt: string | null })[];
};

const utc = (t: string | null) => (t ? new Date(t) : null);

const parseContext = (ctx: Raw): SubmissionContext => ({
  game: ctx.game && { ...ctx.game, stepDeadline: utc(ctx.game.stepDeadline) },
  prior: ctx.prior,
  seats: ctx.seats ?? [],
  commitments: (ctx.commitments ?? []).map((c) => ({ ...c, revealedAt: utc(c.revealedAt) })),
  ready: ctx.ready ?? [],
});

export interface ContextQuery {
  gameId: string;
  userId: string;
  key: string;
  /** The row version whose state and prompts the caller holds (read-model.ts): they are not sent again if current. */
  known?: string | null;
}

/**
 * Locks the game row (FOR UPDATE: submissions and resolution serialise on it) and reads the
 * rest of what a submission needs, in one round trip: warpost_submission_context (sql/, created
 * by a migration), which reads after the lock with fresh snapshots. The state and stored
 * prompts come only if the row is not at `q.known` (checked by the statement that locks the row).
 */
export async function readSubmissionContext(sql: SqlTx, q: ContextQuery): Promise<SubmissionContext> {
  const [{ ctx }] = await sql.query<{ ctx: Raw }>(`SELECT warpost_submission_context($1, $2, $3, $4) AS ctx`, [
    q.gameId,
    q.userId,
    q.key,
    q.known ?? null,
  ]);
  return parseContext(ctx);
}

/**
 * The same for a batch of submissions to different games, in one round trip: the games are
 * locked in id order without waiting, then each context is read (warpost_submission_contexts,
 * sql/, created by a migration). Contexts come back in the order of `qs`; `busy`
 * for a game another transaction holds (its submission goes the one-by-one way).
 */
export async function readSubmissionContexts(sql: SqlTx, qs: ContextQuery[]): Promise<(SubmissionContext | 'busy')[]> {
  const [{ ctxs }] = await sql.query<{ ctxs: (Raw | { busy: true })[] }>(
    `SELECT warpost_submission_contexts($1::text[], $2::text[], $3::text[], $4::text[]) AS ctxs`,
    [qs.map((q) => q.gameId), qs.map((q) => q.userId), qs.map((q) => q.key), qs.map((q) => q.known ?? null)],
  );
  return ctxs.map((c) => ('busy' in c ? 'busy' : parseContext(c)));
}

export interface SubmissionWrite {
  gameId: string;
  step: number;
  side: string;
  userId: string;
  orders: unknown;
  ordersHash: string;
  idempotencyKey: string;
  /** The idempotency record's key (the client's key scoped to its game, trust/idempotency.ts). */
  recordKey: string;
  ready: boolean;
  receipt: Receipt;
  requestHash: string;
  response: unknown;
  /** The submission opened the commit–reveal phase: announced in the same transaction. */
  reveal?: {
    game: { id: string; step: number; status: string; seats: { side: string; userId: string }[] };
    phase: Phase;
    deadline: Date | null;
  };
}

/**
 * Stores each write's orders (replacing the side's earlier ones for the step), signed receipt
 * and idempotency record in one statement: one round trip for the whole batch, all or nothing;
 * then announces the reveal phase for each write that opened it (rare: two more statements).
 * At most one write per game and side (a batch's rule). A concurrent request with the same key
 * fails here on the record's primary key (isUniqueViolation, db/sql.ts); the records go in key
 * order, so two batches sharing keys wait on each other in one direction only (no deadlock).
 */
export async function writeSubmissions(sql: SqlTx, ws: SubmissionWrite[]): Promise<void> {
  const now = new Date().toISOString();
  const rows = ws.map((w) => ({
    sid: randomUUID(),
    gameId: w.gameId,
    step: w.step,
    side: w.side,
    userId: w.userId,
    orders: w.orders ?? null,
    ordersHash: w.ordersHash,
    key: w.idempotencyKey,
    rkey: w.recordKey,
    ready: w.ready,
    updatedAt: now,
    rid: randomUUID(),
    kind: w.receipt.kind,
    hash: w.receipt.hash,
    payload: w.receipt.signed,
    signature: w.receipt.signature,
    keyId: w.receipt.keyId,
    issuedAt: w.receipt.issuedAt,
    requestHash: w.requestHash,
    response: w.response,
  }));
  await sql.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
         i int, sid text, "gameId" text, step int, side text, "userId" text, orders jsonb, "ordersHash" text, key text, rkey text, ready boolean,
         "updatedAt" text, rid text, kind text, hash text, payload text, signature text, "keyId" text, "issuedAt" text,
         "requestHash" text, response jsonb)
     ), sub AS (
       INSERT INTO "Submission" (id, "gameId", step, side, "userId", orders, "ordersHash", "idempotencyKey", ready, "updatedAt")
       SELECT sid, "gameId", step, side, "userId", coalesce(orders, 'null'::jsonb), "ordersHash", key, ready, "updatedAt"::timestamp(3) FROM input
       ON CONFLICT ("gameId", step, side) DO UPDATE SET
         orders = EXCLUDED.orders, "ordersHash" = EXCLUDED."ordersHash", "idempotencyKey" = EXCLUDED."idempotencyKey",
         ready = EXCLUDED.ready, "userId" = EXCLUDED."userId", "updatedAt" = EXCLUDED."updatedAt"
       RETURNING 1
     ), rec AS (
       INSERT INTO "Receipt" (id, "gameId", step, side, "userId", kind, hash, payload, signature, "keyId", "issuedAt")
       SELECT rid, "gameId", step, side, "userId", kind, hash, payload, signature, "keyId", "issuedAt"::timestamp(3) FROM input ORDER BY i
       RETURNING 1
     )
     INSERT INTO "IdempotencyRecord" ("userId", key, "requestHash", response)
     SELECT "userId", rkey, "requestHash", response FROM input ORDER BY "userId", rkey`,
    [JSON.stringify(rows.map((r, i) => ({ i, ...r })))],
  );
  for (const w of ws) if (w.reveal) await announceReveal(sql, w.reveal.game, w.reveal.phase, w.reveal.deadline);
}
