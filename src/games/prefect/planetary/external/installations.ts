/**
 * D-87, Centurion planetary battles: what both players set up besides the represented units, and
 * the bases' result.
 *
 * - Half strength (L2622-2626): a side whose Task Force is detected while the other side's is not
 *   divides its Centurion units by two (rounding up). "If one of the attacking forces is detected,
 *   the attacker is detected" (L587), read from the same `detected` flags as the Prefect detection
 *   shift (combat.ts, public: every view shows them).
 * - Defensive installations (L2630-2646): a base of the defender in the defending Task Force's hex
 *   adds installations by its type (table L2636-2644); the defender picks one of the four Centurion
 *   types, each with three squads of ground infantry (L2646), green infantry and regular crews
 *   (L2698-2700), one per hex on the southern map (L2719-2721); all forces may then deploy hidden
 *   (L2751). Readings (D-87): the installations are not halved (L2622 halves the Task Force's
 *   units; the base is no Task Force); GL4 is not in the table (below).
 * - Result (L2796): a base is disorganised if 50 % or more of its installations are destroyed or
 *   have internal turret damage. Both entries give, per base, that number (`installations`: [{ base,
 *   lost }]); the server applies the 50 % threshold. Destroyed bases add nothing to the totals
 *   (L2749, L2769). Reading (L2794-2796, D-87): the conversion only disorganises — a base already
 *   disrupted stays disrupted, never destroyed by it.
 */
import type { Json, OrderError } from '#engine/contract.js';
import { reconstructed, rulebook, type Provenance } from '#engine/tables.js';
import type { PrefectState, Side } from '../types.js';

/** L2636-2644: number of defence installations per ground facility type. */
export const INSTALLATIONS: Readonly<Record<string, { count: number; provenance: Provenance }>> = {
  GL1: { count: 2, provenance: rulebook('L2637') },
  GL2: { count: 3, provenance: rulebook('L2638') },
  GL3: { count: 5, provenance: rulebook('L2639') },
  GL4: {
    count: 5,
    provenance: reconstructed(
      'GL4 (planetary support base, L2356) is missing from the table L2636-2644: given the largest Legion row, GL3',
    ),
  },
  GN1: { count: 1, provenance: rulebook('L2640') },
  GN2: { count: 2, provenance: rulebook('L2641 (GN2/3)') },
  GN3: { count: 2, provenance: rulebook('L2641 (GN2/3)') },
  GN4: { count: 4, provenance: rulebook('L2642') },
  GN5: { count: 3, provenance: rulebook('L2643') },
  GN6: { count: 5, provenance: rulebook('L2644') },
};

/** A base whose installations are on the Centurion map; `naval`: a Campaign naval ground base (space half). */
export interface ExternalBase {
  base: string;
  type: string;
  installations: number;
  status: string;
  naval?: boolean;
}

/** What the agreed entry did to one base (L2796). */
export interface BaseOutcome {
  base: string;
  naval?: boolean;
  installations: number;
  lost: number;
  disorganised: boolean;
}

/** L2630: the defending side's Legion bases in the defending TF's hex, with their installations. */
export function legionBasesAt(s: PrefectState, defender: string): ExternalBase[] {
  const tf = s.tfs[defender];
  if (!tf) return [];
  return Object.values(s.bases)
    .filter((b) => b.hex === tf.hex && b.side === tf.side && INSTALLATIONS[b.type])
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((b) => ({ base: b.id, type: b.type, installations: INSTALLATIONS[b.type].count, status: b.status }));
}

/** L2622-2626, L587: which side operates at half strength. */
export function halfStrength(
  s: PrefectState,
  attackers: string[],
  defender: string,
): Record<Side, boolean> & { detected: Record<Side, boolean> } {
  const aSide = s.tfs[attackers[0]]?.side ?? 'TOG';
  const dSide: Side = aSide === 'TOG' ? 'CW' : 'TOG';
  const aDet = attackers.some((id) => s.tfs[id]?.detected);
  const dDet = !!s.tfs[defender]?.detected;
  const detected = { [aSide]: aDet, [dSide]: dDet } as Record<Side, boolean>;
  return { [aSide]: aDet && !dDet, [dSide]: dDet && !aDet, detected } as Record<Side, boolean> & {
    detected: Record<Side, boolean>;
  };
}

/** The public set-up of the installations for the prompt and the open event (L2630-2646, L2698-2700, L2719-2721, L2751). */
export function installationsSetUp(bases: readonly ExternalBase[]): Json {
  if (!bases.length) return null;
  return {
    bases: bases.map((b) => ({ base: b.base, type: b.type, status: b.status, installations: b.installations })),
    total: bases.reduce((n, b) => n + b.installations, 0),
    each: 'one of the four Centurion defensive installation types, the defender\u2019s choice (L2646); three squads of green ground infantry, regular crews (L2646, L2698-2700)',
    placement: 'defender\u2019s southern map, at most one per hex (L2719-2721); all forces may deploy hidden (L2751)',
    rule: 'L2630-2646, L2796',
  };
}

export type InstallationEntry = { base: string; lost: number };

/** Bad `installations` entries: an unknown base or one not in this combat, a count outside 0…its installations, a base twice. */
export function installationErrors(bases: readonly ExternalBase[], list: readonly InstallationEntry[]): OrderError[] {
  const errors: OrderError[] = [];
  const seen = new Set<string>();
  list.forEach((x, i) => {
    const b = bases.find((y) => y.base === x.base);
    if (!b)
      errors.push({
        code: 'external.base-not-in-combat',
        path: ['installations', i, 'base'],
        message:
          'Only a base of the defender in the defending Task Force\u2019s hex has installations on the Centurion map.',
        rule: 'L2630',
      });
    else if (!Number.isInteger(x.lost) || x.lost < 0 || x.lost > b.installations) {
      errors.push({
        code: 'external.installations',
        path: ['installations', i, 'lost'],
        message: `This base has ${b.installations} installations: enter how many were destroyed or suffered internal turret damage (0 to ${b.installations}).`,
        rule: 'L2636-2644, L2796',
      });
    }
    if (seen.has(x.base))
      errors.push({
        code: 'external.base-twice',
        path: ['installations', i, 'base'],
        message: 'Each base is entered once.',
        rule: 'L2796',
      });
    seen.add(x.base);
  });
  return errors;
}

/** The entry's installations as an order-free key part: bases with losses, sorted (0 = not entered). */
export const installationsKey = (list: readonly InstallationEntry[] = []): [string, number][] =>
  list
    .filter((x) => x.lost > 0)
    .map((x): [string, number] => [x.base, x.lost])
    .sort((a, b) => a[0].localeCompare(b[0]));

/** L2796: each base's outcome — disorganised at 50 % or more of its installations lost. */
export function baseOutcomes(bases: readonly ExternalBase[], list: readonly InstallationEntry[] = []): BaseOutcome[] {
  return bases.map((b) => {
    const lost = list.find((x) => x.base === b.base)?.lost ?? 0;
    return {
      base: b.base,
      ...(b.naval ? { naval: true } : {}),
      installations: b.installations,
      lost,
      disorganised: 2 * lost >= b.installations && lost > 0,
    };
  });
}

/** L2796 applied to the Legion bases (the Campaign applies its naval ground bases itself): ACTIVE → DISRUPTED; a disrupted base stays so. */
export function applyLegionBases(s: PrefectState, outcomes: readonly BaseOutcome[]): void {
  for (const o of outcomes) {
    const b = s.bases[o.base];
    if (!o.naval && o.disorganised && b) b.status = 'DISRUPTED';
  }
}
