/**
 * Engine speed: complete bot-vs-bot games per second on one core, per module, pure rules only
 * (no database). Median over several runs; each game uses its own seed.
 */
import { seededDice, SeededDice } from '#engine/dice.js';
import type { GameModule } from '#engine/contract.js';
import { percentile } from './common.js';

export interface EngineResult {
  module: string;
  scenario: string;
  games: number;
  stepsPerGame: number;
  msPerGameMedian: number;
  gamesPerSecond: number;
  /** One `resolve` call (no bots): p99 and slowest over every step of every game, ms. A worker holds a job this long. */
  resolveMsP99: number;
  resolveMsMax: number;
}

export function playOne(
  m: GameModule<any, any>,
  scenario: string,
  seed: string,
  maxSteps = 100_000,
  resolveMs?: number[],
): number {
  let state = m.setup(scenario, Object.fromEntries(m.options.map((o) => [o.id, o.default])), seededDice(seed));
  let steps = 0;
  while (!m.outcome(state)) {
    const prompts = m.prompts(state);
    if (prompts.length === 0) throw new Error(`${m.id}: dead end at step ${steps}`);
    const orders: Record<string, unknown> = {};
    for (const side of new Set(prompts.map((p) => p.side))) {
      orders[side] = m.bot(state, side, new SeededDice({ seed, gameId: `bot-${side}`, step: steps }));
    }
    const t0 = performance.now();
    state = m.resolve(state, orders, new SeededDice({ seed, gameId: 'bench', step: steps })).state;
    resolveMs?.push(performance.now() - t0);
    if (++steps > maxSteps) throw new Error(`${m.id}: no end after ${maxSteps} steps`);
  }
  return steps;
}

export function benchEngine(m: GameModule<any, any>, opts: { runs?: number; gamesPerRun?: number } = {}): EngineResult {
  const scenario = m.scenarios[0].id;
  const runs = opts.runs ?? 5;
  const perRun = opts.gamesPerRun ?? 20;
  const times: number[] = [];
  let steps = 0;
  const resolveMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (let g = 0; g < perRun; g++) steps += playOne(m, scenario, `bench-${r}-${g}`, undefined, resolveMs);
    times.push((performance.now() - t0) / perRun);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  return {
    module: m.id,
    scenario,
    games: runs * perRun,
    stepsPerGame: Math.round(steps / (runs * perRun)),
    msPerGameMedian: Math.round(median * 1000) / 1000,
    gamesPerSecond: Math.round((1000 / median) * 10) / 10,
    resolveMsP99:
      Math.round(
        percentile(
          resolveMs.sort((a, b) => a - b),
          99,
        ) * 100,
      ) / 100,
    resolveMsMax: Math.round((resolveMs.at(-1) ?? 0) * 100) / 100,
  };
}
