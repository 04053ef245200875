/** Test helpers for the Campaign module: bot-v-bot play with a hook after every step (imported only by tests). */
import type { GameEvent, Json, Prompt } from '../../../../engine/contract.js';
import { seededDice } from '../../../../engine/dice.js';
import prefectCampaign from './index.js';
import type { CampaignGameState } from './types.js';

export const newGame = (seed: string, options: Record<string, Json> = {}): CampaignGameState => prefectCampaign.setup('invasion', options, seededDice(seed, 0));

export interface StepInfo { step: number; prev: CampaignGameState; state: CampaignGameState; prompts: Prompt[]; orders: Record<string, Json>; events: GameEvent[] }

/** Plays bot against bot to the end; `each` sees every step. */
export function playBots(seed: string, each?: (x: StepInfo) => void, options: Record<string, Json> = {}, maxSteps = 600): CampaignGameState {
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
