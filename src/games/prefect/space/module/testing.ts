/** Test helpers for the Space module: bot-v-bot play with a hook after every step (imported only by tests and the balance script). */
import type { GameEvent, Json, Prompt } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectSpace from './index.js';
import type { SpaceGameState } from './types.js';

export const newGame = (seed: string, options: Record<string, Json> = {}): SpaceGameState =>
  prefectSpace.setup('hold-the-line', options, seededDice(seed, 0));

export interface StepInfo {
  step: number;
  prev: SpaceGameState;
  state: SpaceGameState;
  prompts: Prompt[];
  orders: Record<string, Json>;
  events: GameEvent[];
}

/** A bot's order, possibly rewritten by a test variant (`gsEverywhere`). */
export type BotVariant = (order: Json, prompt: Prompt, state: SpaceGameState) => Json;

/**
 * Test variant of the invader: every TOG TF in the key sector (Ku Crassus) that the invader bot
 * holds on Supply flies Ground Support instead (the "GS farming" probe of README "Balance").
 */
export const gsEverywhere: BotVariant = (order, prompt) => {
  const o = order as { kind?: string; missions?: { tf: string; mission: string }[] };
  if (prompt.side !== 'TOG' || o.kind !== 'missions' || !o.missions) return order;
  const choices = (
    prompt as unknown as {
      choices: { tfs: { tf: string; place: { kind: string; sector?: string }; missions: string[] }[] };
    }
  ).choices.tfs;
  const gs = new Set(
    choices
      .filter((c) => c.place.kind === 'SECTOR' && c.place.sector === 's3-4' && c.missions.includes('GROUND_SUPPORT'))
      .map((c) => c.tf),
  );
  // the invader bot's holding Supply missions (fresh TFs, bot-invader.ts) become Ground Support
  return {
    ...o,
    missions: o.missions.map((m) =>
      gs.has(m.tf) && m.mission === 'SUPPLY' ? { tf: m.tf, mission: 'GROUND_SUPPORT' } : m,
    ),
  } as unknown as Json;
};

/** Plays bot against bot to the end; `each` sees every step; `variant` may rewrite the bots' orders. */
export function playBots(
  seed: string,
  each?: (x: StepInfo) => void,
  maxSteps = 800,
  variant?: BotVariant,
  options: Record<string, Json> = {},
): SpaceGameState {
  let s = newGame(seed, options);
  for (let step = 1; step <= maxSteps; step++) {
    const prompts = prefectSpace.prompts(s);
    if (!prompts.length) return s;
    const orders: Record<string, Json> = {};
    for (const p of prompts) {
      const o = prefectSpace.bot(s, p.side, seededDice(`${seed}-bot-${p.side}`, step));
      orders[p.side] = variant ? variant(o, p, s) : o;
    }
    const r = prefectSpace.resolve(s, orders, seededDice(seed, step));
    each?.({ step, prev: s, state: r.state, prompts, orders, events: r.events });
    s = r.state;
  }
  throw new Error(`game ${seed} did not end in ${maxSteps} steps`);
}
