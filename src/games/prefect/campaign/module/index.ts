/**
 * Renegade Legion: Prefect — the Campaign Game as one Warpost game (engine/contract.ts, issue 10):
 * both maps in one game lasting the scenario's turns, the D-75 sequence (sequence.ts) driving the
 * Space module (items 1-7) and the Planetary module (items 8-9, ground Supply/Withdrawal) through
 * halves.ts, with the campaign hand-offs, prompts per declared kind (prompts.ts), validation
 * (validate.ts), per-side views (view.ts), the reused bots (bot.ts) and the invasion victory
 * (../victory.ts, D-01).
 */
import { defineGame, type GameEvent, type Json, type Outcome } from '../../../../engine/contract.js';
import type { Dice } from '../../../../engine/dice.js';
import { aliasEvents as aliasGround } from '../../view.js';
import { aliasEvents as aliasSpace } from '../../space/module/view.js';
import { campaignData } from '../data/index.js';
import { invasionResult } from '../victory.js';
import { campaignBot } from './bot.js';
import { buildPrompts, PROMPT_KINDS } from './prompts.js';
import { advance, owedAt } from './sequence.js';
import { initialState, OPTION_SPECS } from './setup.js';
import type { CampaignGameState } from './types.js';
import { validateOrders } from './validate.js';
import { campaignView } from './view.js';
import { campaignPresentation, withCampaignSchemas } from '../present/index.js';

/** Applies the owed orders (an invalid or missing one replaced by the prompt's default) and runs to the next decision point. */
export function resolveStep(prev: CampaignGameState, ordersBySide: Record<string, Json>, dice: Dice): { state: CampaignGameState; events: GameEvent[] } {
  const state = structuredClone(prev);
  const prompts = buildPrompts(prev);
  const orders: Record<string, Json> = {};
  const events: GameEvent[] = [];
  for (const o of owedAt(prev)) {
    const raw = ordersBySide[o.side];
    const errors = raw === undefined ? [] : validateOrders(prev, o.side, raw);
    if (raw !== undefined && !errors.length) orders[o.side] = structuredClone(raw);
    else {
      orders[o.side] = structuredClone(prompts.find((p) => p.side === o.side)!.defaultOrders);
      events.push({ type: 'orders.defaulted', visibleTo: [o.side], data: { errors: errors.slice(0, 5) as unknown as Json } });
    }
  }
  events.push(...advance(state, orders, dice));
  // The library's events (drops, boxes) name real TF ids; everyone sees both maps' TFs under aliases (the sub-modules' events already are).
  return { state, events: aliasSpace(state.space, aliasGround(state.planetary, events)) };
}

function outcomeOf(cs: CampaignGameState): Outcome | null {
  if (!cs.result) return null;
  const r = invasionResult(cs, campaignData.scenarios[cs.scenario]);
  return { winner: cs.result.winner, level: 'invasion', summary: cs.result.summary, score: { bases: r.invaderBases.held, urban: r.invaderUrban.held } };
}

export const prefectCampaign = defineGame<CampaignGameState, Json>({
  id: 'prefect-campaign',
  title: 'Renegade Legion: Prefect — Campaign Game',
  sides: ['TOG', 'CW'],
  scenarios: Object.values(campaignData.scenarios).map((sc) => ({ id: sc.id, title: sc.title, description: sc.description, sides: ['TOG', 'CW'] })),
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
});

export default prefectCampaign;
