/** BullMQ on Redis: durable jobs, retries with backoff, stalled-job recovery after a crash. */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { jobId, type EnqueueOptions, type ResolutionQueue, type ResolveHandler, type ResolveJob } from './types.js';

export const QUEUE_NAME = 'warpost-resolve';

export interface BullOptions {
  attempts: number;
  /** How often a worker looks for jobs whose worker died (ms). */
  stalledIntervalMs?: number;
  lockDurationMs?: number;
  concurrency?: number;
  prefix?: string;
}

export class BullQueue implements ResolutionQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(redisUrl: string, private readonly opts: BullOptions) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection as ConnectionOptions, prefix: opts.prefix });
  }

  async enqueue(job: ResolveJob, o: EnqueueOptions = {}): Promise<void> {
    await this.queue.add('resolve', job, {
      jobId: jobId(job, o.variant),
      delay: o.delayMs,
      attempts: this.opts.attempts,
      backoff: { type: 'exponential', delay: 500 },
      // Completed jobs are dropped so the same step can be queued again later (a step that was
      // found not ready, or re-queued by the reconciler); the step guard prevents double runs.
      removeOnComplete: true,
      removeOnFail: { age: 30 * 86_400 },
    });
  }

  async startWorker(handler: ResolveHandler): Promise<void> {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const attempt = job.attemptsMade + 1;
        await handler(job.data as ResolveJob, { attempt, final: attempt >= (job.opts.attempts ?? 1) });
      },
      {
        connection: this.connection.duplicate({ maxRetriesPerRequest: null }) as ConnectionOptions,
        prefix: this.opts.prefix,
        concurrency: this.opts.concurrency ?? 4,
        stalledInterval: this.opts.stalledIntervalMs ?? 30_000,
        lockDuration: this.opts.lockDurationMs ?? 30_000,
        maxStalledCount: 5,
      },
    );
    this.worker.on('error', () => undefined); // connection errors are retried by ioredis
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.connection.disconnect();
  }

  async ping() {
    return (await this.connection.ping()) === 'PONG';
  }
}
