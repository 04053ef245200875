/** What happens after a commit that opened a step: tell everyone, and arm the step's deadline. */
import type { Platform } from '../context.js';
import { deliverOutbox } from '../events/outbox.js';

export async function scheduleStep(p: Platform, opened: { gameId: string; step: number; deadline: Date | null }) {
  await deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery deferred to the sweeper'));
  if (opened.deadline) {
    const delayMs = Math.max(0, opened.deadline.getTime() - Date.now());
    await p.queue.enqueue({ gameId: opened.gameId, step: opened.step, force: true }, { delayMs, variant: 'deadline' });
  }
}
