/**
 * The platform's notion of "now" for everything a game's clock governs: deadlines (opening,
 * passing, extending, pausing), vacations, votes, reminders and the audit log. Production uses
 * the system clock. Tests set WARPOST_TEST_CLOCK=true to get a clock that runs with real time
 * but can be moved forward (or back) by an offset, so days of game time pass in milliseconds;
 * the offset reaches worker processes through their IPC channel (only their parent can send
 * it), so the API and every worker agree on the time.
 *
 * Not governed by this clock: row timestamps written by the database (createdAt, updatedAt),
 * the short delay after everyone is ready, and notification delivery (the notifier sends what
 * the clock-driven sweeps hand it at once, in real time).
 */

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Message a test process sends a worker: the new offset of its clock. */
export interface ClockMessage {
  type: 'warpost-clock';
  offsetMs: number;
  id: number;
}

export class ControlledClock implements Clock {
  constructor(public offsetMs = 0) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock so that it reads `at` now. */
  set(at: Date) {
    this.offsetMs = at.getTime() - Date.now();
  }

  advance(ms: number) {
    this.offsetMs += ms;
  }
}

/** `testClock`: Config.testClock (WARPOST_TEST_CLOCK, WARPOST_TEST_CLOCK_OFFSET_MS). */
export function createClock(testClock: { offsetMs: number } | undefined): Clock {
  if (!testClock) return systemClock;
  const clock = new ControlledClock(testClock.offsetMs);
  // A worker spawned by a test follows its parent's clock.
  if (typeof process.send === 'function') {
    process.on('message', (m: unknown) => {
      const msg = m as ClockMessage;
      if (msg?.type !== 'warpost-clock' || !Number.isFinite(msg.offsetMs)) return;
      clock.offsetMs = msg.offsetMs;
      process.send!({ type: 'warpost-clock-ack', id: msg.id });
    });
    process.channel?.unref();
  }
  return clock;
}
