/** In-process queue for the embedded default: same job ids, retries and handler as BullMQ. */
import { setTimeout as sleep } from 'node:timers/promises';
import { setLongTimeout, type LongTimer } from './long-timer.js';
import {
  jobId,
  type EnqueueOptions,
  type QueueStats,
  type ResolutionQueue,
  type ResolveHandler,
  type ResolveJob,
} from './types.js';

export class InlineQueue implements ResolutionQueue {
  private handler?: ResolveHandler;
  private readonly known = new Set<string>();
  private readonly timers = new Map<string, LongTimer>();
  private readonly pending: { job: ResolveJob; id: string; at: number }[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly attempts = 3,
    private readonly backoffMs = 200,
  ) {}

  async enqueue(job: ResolveJob, opts: EnqueueOptions = {}): Promise<void> {
    const id = jobId(job, opts.variant);
    if (this.known.has(id) || this.closed) return;
    this.known.add(id);
    if (opts.delayMs && opts.delayMs > 0) {
      this.timers.set(
        id,
        setLongTimeout(() => (this.timers.delete(id), this.dispatch(job, id)), opts.delayMs),
      );
    } else {
      this.dispatch(job, id);
    }
  }

  async replace(job: ResolveJob, opts: EnqueueOptions = {}): Promise<void> {
    const id = jobId(job, opts.variant);
    const t = this.timers.get(id);
    if (t) {
      t.cancel();
      this.timers.delete(id);
      this.known.delete(id);
    }
    await this.enqueue(job, opts);
  }

  private dispatch(job: ResolveJob, id: string) {
    if (this.closed) return;
    if (!this.handler) {
      this.pending.push({ job, id, at: Date.now() });
      return;
    }
    // Like BullMQ with removeOnComplete: once run, the same job id may be queued again.
    const run = this.run(job).finally(() => (this.inFlight.delete(run), this.known.delete(id)));
    this.inFlight.add(run);
  }

  private async run(job: ResolveJob) {
    for (let attempt = 1; attempt <= this.attempts && !this.closed; attempt++) {
      try {
        await this.handler!(job, { attempt, final: attempt === this.attempts });
        return;
      } catch {
        await sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  async startWorker(handler: ResolveHandler): Promise<void> {
    this.handler = handler;
    for (const p of this.pending.splice(0)) this.dispatch(p.job, p.id);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.closed = true;
  }

  async ping() {
    return true;
  }

  async stats(): Promise<QueueStats> {
    // Jobs run as soon as they are due; only jobs queued before the worker started wait.
    return {
      waiting: this.pending.length,
      active: this.inFlight.size,
      delayed: this.timers.size,
      oldestWaitingMs: this.pending.length ? Date.now() - this.pending[0].at : 0,
    };
  }
}
