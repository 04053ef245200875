/**
 * Campaign set-up (L2159-2169): the library's `newCampaignState` (ground and naval forces from the
 * scenario, invader aboard, empty boxes) with the Space module's bookkeeping on the naval half
 * (first step Mission Assignment, item 1) and the Planetary module's options on the ground half
 * (its first step is Movement: the campaign has no planetary set-up, forces are placed by the
 * scenario). Options: the planetary OPTION_SPECS (reactionWindowSeconds also sets the space
 * reaction window) plus CAMPAIGN_OPTION_SPECS.
 */
import type { Json, OptionSpec } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { OPTION_SPECS as GROUND_SPECS, prefectOptions } from '../../planetary/index.js';
import type { PrefectState } from '../../planetary/index.js';
import { OPTION_SPECS as SPACE_SPECS, spaceOptions } from '../../space/index.js';
import { campaignData, navalScenario } from '../data/index.js';
import { CAMPAIGN_OPTION_SPECS, campaignOptions } from '../options.js';
import { EXTERNAL_IDS, EXTERNAL_OPTION_SPECS, externalOptions } from './external-link.js';
import { newCampaignState } from '../state.js';
import type { CampaignGameState } from './types.js';

/** D-87: the campaign's own `externalCombat` (OFF | LEVIATHAN | CENTURION | BOTH, external-link.ts) replaces the Planetary one. */
/** D-91: Space module options the Campaign hands to its space half unchanged (the Space Combat Phase is the Space module's). */
const SPACE_IDS: ReadonlySet<string> = new Set(['spaceCombatPlay']);
export const OPTION_SPECS: OptionSpec[] = [
  ...GROUND_SPECS.filter((o) => !EXTERNAL_IDS.has(o.id)),
  ...EXTERNAL_OPTION_SPECS,
  ...SPACE_SPECS.filter((o) => SPACE_IDS.has(o.id)),
  ...CAMPAIGN_OPTION_SPECS,
];

const HEX = '0123456789abcdef';

function secret(dice: Dice, label: string): string {
  let out = '';
  for (let i = 0; i < 32; i++) out += HEX[dice.roll(16, label) - 1];
  return out;
}

/**
 * The library's set-up names the scenario's ground TFs `tf-<org>-<counter>`; the Planetary
 * module's ids (and its alias pattern, ../../view.ts) are `tf-<org>-<counter>-<seq>`. Renamed
 * here so every view and event shows them under their aliases (real ids tell organisation and
 * counter, H1).
 */
function renameGroundTfs(ps: PrefectState): void {
  for (const old of Object.keys(ps.tfs).sort()) {
    if (/-\d+-\d+$/.test(old)) continue;
    const id = `${old}-${ps.seq++}`;
    ps.tfs[id] = { ...ps.tfs[old], id };
    delete ps.tfs[old];
    for (const u of Object.values(ps.units)) if (u.tf === old) u.tf = id;
  }
}

export function initialState(scenarioId: string, raw: Record<string, Json>, dice: Dice): CampaignGameState {
  const sc = campaignData.scenarios[scenarioId];
  if (!sc) throw new RangeError(`prefect-campaign has no scenario '${scenarioId}'`);
  const campaignIds = new Set(CAMPAIGN_OPTION_SPECS.map((o) => o.id));
  const ground = Object.fromEntries(
    Object.entries(raw ?? {}).filter(([id]) => !campaignIds.has(id) && !EXTERNAL_IDS.has(id) && !SPACE_IDS.has(id)),
  );
  const spaceOwn = Object.fromEntries(Object.entries(raw ?? {}).filter(([id]) => SPACE_IDS.has(id)));
  const external = externalOptions(raw ?? {}); // D-87: Leviathan / Centurion pauses (external-link.ts)
  const mine = Object.fromEntries(Object.entries(raw ?? {}).filter(([id]) => campaignIds.has(id)));
  const groundOptions = prefectOptions({ ...ground, ...external.ground });
  const cs = newCampaignState(sc.id, campaignOptions(mine));
  const viewSecret = secret(dice, 'view secret');
  const spaceSecret = secret(dice, 'view secret');
  const groundSecret = secret(dice, 'view secret');
  dice.drain(); // the secrets' rolls are never shown
  renameGroundTfs(cs.planetary);
  cs.planetary.options = { ...groundOptions, externalCounterAttacks: false }; // D-87: counter-attacks stay on the CRT (external/counter.ts)
  cs.planetary.viewSecret = groundSecret;
  return {
    ...cs,
    viewSecret,
    stage: 'SPACE',
    space: {
      ...cs.space,
      record: cs.space.record ?? { basesCaptured: { TOG: 0, CW: 0 }, missionsCompleted: [] },
      module: 'prefect-space',
      scenario: navalScenario(sc).id,
      options: spaceOptions({
        reactionWindowSeconds: groundOptions.reactionWindowSeconds,
        ...external.space,
        ...spaceOwn,
      }),
      viewSecret: spaceSecret,
      step: 'MISSIONS',
      half: 1,
      arrivals: [],
      announcedBases: [],
      sightings: [],
    },
  };
}
