/**
 * The resolution queue. Two implementations behind one interface: BullMQ on Redis (production)
 * and an in-process runner (embedded default). The same handler runs behind both.
 */
import type { TraceCarrier } from '../tracing.js';

export interface ResolveJob {
  gameId: string;
  step: number;
  /** Resolve even if not every owed submission is in (deadline passed, admin retry). */
  force?: boolean;
  /** The trace context of the request that queued the job (tracing.ts; absent when tracing is off). */
  trace?: TraceCarrier;
}

export interface JobContext {
  attempt: number;
  /** True on the last attempt: the handler parks the game instead of failing again. */
  final: boolean;
  /** When the job became due (epoch ms; BullMQ only): for the worker's wait-time log. */
  dueAt?: number;
}

export type ResolveHandler = (job: ResolveJob, ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  delayMs?: number;
  /** Distinguishes a deliberate re-run (admin retry, deadline) from the ordinary job of a step. */
  variant?: string;
}

/** What /metrics shows of a queue (metrics.ts). */
export interface QueueStats {
  waiting: number;
  active: number;
  delayed: number;
  /** How long the oldest job due to run has waited (0 when none waits). */
  oldestWaitingMs: number;
}

export interface ResolutionQueue {
  enqueue(job: ResolveJob, opts?: EnqueueOptions): Promise<void>;
  /**
   * Like enqueue, but a waiting or delayed job with the same id is replaced (its delay changes)
   * instead of the new one being dropped: a rescheduled deadline fires once, at the new time.
   */
  replace(job: ResolveJob, opts?: EnqueueOptions): Promise<void>;
  /** Starts consuming jobs in this process. */
  startWorker(handler: ResolveHandler): Promise<void>;
  /** Finishes jobs in flight, then stops. */
  close(): Promise<void>;
  ping(): Promise<boolean>;
  stats(): Promise<QueueStats>;
}

/** Job id derived from game and step, so the same step is never queued twice. */
export const jobId = (job: ResolveJob, variant?: string) =>
  `${job.gameId}__${job.step}${variant ? `__${variant}` : ''}`;
