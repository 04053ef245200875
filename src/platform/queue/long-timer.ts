/**
 * setTimeout for any delay: Node caps a timer at 2^31-1 ms (24.8 days) and fires a longer one at
 * once, so a long delay is waited out in capped slices, re-armed until the due time.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LongTimer {
  cancel(): void;
}

export function setLongTimeout(fn: () => void, delayMs: number): LongTimer {
  const dueAt = Date.now() + delayMs;
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = dueAt - Date.now();
    timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(fn, Math.max(0, left));
    // A pending job must not keep the process alive (as before: the reconciler re-queues it at start).
    timer.unref();
  };
  arm();
  return { cancel: () => clearTimeout(timer) };
}
