/**
 * Time control as data on the game. This is the minimal model (a per-step duration from named
 * presets); deadlines resolve the step with each missing side's default orders.
 */
import { AppError } from '../errors.js';

export const PRESETS = {
  none: null,
  live: 5 * 60,
  fast: 60 * 60,
  standard: 24 * 60 * 60,
  slow: 72 * 60 * 60,
} as const;

export type Preset = keyof typeof PRESETS | 'custom';

export interface TimeControl {
  preset: Preset;
  /** Seconds each step may take before defaults are used; null means no clock. */
  stepSeconds: number | null;
}

export function normaliseTimeControl(input: Partial<TimeControl> = {}): TimeControl {
  const preset = input.preset ?? (input.stepSeconds ? 'custom' : 'none');
  if (preset === 'custom') {
    const s = input.stepSeconds;
    if (!Number.isInteger(s) || (s as number) < 1 || (s as number) > 60 * 86_400) {
      throw new AppError('BAD_INPUT', 'A custom time control needs stepSeconds between 1 and 5184000.', [
        { code: 'INVALID_TIME_CONTROL', path: ['timeControl', 'stepSeconds'], message: 'Give a whole number of seconds, at most 60 days.' },
      ]);
    }
    return { preset, stepSeconds: s as number };
  }
  if (!Object.hasOwn(PRESETS, preset)) { // not `in`: "__proto__" or "toString" are no presets
    throw new AppError('BAD_INPUT', `Unknown time-control preset "${preset}".`, [
      { code: 'INVALID_TIME_CONTROL', path: ['timeControl', 'preset'], message: `Use one of ${[...Object.keys(PRESETS), 'custom'].join(', ')}.` },
    ]);
  }
  return { preset, stepSeconds: PRESETS[preset as keyof typeof PRESETS] };
}

export function deadlineFrom(tc: TimeControl, from: Date): Date | null {
  return tc.stepSeconds ? new Date(from.getTime() + tc.stepSeconds * 1000) : null;
}
