/**
 * Renegade Legion: Prefect — the Campaign Game as one Warpost game (engine/contract.ts, issue 10):
 * both maps in one game lasting the scenario's turns, the D-75 sequence (sequence.ts) driving the
 * Space module (items 1-7) and the Planetary module (items 8-9, ground Supply/Withdrawal) through
 * halves.ts, with the campaign hand-offs, prompts per declared kind (prompts.ts), validation
 * (validate.ts), per-side views (view.ts), the reused bots (bot.ts) and the invasion victory
 * (../victory.ts, D-01).
 */
import { defineGame, type GameEvent, type Json, type Outcome } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { ordersOrDefaults, type Checked } from '#engine/step-kit.js';
import { aliasEvents as aliasGround } from '../../planetary/index.js';
import { aliasEvents as aliasSpace } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { invasionResult } from '../victory.js';
import { campaignBot } from './bot.js';
import { buildPrompts, PROMPT_KINDS } from './prompts.js';
import { withCampaignScenarios } from './halves.js';
import { advance, owedAt } from './sequence.js';
import { initialState, OPTION_SPECS } from './setup.js';
import type { CampaignGameState } from './types.js';
import { validateOrders } from './validate.js';
import { campaignView } from './view.js';
import { campaignPresentation, withCampaignSchemas } from '../present/index.js';

/** The orders as given when legal (validation names hidden pieces only by what the side sees). */
function checked(state: CampaignGameState, side: string, raw: unknown): Checked<Json> {
  const errors = validateOrders(state, side, raw);
  return { errors, order: errors.length ? null : (raw as Json) };
}

/** The prompt's deadline default. */
function defaultOrders(state: CampaignGameState, owed: { side: string }): Json {
  return structuredClone(buildPrompts(state).find((p) => p.side === owed.side)!.defaultOrders);
}

/** Applies the owed orders (an invalid or missing one replaced by the prompt's default) and runs to the next decision point. */
export function resolveStep(
  prev: CampaignGameState,
  ordersBySide: Record<string, Json>,
  dice: Dice,
): { state: CampaignGameState; events: GameEvent[] } {
  const state = structuredClone(prev);
  const { orders, events } = ordersOrDefaults(prev, state, owedAt(prev), ordersBySide, checked, defaultOrders);
  events.push(...advance(state, orders, dice));
  // The library's events (drops, boxes) name real TF ids; everyone sees both maps' TFs under aliases (the sub-modules' events already are).
  return { state, events: aliasSpace(state.space, aliasGround(state.planetary, events)) };
}

function outcomeOf(cs: CampaignGameState): Outcome | null {
  if (!cs.result) return null;
  const r = invasionResult(cs, campaignData.scenarios[cs.scenario]);
  return {
    winner: cs.result.winner,
    level: 'invasion',
    summary: cs.result.summary,
    score: { bases: r.invaderBases.held, urban: r.invaderUrban.held },
  };
}

/** `module` with every function run within the campaign's scenarios (halves.ts). */
function withScenarios<M extends object>(module: M): M {
  const wrap =
    (f: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) =>
      withCampaignScenarios(() => f(...args));
  return Object.fromEntries(
    Object.entries(module).map(([k, v]) => [
      k,
      typeof v === 'function' ? wrap(v as (...args: unknown[]) => unknown) : v,
    ]),
  ) as M;
}

export const prefectCampaign = withScenarios(
  defineGame<CampaignGameState, Json>({
    id: 'prefect-campaign',
    title: 'Renegade Legion: Prefect — Campaign Game',
    sides: ['TOG', 'CW'],
    scenarios: Object.values(campaignData.scenarios).map((sc) => ({
      id: sc.id,
      title: sc.title,
      description: sc.description,
      sides: ['TOG', 'CW'],
    })),
    options: OPTION_SPECS,
    promptKinds: withCampaignSchemas(PROMPT_KINDS),
    setup: (scenario, options, dice) => initialState(scenario, options, dice),
    prompts: buildPrompts,
    validate: validateOrders,
    resolve: resolveStep,
    view: campaignView,
    outcome: outcomeOf,
    bot: campaignBot,
    ...campaignPresentation, // boards, pieces, event and prompt sentences (../present/)
  }),
);

export default prefectCampaign;
