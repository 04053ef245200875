/**
 * The submission's database work in two statements instead of ~10 Prisma model queries
 * (bench/RESULTS.md, issue 8): lock and read, then write everything. Every statement saved is a
 * round trip and a socket write; on PostgreSQL they go to pg directly (db/sql.ts). Constant
 * texts, bound values. Prisma keeps DateTime columns as UTC `timestamp(3)`: times are read back
 * as UTC text and bound as ISO strings, never through the session time zone.
 */
import { randomUUID } from 'node:crypto';
import type { SqlTx } from '../db/sql.js';
import type { Phase } from '../trust/phase.js';
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

/**
 * Locks the game row (FOR UPDATE: submissions and resolution serialise on it) and reads the
 * rest of what a submission needs, in one round trip: warpost_submission_context (migration
 * 20261130150000_submission_fast_path), which reads after the lock with fresh snapshots.
 */
export async function readSubmissionContext(sql: SqlTx, q: { gameId: string; userId: string; key: string }): Promise<SubmissionContext> {
  const [{ ctx }] = await sql.query<{ ctx: Raw }>(`SELECT warpost_submission_context($1, $2, $3) AS ctx`, [q.gameId, q.userId, q.key]);
  return {
    game: ctx.game && { ...ctx.game, stepDeadline: utc(ctx.game.stepDeadline) },
    prior: ctx.prior,
    seats: ctx.seats ?? [],
    commitments: (ctx.commitments ?? []).map((c) => ({ ...c, revealedAt: utc(c.revealedAt) })),
    ready: ctx.ready ?? [],
  };
}

export interface SubmissionWrite {
  gameId: string;
  step: number;
  side: string;
  userId: string;
  orders: unknown;
  ordersHash: string;
  idempotencyKey: string;
  ready: boolean;
  receipt: Receipt;
  requestHash: string;
  response: unknown;
}

/**
 * Stores the orders (replacing the side's earlier ones for the step), the signed receipt and the
 * idempotency record in one statement: one round trip, all or nothing. A concurrent request with
 * the same key fails here on the record's primary key (isUniqueViolation, db/sql.ts).
 */
export async function writeSubmission(sql: SqlTx, w: SubmissionWrite): Promise<void> {
  const r = w.receipt;
  await sql.query(
    `WITH sub AS (
       INSERT INTO "Submission" (id, "gameId", step, side, "userId", orders, "ordersHash", "idempotencyKey", ready, "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::timestamp(3))
       ON CONFLICT ("gameId", step, side) DO UPDATE SET
         orders = EXCLUDED.orders, "ordersHash" = EXCLUDED."ordersHash", "idempotencyKey" = EXCLUDED."idempotencyKey",
         ready = EXCLUDED.ready, "userId" = EXCLUDED."userId", "updatedAt" = EXCLUDED."updatedAt"
       RETURNING 1
     ), rec AS (
       INSERT INTO "Receipt" (id, "gameId", step, side, "userId", kind, hash, payload, signature, "keyId", "issuedAt")
       VALUES ($11, $2, $3, $4, $5, $12, $13, $14, $15, $16, $17::timestamp(3))
       RETURNING 1
     )
     INSERT INTO "IdempotencyRecord" ("userId", key, "requestHash", response)
     VALUES ($5, $8, $18, $19::jsonb)`,
    [
      randomUUID(), w.gameId, w.step, w.side, w.userId, JSON.stringify(w.orders ?? null), w.ordersHash, w.idempotencyKey, w.ready,
      new Date().toISOString(), randomUUID(), r.kind, r.hash, r.signed, r.signature, r.keyId, r.issuedAt, w.requestHash, JSON.stringify(w.response),
    ],
  );
}
