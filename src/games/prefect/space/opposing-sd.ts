/**
 * Opposing Sector Defences (L1847-1867, digest §5.B.17). Opposing SD TFs in one sector ignore
 * each other (L1849) until, in the Attacker's Combat Phase, the turn Attacker declares his SD TFs
 * of contested sectors (L1851). Where the Defender also has an SD TF, both sides' forces go onto
 * the Sector Combat Table in their allocated segments (L1853) and every segment holding forces of
 * both sides, bases included, fights one standard round (L1855-1859) through `engage`
 * ('OPPOSING_SD': higher attack attacks, tie to the turn Attacker, D-70; no shift, D-60).
 * Disorganised and destroyed units leave the segment (L1859); afterwards either player may move
 * his units out to the TF box (L1861); bases never move (L1863). A disrupted base is no longer a
 * target for enemy SD forces (L1865); ground bases cannot be affected by SD forces (L1867).
 */
import type { Dice } from '#engine/dice.js';
import { otherSide } from '../common/types.js';
import { spaceData } from './data/index.js';
import { engage, type EngagementResult } from './engagement.js';
import { deployedBasesIn } from './deployed-bases.js';
import { sdTfIn, sectorOf } from './state.js';
import type { RuleError, Side, SpaceState } from './types.js';

const err = (code: string, rule: string, message: string, tf?: string): RuleError => ({
  code,
  rule,
  message,
  ...(tf ? { tf } : {}),
});

/** L1851: a sector is contested when both sides have a TF in it. */
export const isContested = (state: SpaceState, sector: string): boolean =>
  (['TOG', 'CW'] as const).every((side) =>
    Object.values(state.tfs).some((t) => t.side === side && sectorOf(t) === sector && t.units.length > 0),
  );

/** L1851: the turn Attacker declares SD TFs of contested sectors. Returns errors, changes nothing. */
export function declarationErrors(state: SpaceState, side: Side, tfIds: string[]): RuleError[] {
  if (side !== state.attacker)
    return [err('NOT_ATTACKER', 'L1851', 'only the turn Attacker declares opposing sector defences')];
  const out: RuleError[] = [];
  if (new Set(tfIds).size !== tfIds.length) out.push(err('DUPLICATE_TF', 'L1851', 'a TF is declared twice'));
  for (const id of tfIds) {
    const tf = state.tfs[id];
    if (!tf || tf.side !== side) out.push(err('UNKNOWN_TF', 'L1068', `you have no TF ${id}`, id));
    else if (tf.mission !== 'SECTOR_DEFENCE')
      out.push(err('NOT_SD', 'L1851', `${id} has no sector defence mission`, id));
    else if (!isContested(state, sectorOf(tf)!))
      out.push(err('NOT_CONTESTED', 'L1851', `${id}'s sector holds no enemy TF`, id));
  }
  return out;
}

export interface SegmentForces {
  segment: number;
  units: Record<Side, string[]>;
  bases: Record<Side, string[]>;
}

/** Units and bases of `side` on the Sector Combat Table in `segment`: live, organised SD units; organised bases. */
export function segmentForces(
  state: SpaceState,
  side: Side,
  sector: string,
  segment: number,
): { units: string[]; bases: string[] } {
  const sd = sdTfIn(state, side, sector);
  const units = (sd?.sdAllocation?.[segment] ?? []).filter(
    (id) => state.units[id]?.status === 'ACTIVE' && state.units[id].tf === sd!.id,
  );
  // L1865: a disrupted base is out of the fight (attack 0, and no longer a target for SD forces).
  const bases = Object.values(state.bases)
    .filter(
      (b) =>
        b.side === side && b.sector === sector && b.segment === segment && b.status === 'ACTIVE' && !b.offSystemBox,
    )
    .map((b) => b.id);
  // L2115: an organised transport functioning as a base fights with the segment's bases
  bases.push(...deployedBasesIn(state, side, sector, segment).filter((id) => state.units[id].status === 'ACTIVE'));
  return { units, bases };
}

/**
 * L1853-1855, L1867: the segments of a declared sector where both sides have forces that can
 * fight. Empty when the Defender has no SD TF there (nothing is placed). A segment where one side
 * has only ground bases and the other only ground bases is no fight (neither can hit the other).
 */
export function opposingSegments(state: SpaceState, sector: string): SegmentForces[] {
  const a = state.attacker;
  const d = otherSide(a);
  if (!sdTfIn(state, a, sector) || !sdTfIn(state, d, sector)) return [];
  const segs = new Set<number>();
  for (const side of [a, d]) {
    for (const k of Object.keys(sdTfIn(state, side, sector)!.sdAllocation ?? {})) segs.add(Number(k));
    for (const b of Object.values(state.bases)) if (b.sector === sector && b.side === side) segs.add(b.segment);
    for (const id of deployedBasesIn(state, side, sector)) segs.add(state.units[id].deployedAsBase!.segment); // L2115
  }
  const out: SegmentForces[] = [];
  for (const segment of [...segs].sort((x, y) => x - y)) {
    const fa = segmentForces(state, a, sector, segment);
    const fd = segmentForces(state, d, sector, segment);
    const hittable = (f: { units: string[]; bases: string[] }) =>
      f.units.length > 0 || f.bases.some((id) => !state.bases[id] || spaceData.baseTypes[state.bases[id].type].orbital); // a transport-as-base is on the OFAT (L2113)
    const present = (f: { units: string[]; bases: string[] }) => f.units.length + f.bases.length > 0;
    if (!present(fa) || !present(fd) || (!hittable(fa) && !hittable(fd))) continue;
    out.push({
      segment,
      units: { [a]: fa.units, [d]: fd.units } as Record<Side, string[]>,
      bases: { [a]: fa.bases, [d]: fd.bases } as Record<Side, string[]>,
    });
  }
  return out;
}

/** Removes units from their SD TF's allocation in `segment` (they go to the TF box). */
function toTfBox(state: SpaceState, sector: string, segment: number, ids: readonly string[]): void {
  for (const side of ['TOG', 'CW'] as const) {
    const sd = sdTfIn(state, side, sector);
    if (sd?.sdAllocation?.[segment])
      sd.sdAllocation[segment] = sd.sdAllocation[segment].filter((id) => !ids.includes(id));
  }
}

/**
 * One standard round in `segment` (L1855-1859), the turn Attacker as the phasing side. Units
 * disorganised or destroyed leave the segment (L1859); a side told to retreat by AR/DR/BT/CA
 * takes its surviving units to the TF box (reconstructed from L1589-1613: the segment's forces
 * retreat; its bases stay, L1863).
 */
export function resolveOpposingSegment(
  state: SpaceState,
  dice: Dice,
  sector: string,
  segment: number,
): EngagementResult | RuleError {
  const f = opposingSegments(state, sector).find((x) => x.segment === segment);
  if (!f)
    return err(
      'NO_OPPOSING_FORCES',
      'L1855',
      `segment ${segment} of ${sector} holds no opposing forces that can fight`,
    );
  const a = state.attacker;
  const d = otherSide(a);
  const r = engage(state, dice, {
    kind: 'OPPOSING_SD',
    phasing: a,
    phasingMission: 'SECTOR_DEFENCE',
    phasingUnits: f.units[a],
    opponentUnits: f.units[d],
    phasingBases: f.bases[a],
    opponentBases: f.bases[d],
    attackerUndetected: false,
    shiftRight: false,
  });
  if ('code' in r) return r;
  const leaving = [...f.units[a], ...f.units[d]].filter((id) => state.units[id].status !== 'ACTIVE');
  for (const side of r.retreats) leaving.push(...f.units[side]);
  toTfBox(state, sector, segment, leaving);
  return r;
}

/** L1861, L1863: after a round, `side` moves units out of the segment to the TF box; bases cannot move. */
export function leaveSegmentErrors(
  state: SpaceState,
  side: Side,
  sector: string,
  segment: number,
  ids: string[],
): RuleError[] {
  const sd = sdTfIn(state, side, sector);
  const out: RuleError[] = [];
  for (const id of ids) {
    if (state.bases[id]) out.push(err('BASE_CANNOT_MOVE', 'L1863', `${id} is a base: orbital bases cannot be moved`));
    else if (state.units[id]?.deployedAsBase)
      out.push(
        err('BASE_CANNOT_MOVE', 'L1863, L2115', `${id} is a transport functioning as a base: it cannot be moved`),
      );
    else if (!sd || !(sd.sdAllocation?.[segment] ?? []).includes(id))
      out.push(err('NOT_IN_SEGMENT', 'L1861', `${id} is not one of your units in segment ${segment}`));
  }
  return out;
}

export function leaveSegment(
  state: SpaceState,
  side: Side,
  sector: string,
  segment: number,
  ids: string[],
): RuleError[] {
  const errors = leaveSegmentErrors(state, side, sector, segment, ids);
  if (errors.length === 0) toTfBox(state, sector, segment, ids);
  return errors;
}
