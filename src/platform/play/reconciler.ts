/**
 * The safety net under the queue. Resolution jobs are queued after commit; if that fails (Redis
 * down or restarted without persistence, a process killed between commit and enqueue), nothing
 * would wake the step. Every few seconds a worker looks for steps that should be resolving —
 * ready submissions older than a grace period, or a deadline already passed — and queues them
 * again. Job ids make this idempotent, and the step guard under the game lock makes a
 * duplicate run a no-op. The time control's grace period (after a deadline) and its delay
 * after everyone is ready (`graceSeconds`, `readyDelaySeconds` in Game.timeControl) count too.
 * Deadlines are read against the platform clock (../clock.ts), so a test that moves the clock past
 * a deadline sees it fire on the next pass; a passed deadline is queued under its own job id
 * (`sweep-<due>`), never swallowed by a delayed deadline job still waiting in the queue. Each
 * pass then runs the clock-driven sweeps (sweep.ts: votes expiring, reminders).
 */
import { Prisma } from '#generated/prisma/client.js';
import type { Platform } from '../context.js';
import { sweepClock } from './sweep.js';

// Whole seconds from the stored time control (absent in games created before these fields).
const GRACE_SQL = Prisma.sql`COALESCE((g."timeControl"->>'graceSeconds')::int, 0)`;
const READY_DELAY_SQL = Prisma.sql`COALESCE((g."timeControl"->>'readyDelaySeconds')::int, 0)`;

interface Candidate {
  id: string;
  step: number;
  overdue: boolean;
  due: Date | null;
}

export async function reconcile(p: Platform, opts: { graceSeconds?: number; limit?: number } = {}): Promise<number> {
  const grace = opts.graceSeconds ?? p.config.reconcileGraceSeconds;
  const limit = opts.limit ?? 500;
  // Stored times are UTC "timestamp without time zone": compare with the clock's reading in UTC.
  const now = Prisma.sql`(${p.clock.now().toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const rows = await p.prisma.$queryRaw<Candidate[]>`
    SELECT g.id, g.step,
           (g."stepDeadline" IS NOT NULL AND g."stepDeadline" < ${now} - make_interval(secs => ${grace} + ${GRACE_SQL})) AS overdue,
           g."stepDeadline" + make_interval(secs => ${GRACE_SQL}) AS due
    FROM "Game" g
    WHERE g.status = 'ACTIVE' AND (
      (g."stepDeadline" IS NOT NULL AND g."stepDeadline" < ${now} - make_interval(secs => ${grace} + ${GRACE_SQL}))
      OR EXISTS (SELECT 1 FROM "Submission" s
                 WHERE s."gameId" = g.id AND s.step = g.step AND s.ready
                   AND s."updatedAt" < now() - make_interval(secs => ${grace} + ${READY_DELAY_SQL})))
    ORDER BY g."updatedAt" LIMIT ${limit}`;
  for (const r of rows) {
    if (r.overdue)
      await p.queue.enqueue({ gameId: r.id, step: r.step, force: true }, { variant: `sweep-${r.due?.getTime() ?? 0}` });
    else await p.queue.enqueue({ gameId: r.id, step: r.step });
  }
  return rows.length;
}

export function startReconciler(p: Platform, intervalMs = 5000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcile(p)
      .then(() => sweepClock(p))
      .catch((err) => p.log.warn({ err }, 'reconciliation pass failed; retrying later'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
