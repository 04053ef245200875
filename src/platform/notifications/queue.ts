/**
 * The notification queue ('warpost-notify'), beside the resolution queue and built by the same
 * factory (queue/bull.ts): BullMQ on Redis, or an in-process runner for the embedded default. A job only says "look at
 * delivery D": the database row is the truth (its claim, attempts and status), so a job that runs
 * twice, or a job lost with its process, costs nothing; the sweeper re-queues what is overdue.
 */
import { bullQueue, CRASH_RECOVERY, type BullHandle } from '../queue/bull.js';
import type { QueueStats } from '../queue/types.js';

export const NOTIFY_QUEUE_NAME = 'warpost-notify';

export interface DeliverJob {
  deliveryId: string;
}

export interface NotifyEnqueueOptions {
  /** Equal ids are queued once (BullMQ job id). */
  jobId: string;
  delayMs?: number;
}

export type DeliverHandler = (job: DeliverJob) => Promise<void>;

export interface NotifyQueue {
  enqueue(job: DeliverJob, opts: NotifyEnqueueOptions): Promise<void>;
  startWorker(handler: DeliverHandler, concurrency: number): Promise<void>;
  /** Finishes jobs in flight, then stops. */
  close(): Promise<void>;
  stats(): Promise<QueueStats>;
}

export class BullNotifyQueue implements NotifyQueue {
  private readonly bull: BullHandle<DeliverJob>;

  constructor(redisUrl: string, prefix?: string) {
    this.bull = bullQueue<DeliverJob>(redisUrl, NOTIFY_QUEUE_NAME, prefix);
  }

  async enqueue(job: DeliverJob, o: NotifyEnqueueOptions): Promise<void> {
    await this.bull.add('deliver', job, {
      jobId: o.jobId,
      delay: o.delayMs && o.delayMs > 0 ? Math.ceil(o.delayMs) : undefined,
      // Handler errors (database down) are retried here; delivery failures are retried by the handler.
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 86_400, count: 50_000 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  startWorker(handler: DeliverHandler, concurrency: number): Promise<void> {
    return this.bull.startWorker((job) => handler(job.data), {
      concurrency,
      stalledInterval: CRASH_RECOVERY.stalledIntervalMs,
      lockDuration: CRASH_RECOVERY.lockDurationMs,
      maxStalledCount: 5,
    });
  }

  close(): Promise<void> {
    return this.bull.close();
  }

  stats(): Promise<QueueStats> {
    return this.bull.stats();
  }
}

/** In-process runner: the same contract without Redis (jobs live as long as the process). */
export class InlineNotifyQueue implements NotifyQueue {
  private handler?: DeliverHandler;
  private readonly queued = new Set<string>();
  private readonly pending: { job: DeliverJob; id: string }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  async enqueue(job: DeliverJob, o: NotifyEnqueueOptions): Promise<void> {
    if (this.closed || this.queued.has(o.jobId)) return;
    this.queued.add(o.jobId);
    if (o.delayMs && o.delayMs > 0) {
      const t = setTimeout(() => (this.timers.delete(t), this.dispatch(job, o.jobId)), o.delayMs);
      t.unref();
      this.timers.add(t);
    } else this.dispatch(job, o.jobId);
  }

  private dispatch(job: DeliverJob, id: string) {
    if (!this.handler) return void this.pending.push({ job, id });
    const run = this.handler(job)
      .catch(() => undefined) // the sweeper picks the delivery up again
      .finally(() => (this.inFlight.delete(run), this.queued.delete(id)));
    this.inFlight.add(run);
  }

  async startWorker(handler: DeliverHandler): Promise<void> {
    this.handler = handler;
    for (const p of this.pending.splice(0)) this.dispatch(p.job, p.id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.allSettled([...this.inFlight]);
  }

  async stats(): Promise<QueueStats> {
    return { waiting: this.pending.length, active: this.inFlight.size, delayed: this.timers.size, oldestWaitingMs: 0 };
  }
}
