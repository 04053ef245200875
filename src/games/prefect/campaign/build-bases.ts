/**
 * 5.C.10 Building ground bases (L2412-2426, D-51). Construction Engineer Centuries build Legion
 * and naval ground bases of rank 1-3 on the planetary map, one base per hex (L2414-2416). A
 * rank 1-3 base may also arrive dismantled, by transport to a friendly base and then to a TF, or
 * by orbital drop to a TF with Construction Engineers (L2418-2422). Either way it is placed in
 * the TF's hex disrupted until reorganised in the next Supply Phase (L2424), and its location is
 * announced to the opponent at once (L2426, H15) — the TF that holds it is not.
 */
import type { GameEvent } from '#engine/contract.js';
import { unitsIn, unitType } from '../planetary/index.js';
import { rulesData } from '../planetary/index.js';
import type { Side } from '../common/types.js';
import type { LegionBaseClass } from '../planetary/index.js';
import type { NavalBaseClass } from '../space/index.js';
import { campaignData } from './data/index.js';
import { segmentOfZone, zoneOfHex } from './map-link.js';
import { ruleError } from './state.js';
import type { CampaignState, RuleError } from './types.js';

export type GroundBaseClass = 'GL1' | 'GL2' | 'GL3' | 'GN1' | 'GN2' | 'GN3';
const BUILDABLE: readonly string[] = ['GL1', 'GL2', 'GL3', 'GN1', 'GN2', 'GN3'];

const constructionEngineers = (cs: CampaignState, tfId: string): number =>
  unitsIn(cs.planetary, tfId).filter(
    (u) => u.status === 'ACTIVE' && unitType(u).flags.includes('CONSTRUCTION_ENGINEER'),
  ).length;

/** Engineers a build needs: the planetary table for GL n; GN n as GL n (D-51). */
export function engineersNeeded(type: GroundBaseClass): number {
  const gl = `GL${type.slice(2)}` as LegionBaseClass;
  return rulesData().baseTypes[gl].build?.engineers ?? Infinity;
}

/** L2416: any base already in the hex (Legion, or a naval ground base placed on the map). */
export const baseInHex = (cs: CampaignState, hex: string): boolean =>
  Object.values(cs.planetary.bases).some((b) => b.hex === hex) ||
  Object.entries(cs.navalBaseHexes).some(([id, h]) => h === hex && cs.space.bases[id]?.status !== 'DESTROYED');

/**
 * Places a new ground base in the hex of `tfId`. `how`: 'BUILT' (the TF holds the engineers the
 * table asks, SP paid by the planetary Supply Phase, D-51) or 'DELIVERED' (a dismantled base
 * handed over; one Construction Engineer Century suffices, L2420-2422).
 */
export function placeGroundBase(
  cs: CampaignState,
  side: Side,
  tfId: string,
  type: GroundBaseClass,
  how: 'BUILT' | 'DELIVERED',
): GameEvent[] | RuleError {
  if (!BUILDABLE.includes(type))
    return ruleError('RANK', 'L2414', 'only Legion and naval ground bases of rank 1, 2 or 3 are built or moved');
  const ps = cs.planetary;
  const tf = ps.tfs[tfId];
  if (!tf || tf.side !== side) return ruleError('BAD_TF', 'L2414', 'not one of your TFs');
  const need = how === 'BUILT' ? engineersNeeded(type) : 1;
  if (constructionEngineers(cs, tfId) < need)
    return ruleError(
      'ENGINEERS',
      how === 'BUILT' ? 'L958-962, L2414' : 'L2420-2422',
      `the TF needs ${need} Construction Engineer Centuries`,
    );
  if (baseInHex(cs, tf.hex)) return ruleError('ONE_PER_HEX', 'L2416', 'only one base may be built per hex');
  const id = `base-${side.toLowerCase()}-${type.toLowerCase()}-${cs.seq++}`;
  if (type.startsWith('GL')) {
    ps.bases[id] = {
      id,
      side,
      originalSide: side,
      type: type as LegionBaseClass,
      hex: tf.hex,
      status: 'DISRUPTED',
      supply: 0,
      deliveredThisTurn: 0,
      rebuildsThisTurn: 0,
      builtTurn: cs.turn,
    };
  } else {
    cs.space.bases[id] = {
      id,
      side,
      type: type as NavalBaseClass,
      status: 'DISRUPTED',
      sector: campaignData.rules.planetSector,
      segment: segmentOfZone(zoneOfHex(tf.hex)),
      supply: 0,
      placedTurn: cs.space.turn,
    };
    cs.navalBaseHexes[id] = tf.hex;
  }
  return [
    {
      type: 'base.deployed',
      visibleTo: 'all',
      data: { side, base: id, type, hex: tf.hex, status: 'DISRUPTED', rule: 'L2424-2426, H15' },
    },
    { type: 'base.deployed.detail', visibleTo: [side], data: { base: id, tf: tfId, how } },
  ];
}

/** L2424: a new base is reorganised no sooner than the next Supply Phase. */
export function mayReorganiseNewBase(cs: CampaignState, baseId: string): boolean {
  const b = cs.planetary.bases[baseId];
  if (b) return b.builtTurn === undefined || b.builtTurn < cs.turn;
  const n = cs.space.bases[baseId];
  return !!n && (n.placedTurn === undefined || n.placedTurn < cs.space.turn);
}

/** L2408, L2422: at the end of Supply, dismantled bases in `side`'s OD boxes are placed with their TFs. */
export function placeDroppedBases(cs: CampaignState, side: Side): GameEvent[] {
  const events: GameEvent[] = [];
  for (const box of Object.values(cs.zones)) {
    for (const e of box.od.filter((x) => x.side === side && x.base)) {
      const r = placeGroundBase(cs, side, e.base!.toTf, e.base!.type as GroundBaseClass, 'DELIVERED');
      events.push(
        ...('code' in r
          ? [{ type: 'base.drop-failed', visibleTo: [side], data: { reason: r.message, rule: r.rule } } as GameEvent]
          : r),
      );
      delete e.base;
    }
    box.od = box.od.filter((x) => x.units.length > 0 || (x.supply ?? 0) > 0 || x.base);
  }
  return events;
}
