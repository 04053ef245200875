/**
 * The notification queue ('warpost-notify'), beside the resolution queue and built the same way:
 * BullMQ on Redis, or an in-process runner for the embedded default. A job only says "look at
 * delivery D": the database row is the truth (its claim, attempts and status), so a job that runs
 * twice, or a job lost with its process, costs nothing; the sweeper re-queues what is overdue.
 */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';

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
}

export class BullNotifyQueue implements NotifyQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(redisUrl: string, private readonly prefix?: string) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(NOTIFY_QUEUE_NAME, { connection: this.connection as ConnectionOptions, prefix });
  }

  async enqueue(job: DeliverJob, o: NotifyEnqueueOptions): Promise<void> {
    await this.queue.add('deliver', job, {
      jobId: o.jobId,
      delay: o.delayMs && o.delayMs > 0 ? Math.ceil(o.delayMs) : undefined,
      // Handler errors (database down) are retried here; delivery failures are retried by the handler.
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 86_400, count: 50_000 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  async startWorker(handler: DeliverHandler, concurrency: number): Promise<void> {
    this.worker = new Worker(NOTIFY_QUEUE_NAME, async (job) => handler(job.data as DeliverJob), {
      connection: this.connection.duplicate({ maxRetriesPerRequest: null }) as ConnectionOptions,
      prefix: this.prefix,
      concurrency,
      stalledInterval: 30_000,
      maxStalledCount: 5,
    });
    this.worker.on('error', () => undefined); // connection errors are retried by ioredis
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.connection.disconnect();
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
}
