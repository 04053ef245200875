/**
 * The one BullMQ-on-Redis factory behind both queues (resolution: queue/bullmq.ts, notification:
 * notifications/queue.ts): one Redis connection for adding, a duplicate for the worker (BullMQ
 * blocks on it), worker connection errors left to ioredis's reconnects, and a close that lets
 * jobs in flight finish before the connections go.
 */
import { Queue, Worker, type ConnectionOptions, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueStats } from './types.js';

export interface BullHandle<T> {
  add(jobName: string, data: T, opts: JobsOptions): Promise<void>;
  /** Removes a waiting or delayed job; a job being processed stays (BullMQ answers 0). */
  remove(jobId: string): Promise<void>;
  startWorker(
    processor: (job: Job<T>) => Promise<void>,
    opts: Omit<WorkerOptions, 'connection' | 'prefix'>,
  ): Promise<void>;
  close(): Promise<void>;
  ping(): Promise<boolean>;
  stats(): Promise<QueueStats>;
}

/**
 * How soon a job held by a dead worker is handed to another: its lock must expire and a
 * stalled-job check must see it. Measured with `npm run chaos -- --only=recovery` (a worker
 * killed inside a resolution): 30 s / 30 s (BullMQ's defaults) → 62 s, 10 s / 5 s → 12.5 s; an idle
 * worker sends 180 Redis commands a minute instead of 110. A second run after a false stall is
 * harmless: the step guard under the game lock makes it a no-op.
 */
export const CRASH_RECOVERY = { lockDurationMs: 10_000, stalledIntervalMs: 5_000 } as const;

export function bullQueue<T>(redisUrl: string, name: string, prefix?: string): BullHandle<T> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection: connection as ConnectionOptions, prefix });
  let worker: Worker | undefined;
  return {
    async add(jobName, data, opts) {
      await queue.add(jobName, data, opts);
    },
    async remove(jobId) {
      await queue.remove(jobId).catch(() => 0);
    },
    async startWorker(processor, opts) {
      worker = new Worker(name, processor, {
        ...opts,
        connection: connection.duplicate({ maxRetriesPerRequest: null }) as ConnectionOptions,
        prefix,
      });
      worker.on('error', () => undefined); // connection errors are retried by ioredis
      await worker.waitUntilReady();
    },
    async close() {
      await worker?.close();
      await queue.close();
      connection.disconnect();
    },
    async ping() {
      return (await connection.ping()) === 'PONG';
    },
    async stats() {
      const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
      const [oldest] = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
      // A delayed job became due at its timestamp plus its delay.
      const dueAt = oldest ? oldest.timestamp + (oldest.delay ?? 0) : Date.now();
      return {
        waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
        active: c.active ?? 0,
        delayed: c.delayed ?? 0,
        oldestWaitingMs: Math.max(0, Date.now() - dueAt),
      };
    },
  };
}
