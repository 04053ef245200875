/**
 * Time control as data on the game: a per-step deadline either as a duration or at a fixed time
 * of day in the game's time zone, allowed days (the clock stops on the others), a grace period
 * before default orders are used, and an optional short delay after everyone is ready (orders
 * may still change during it). Deadlines resolve the step with each missing side's default
 * orders. The date arithmetic lives in ../calendar.ts.
 *
 * Stored form: `{ preset, stepSeconds }` (the original model, still accepted and stored as is)
 * plus, only when given, `timeOfDay`, `timeZone`, `days`, `graceSeconds`, `readyDelaySeconds`.
 */
import { AppError, type ErrorDetail } from '../errors.js';
import { addClockSeconds, isTimeOfDay, isValidTimeZone, nextTimeOfDay, WEEKDAYS, type Weekday } from '../calendar.js';

export const PRESETS = {
  none: null,
  live: 5 * 60,
  fast: 60 * 60,
  standard: 24 * 60 * 60,
  slow: 72 * 60 * 60,
} as const;

export type Preset = keyof typeof PRESETS | 'custom';

export const MAX_STEP_SECONDS = 60 * 86_400;
export const MAX_GRACE_SECONDS = 7 * 86_400;
export const MAX_READY_DELAY_SECONDS = 3600;

export interface TimeControl {
  preset: Preset;
  /**
   * Seconds each step may take before defaults are used; null means no clock (unless timeOfDay
   * is set). With timeOfDay: the least time a step is given before the next such deadline.
   */
  stepSeconds: number | null;
  /** "HH:MM": the deadline falls at this wall-clock time in timeZone (on an allowed day). */
  timeOfDay?: string | null;
  /** IANA time zone of timeOfDay and days (default UTC). */
  timeZone?: string;
  /** Allowed days (SUN..SAT); the clock stops on the others. Default: every day. */
  days?: Weekday[];
  /** Seconds after the deadline before default orders are used (default 0). */
  graceSeconds?: number;
  /** Seconds between the last side marking ready and resolution; orders may still change (default 0). */
  readyDelaySeconds?: number;
  /** Missed turns: each player may be excused this many times per game (the deadline is extended once a time). */
  excuses?: number;
  /** Missed turns once excuses are spent: default orders, the bot takes the seat (civil disorder), or the side forfeits. */
  onMissedTurn?: MissedTurnPolicy;
  /** Reminder schedule: seconds before the deadline, largest first (default: one, see defaultReminders). */
  reminders?: number[];
  /** False: players' vacations do not move this game's deadlines (a club or tournament may insist). Default true. */
  allowVacations?: boolean;
  /**
   * Step length per prompt kind (seconds), e.g. `{ "mission-assignment": 172800 }`: a step whose
   * prompts include a listed kind gets the longest listed length instead of stepSeconds (with
   * timeOfDay: as the least time). A campaign gives its slow, thoughtful phases more time than
   * its quick ones. Applies even without a general clock.
   */
  perKind?: Record<string, number>;
}

export const MISSED_TURN_POLICIES = ['default', 'bot', 'forfeit'] as const;
export type MissedTurnPolicy = (typeof MISSED_TURN_POLICIES)[number];
export const MAX_EXCUSES = 20;
export const MAX_REMINDERS = 5;
export const MAX_PER_KIND = 20;
const KIND_RE = /^[A-Za-z][A-Za-z0-9._-]{0,39}$/;

type TimeControlInput = Partial<Omit<TimeControl, 'days' | 'reminders' | 'allowVacations' | 'perKind'>> & {
  days?: readonly string[] | null;
  reminders?: readonly number[] | null;
  allowVacations?: boolean | null;
  perKind?: unknown;
};

function bad(message: string, field: string, detail: string): never {
  const d: ErrorDetail = { code: 'INVALID_TIME_CONTROL', path: ['timeControl', field], message: detail };
  throw new AppError('BAD_INPUT', message, [d]);
}

const isInt = (v: unknown, min: number, max: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

export function normaliseTimeControl(input: TimeControlInput = {}): TimeControl {
  input = input ?? {};
  const timeOfDay = input.timeOfDay ?? null;
  if (timeOfDay !== null && !isTimeOfDay(timeOfDay))
    bad(`Time of day "${String(timeOfDay)}" is not HH:MM.`, 'timeOfDay', 'Give a 24-hour time, 00:00 to 23:59.');
  const preset = input.preset ?? (input.stepSeconds || timeOfDay ? 'custom' : 'none');
  let stepSeconds: number | null;
  if (preset === 'custom') {
    const s = input.stepSeconds ?? null;
    if (timeOfDay !== null) {
      if (s !== null && !isInt(s, 0, MAX_STEP_SECONDS))
        bad(
          'The least step length must be 0 to 5184000 seconds.',
          'stepSeconds',
          'Give a whole number of seconds, at most 60 days.',
        );
    } else if (!isInt(s, 1, MAX_STEP_SECONDS)) {
      bad(
        'A custom time control needs stepSeconds between 1 and 5184000.',
        'stepSeconds',
        'Give a whole number of seconds, at most 60 days.',
      );
    }
    stepSeconds = s;
  } else {
    if (!Object.hasOwn(PRESETS, preset)) {
      // not `in`: "__proto__" or "toString" are no presets
      bad(
        `Unknown time-control preset "${preset}".`,
        'preset',
        `Use one of ${[...Object.keys(PRESETS), 'custom'].join(', ')}.`,
      );
    }
    stepSeconds = PRESETS[preset as keyof typeof PRESETS];
  }
  if (preset === 'none' && timeOfDay !== null)
    bad('The preset "none" has no clock; a timeOfDay needs one.', 'timeOfDay', 'Choose custom or a clocked preset.');
  const tc: TimeControl = { preset, stepSeconds };
  const clocked = stepSeconds !== null || timeOfDay !== null;
  const extras = [
    'timeOfDay',
    'timeZone',
    'days',
    'graceSeconds',
    'readyDelaySeconds',
    'excuses',
    'onMissedTurn',
    'reminders',
  ] as const;
  if (!clocked) {
    const given = extras.find((k) => input[k] !== undefined && input[k] !== null && k !== 'readyDelaySeconds');
    if (given)
      bad(
        `"${given}" needs a clock; the preset "${preset}" has none.`,
        given,
        'Choose a clocked preset, custom stepSeconds or a timeOfDay.',
      );
  }
  if (timeOfDay !== null) tc.timeOfDay = timeOfDay;
  if (input.timeZone !== undefined && input.timeZone !== null) {
    if (!isValidTimeZone(input.timeZone))
      bad(
        `Unknown time zone "${String(input.timeZone).slice(0, 64)}".`,
        'timeZone',
        'Use an IANA time zone such as Europe/Paris or UTC.',
      );
    tc.timeZone = input.timeZone;
  }
  if (input.days !== undefined && input.days !== null) {
    if (!Array.isArray(input.days) || input.days.length === 0 || input.days.length > 7)
      bad('Allowed days must list 1 to 7 weekdays.', 'days', `Use ${WEEKDAYS.join(', ')}.`);
    const days = [...new Set(input.days.map((d) => String(d).toUpperCase()))];
    const unknown = days.find((d) => !(WEEKDAYS as readonly string[]).includes(d));
    if (unknown !== undefined) bad(`Unknown weekday "${unknown.slice(0, 20)}".`, 'days', `Use ${WEEKDAYS.join(', ')}.`);
    if (days.length < 7) tc.days = WEEKDAYS.filter((d) => days.includes(d));
  }
  if (input.graceSeconds !== undefined && input.graceSeconds !== null) {
    if (!isInt(input.graceSeconds, 0, MAX_GRACE_SECONDS))
      bad(
        'The grace period must be 0 to 604800 seconds.',
        'graceSeconds',
        'Give a whole number of seconds, at most 7 days.',
      );
    if (input.graceSeconds > 0) tc.graceSeconds = input.graceSeconds;
  }
  if (input.readyDelaySeconds !== undefined && input.readyDelaySeconds !== null) {
    if (!isInt(input.readyDelaySeconds, 0, MAX_READY_DELAY_SECONDS))
      bad(
        'The delay after everyone is ready must be 0 to 3600 seconds.',
        'readyDelaySeconds',
        'Give a whole number of seconds, at most one hour.',
      );
    if (input.readyDelaySeconds > 0) tc.readyDelaySeconds = input.readyDelaySeconds;
  }
  if (input.excuses !== undefined && input.excuses !== null) {
    if (!isInt(input.excuses, 0, MAX_EXCUSES))
      bad(
        `Excuses per player must be 0 to ${MAX_EXCUSES}.`,
        'excuses',
        'Give a whole number of missed turns each player may be excused.',
      );
    if (input.excuses > 0) tc.excuses = input.excuses;
  }
  if (input.onMissedTurn !== undefined && input.onMissedTurn !== null) {
    if (!(MISSED_TURN_POLICIES as readonly string[]).includes(input.onMissedTurn))
      bad(
        `Unknown missed-turn policy "${String(input.onMissedTurn).slice(0, 20)}".`,
        'onMissedTurn',
        `Use one of ${MISSED_TURN_POLICIES.join(', ')}.`,
      );
    if (input.onMissedTurn !== 'default') tc.onMissedTurn = input.onMissedTurn;
  }
  if (input.reminders !== undefined && input.reminders !== null) {
    const r = input.reminders;
    if (!Array.isArray(r) || r.length > MAX_REMINDERS)
      bad(
        `A reminder schedule lists at most ${MAX_REMINDERS} times.`,
        'reminders',
        'Give seconds before the deadline, e.g. [86400, 3600].',
      );
    const bad1 = r.find((x) => !isInt(x, 60, MAX_STEP_SECONDS));
    if (bad1 !== undefined)
      bad(
        `A reminder must come 60 to ${MAX_STEP_SECONDS} seconds before the deadline (got ${String(bad1).slice(0, 20)}).`,
        'reminders',
        'Give whole seconds before the deadline, at least 60.',
      );
    // Stored largest first, without repeats; an empty list means no reminders at all.
    tc.reminders = [...new Set(r)].sort((a, b) => b - a);
  }
  if (input.allowVacations !== undefined && input.allowVacations !== null) {
    if (typeof input.allowVacations !== 'boolean')
      bad('allowVacations is true or false.', 'allowVacations', 'Give true or false.');
    if (!input.allowVacations) tc.allowVacations = false;
  }
  const perKind = normalisePerKind(input.perKind);
  if (perKind) tc.perKind = perKind;
  return tc;
}

/** Validates `perKind`: at most MAX_PER_KIND kinds named like prompt kinds, each 60 s to 60 days. */
function normalisePerKind(raw: unknown): Record<string, number> | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw))
    bad('perKind maps prompt kinds to seconds.', 'perKind', 'Give an object such as {"mission-assignment": 172800}.');
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_PER_KIND)
    bad(`perKind lists at most ${MAX_PER_KIND} prompt kinds.`, 'perKind', 'Remove some kinds.');
  const out: Record<string, number> = {};
  for (const [kind, secs] of entries) {
    if (!KIND_RE.test(kind))
      bad(
        `"${kind.slice(0, 40)}" is not a prompt kind name.`,
        'perKind',
        'Prompt kinds are letters, digits, ".", "_" or "-", at most 40 characters (see GameModuleInfo.promptKinds).',
      );
    if (!isInt(secs, 60, MAX_STEP_SECONDS))
      bad(
        `The step length for "${kind}" must be 60 to ${MAX_STEP_SECONDS} seconds.`,
        'perKind',
        'Give whole seconds, at least 60, at most 60 days.',
      );
    out[kind] = secs as number;
  }
  return entries.length ? out : null;
}

/** The time control of a stored game, with every field filled (games older than the extension too). */
export type FullTimeControl = Required<Omit<TimeControl, 'reminders'>> & { reminders: number[] | null };

export function readTimeControl(raw: unknown): FullTimeControl {
  const tc = (raw ?? {}) as Partial<TimeControl>;
  return {
    preset: tc.preset ?? 'none',
    stepSeconds: tc.stepSeconds ?? null,
    timeOfDay: tc.timeOfDay ?? null,
    timeZone: tc.timeZone ?? 'UTC',
    days: tc.days ?? [...WEEKDAYS],
    graceSeconds: tc.graceSeconds ?? 0,
    readyDelaySeconds: tc.readyDelaySeconds ?? 0,
    excuses: tc.excuses ?? 0,
    onMissedTurn: tc.onMissedTurn ?? 'default',
    reminders: tc.reminders ?? null,
    allowVacations: tc.allowVacations ?? true,
    perKind: tc.perKind ?? {},
  };
}

/**
 * The reminder schedule of a game: its own, or (none given) one reminder `defaultSeconds`
 * before the deadline but at most a quarter of the step, so a short step is not reminded of at
 * its start. An explicit empty schedule means no reminders.
 */
export function reminderSchedule(raw: TimeControl | unknown, defaultSeconds: number, stepMs: number | null): number[] {
  const own = (raw as Partial<TimeControl> | null)?.reminders;
  if (Array.isArray(own)) return own;
  const lead = stepMs === null ? defaultSeconds : Math.min(defaultSeconds, Math.floor(stepMs / 4000));
  return lead >= 1 ? [lead] : [];
}

/** The step length for a step owing prompts of `kinds`: the longest perKind entry among them, else stepSeconds. */
export function stepSecondsFor(tc: FullTimeControl, kinds: readonly string[]): number | null {
  const own = kinds
    .map((k) => (Object.hasOwn(tc.perKind, k) ? tc.perKind[k] : undefined))
    .filter((s): s is number => typeof s === 'number');
  return own.length ? Math.max(...own) : tc.stepSeconds;
}

/**
 * The deadline of a step opened at `from` (what players are shown), or null without a clock.
 * `kinds`: the kinds of the step's prompts, for the per-kind lengths.
 */
export function deadlineFrom(raw: TimeControl | unknown, from: Date, kinds: readonly string[] = []): Date | null {
  const tc = readTimeControl(raw);
  const seconds = stepSecondsFor(tc, kinds);
  if (tc.timeOfDay) return nextTimeOfDay(from, tc.timeOfDay, tc.timeZone, tc.days, seconds ?? 0);
  if (!seconds) return null;
  return addClockSeconds(from, seconds, tc.timeZone, tc.days);
}

/**
 * The deadline of a step whose prompts are `prompts`: the time control's, or sooner when a prompt
 * carries a deadline of its own (a module's short reaction window, Prompt.deadlineSeconds), which
 * applies even to games without a clock so a live window cannot stall the game.
 */
export function stepDeadlineFor(
  raw: TimeControl | unknown,
  prompts: readonly { deadlineSeconds?: number; kind?: string }[],
  from: Date,
): Date | null {
  const clock = deadlineFrom(raw, from, promptKinds(prompts));
  const own = prompts
    .map((x) => x.deadlineSeconds)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s) && s > 0);
  if (!own.length) return clock;
  const window = new Date(from.getTime() + Math.min(...own) * 1000);
  return clock && clock < window ? clock : window;
}

/** The distinct kinds of a step's prompts. */
export const promptKinds = (prompts: readonly { kind?: string }[]): string[] => [
  ...new Set(prompts.map((x) => x.kind).filter((k): k is string => typeof k === 'string')),
];

/** When default orders are actually used: the deadline plus the grace period. */
export function hardDeadline(raw: TimeControl | unknown, deadline: Date): Date {
  return new Date(deadline.getTime() + readTimeControl(raw).graceSeconds * 1000);
}

/** Milliseconds between every owed side being ready and the resolution job running. */
export function readyDelayMs(raw: TimeControl | unknown): number {
  return readTimeControl(raw).readyDelaySeconds * 1000;
}
