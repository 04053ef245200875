/**
 * A module's test kit: what the platform's generic suites (secrets, fuzz, API, bench) need to know
 * about a module beyond the kernel contract. Each module ships its kit in its own folder
 * (`src/games/<id>/kit.ts`, default export) and the registry pairs it with the module; a suite
 * fails for a shipped module without one.
 */
import type { GameEvent, Json, Side } from './contract.js';

/** One rule the bots are expected to exercise, by the rule's own number or section. */
export interface CoveredRule {
  /** Rule id as the rulebook prints it (e.g. "14.22", or a section and paragraph). */
  id: string;
  /** A few words naming the rule. */
  title: string;
  /** Why no legal game can exercise it (a rule that never arises must say why; else the fuzz test fails). */
  cannotArise?: string;
}

/** One resolved step as the fuzzer saw it. */
export interface CoverageStep<S = unknown> {
  before: S;
  after: S;
  orders: Record<Side, Json>;
  events: GameEvent[];
}

/** Which rules a step exercised, so the fuzz report can count each rule across bot games. */
export interface RuleCoverage<S = unknown> {
  rules: CoveredRule[];
  /** Ids (from `rules`) that this step exercised; an id not in `rules` is a kit bug and fails the fuzz test. */
  exercised(step: CoverageStep<S>): string[];
}

/** Hidden-information probe, used by the secrets suite. */
export interface SecretsKit<S = unknown> {
  /**
   * Strings the rules hide from `side` in `state` beyond what the suite derives by itself from the
   * owner's and the opponent's views (e.g. a secret key that no view shows). Optional.
   */
  extraSecrets?(state: S, side: Side): string[];
  /** May mark a side's orders with unique text so that a leak of them is findable. */
  decorate?(state: S, side: Side, step: number, orders: Json): Json;
}

export interface ModuleKit<S = any> {
  /** Scenario the generic suites play (default: the module's first). */
  scenario?: string;
  /** Steps to walk in the generic suites (a long game need not be played to the end). */
  maxSteps: number;
  secrets: SecretsKit<S>;
  coverage?: RuleCoverage<S>;
}

/** Counts, per rule id, how often a set of steps exercised it. */
export function countCoverage<S>(coverage: RuleCoverage<S>, steps: Iterable<CoverageStep<S>>): { counts: Record<string, number>; unknown: string[] } {
  const counts: Record<string, number> = Object.fromEntries(coverage.rules.map((r) => [r.id, 0]));
  const unknown = new Set<string>();
  for (const step of steps) {
    for (const id of new Set(coverage.exercised(step))) {
      if (id in counts) counts[id]++;
      else unknown.add(id);
    }
  }
  return { counts, unknown: [...unknown] };
}

/** Rules never exercised that do not say why they cannot arise: the fuzz test fails on any. */
export function unexercised(coverage: RuleCoverage<any>, counts: Record<string, number>): CoveredRule[] {
  return coverage.rules.filter((r) => !r.cannotArise && !counts[r.id]);
}
