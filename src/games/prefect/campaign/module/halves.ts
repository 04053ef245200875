/**
 * The two halves of a campaign turn are the finished modules' own step machines: the Space
 * module (`prefect-space`) runs items 1-7 on `cs.space`, the Planetary module (`prefect`) runs
 * items 8-9 and the ground Supply / Withdrawal on `cs.planetary`. This file is the campaign's only
 * contact with them: their prompts, validation, resolution and bots, on the sub-state as-is or on
 * a shallow copy set to the step the campaign is in (TF Adjustment comes first in D-75).
 */
import type { GameEvent, Json, OrderError, Prompt } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { prefect } from '../../planetary/index.js';
import { planetaryScenarios } from '../../planetary/index.js';
import type { PrefectState, ScenarioDef } from '../../planetary/index.js';
import { spaceScenarios } from '../../space/index.js';
import type { SpaceScenario } from '../../space/index.js';
import { prefectSpace } from '../../space/index.js';
import type { SpaceGameState, SpaceStep } from '../../space/index.js';
import { campaignData, navalScenario } from '../data/index.js';

/**
 * The Space module finds its scenario (rebuild limit, bot's key sector) by `state.scenario`
 * through `spaceScenarios`. The campaign's naval half is a scenario derived from the campaign
 * pack (`navalScenario`, data/index.ts) under its own id, `invasion-space`: it is a lookup source
 * while the campaign runs (`withCampaignScenarios`), so the space pack, the scenarios
 * prefect-space offers and what it resolves on its own stay as shipped.
 */
const navalHalves = new Map<string, SpaceScenario>(
  Object.values(campaignData.scenarios).map((sc) => {
    const naval = navalScenario(sc);
    return [naval.id, naval];
  }),
);

/**
 * Likewise the Planetary module reads its scenario (order of battle for the bot's estimate of
 * enemy defence, scheduled deliveries, victory) through `planetaryScenarios`. The campaign's
 * ground half goes by the campaign id with the campaign's order of battle and **no** planetary
 * deliveries or victory conditions: campaign supply is L2282-2284 and victory D-01 (../victory.ts).
 */
const groundHalves = new Map<string, ScenarioDef>(
  Object.values(campaignData.scenarios).map((sc) => [
    sc.id,
    {
      id: sc.id,
      title: sc.title,
      description: sc.description,
      turns: sc.turns,
      firstAttacker: sc.firstAttacker,
      setupZones: { TOG: [], CW: [] },
      orgs: sc.ground.orgs,
      units: sc.ground.units,
      bases: sc.ground.bases,
      urbanControl: sc.ground.urbanControl,
      supply: [],
      reinforcements: [],
      extraBases: [],
      hqSupply: sc.ground.hqSupply,
      victory: [],
      provenance: sc.provenance,
    },
  ]),
);

/**
 * Runs `fn` with the campaign's naval and ground halves known to the Space and Planetary
 * lookups: every entry point of the campaign module (module/index.ts) and every call into the
 * other two modules below runs within it, so they know these scenarios only during the
 * campaign's own calls, never by import order.
 */
export function withCampaignScenarios<R>(fn: () => R): R {
  return spaceScenarios.within(
    (id) => navalHalves.get(id),
    () => planetaryScenarios.within((id) => groundHalves.get(id), fn),
  );
}

export type PlanetaryStep = PrefectState['step'];

export const groundAt = (ps: PrefectState, step: PlanetaryStep): PrefectState =>
  ps.step === step ? ps : { ...ps, step };
export const spaceAt = (ss: SpaceGameState, step: SpaceStep): SpaceGameState =>
  ss.step === step ? ss : { ...ss, step };

export const groundPrompts = (ps: PrefectState): Prompt[] => withCampaignScenarios(() => prefect.prompts(ps));
export const spacePrompts = (ss: SpaceGameState): Prompt[] => withCampaignScenarios(() => prefectSpace.prompts(ss));

export const groundErrors = (ps: PrefectState, side: string, raw: unknown): OrderError[] =>
  withCampaignScenarios(() => prefect.validate(ps, side, raw));
export const spaceErrors = (ss: SpaceGameState, side: string, raw: unknown): OrderError[] =>
  withCampaignScenarios(() => prefectSpace.validate(ss, side, raw));

export function resolveGround(
  ps: PrefectState,
  orders: Record<string, Json>,
  dice: Dice,
): { state: PrefectState; events: GameEvent[] } {
  return withCampaignScenarios(() => prefect.resolve(ps, orders, dice));
}
export function resolveSpace(
  ss: SpaceGameState,
  orders: Record<string, Json>,
  dice: Dice,
): { state: SpaceGameState; events: GameEvent[] } {
  return withCampaignScenarios(() => prefectSpace.resolve(ss, orders, dice));
}

export const groundBot = (ps: PrefectState, side: string, dice: Dice): Json =>
  withCampaignScenarios(() => prefect.bot(ps, side, dice));
export const spaceBot = (ss: SpaceGameState, side: string, dice: Dice): Json =>
  withCampaignScenarios(() => prefectSpace.bot(ss, side, dice));
