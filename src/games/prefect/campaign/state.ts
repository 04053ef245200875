/**
 * Campaign set-up (L2159-2169, digest §4.5): the planetary state (Planetary set-up rules, units
 * already in their TFs as the scenario gives them) and the space state (Space set-up,
 * newSpaceState) side by side, empty GS/OD boxes per zone (L2147), the invader's ground units
 * aboard their transports (L2307). Also the small lookups the campaign rules share.
 */
import { DEFAULT_OPTIONS } from '../planetary/index.js';
import type { GroundUnit, Organisation, PrefectState, TaskForce } from '../planetary/index.js';
import { newSpaceState } from '../space/index.js';
import { campaignData, navalScenario } from './data/index.js';
import {
  DEFAULT_CAMPAIGN_OPTIONS,
  type CampaignOptions,
  type CampaignScenario,
  type CampaignState,
  type RuleError,
  type ZoneBoxes,
} from './types.js';

export const ruleError = (code: string, rule: string, message: string, extra: Partial<RuleError> = {}): RuleError => ({
  code,
  rule,
  message,
  ...extra,
});
export const isRuleError = (x: unknown): x is RuleError =>
  typeof x === 'object' && x !== null && 'code' in x && 'rule' in x;

export function emptyZones(): Record<number, ZoneBoxes> {
  const zones: Record<number, ZoneBoxes> = {};
  for (let z = 1; z <= 10; z++) zones[z] = { gs: [], od: [] };
  return zones;
}

/** The planetary half of the scenario as a PrefectState (units in TFs or aboard; bases; urban control). */
export function newGroundState(s: CampaignScenario): PrefectState {
  const orgs: Record<string, Organisation> = {};
  for (const o of s.ground.orgs) orgs[o.id] = { id: o.id, side: o.side, kind: o.kind, name: o.name, countersInUse: [] };
  const units: Record<string, GroundUnit> = {};
  for (const u of s.ground.units) units[u.id] = { id: u.id, type: u.type, side: u.side, org: u.org, status: 'ACTIVE' };
  const tfs: Record<string, TaskForce> = {};
  for (const t of s.ground.tfs) {
    const id = `tf-${t.org}-${t.counter}`;
    tfs[id] = {
      id,
      side: t.side,
      org: t.org,
      counter: t.counter,
      hex: t.hex,
      mode: 'COMBAT',
      fatigue: 0,
      movedThisTurn: false,
      movedLafThisTurn: false,
      attackedThisTurn: false,
      detected: false,
    };
    orgs[t.org].countersInUse.push(t.counter);
    for (const u of t.units) units[u].tf = id;
  }
  const bases: PrefectState['bases'] = {};
  for (const b of s.ground.bases) {
    bases[b.id] = {
      id: b.id,
      side: b.side,
      originalSide: b.side,
      type: b.type,
      hex: b.hex,
      status: 'ACTIVE',
      supply: b.supply,
      deliveredThisTurn: 0,
      rebuildsThisTurn: 0,
    };
  }
  return {
    module: 'prefect',
    version: 1,
    scenario: s.id,
    options: { ...DEFAULT_OPTIONS },
    turn: 1,
    maxTurns: s.turns,
    attacker: s.firstAttacker,
    step: 'MOVEMENT',
    units,
    tfs,
    orgs,
    bases,
    urban: { ...s.ground.urbanControl },
    hqSupply: { ...s.ground.hqSupply },
    tempo: { TOG: 0, CW: 0 },
    detections: [],
    availableBases: [],
    seq: 1,
    destroyedCombat: { TOG: 0, CW: 0 },
  };
}

export function newCampaignState(scenarioId: string, options: Partial<CampaignOptions> = {}): CampaignState {
  const s = campaignData.scenarios[scenarioId];
  if (!s) throw new RangeError(`unknown campaign scenario '${scenarioId}'`);
  const space = newSpaceState(navalScenario(s));
  const cargo: CampaignState['cargo'] = {};
  for (const c of s.ground.cargo) cargo[c.unit] = { transports: [...c.transports] };
  return {
    module: 'prefect-campaign',
    scenario: s.id,
    turn: 1,
    maxTurns: s.turns,
    attacker: s.firstAttacker,
    options: { ...DEFAULT_CAMPAIGN_OPTIONS, ...options },
    planetary: newGroundState(s),
    space,
    zones: emptyZones(),
    gsUsed: [],
    cargo,
    dropGroups: [],
    supplyStep: 0,
    endOfCombat: { independentDone: [], dropAttacksDone: false },
    navalBaseHexes: {},
    seq: 1,
  };
}
