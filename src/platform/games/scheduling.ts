/** What happens after a commit that opened or completed a step: tell everyone, queue the work. */
import type { Platform } from '../context.js';
import { deliverOutbox } from '../events/outbox.js';
import type { EnqueueOptions, ResolveJob } from '../queue/types.js';

/**
 * Queues a job after the commit that made it due. The commit is what counts: if the queue is
 * unreachable (Redis down) the request still succeeds and the reconciler queues the job later,
 * so a player's accepted orders never fail or hang on the queue.
 */
export async function enqueueAfterCommit(p: Platform, job: ResolveJob, opts?: EnqueueOptions, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('queue did not answer in time')), timeoutMs);
  });
  try {
    await Promise.race([p.queue.enqueue(job, opts), timeout]);
  } catch (err) {
    p.log.warn({ err, job }, 'could not queue now; the reconciler will queue it');
  } finally {
    clearTimeout(timer);
  }
}

/** `graceMs`: the time control's grace period; default orders are used that long after the deadline. */
export async function scheduleStep(p: Platform, opened: { gameId: string; step: number; deadline: Date | null; graceMs?: number }) {
  await deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery deferred to the sweeper'));
  if (opened.deadline) {
    const delayMs = Math.max(0, opened.deadline.getTime() + (opened.graceMs ?? 0) - p.clock.now().getTime());
    await enqueueAfterCommit(p, { gameId: opened.gameId, step: opened.step, force: true }, { delayMs, variant: 'deadline' });
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
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      p.queue.replace(job, { delayMs, variant: 'deadline' }),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('queue did not answer in time')), 2000))),
    ]);
  } catch (err) {
    p.log.warn({ err, gameId, step }, 'could not re-arm the deadline now; the reconciler will fire it');
  } finally {
    clearTimeout(timer);
  }
}
