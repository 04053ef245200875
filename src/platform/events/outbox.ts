/**
 * Transactional outbox delivery. Messages are written in the same transaction as the state
 * change; this delivers them after commit. Rows are claimed with SKIP LOCKED so several
 * processes can deliver at once, and a message is marked delivered only after it was published
 * (at least once; subscribers de-duplicate by event sequence).
 *
 * The delivery transaction commits without waiting for the WAL flush (synchronous_commit off):
 * its only write is the delivered mark, and a mark lost in a crash means the message is published
 * again, which the at-least-once contract already allows. A synchronous commit here cost a disk
 * flush (~6 ms, p99 ~30 ms on the development machine) per delivery and competed for the WAL
 * with the resolution commits that do need it. On PostgreSQL it runs on the pg pool Prisma shares
 * (db/sql.ts), like the submission and the resolution: it follows every state change, and through
 * Prisma it was a third of a worker's CPU per step (bench/RESULTS.md). An earlier try on the pool
 * lost the step's signal when Redis restarted; subscribers now catch up when the pub/sub
 * connection returns (pubsub.ts onResubscribed), which is what that was.
 */
import type { Platform } from '../context.js';
import { pgTransaction, prismaSql, type SqlTx } from '../db/sql.js';
import { withTimeout } from '../with-timeout.js';
import type { OutboxMessage } from './event-log.js';
import { publish } from './pubsub.js';

/** A Redis outage must not hold a pooled connection: a publish gives up after this long. */
const PUBLISH_TIMEOUT_MS = 5_000;

const CLAIM = `SELECT id, topic, payload FROM "OutboxMessage" WHERE "deliveredAt" IS NULL
  ORDER BY "createdAt" LIMIT $1 FOR UPDATE SKIP LOCKED`;
const MARK = `UPDATE "OutboxMessage" SET "deliveredAt" = $1::timestamp(3) WHERE id = ANY($2::text[])`;

/**
 * Marks rows delivered, in one statement of its own transaction that commits asynchronously (the
 * set_config is local to that transaction, so the pooled connection keeps its setting): one
 * round trip where BEGIN, the mark and COMMIT took three. A row already marked (by a sweeper
 * that published it too) keeps its time.
 */
const MARK_OWN = `UPDATE "OutboxMessage" SET "deliveredAt" = $1::timestamp(3)
  WHERE id = ANY($2::text[]) AND "deliveredAt" IS NULL AND set_config('synchronous_commit', 'off', true) IS NOT NULL`;

/** A delivery transaction: asynchronous commit (its only write is the delivered mark, see above). */
function deliveryTransaction<T>(p: Platform, body: (sql: SqlTx) => Promise<T>): Promise<T> {
  if (p.pgPool) return pgTransaction(p.pgPool, body, { asyncCommit: true });
  return p.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL synchronous_commit = off`;
    return body(prismaSql(tx));
  });
}

/** Claims up to `batch` undelivered messages, publishes them, marks them delivered; returns how many. */
async function deliverBatch(p: Platform, sql: SqlTx, batch: number, publishTimeoutMs: number): Promise<number> {
  const rows = await sql.query<{ id: string; topic: string; payload: unknown }>(CLAIM, [batch]);
  if (rows.length === 0) return 0;
  // Issued together: the emitter's one Redis connection keeps them in order, and the batch
  // costs one round trip instead of one per message. Bounded: with Redis away a publish waits in
  // the client's offline queue, and this transaction must not hold a pooled connection meanwhile
  // (rolled back, the rows stay undelivered for the next sweep; a late publish is a duplicate,
  // which subscribers already drop by sequence).
  await withTimeout(
    Promise.all(rows.map((row) => publish(p.emitter, row.topic, row.payload))),
    publishTimeoutMs,
    `publish did not complete in ${publishTimeoutMs} ms`,
  );
  // Stamped after publishing (UTC, as Prisma stores it): the bench reads deliveredAt as "published at".
  await sql.query(MARK, [new Date().toISOString(), rows.map((r) => r.id)]);
  return rows.length;
}

export async function deliverOutbox(p: Platform, batch = 100, publishTimeoutMs = PUBLISH_TIMEOUT_MS): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deliveryTransaction(p, (sql) => deliverBatch(p, sql, batch, publishTimeoutMs));
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Delivers the rows a writer has just committed (it holds them with their ids), without claiming:
 * publish them in the order written, then mark them. One statement instead of a transaction with
 * a claim (which locks, i.e. writes, every row it reads) and a mark, and no empty claims by the
 * concurrent resolutions of other games (bench/RESULTS.md, 2026-12-03). A sweeper that claims a row in
 * between publishes it again, which subscribers drop by sequence; rows of a writer that died
 * before this are the sweeper's, as before.
 */
export async function deliverWritten(
  p: Platform,
  messages: readonly OutboxMessage[],
  publishTimeoutMs = PUBLISH_TIMEOUT_MS,
): Promise<void> {
  if (messages.length === 0) return;
  await withTimeout(
    Promise.all(messages.map((m) => publish(p.emitter, m.topic, m.payload))),
    publishTimeoutMs,
    `publish did not complete in ${publishTimeoutMs} ms`,
  );
  await markOwn(
    p,
    messages.map((m) => m.id),
  );
}

interface PendingMark {
  ids: string[];
  done: (err?: unknown) => void;
}
/** Per database handle: the marks waiting for the statement in flight, and whether one is. */
const marks = new WeakMap<object, { waiting: PendingMark[]; busy: boolean }>();

/**
 * Marks `ids` delivered with MARK_OWN. Marks asked for while one statement is in flight (the
 * worker's concurrent resolutions) wait for it and then go together in one statement: one round
 * trip for all of them, and each caller still returns only once its own rows are marked.
 */
function markOwn(p: Platform, ids: string[]): Promise<void> {
  const key = p.pgPool ?? p.prisma;
  let m = marks.get(key);
  if (!m) marks.set(key, (m = { waiting: [], busy: false }));
  const queue = m;
  return new Promise<void>((resolve, reject) => {
    queue.waiting.push({ ids, done: (err) => (err === undefined ? resolve() : reject(err as Error)) });
    if (!queue.busy) void drainMarks(p, queue);
  });
}

async function drainMarks(p: Platform, m: { waiting: PendingMark[]; busy: boolean }): Promise<void> {
  m.busy = true;
  while (m.waiting.length > 0) {
    const batch = m.waiting.splice(0);
    const values = [new Date().toISOString(), batch.flatMap((b) => b.ids)];
    try {
      if (p.pgPool) await p.pgPool.query(MARK_OWN, values);
      else await p.prisma.$executeRawUnsafe(MARK_OWN, ...values);
      for (const b of batch) b.done();
    } catch (err) {
      for (const b of batch) b.done(err ?? new Error('marking delivered failed'));
    }
  }
  m.busy = false;
}

/** Delivers now, and again every `intervalMs` to catch messages left by a crashed process. */
export function startOutboxSweeper(p: Platform, intervalMs = 2000): () => void {
  const timer = setInterval(
    () => void deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery failed')),
    intervalMs,
  );
  timer.unref();
  return () => clearInterval(timer);
}
