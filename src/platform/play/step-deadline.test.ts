import { describe, expect, it } from 'vitest';
import { deadlineFrom, normaliseTimeControl, stepDeadlineFor } from './time-control.js';

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
    expect(
      stepDeadlineFor(
        { stepSeconds: 60 },
        [{ deadlineSeconds: 0 }, { deadlineSeconds: Number.NaN }],
        at,
      )?.toISOString(),
    ).toBe(plus(60));
  });
});

describe('step length per prompt kind (TimeControl.perKind)', () => {
  const tc = normaliseTimeControl({
    preset: 'custom',
    stepSeconds: 3600,
    perKind: { 'mission-assignment': 172_800, supply: 7200 },
  });

  it('a step owing a listed kind gets that length; several listed kinds: the longest', () => {
    expect(
      stepDeadlineFor(tc, [{ kind: 'mission-assignment' }, { kind: 'mission-assignment' }], at)?.toISOString(),
    ).toBe(plus(172_800));
    expect(stepDeadlineFor(tc, [{ kind: 'supply' }, { kind: 'mission-assignment' }], at)?.toISOString()).toBe(
      plus(172_800),
    );
    expect(stepDeadlineFor(tc, [{ kind: 'move' }], at)?.toISOString()).toBe(plus(3600));
  });

  it('works without a general clock, and a reaction window still comes first', () => {
    const only = normaliseTimeControl({ perKind: { 'mission-assignment': 86_400 } });
    expect(only.preset).toBe('none');
    expect(stepDeadlineFor(only, [{ kind: 'mission-assignment' }], at)?.toISOString()).toBe(plus(86_400));
    expect(stepDeadlineFor(only, [{ kind: 'move' }], at)).toBeNull();
    expect(stepDeadlineFor(only, [{ kind: 'mission-assignment', deadlineSeconds: 600 }], at)?.toISOString()).toBe(
      plus(600),
    );
  });

  it('with a time of day, the per-kind length is the least time before the next such deadline', () => {
    const daily = normaliseTimeControl({
      preset: 'custom',
      timeOfDay: '18:00',
      perKind: { 'mission-assignment': 2 * 86_400 },
    });
    expect(deadlineFrom(daily, at, ['move'])?.toISOString()).toBe('2026-11-30T18:00:00.000Z');
    expect(deadlineFrom(daily, at, ['mission-assignment'])?.toISOString()).toBe('2026-12-02T18:00:00.000Z');
  });

  it('rejects malformed per-kind lengths with a structured error', () => {
    const code = (perKind: unknown) => {
      try {
        normaliseTimeControl({ perKind });
        return null;
      } catch (e) {
        return (e as { details?: { code: string; path: unknown[] }[] }).details?.[0];
      }
    };
    for (const bad of [
      [1],
      'x',
      { 'mission-assignment': 10 },
      { 'has space': 600 },
      { a: 1.5e9 },
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 600])),
    ]) {
      expect(code(bad)).toMatchObject({ code: 'INVALID_TIME_CONTROL', path: ['timeControl', 'perKind'] });
    }
    expect(code({})).toBeNull();
  });
});
