/**
 * A random-play fuzzer for any game module, through the kernel contract only (in the spirit of
 * Rally the Troops' rtt-fuzz). Each game is seeded; per step, every owed side plays one of:
 * - the module's bot (most often),
 * - a random pick among the prompt's own choices, put into the default orders where a field of
 *   the defaults is one of those choices (a list, or a {min, max} range), else the bot,
 * - the prompt's default orders (what a deadline would use).
 * It reports, each with the game seed that reproduces it:
 * - crash: setup, prompts, validate, bot, resolve, view or outcome threw;
 * - dead-end: a side owes orders but its bot's or its default orders fail the module's own
 *   validation, or nothing is owed while the game has no outcome (the platform would pause it);
 * - endless: no outcome after `maxSteps` steps.
 * State goes through a JSON round trip after every step, as the platform stores it.
 *
 * Rule coverage: every event's `rule` fields (anywhere in its data, e.g. `rule: '6.8, 6.2'`) are
 * counted per rule reference, and event types are counted too, so a module's declared rule list
 * (`RuleCoverageList`) can be checked against what the games exercised (`ruleCoverage`).
 */
import type { AnyModule, GameEvent, Json, OptionSpec, Prompt, Side } from './contract.js';
import { seededDice, type Dice } from './dice.js';

/** contract: the module broke the kernel contract (e.g. a prompt kind it does not declare in promptKinds). */
export type FuzzFailureKind = 'crash' | 'dead-end' | 'endless' | 'contract';

export interface FuzzFailure {
  kind: FuzzFailureKind;
  module: string;
  /** Replays exactly this game: fuzzGame(module, seed, same options). */
  seed: string;
  scenario: string;
  step: number;
  message: string;
}

export interface FuzzGameResult {
  seed: string;
  scenario: string;
  options: Record<string, Json>;
  steps: number;
  /** Submissions by how they were made. */
  plays: Record<'bot' | 'choice' | 'default', number>;
  /** Random picks among a prompt's choices that the module refused (not a failure: the pick may need more than one field). */
  choiceRejected: number;
  winner: Side | null | undefined;
  failure?: FuzzFailure;
  /** Events citing each rule reference (from `rule` fields in event data). */
  rules: Record<string, number>;
  /** Events by type. */
  eventTypes: Record<string, number>;
}

export interface FuzzOptions {
  /** Step cap: a game without an outcome by then is reported as endless. */
  maxSteps?: number;
  /** Also draw boolean and enumerated string options at random (numeric ones keep their default). */
  varyOptions?: boolean;
  /** Call view() for every side and spectators after every step (catches crashes in views). */
  checkViews?: boolean;
}

const DEFAULT_MAX_STEPS = 5000;

class Fail extends Error {
  constructor(
    readonly kind: FuzzFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** The scenario and options a game seed stands for. */
export function fuzzSetupFor(
  module: AnyModule,
  seed: string,
  varyOptions = false,
): { scenario: string; options: Record<string, Json> } {
  const d = seededDice(`${seed}|setup`);
  const scenario = module.scenarios[pick(d, module.scenarios.length, 'scenario') - 1].id;
  const options: Record<string, Json> = {};
  for (const spec of module.options) options[spec.id] = varyOptions ? randomOption(spec, d) : spec.default;
  return { scenario, options };
}

function randomOption(spec: OptionSpec, d: Dice): Json {
  if (spec.type === 'boolean') return d.roll(2, spec.id) === 1;
  if (spec.type === 'string' && spec.values?.length) return spec.values[pick(d, spec.values.length, spec.id) - 1];
  return spec.default;
}

/** 1..n (dice need at least two sides; a single option is simply taken). */
const pick = (d: Dice, n: number, label: string) => (n <= 1 ? 1 : d.roll(n, label));

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Orders made from a random pick among the prompt's choices: the first field of the default
 * orders whose value is one of the choices (or within a {min, max} range) takes the pick.
 */
export function choiceOrders(prompt: Prompt, d: Dice): Json | undefined {
  const { choices, defaultOrders } = prompt;
  if (!isObject(defaultOrders))
    return Array.isArray(choices) && choices.length ? choices[pick(d, choices.length, 'choice') - 1] : undefined;
  for (const [key, value] of Object.entries(defaultOrders)) {
    if (Array.isArray(choices) && choices.length && choices.some((c) => JSON.stringify(c) === JSON.stringify(value))) {
      return { ...defaultOrders, [key]: choices[pick(d, choices.length, 'choice') - 1] };
    }
    if (
      isObject(choices) &&
      typeof choices.min === 'number' &&
      typeof choices.max === 'number' &&
      typeof value === 'number'
    ) {
      const span = Math.floor(choices.max) - Math.ceil(choices.min) + 1;
      if (span >= 1) return { ...defaultOrders, [key]: Math.ceil(choices.min) + pick(d, span, 'choice') - 1 };
    }
  }
  return undefined;
}

function attempt<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    throw new Fail('crash', `${what} threw: ${(err as Error)?.stack ?? String(err)}`);
  }
}

/** Plays one seeded game to its end (or its first failure). Never throws. */
export function fuzzGame(module: AnyModule, seed: string, o: FuzzOptions = {}): FuzzGameResult {
  const maxSteps = o.maxSteps ?? DEFAULT_MAX_STEPS;
  const { scenario, options } = fuzzSetupFor(module, seed, o.varyOptions);
  const result: FuzzGameResult = {
    seed,
    scenario,
    options,
    steps: 0,
    plays: { bot: 0, choice: 0, default: 0 },
    choiceRejected: 0,
    winner: undefined,
    rules: {},
    eventTypes: {},
  };
  const sides = module.scenarios.find((s) => s.id === scenario)?.sides ?? module.sides;
  try {
    let state = attempt('setup', () =>
      JSON.parse(JSON.stringify(module.setup(scenario, options, seededDice(seed, 0)))),
    );
    for (;;) {
      const outcome = attempt('outcome', () => module.outcome(state));
      if (outcome) {
        result.winner = outcome.winner;
        return result;
      }
      if (result.steps >= maxSteps) throw new Fail('endless', `no outcome after ${maxSteps} steps`);
      result.steps++;
      const step = result.steps;
      const prompts: Prompt[] = attempt('prompts', () => module.prompts(state));
      if (prompts.length === 0) throw new Fail('dead-end', 'nothing is owed but the game has no outcome');
      const undeclared = module.promptKinds && prompts.find((x) => !module.promptKinds!.some((k) => k.kind === x.kind));
      if (undeclared)
        throw new Fail(
          'contract',
          `prompt kind "${undeclared.kind}" is not in the module's promptKinds (time controls per kind could not name it)`,
        );
      const orders: Record<Side, Json> = {};
      for (const prompt of prompts) {
        if (Object.hasOwn(orders, prompt.side)) continue; // one submission per side and step
        const d = seededDice(`${seed}|play|${prompt.side}`, step);
        const legal = (x: unknown) =>
          attempt(`validate (${prompt.side}, ${prompt.kind})`, () => module.validate(state, prompt.side, x));
        const defaultErrors = legal(prompt.defaultOrders);
        if (defaultErrors.length)
          throw new Fail(
            'dead-end',
            `${prompt.side} ${prompt.kind}: the default orders are refused: ${JSON.stringify(defaultErrors.slice(0, 3))}`,
          );
        const policy = d.roll(20, 'policy');
        let chosen: Json | undefined;
        if (policy <= 3) {
          chosen = prompt.defaultOrders;
          result.plays.default++;
        } else if (policy <= 8) {
          const pick = choiceOrders(prompt, d);
          if (pick !== undefined && legal(pick).length === 0) {
            chosen = pick;
            result.plays.choice++;
          } else if (pick !== undefined) result.choiceRejected++;
        }
        if (chosen === undefined) {
          const bot = attempt(`bot (${prompt.side}, ${prompt.kind})`, () =>
            module.bot(state, prompt.side, seededDice(`${seed}|bot|${prompt.side}`, step)),
          );
          const errors = legal(bot);
          if (errors.length)
            throw new Fail(
              'dead-end',
              `${prompt.side} ${prompt.kind}: the bot's orders are refused: ${JSON.stringify(errors.slice(0, 3))}`,
            );
          chosen = bot as Json;
          result.plays.bot++;
        }
        orders[prompt.side] = chosen as Json;
      }
      const r = attempt('resolve', () => module.resolve(state, orders, seededDice(seed, step)));
      tallyEvents(r.events, result);
      state = JSON.parse(JSON.stringify(r.state));
      if (o.checkViews !== false)
        for (const viewer of [...sides, null])
          attempt(`view (${viewer ?? 'spectator'})`, () => module.view(state, viewer));
    }
  } catch (err) {
    // Anything not raised through attempt() is the fuzzer's own fault: say so rather than blame the module.
    const f = err instanceof Fail ? err : new Fail('crash', `fuzzer error: ${String((err as Error)?.stack ?? err)}`);
    result.failure = { kind: f.kind, module: module.id, seed, scenario, step: result.steps, message: f.message };
    return result;
  }
}

export interface FuzzSummary {
  module: string;
  games: number;
  failures: FuzzFailure[];
  steps: number;
  plays: Record<'bot' | 'choice' | 'default', number>;
  choiceRejected: number;
  winners: Record<string, number>;
  seconds: number;
  /** Per rule reference: events citing it, and games with at least one such event. */
  rules: Record<string, { events: number; games: number }>;
  /** Per event type: events, and games with at least one. */
  eventTypes: Record<string, { events: number; games: number }>;
}

// ---------------------------------------------------------------- rule coverage

/** Rule references in one `rule` field: "6.8, 6.2 (stacking)" → ['6.8', '6.2'], "L2230: no air defence" → ['L2230']; other references (G36, 3.2 B.1) are kept as written. */
export function ruleRefs(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((t) =>
      t
        .replace(/\(.*?\)/g, '')
        .replace(/:.*$/, '')
        .trim(),
    )
    .filter(Boolean);
}

function collectRules(data: unknown, out: string[]): void {
  if (Array.isArray(data)) for (const x of data) collectRules(x, out);
  else if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data)) {
      if (k === 'rule' && typeof v === 'string') out.push(...ruleRefs(v));
      else collectRules(v, out);
    }
  }
}

/** Adds `events` to per-rule-reference and per-type counts (the fuzz's own, or a module's bot-game harness). */
export function tallyEvents(events: readonly GameEvent[], into: Pick<FuzzGameResult, 'rules' | 'eventTypes'>): void {
  for (const e of events) {
    into.eventTypes[e.type] = (into.eventTypes[e.type] ?? 0) + 1;
    const refs: string[] = [];
    collectRules(e.data, refs);
    for (const ref of new Set(refs)) into.rules[ref] = (into.rules[ref] ?? 0) + 1;
  }
}

/**
 * One rule of a module's coverage list. It counts as exercised when an event cites it (or a
 * sub-rule of it: 10.41 for 10.4) or when an event of one of `events` types occurred; a rule bot
 * games cannot reach carries `unreachable`, the reason, instead.
 */
export interface RuleCoverageEntry {
  rule: string;
  title?: string;
  /** Event types that show the rule exercised even where no event cites it. */
  events?: string[];
  /** Why fuzz games cannot exercise it (a rule only checked in validation, an option they never draw, …). */
  unreachable?: string;
  /**
   * The module's own bot-vs-bot fuzz exercises it and checks so (named here, with why the random
   * play of this file's games rarely reaches it); `ruleCoverage` without `moduleFuzz` reports it
   * as 'deferred' rather than missing.
   */
  moduleFuzz?: string;
}

export interface RuleCoverageList {
  module: string;
  rules: RuleCoverageEntry[];
  /**
   * The module's own coverage test (its path in the repository) plays `fuzzGames` of the engine
   * fuzz's CI games (seed 'unit') beside its bot games and checks the list over both; the engine
   * fuzz test (test/fuzz/modules.test.ts) leaves such a module to it rather than play the same
   * games twice.
   */
  ownTest?: { file: string; fuzzGames: number };
}

export interface RuleCoverageRow {
  rule: string;
  title?: string;
  /** Events that exercised it (citing it or a sub-rule, or of a listed type). */
  events: number;
  /** Games with at least one such event (at least, when several references matched). */
  games: number;
  status: 'exercised' | 'unreachable' | 'deferred' | 'missing';
  reason?: string;
}

/** Is `ref` the rule `rule` or one of its sub-rules (10.41 of 10.4, 10.4 of 10; not 12.5 of 1)? */
export function citesRule(ref: string, rule: string): boolean {
  if (ref === rule) return true;
  if (!ref.startsWith(rule)) return false;
  const next = ref[rule.length];
  return next === '.' || next === ' ' || (rule.includes('.') && /[0-9]/.test(next));
}

/**
 * Each listed rule with how often the summary's games exercised it, and its status. `moduleFuzz`:
 * the games are the module's own bot-game fuzz, so its `moduleFuzz` rules must be exercised too.
 */
export function ruleCoverage(
  summary: Pick<FuzzSummary, 'rules' | 'eventTypes'>,
  list: RuleCoverageList,
  o: { moduleFuzz?: boolean } = {},
): RuleCoverageRow[] {
  return list.rules.map((entry) => {
    let events = 0;
    let games = 0;
    for (const [ref, c] of Object.entries(summary.rules)) {
      if (!citesRule(ref, entry.rule)) continue;
      events += c.events;
      games = Math.max(games, c.games);
    }
    for (const type of entry.events ?? []) {
      const c = summary.eventTypes[type];
      if (!c) continue;
      events += c.events;
      games = Math.max(games, c.games);
    }
    const deferred = !o.moduleFuzz && entry.moduleFuzz;
    const status = events > 0 ? 'exercised' : entry.unreachable ? 'unreachable' : deferred ? 'deferred' : 'missing';
    const reason = entry.unreachable ?? (deferred ? entry.moduleFuzz : undefined);
    return {
      rule: entry.rule,
      ...(entry.title ? { title: entry.title } : {}),
      events,
      games,
      status,
      ...(reason ? { reason } : {}),
    };
  });
}

/** Game seeds of a run: `${seed}-0` … `${seed}-(games-1)`. */
export const gameSeed = (seed: string, i: number) => `${seed}-${i}`;

export function fuzzModule(
  module: AnyModule,
  games: number,
  seed: string,
  o: FuzzOptions & { onGame?(r: FuzzGameResult): void } = {},
): FuzzSummary {
  const started = performance.now();
  const s: FuzzSummary = {
    module: module.id,
    games,
    failures: [],
    steps: 0,
    plays: { bot: 0, choice: 0, default: 0 },
    choiceRejected: 0,
    winners: {},
    seconds: 0,
    rules: {},
    eventTypes: {},
  };
  for (let i = 0; i < games; i++) {
    const r = fuzzGame(module, gameSeed(seed, i), o);
    o.onGame?.(r);
    s.steps += r.steps;
    for (const k of ['bot', 'choice', 'default'] as const) s.plays[k] += r.plays[k];
    s.choiceRejected += r.choiceRejected;
    addCounts(s.rules, r.rules);
    addCounts(s.eventTypes, r.eventTypes);
    if (r.failure) s.failures.push(r.failure);
    else s.winners[r.winner ?? 'draw'] = (s.winners[r.winner ?? 'draw'] ?? 0) + 1;
  }
  s.seconds = +((performance.now() - started) / 1000).toFixed(1);
  return s;
}

function addCounts(into: Record<string, { events: number; games: number }>, game: Record<string, number>): void {
  for (const [k, n] of Object.entries(game)) {
    const c = (into[k] ??= { events: 0, games: 0 });
    c.events += n;
    c.games++;
  }
}
