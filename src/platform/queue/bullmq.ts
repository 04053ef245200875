/** BullMQ on Redis: durable jobs, retries with backoff, stalled-job recovery after a crash. */
import { bullQueue, CRASH_RECOVERY, type BullHandle } from './bull.js';
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
  private readonly bull: BullHandle<ResolveJob>;

  constructor(
    redisUrl: string,
    private readonly opts: BullOptions,
  ) {
    this.bull = bullQueue<ResolveJob>(redisUrl, QUEUE_NAME, opts.prefix);
  }

  async enqueue(job: ResolveJob, o: EnqueueOptions = {}): Promise<void> {
    await this.bull.add('resolve', job, {
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

  async replace(job: ResolveJob, o: EnqueueOptions = {}): Promise<void> {
    // A job being processed cannot be removed (remove answers 0): the new one is then dropped,
    // and the step guard plus the reconciler take care of the new time.
    await this.bull.remove(jobId(job, o.variant));
    await this.enqueue(job, o);
  }

  async startWorker(handler: ResolveHandler): Promise<void> {
    await this.bull.startWorker(
      async (job) => {
        const attempt = job.attemptsMade + 1;
        await handler(job.data, {
          attempt,
          final: attempt >= (job.opts.attempts ?? 1),
          dueAt: job.timestamp + (job.opts.delay ?? 0),
        });
      },
      {
        concurrency: this.opts.concurrency ?? 4,
        stalledInterval: this.opts.stalledIntervalMs ?? CRASH_RECOVERY.stalledIntervalMs,
        lockDuration: this.opts.lockDurationMs ?? CRASH_RECOVERY.lockDurationMs,
        maxStalledCount: 5,
      },
    );
  }

  close(): Promise<void> {
    return this.bull.close();
  }

  ping() {
    return this.bull.ping();
  }

  stats() {
    return this.bull.stats();
  }
}
