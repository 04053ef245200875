/** Test helpers for the Campaign module: bot-v-bot play with a hook after every step (imported only by tests). */
import type { GameEvent, Json, Prompt } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectCampaign from './index.js';
import type { CampaignGameState } from './types.js';

export const newGame = (seed: string, options: Record<string, Json> = {}): CampaignGameState =>
  prefectCampaign.setup('invasion', options, seededDice(seed, 0));

export interface StepInfo {
  step: number;
  prev: CampaignGameState;
  state: CampaignGameState;
  prompts: Prompt[];
  orders: Record<string, Json>;
  events: GameEvent[];
}

/** Bot play from `seed` up to the first step of `stage` (e.g. the first Supply Phase). */
export function firstAtStage(
  seed: string,
  stage: CampaignGameState['stage'],
  options: Record<string, Json> = {},
): CampaignGameState {
  let s = newGame(seed, options);
  for (let step = 0; s.stage !== stage; step++) {
    const orders: Record<string, Json> = {};
    for (const p of prefectCampaign.prompts(s)) orders[p.side] = prefectCampaign.bot(s, p.side, seededDice('b', step));
    s = prefectCampaign.resolve(s, orders, seededDice('r', step)).state;
  }
  return s;
}

/** Plays bot against bot to the end; `each` sees every step. */
export function playBots(
  seed: string,
  each?: (x: StepInfo) => void,
  options: Record<string, Json> = {},
  maxSteps = 600,
): CampaignGameState {
  let s = newGame(seed, options);
  for (let step = 1; step <= maxSteps; step++) {
    const prompts = prefectCampaign.prompts(s);
    if (!prompts.length) return s;
    const orders: Record<string, Json> = {};
    for (const p of prompts) orders[p.side] = prefectCampaign.bot(s, p.side, seededDice(`${seed}-bot-${p.side}`, step));
    const r = prefectCampaign.resolve(s, orders, seededDice(seed, step));
    each?.({ step, prev: s, state: r.state, prompts, orders, events: r.events });
    s = r.state;
  }
  throw new Error(`campaign ${seed} did not end in ${maxSteps} steps`);
}

/** Seeds `firstInBotPlay` tries, in order. */
export const SEARCH_SEEDS: readonly string[] = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'b1', 'b2'];
const FOUND = Symbol('found');

/**
 * The first value `pick` gives in bot play over `seeds` (in order; each game stopped once found).
 * Where a situation arises moves whenever a bot policy changes, so a test that needs one from bot
 * play searches for it instead of naming one seed; none found throws an error naming `what`.
 */
export function firstInBotPlay<T>(
  what: string,
  pick: (x: StepInfo) => T | null | undefined | false,
  options: Record<string, Json> = {},
  seeds: readonly string[] = SEARCH_SEEDS,
): T {
  for (const seed of seeds) {
    let found: T | undefined;
    try {
      playBots(
        seed,
        (x) => {
          const v = pick(x);
          if (v) {
            found = v;
            throw FOUND;
          }
        },
        options,
      );
    } catch (e) {
      if (e !== FOUND) throw e;
    }
    if (found !== undefined) return found;
  }
  throw new Error(`no ${what} in bot play on seeds ${seeds.join(', ')}`);
}
