/**
 * Renegade Legion: Prefect — the Planetary Game as a Warpost game module (engine/contract.ts,
 * issue 9). The module assembles: set-up (setup.ts, L226-242), the step machine (sequence.ts,
 * L258-267), the interleaved Movement Phase in planned or interactive play (counteractions.ts,
 * L393-457), the Combat Phase (combat-phase.ts), the rules of the RULES engineer through rules.ts,
 * validation (validate.ts, orders.ts), prompts (prompts.ts), views (view.ts) and the bot (bot.ts).
 */
import { defineGame, type GameEvent, type Json, type OrderError, type Outcome } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { memoCheck, ordersOrDefaults, promptContext } from '#engine/step-kit.js';
import { botOrders } from './bot.js';
import { OPTION_SPECS } from './options.js';
import { buildPrompts, defaultFor } from './prompts.js';
import { rulesData } from '../rules-data.js';
import { advance, owedAt } from './sequence.js';
import { initialState } from './setup.js';
import type { PrefectState, Side } from '../types.js';
import { SIDES } from '../types.js';
import { checkOrder, type Checked } from './validate.js';
import { aliasEvents, aliasTfIds, hiddenIds, redactFor, viewOf } from './view.js';
import { planetaryPresentation, withPlanetarySchemas } from '../present/index.js';

/** Validation memoised per state object and order (engine/step-kit.ts). */
const checked = memoCheck<PrefectState, Checked>((state, side, raw) => checkOrder(state, side, raw));

/** Errors with every hidden unit id in their messages replaced by the side's opaque id. */
export function validateOrders(state: PrefectState, side: string, raw: unknown): OrderError[] {
  const errors = checked(state, side, raw).errors;
  if (!errors.length || !SIDES.includes(side as Side)) return errors.map((e) => ({ ...e }));
  const hidden = hiddenIds(state, side as Side);
  return errors.map((e) => {
    let message = e.message;
    for (const [id, opq] of hidden) if (message.includes(id)) message = message.split(id).join(opq);
    return { ...e, message: aliasTfIds(state, message) as string };
  });
}

/** Applies the owed orders (an invalid or missing one replaced by the deadline default) and runs to the next decision point. */
export function resolveStep(
  prev: PrefectState,
  ordersBySide: Record<string, Json>,
  dice: Dice,
): { state: PrefectState; events: GameEvent[] } {
  const state = structuredClone(prev);
  const { orders, events } = ordersOrDefaults(prev, state, owedAt(prev), ordersBySide, checked, defaultFor);
  events.push(...advance(state, orders, dice));
  // TF ids are aliased for everyone (view.ts): the ids of the state before and after both work.
  return { state, events: aliasEvents(state, events) };
}

function outcomeOf(state: PrefectState): Outcome | null {
  const r = state.result;
  if (!r) return null;
  return {
    winner: r.winner,
    level: r.level,
    summary: r.summary,
    score: { TOG: state.destroyedCombat.TOG, CW: state.destroyedCombat.CW },
  };
}

const prompts = (state: PrefectState) => buildPrompts(state, (side, v) => redactFor(state, side, v));

export const prefect = defineGame<PrefectState, Json>({
  id: 'prefect',
  title: 'Renegade Legion: Prefect — Planetary Game',
  sides: [...SIDES],
  scenarios: Object.values(rulesData().scenarios).map((sc) => ({
    id: sc.id,
    title: sc.title,
    description: sc.description,
    sides: [...SIDES],
  })),
  options: OPTION_SPECS,
  promptKinds: withPlanetarySchemas([
    { kind: 'setup-assign', description: 'Set-up: units into Task Forces, sealed (L226-242).' },
    { kind: 'setup-place', description: 'Set-up: placing Task Force counters in turn (L226-242).' },
    { kind: 'movement-plan', description: "Planned play: the attacker's whole Movement Phase, sealed (L393-457)." },
    {
      kind: 'counter-orders',
      description: "Planned play: the defender's standing counter-actions, sealed (L393-457).",
    },
    { kind: 'move', description: 'Interactive play: one attacker Task Force move.' },
    { kind: 'interrupt', description: 'Interactive play: the defender may stop a moving Task Force (a short window).' },
    { kind: 'mover-detect', description: "Interactive play: the mover's detection of a counter-attacker." },
    { kind: 'counter-attack', description: "Interactive play: the defender's counter-attack." },
    { kind: 'defender-actions', description: "Interactive play: the defender's held actions." },
    { kind: 'combat-declare', description: 'Combat Phase: attack declarations and detections (L539).' },
    { kind: 'combat-detect', description: "Combat Phase: the defender's detections." },
    {
      kind: 'external-result',
      description:
        "Option externalCombat (D-87): both players' sealed entry of a combat played with Centurion; applied when they agree (L2749-2798); deadline externalResultSeconds.",
    },
    { kind: 'supply', description: 'Supply Phase, sealed (L737-846).' },
    { kind: 'withdrawal', description: 'Withdrawal Phase, sealed (L848-864).' },
    { kind: 'adjustment', description: 'Task Force Adjustment Phase, sealed (L866-878).' },
  ]),
  setup: (scenario, options, dice) => initialState(scenario, options, dice),
  prompts,
  validate: validateOrders,
  resolve: resolveStep,
  view: (state, viewer) => viewOf(state, viewer, promptContext(viewer, prompts(state), owedAt(state))),
  outcome: outcomeOf,
  // Orders name TFs by their public aliases: real TF ids would tell the sender the enemy's organisation and counters.
  bot: (state, side, dice) =>
    aliasTfIds(state, botOrders(state, side as Side, dice, validateOrders) as unknown as Json),
  ...planetaryPresentation, // boards, pieces, event and prompt sentences (present/)
});

export default prefect;
