/**
 * D-87 in the Campaign, a ground combat paused for Centurion (external-link.ts): what the campaign
 * adds to the Planetary set-up (../../external/installations.ts).
 *
 * - Naval ground bases (GN, placed on the map, `navalBaseHexes`) of the defender in the defending
 *   TF's hex have defensive installations too (L2630, L2640-2644); the agreed entry's losses
 *   disorganise them at 50 % (L2796), applied to the space half's base (a disrupted one stays so).
 * - The committed naval ground support (public since the reveal, D-76) in Centurion terms, at full
 *   or half strength (L2670-2688, ../../external/naval-support.ts).
 */
import type { Json } from '#engine/contract.js';
import type { ExternalDecision } from '../../planetary/index.js';
import { halfStrength, INSTALLATIONS, type ExternalBase } from '../../planetary/index.js';
import { centurionSupportFor } from '../../planetary/index.js';
import { spaceData } from '../../space/index.js';
import type { Side } from '../../common/types.js';
import type { CampaignGameState } from './types.js';

/** L2630: the defender's naval ground bases in the hex of the defending TF `defender`. */
export function navalBasesAt(cs: CampaignGameState, defender: string): ExternalBase[] {
  const tf = cs.planetary.tfs[defender];
  if (!tf) return [];
  return Object.entries(cs.navalBaseHexes)
    .filter(
      ([id, hex]) =>
        hex === tf.hex &&
        cs.space.bases[id] &&
        cs.space.bases[id].side === tf.side &&
        cs.space.bases[id].status !== 'DESTROYED' &&
        INSTALLATIONS[cs.space.bases[id].type],
    )
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id]) => ({
      base: id,
      type: cs.space.bases[id].type,
      installations: INSTALLATIONS[cs.space.bases[id].type].count,
      status: cs.space.bases[id].status,
      naval: true,
    }));
}

/** L2796: the agreed entry disorganised these naval ground bases (ACTIVE → DISRUPTED). The public record is in `external.agreed`. */
export function applyNavalBases(cs: CampaignGameState, decided: ExternalDecision): void {
  for (const o of decided.bases ?? []) {
    const b = cs.space.bases[o.base];
    if (o.naval && o.disorganised && b && b.status === 'ACTIVE') b.status = 'DISRUPTED';
  }
}

/**
 * L2670-2688: the naval ground support committed to the paused combat and what each player uses on
 * the Centurion map: the counters (`units`, full-strength numbers each) and the totals at his
 * strength (`use`: halved when his force is detected and the enemy's is not, L2622-2626, L2674,
 * L2678, L2686). Null outside a Centurion pause or with no support.
 */
export function centurionSupport(cs: CampaignGameState): Json {
  const x = cs.planetary.combat?.external;
  const a = x && cs.planetary.combat!.attacks.find((k) => k.id === x.attack);
  if (!x || !a || !('tf' in a.target) || !cs.pendingSupport) return null;
  const h = halfStrength(
    cs.planetary,
    a.attackers.filter((t) => cs.planetary.tfs[t]),
    a.target.tf,
  );
  const out: Record<string, Json> = {};
  for (const [side, list] of Object.entries(cs.pendingSupport.sealed) as [
    Side,
    { attack: string; units: string[] }[] | undefined,
  ][]) {
    const ids = (list ?? [])
      .filter((k) => k.attack === x.attack)
      .flatMap((k) => k.units)
      .filter((u) => cs.space.units[u]);
    if (!ids.length) continue;
    const counters = ids.map((u) => {
      const t = spaceData.unitTypes[cs.space.units[u].type];
      return { type: t.id, code: t.code, fighter: t.kind === 'FIGHTER' };
    });
    const full = (c: (typeof counters)[number]) => centurionSupportFor(side, [c], false);
    const units = counters.map((c): Json =>
      c.fighter ? { type: c.type, fighters: full(c).fighters } : { type: c.type, laserMissions: full(c).laserMissions },
    );
    out[side] = { units, use: centurionSupportFor(side, counters, h[side]) as unknown as Json };
  }
  return Object.keys(out).length ? { ...out, rule: 'L2622-2626, L2670-2688, L2749' } : null;
}
