import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InlineQueue } from './inline.js';

const DAY = 86_400_000;

describe('InlineQueue long delays', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a 30-day delay (past the 2^31-1 ms timer cap) does not fire early and fires at 30 days', async () => {
    const q = new InlineQueue(1);
    const ran: number[] = [];
    const start = Date.now();
    await q.startWorker(async () => void ran.push(Date.now() - start));
    await q.enqueue({ gameId: 'g', step: 1 }, { delayMs: 30 * DAY });

    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(25 * DAY);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * DAY - 2);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual([30 * DAY]);
  });

  it('replace cancels a re-armed long timer', async () => {
    const q = new InlineQueue(1);
    const ran: number[] = [];
    await q.startWorker(async () => void ran.push(Date.now()));
    await q.enqueue({ gameId: 'g', step: 1 }, { delayMs: 40 * DAY });
    await vi.advanceTimersByTimeAsync(26 * DAY); // past the first capped slice
    await q.replace({ gameId: 'g', step: 1 }, { delayMs: DAY });
    await vi.advanceTimersByTimeAsync(20 * DAY);
    expect(ran).toHaveLength(1);
  });
});
