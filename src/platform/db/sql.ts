/**
 * Plain parameterised SQL for hot paths (the order submission, bench/RESULTS.md issue 8). Prisma
 * 6.19 compiles every request in WebAssembly, raw ones included, and wraps it in its interpreter:
 * on PostgreSQL the hot path goes straight to the pg pool Prisma itself uses. Statement texts are
 * constants with $n placeholders; values are always bound, never spliced into the text.
 */
import type pg from 'pg';
import type { Prisma } from '#generated/prisma/client.js';

/** One transaction's connection, whichever way it is reached. */
export interface SqlTx {
  query<T>(text: string, values: unknown[]): Promise<T[]>;
}

/** A Prisma interactive transaction as a SqlTx (embedded PGlite, or a path that also needs models). */
export function prismaSql(tx: Prisma.TransactionClient): SqlTx {
  return { query: <T>(text: string, values: unknown[]) => tx.$queryRawUnsafe<T[]>(text, ...values) };
}

/**
 * BEGIN plus a bound on each statement, in one round trip (a constant text, no values): the
 * Prisma path's interactive transactions give up after 60 s (TX_OPTIONS), so a submission
 * stuck behind a held game lock must not wait forever here either.
 */
const BEGIN = "BEGIN; SET LOCAL statement_timeout = '60s'";
/** The same, committing without waiting for the WAL flush (for writes whose loss is harmless). */
const BEGIN_ASYNC_COMMIT = `${BEGIN}; SET LOCAL synchronous_commit = off`;

/**
 * Runs `body` in a READ COMMITTED transaction on a pooled connection: COMMIT when it returns,
 * ROLLBACK when it throws (nothing half-written). A connection whose rollback failed is
 * discarded rather than returned to the pool in an unknown state.
 */
export async function pgTransaction<T>(
  pool: pg.Pool,
  body: (sql: SqlTx) => Promise<T>,
  opts: { asyncCommit?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection lost between two statements (a PostgreSQL restart while the body waits on
  // something else, e.g. Redis) is emitted on the client, which crashes the process unless
  // someone listens; the next statement fails with it anyway, and the client is discarded.
  const lost = (err: Error) => (broken = err);
  client.on('error', lost);
  try {
    await client.query(opts.asyncCommit ? BEGIN_ASYNC_COMMIT : BEGIN);
  } catch (e) {
    client.off('error', lost);
    client.release(e as Error);
    throw e;
  }
  try {
    const sql: SqlTx = {
      query: async <R>(text: string, values: unknown[]) => (await client.query(text, values)).rows as R[],
    };
    const out = await body(sql);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch((err: Error) => (broken = err));
    throw e;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}

/** SQLSTATE 23505 from pg, or Prisma's unique-violation errors (P2002; P2010 for raw queries). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as {
    code?: string;
    meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } };
  };
  if (err?.code === '23505' || err?.code === 'P2002') return true;
  const cause = err?.meta?.driverAdapterError?.cause;
  return err?.code === 'P2010' && (cause?.kind === 'UniqueConstraintViolation' || cause?.originalCode === '23505');
}
