import { describe, expect, it } from 'vitest';
import { stepDeadlineFor } from './time-control.js';

const at = new Date('2026-11-30T12:00:00Z');
const plus = (s: number) => new Date(at.getTime() + s * 1000).toISOString();

describe('step deadline with per-prompt windows (Prompt.deadlineSeconds)', () => {
  it('uses the time control when no prompt has a window of its own', () => {
    expect(stepDeadlineFor({ stepSeconds: 3600 }, [{}, {}], at)?.toISOString()).toBe(plus(3600));
    expect(stepDeadlineFor({}, [{}], at)).toBeNull();
  });

  it('a short reaction window comes first, even in a game without a clock', () => {
    expect(stepDeadlineFor({ stepSeconds: 86_400 }, [{ deadlineSeconds: 120 }], at)?.toISOString()).toBe(plus(120));
    expect(stepDeadlineFor({}, [{ deadlineSeconds: 300 }, { deadlineSeconds: 90 }], at)?.toISOString()).toBe(plus(90));
  });

  it('never extends the time control and ignores nonsense windows', () => {
    expect(stepDeadlineFor({ stepSeconds: 60 }, [{ deadlineSeconds: 600 }], at)?.toISOString()).toBe(plus(60));
    expect(stepDeadlineFor({ stepSeconds: 60 }, [{ deadlineSeconds: 0 }, { deadlineSeconds: Number.NaN }], at)?.toISOString()).toBe(plus(60));
  });
});
