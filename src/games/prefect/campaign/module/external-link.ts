/**
 * D-87 in the Campaign: the option `externalCombat` (one id for the whole game).
 *
 * - 'OFF' (default): every combat is resolved by the server on the Prefect tables.
 * - 'LEVIATHAN': the space half's Combat Phases (items 4 and 7) run with the Space module's
 *   Leviathan pauses (../../space/external/, L2432-2600): at each deep-space interception or
 *   orbital-segment battle both players owe a sealed `external-result`; identical entries are
 *   applied, differing ones asked again, a missed deadline or a Prefect request falls back to the
 *   CRT. The campaign's own hand-offs around that phase (L2182 GS strikes held, L2049-2083 cargo
 *   Marines, L2198-2202 GS box, L2316 lost cargo, L2368-2378 OD box, Legion-base stand-ins L2141,
 *   L2155) wait until the whole phase is over: `ExternalHold` keeps what they need across the
 *   pauses, and the Legion stand-ins stay in the Space module's pause snapshot (legion-bases.ts).
 * - 'CENTURION': the ground Combat Phase (support-link.ts resolveSupportedPhase, item 9) pauses at
 *   each attack of TFs on a TF played with Centurion, as in the Planetary module
 *   (../../external/agreement.ts): both owe a sealed `external-result`, the agreed entry is converted
 *   (L2749-2798) and applied through the supported combat. Committed naval ground support (L2204-2216:
 *   its attack added to the Prefect totals) is part of the battle — GS fighters are deployed on the
 *   Centurion map, orbital vessels handled abstractly (L2753) — but the conversion counts only
 *   destroyed ground units, not naval ground-support units (L2749, L2769), and uses no totals: the
 *   committed units add nothing to the result, then make their naval saves against the converted
 *   cell (modifier 0; CA/BT severe) and the supported-base save follows (L2226-2236, L2250), used for
 *   the turn (D-83). Counter-attacks during movement stay on the Prefect CRT, as in the Planetary game.
 *   The defender's bases in the defending TF's hex (Legion and naval ground bases) put their
 *   defensive installations on the map (L2630-2646); the entry's installation losses disorganise
 *   them at 50 % (L2796) instead of the supported-base save (L2250). The prompt shows each side's
 *   half strength (L2622-2626) and the support's numbers at that strength (L2670-2688,
 *   centurion-setup.ts).
 * - 'BOTH': both.
 */
import type { GameEvent, Json, OptionSpec } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { settleExternal } from '../../planetary/index.js';
import type { Side } from '../../common/types.js';
import type { ExternalResultOrder } from '../../planetary/index.js';
import { checkOrder as groundCheck } from '../../planetary/index.js';
import { resolveSupportedPhase } from './support-link.js';
import { applyNavalBases } from './centurion-setup.js';
import type { OdLoad } from './drops-link.js';
import type { MarineBridge } from './marines-link.js';
import type { CampaignGameState } from './types.js';

export type CampaignExternal = 'OFF' | 'LEVIATHAN' | 'CENTURION' | 'BOTH';
const VALUES: readonly CampaignExternal[] = ['OFF', 'LEVIATHAN', 'CENTURION', 'BOTH'];

export const EXTERNAL_OPTION_SPECS: OptionSpec[] = [
  {
    id: 'externalCombat',
    type: 'string',
    default: 'OFF',
    values: [...VALUES],
    rule: 'L2432-2600, L2602-2798, D-87',
    description:
      "'LEVIATHAN': each deep-space interception and orbital-segment battle of the campaign's Space Combat Phases pauses; both players fight it with Leviathan and enter the result (destroyed / disorganised units and bases, Legion bases included, TFs that broke off). 'CENTURION': each ground Combat Phase attack between Task Forces pauses; both players fight it with Centurion and enter the destroyed / left-map units and, per defending base, its defensive installations lost (L2630-2646, L2796: disorganised at 50 %), converted by L2749-2798 (committed naval ground support is on the Centurion map but adds nothing to the conversion, L2749, L2753; it then saves against the converted result, L2226-2236). 'BOTH': both. Differing entries are asked again; a missed deadline falls back to Prefect resolution.",
  },
  {
    id: 'externalResultSeconds',
    type: 'number',
    default: 86400,
    rule: 'D-87',
    description: 'Deadline in seconds of each external-result entry (externalCombat).',
  },
];
export const EXTERNAL_IDS: ReadonlySet<string> = new Set(EXTERNAL_OPTION_SPECS.map((o) => o.id));

/** The raw external options, checked, split into the Space module's and the Planetary module's options (their own checks of externalResultSeconds apply). */
export function externalOptions(raw: Record<string, Json>): {
  space: Record<string, Json>;
  ground: Record<string, Json>;
} {
  const v = raw.externalCombat ?? 'OFF';
  if (typeof v !== 'string' || !VALUES.includes(v as CampaignExternal))
    throw new RangeError(`prefect-campaign option externalCombat must be one of ${VALUES.join(', ')} (D-87)`);
  const secs: Record<string, Json> =
    raw.externalResultSeconds !== undefined ? { externalResultSeconds: raw.externalResultSeconds } : {};
  return {
    space: { externalCombat: v === 'LEVIATHAN' || v === 'BOTH' ? 'LEVIATHAN' : 'OFF', ...secs },
    ground: { externalCombat: v === 'CENTURION' || v === 'BOTH' ? 'CENTURION' : 'OFF', ...secs },
  };
}

/** D-87: the ground Combat Phase is paused at an attack played with Centurion (../../external/agreement.ts). */
export const groundPaused = (cs: CampaignGameState): boolean => !!cs.planetary.combat?.external;
/** D-87: the two Centurion entries (ids resolved as the Planetary module does) settle the paused attack — agreed, Prefect fallback or asked again — and the supported Combat Phase goes on. */
export function settleCenturion(cs: CampaignGameState, orders: Record<string, Json>, dice: Dice): GameEvent[] {
  const entry = (side: Side) => groundCheck(cs.planetary, side, orders[side]).order as ExternalResultOrder | undefined;
  const r = settleExternal(cs.planetary, { TOG: entry('TOG'), CW: entry('CW') });
  if (r.decided) applyNavalBases(cs, r.decided); // L2796: the defender's naval ground bases (Legion bases: agreement.ts)
  return [...r.events, ...(r.decided ? resolveSupportedPhase(cs, dice, r.decided) : [])];
}

/** D-76: naval ground-support commitments are owed (not during a Centurion pause of the same phase). */
export const committing = (cs: CampaignGameState): boolean => !!cs.pendingSupport && !groundPaused(cs);

/**
 * What the campaign's hand-offs need once a paused Space Combat Phase is over: the phasing side's
 * `odLoads` (L2368-2378), its bridged cargo Marines (L2049-2057) and every phase event sent so far
 * (segments reached, Marine assaults, transfers into Legion stand-ins). Never shown in a view.
 */
export interface ExternalHold {
  loads: OdLoad[];
  marines: MarineBridge[];
  events: GameEvent[];
}

type WithHold = CampaignGameState & { externalHold?: ExternalHold };

/** The space half is paused at a Leviathan battle (the Space module's run, ../../space/external/run.ts). */
export const spacePaused = (cs: CampaignGameState): boolean =>
  !!(cs.space.external?.pending || cs.space.external?.asking); // D-87 battle, D-91 decision point

/** Takes (and clears) the hold of a paused phase; null when none. */
export function takeHold(cs: CampaignGameState): ExternalHold | null {
  const h = (cs as WithHold).externalHold ?? null;
  delete (cs as WithHold).externalHold;
  return h;
}

export function putHold(cs: CampaignGameState, hold: ExternalHold): void {
  (cs as WithHold).externalHold = JSON.parse(JSON.stringify(hold)) as ExternalHold;
}

/** D-87, L2670-2688: the committed naval ground support in Centurion terms, for the pause prompt (centurion-setup.ts). */
export { centurionSupport } from './centurion-setup.js';
