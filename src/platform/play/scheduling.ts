/** What happens after a commit that opened or completed a step: tell everyone, queue the work. */
import type { Platform } from '../context.js';
import type { OutboxMessage } from '../events/event-log.js';
import { deliverOutbox, deliverWritten } from '../events/outbox.js';
import type { EnqueueOptions, ResolveJob } from '../queue/types.js';
import { inSpan, SpanKind, traceCarrier } from '../tracing.js';
import { withTimeout } from '../with-timeout.js';

const QUEUE_LATE = 'queue did not answer in time';

/**
 * Queues a job after the commit that made it due. The commit is what counts: if the queue is
 * unreachable (Redis down) the request still succeeds and the reconciler queues the job later,
 * so a player's accepted orders never fail or hang on the queue.
 */
export async function enqueueAfterCommit(
  p: Platform,
  job: ResolveJob,
  opts?: EnqueueOptions,
  timeoutMs = 2000,
): Promise<void> {
  // The job carries the trace of what queued it: the worker's resolution continues that trace.
  await inSpan(
    'queue resolve',
    { 'warpost.game_id': job.gameId, 'warpost.step': job.step },
    async () => {
      try {
        await withTimeout(p.queue.enqueue({ ...job, trace: traceCarrier() }, opts), timeoutMs, QUEUE_LATE);
      } catch (err) {
        p.log.warn({ err, job }, 'could not queue now; the reconciler will queue it');
      }
    },
    { kind: SpanKind.PRODUCER },
  );
}

/**
 * `graceMs`: the time control's grace period; default orders are used that long after the deadline.
 * `written`: the outbox rows the commit wrote, when the caller has them: only those are
 * delivered (others are the sweeper's); without them, whatever is pending.
 */
export async function scheduleStep(
  p: Platform,
  opened: { gameId: string; step: number; deadline: Date | null; graceMs?: number },
  written?: readonly OutboxMessage[],
) {
  await (written ? deliverWritten(p, written) : deliverOutbox(p)).catch((err) =>
    p.log.warn({ err }, 'outbox delivery deferred to the sweeper'),
  );
  if (opened.deadline) {
    const delayMs = Math.max(0, opened.deadline.getTime() + (opened.graceMs ?? 0) - p.clock.now().getTime());
    await enqueueAfterCommit(
      p,
      { gameId: opened.gameId, step: opened.step, force: true },
      { delayMs, variant: 'deadline' },
    );
  }
}

/**
 * The step's deadline moved (resumed after a pause, extended by an admin, restored by a retry):
 * the step's deadline job is replaced, so it fires once, at the new time. A job that already
 * fired for the old time finds the deadline not yet passed and does nothing (resolution.ts).
 */
export async function rearmDeadline(p: Platform, gameId: string, step: number, deadline: Date, graceMs: number) {
  const delayMs = Math.max(0, deadline.getTime() + graceMs - p.clock.now().getTime());
  const job = { gameId, step, force: true };
  try {
    await withTimeout(p.queue.replace(job, { delayMs, variant: 'deadline' }), 2000, QUEUE_LATE);
  } catch (err) {
    p.log.warn({ err, gameId, step }, 'could not re-arm the deadline now; the reconciler will fire it');
  }
}
