/**
 * Test helpers: a small campaign state from a planetary test spec (real Ku Crassus map, so zones
 * are the pack's) and naval TFs at the planet. Not used by rules code.
 */
import { makeTestState, type TestSpec } from '../planetary/testing.js';
import type { Side } from '../common/types.js';
import { buildState, type TfSpec } from '../space/testing.js';
import type { NavalBase } from '../space/index.js';
import { emptyZones } from './state.js';
import { DEFAULT_CAMPAIGN_OPTIONS, type CampaignOptions, type CampaignState, type RuleError } from './types.js';

export const PLANET = { kind: 'SECTOR', sector: 's3-4' } as const;

export function makeCampaign(
  spec: {
    ground?: TestSpec;
    naval?: TfSpec[];
    navalBases?: NavalBase[];
    attacker?: Side;
    options?: Partial<CampaignOptions>;
  } = {},
): CampaignState {
  const attacker = spec.attacker ?? 'TOG';
  const planetary = makeTestState({ attacker, ...spec.ground });
  const space = buildState(spec.naval ?? [], spec.navalBases ?? [], attacker);
  return {
    module: 'prefect-campaign',
    scenario: 'test',
    turn: 1,
    maxTurns: 12,
    attacker,
    options: { ...DEFAULT_CAMPAIGN_OPTIONS, ...spec.options },
    planetary,
    space,
    zones: emptyZones(),
    gsUsed: [],
    cargo: {},
    dropGroups: [],
    supplyStep: 0,
    endOfCombat: { independentDone: [], dropAttacksDone: false },
    navalBaseHexes: {},
    seq: 1,
  };
}

/** Puts naval units straight into a zone's GS box (as enterGsBox would after the segment). */
export function inGsBox(cs: CampaignState, zone: number, units: string[]): void {
  for (const u of units) cs.zones[zone].gs.push({ unit: u, tf: cs.space.units[u].tf!, side: cs.space.units[u].side });
}

export function ok<T>(r: T): Exclude<T, RuleError> {
  if (typeof r === 'object' && r !== null && 'code' in r && 'rule' in r)
    throw new Error(`${(r as unknown as RuleError).rule}: ${(r as unknown as RuleError).message}`);
  return r as Exclude<T, RuleError>;
}

/** A ground unit aboard `transports` (not on the map). */
export function aboard(
  cs: CampaignState,
  id: string,
  type: string,
  side: Side,
  transports: string[],
  org = side === 'TOG' ? 'tog-legion' : 'cw-legion',
): void {
  cs.planetary.units[id] = { id, type, side, org, status: 'ACTIVE' };
  cs.cargo[id] = { transports: [...transports] };
}
