/**
 * Renegade Legion: Prefect — the Space Game as a Warpost game module (engine/contract.ts,
 * issue 10). It assembles set-up (setup.ts, L1146-1178), the step machine (sequence.ts, digest
 * §4.4, D-53), validation by trial application (validate.ts, apply.ts), the Space Combat Phase of
 * ../resolution/ (combat-link.ts), prompts (prompts.ts), views (view.ts) and the bot (bot.ts) on
 * top of the rules library one folder up.
 */
import { defineGame, type GameEvent, type Json, type OrderError, type Outcome } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { memoCheck, ordersOrDefaults, promptContext } from '#engine/step-kit.js';
import { spaceData } from '../data/index.js';
import { botOrders } from './bot.js';
import { OPTION_SPECS } from './options.js';
import { buildPrompts, defaultFor, PROMPT_KINDS } from './prompts.js';
import { advance, owedAt } from './sequence.js';
import { initialState } from './setup.js';
import type { SpaceGameState } from './types.js';
import { SIDES } from './types.js';
import { checkOrder, type Checked } from './validate.js';
import { aliasEvents, aliasForSender, aliasTfIds, viewOf } from './view.js';
import { spacePresentation, withSpaceSchemas } from '../present/index.js';

/** Validation memoised per state object and order (engine/step-kit.ts). */
const checked = memoCheck<SpaceGameState, Checked>((state, side, raw) => checkOrder(state, side, raw));

/** Errors as the sender sees them: TF ids under their aliases, the sender's own words as typed. */
export const validateOrders = (state: SpaceGameState, side: string, raw: unknown): OrderError[] =>
  checked(state, side, raw).errors.map((e) => ({ ...e, message: aliasForSender(state, raw, e.message) }));

/** Applies the owed orders (an invalid or missing one replaced by the default) and runs to the next decision point. */
export function resolveStep(
  prev: SpaceGameState,
  ordersBySide: Record<string, Json>,
  dice: Dice,
): { state: SpaceGameState; events: GameEvent[] } {
  const state = structuredClone(prev);
  const { orders, events } = ordersOrDefaults(prev, state, owedAt(prev), ordersBySide, checked, defaultFor);
  events.push(...advance(state, orders, dice));
  // A step nobody owes (e.g. every TF in T-space at Mission Assignment) runs on at once.
  for (let guard = 0; owedAt(state).length === 0 && state.step !== 'GAME_OVER' && guard < 20; guard++)
    events.push(...advance(state, {}, dice));
  return { state, events: aliasEvents(state, events) };
}

function outcomeOf(state: SpaceGameState): Outcome | null {
  const r = state.result;
  return r ? { winner: r.winner, level: 'victory-points', summary: r.summary, score: { ...r.vp } } : null;
}

const prompts = (state: SpaceGameState) => buildPrompts(state, (v) => aliasTfIds(state, v as Json));

export const prefectSpace = defineGame<SpaceGameState, Json>({
  id: 'prefect-space',
  title: 'Renegade Legion: Prefect — Space Game',
  sides: [...SIDES],
  scenarios: Object.values(spaceData.scenarios).map((sc) => ({
    id: sc.id,
    title: sc.title,
    description: sc.description,
    sides: [...SIDES],
  })),
  options: OPTION_SPECS,
  promptKinds: withSpaceSchemas(PROMPT_KINDS),
  setup: (scenario, options, dice) => initialState(scenario, options, dice),
  prompts,
  validate: validateOrders,
  resolve: resolveStep,
  view: (state, viewer) => viewOf(state, viewer, promptContext(viewer, prompts(state), owedAt(state))),
  outcome: outcomeOf,
  // The bot reads its side's view and prompt only, and names enemy TFs by their aliases.
  bot(state, side, dice) {
    const prompt = prompts(state).find((p) => p.side === side);
    if (!prompt) return null;
    return botOrders(viewOf(state, side), prompt, side, (o) => validateOrders(state, side, o), dice);
  },
  ...spacePresentation, // boards, pieces, event and prompt sentences (../present/)
});

export default prefectSpace;
