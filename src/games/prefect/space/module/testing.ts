/** Test helpers for the Space module: bot-v-bot play with a hook after every step (imported only by tests and the balance script). */
import type { GameEvent, Json, Prompt } from '../../../../engine/contract.js';
import { seededDice } from '../../../../engine/dice.js';
import prefectSpace from './index.js';
import type { SpaceGameState } from './types.js';

export const newGame = (seed: string): SpaceGameState => prefectSpace.setup('hold-the-line', {}, seededDice(seed, 0));

export interface StepInfo { step: number; prev: SpaceGameState; state: SpaceGameState; prompts: Prompt[]; orders: Record<string, Json>; events: GameEvent[] }

/** Plays bot against bot to the end; `each` sees every step. */
export function playBots(seed: string, each?: (x: StepInfo) => void, maxSteps = 800): SpaceGameState {
  let s = newGame(seed);
  for (let step = 1; step <= maxSteps; step++) {
    const prompts = prefectSpace.prompts(s);
    if (!prompts.length) return s;
    const orders: Record<string, Json> = {};
    for (const p of prompts) orders[p.side] = prefectSpace.bot(s, p.side, seededDice(`${seed}-bot-${p.side}`, step));
    const r = prefectSpace.resolve(s, orders, seededDice(seed, step));
    each?.({ step, prev: s, state: r.state, prompts, orders, events: r.events });
    s = r.state;
  }
  throw new Error(`game ${seed} did not end in ${maxSteps} steps`);
}
