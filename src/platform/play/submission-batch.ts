/**
 * How order submissions reach the database: one writer (`decideAndWrite`) behind every path.
 * Each submission is a durable transaction; on a small machine their cost is round trips and
 * commits, not work (bench/RESULTS.md, issue 8). So on PostgreSQL submissions that arrive while
 * another batch is in flight wait for it and then go together (group commit): one BEGIN, one
 * read of every context (the free games locked, in id order), one write of every accepted
 * submission, one COMMIT. Alone, a submission goes at once in a batch of one, so quiet servers
 * pay nothing in latency; busy ones share each round trip and WAL flush among the batch.
 *
 * Each item is checked on its own (`decide`): one refused item refuses only itself. A batch
 * holds one item per game and per idempotency key at most, so no item reads a state another
 * item of the batch is about to change; the others wait for the next batch. A game another
 * transaction holds is not waited for by the batch: its item gets a transaction of its own
 * (`submitOne`), waiting for that game only. If the batch's transaction fails as a whole (a
 * lost connection), nothing of it was written and every item not refused gets one of its own
 * too, exactly as without batching. The caller sees one answer either way.
 */
import type pg from 'pg';
import { pgTransaction, type SqlTx } from '../db/sql.js';
import {
  readSubmissionContext,
  readSubmissionContexts,
  writeSubmissions,
  type ContextQuery,
  type SubmissionContext,
  type SubmissionWrite,
} from './submission-sql.js';

/** What an item's own checks decided: store `write` (if any) and answer with `value`. */
export interface Decision<T> {
  value: T;
  write?: SubmissionWrite;
}

export interface SubmissionItem<T> extends ContextQuery {
  /** The item's checks on its context, in JS, under its game's lock. Throws to refuse the item. */
  decide(ctx: SubmissionContext): Decision<T>;
}

/** An item's outcome in a transaction: its answer, its refusal, or its game held elsewhere (not read). */
type Outcome<T> = { value: T } | { refused: unknown } | 'busy';

/** Decides each item on its context and writes every accepted one in one statement: the one writer of submissions. */
async function decideAndWrite<T>(
  sql: SqlTx,
  items: SubmissionItem<T>[],
  ctxs: (SubmissionContext | 'busy')[],
): Promise<Outcome<T>[]> {
  const writes: SubmissionWrite[] = [];
  const outcomes = items.map((item, i): Outcome<T> => {
    const ctx = ctxs[i];
    if (ctx === 'busy') return 'busy';
    try {
      const d = item.decide(ctx);
      if (d.write) writes.push(d.write);
      return { value: d.value };
    } catch (e) {
      return { refused: e };
    }
  });
  if (writes.length) await writeSubmissions(sql, writes);
  return outcomes;
}

/** One submission in the transaction `sql`, waiting for its game's lock. Throws its refusal (nothing written). */
export async function submitOne<T>(sql: SqlTx, item: SubmissionItem<T>): Promise<T> {
  const [outcome] = await decideAndWrite(sql, [item], [await readSubmissionContext(sql, item)]);
  if (outcome === 'busy') throw new Error('unreachable: a waiting read is never busy');
  if ('refused' in outcome) throw outcome.refused;
  return outcome.value;
}

interface Pending<T> {
  item: SubmissionItem<T>;
  settle(value: T): void;
  fail(e: unknown): void;
}

export interface BatchOptions {
  /** Most items in one transaction. */
  maxItems: number;
  /** Batches in flight at once (each on its own pooled connection). */
  maxInFlight: number;
  /** Told (at most every 10 s) that batches failed whole and their items ran one by one: `failed` since the last call. */
  onFailure?: (err: unknown, failed: number) => void;
}

export class SubmissionBatcher {
  private queue: Pending<unknown>[] = [];
  private inFlight = 0;
  private starting = false;
  /** Transactions run, items they carried, and batches that failed whole (items then ran alone). */
  readonly stats = { batches: 0, items: 0, failed: 0 };

  private lastWarnAt = 0;
  private unwarned = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: BatchOptions,
  ) {}

  /** A batch that fails whole is correct but costs double: said at most every 10 s, with a count. */
  private warnFailed(err: unknown) {
    this.unwarned++;
    if (!this.opts.onFailure || Date.now() - this.lastWarnAt < 10_000) return;
    this.opts.onFailure(err, this.unwarned);
    this.lastWarnAt = Date.now();
    this.unwarned = 0;
  }

  /** The item's answer, from whichever transaction stored it; rejects with its refusal. */
  run<T>(item: SubmissionItem<T>): Promise<T> {
    return new Promise((settle, fail) => {
      this.queue.push({ item, settle, fail } as Pending<unknown>);
      this.pump();
    });
  }

  /**
   * Starts a batch when none is in flight; alongside one, only a batch of a quarter of the
   * maximum or more (a second transaction for a handful of items would take the round trips the
   * batch exists to share, but a sizeable one overlaps its JS work with the other's commit).
   */
  private pump() {
    if (this.inFlight === 0 && this.queue.length && !this.starting) {
      // Gather what arrives in this turn of the event loop before the first batch leaves.
      this.starting = true;
      setImmediate(() => {
        this.starting = false;
        this.launch();
      });
    } else this.launch();
  }

  private launch() {
    while (
      this.queue.length &&
      !this.starting &&
      (this.inFlight === 0 ||
        (this.inFlight < this.opts.maxInFlight && this.queue.length >= Math.max(8, this.opts.maxItems / 4)))
    ) {
      const batch = this.take();
      this.inFlight++;
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The next batch in arrival order: at most one item per game and per user's key. */
  private take(): Pending<unknown>[] {
    const games = new Set<string>();
    const keys = new Set<string>();
    const batch: Pending<unknown>[] = [];
    const rest: Pending<unknown>[] = [];
    for (const p of this.queue) {
      const key = JSON.stringify([p.item.userId, p.item.key]);
      if (batch.length < this.opts.maxItems && !games.has(p.item.gameId) && !keys.has(key)) {
        games.add(p.item.gameId);
        keys.add(key);
        batch.push(p);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async runBatch(batch: Pending<unknown>[]) {
    this.stats.batches++;
    this.stats.items += batch.length;
    let outcomes: Outcome<unknown>[];
    // Refusals are final even if the transaction then fails: they wrote nothing.
    let decided: Outcome<unknown>[] = [];
    try {
      outcomes = await pgTransaction(this.pool, async (sql) => {
        const ctxs = await readSubmissionContexts(
          sql,
          batch.map((p) => p.item),
        );
        decided = await decideAndWrite(
          sql,
          batch.map((p) => p.item),
          ctxs,
        );
        return decided;
      });
    } catch (err) {
      this.stats.failed++;
      this.warnFailed(err);
      // Rolled back whole: every item that was not refused runs again on its own.
      outcomes = batch.map((_, i) => {
        const o = decided[i];
        return o !== undefined && o !== 'busy' && 'refused' in o ? o : 'busy';
      });
    }
    batch.forEach((p, i) => {
      const o = outcomes[i];
      if (o === 'busy') void pgTransaction(this.pool, (sql) => submitOne(sql, p.item)).then(p.settle, p.fail);
      else if ('refused' in o) p.fail(o.refused);
      else p.settle(o.value);
    });
  }
}
