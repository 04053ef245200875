/**
 * What a Space Combat Phase did to a Legion base's stand-in (legion-bases.ts), carried back to the
 * planetary base before the stand-in is removed:
 * - SP a friendly Supply TF handed to it (L1749 "to any friendly base of the orbital segment",
 *   L2141: a ground base of zone n is in segment n) reach the Legion base's stores (L2280-2282),
 *   with the GL4 option on SP loaded straight off-system (L2352-2362); SP beyond the base's storage
 *   are lost (L774, as the Supply Phase's `deliver`, supply-link.ts). They count as delivered this
 *   turn (not transferable, L770), like every other delivery.
 * - Marine cohorts handed to it stay aboard: the planetary base keeps no naval Marine garrison
 *   (the campaign's Marines are ground units, unloaded at a base in step 3, L2330-2332).
 * - Marines stationed on the base (`stationedMarines`): the owner's active Marine ground units under
 *   the base counter (L2059; unassigned non-gravitic units, L2332, D-44) or in his TFs in its hex
 *   (L2332: forces at a ground base are in a TF there). Each adds 1 to the stand-in's Marine-assault
 *   defence (L2071-2073); they are destroyed when the base is captured (L2077) and stay when it saves
 *   (L2083 names only the attacking Marines). Disorganised units do not defend (off their TF, L655).
 * - A Marine capture (L2035, L2077-2081): the Legion base changes hands with all its SP, disrupted.
 *   Reconstructed (the text is silent): the old owner's other ground TFs in the hex stay there. L2077
 *   names only the base, its supply and the defending Marines; TFs at a base are not affected by what
 *   happens to the base short of its destruction (L2276); the planetary capture (L902-912) never
 *   leaves both sides in one hex, so it settles nothing here.
 * Events: the capture is public, the SP go to both owners only (H1, as ../../capture.ts; D-19
 * keeps outcomes public); a credited transfer goes to the owner only (H14).
 */
import type { GameEvent } from '#engine/contract.js';
import { destroy, removeTfIfEmpty, unitType } from '../../planetary/index.js';
import { rulesData } from '../../planetary/index.js';
import type { NavalBase, SpaceState } from '../../space/index.js';
import { deliveredSp } from '../supply.js';
import type { CampaignGameState } from './types.js';

interface TransferData {
  tf?: string;
  from: string;
  to: string;
  amount: number;
  marines?: boolean;
}

/** L1749, L2280-2282, L2352-2362: the phase's TRANSFER events into `standIn`, credited to Legion base `legionId` (`space`: the state the procedure returned). */
export function creditTransfers(
  cs: CampaignGameState,
  space: SpaceState,
  legionId: string,
  standIn: string,
  events: GameEvent[],
): GameEvent[] {
  const b = cs.planetary.bases[legionId];
  const out: GameEvent[] = [];
  if (!b) return out;
  for (const e of events) {
    if (e.type !== 'TRANSFER') continue;
    const t = e.data as unknown as TransferData;
    if (t.to !== standIn || !(t.amount > 0)) continue;
    if (t.marines) {
      const u = space.units[t.from];
      if (u) u.marines = (u.marines ?? 0) + t.amount;
      out.push({
        type: 'supply.marines-kept',
        visibleTo: [b.side],
        data: { transport: t.from, base: legionId, marines: t.amount, rule: 'L2330-2332' },
      });
      continue;
    }
    const direct = Math.min(t.amount, cs.offSystemSp?.[t.from] ?? 0);
    if (direct > 0) cs.offSystemSp![t.from] -= direct;
    const got = deliveredSp(cs, direct, { kind: b.type }, true) + (t.amount - direct);
    const room = Math.max(0, rulesData().baseTypes[b.type].supplyMax - b.supply);
    const added = Math.min(got, room);
    b.supply += added;
    b.deliveredThisTurn += added;
    out.push({
      type: 'supply.delivered-down',
      visibleTo: [b.side],
      data: {
        transport: t.from,
        base: legionId,
        sp: t.amount,
        received: added,
        bonus: got - t.amount,
        lost: got - added,
        rule: got > t.amount ? 'L1749, L2352-2362' : 'L1749, L2280-2282',
      },
    });
  }
  return out;
}

/**
 * L2059, L2071, L2332: the owner's Marine ground units stationed on Legion base `legionId` — active,
 * not aboard, under the base counter in its hex or in one of his TFs in that hex.
 */
export function stationedMarines(cs: CampaignGameState, legionId: string): string[] {
  const ps = cs.planetary;
  const b = ps.bases[legionId];
  if (!b) return [];
  const atBase = (u: (typeof ps.units)[string]): boolean => {
    if (u.tf) return ps.tfs[u.tf]?.hex === b.hex && ps.tfs[u.tf]?.side === b.side;
    return u.hex === b.hex && (u.under === undefined || u.under === legionId);
  };
  return Object.values(ps.units)
    .filter(
      (u) =>
        u.side === b.side &&
        u.status === 'ACTIVE' &&
        !cs.cargo[u.id] &&
        unitType(u).flags.includes('MARINE') &&
        atBase(u),
    )
    .map((u) => u.id)
    .sort();
}

/** L2035, L2077-2081: Marines captured the stand-in; the Legion base follows and its Marines die (L2077). */
export function carryCapture(cs: CampaignGameState, legionId: string, after: NavalBase): GameEvent[] {
  const b = cs.planetary.bases[legionId];
  if (!b || after.side === b.side) return [];
  const from = b.side;
  const defenders = stationedMarines(cs, legionId);
  for (const id of defenders) {
    const u = cs.planetary.units[id];
    const tf = u.tf;
    destroy(cs.planetary, u); // L2077: "the Marines defending it are destroyed"
    if (tf) removeTfIfEmpty(cs.planetary, tf);
  }
  b.side = after.side; // L2079: the captor's counter of the same class
  b.status = 'DISRUPTED'; // L2081
  b.deliveredThisTurn = 0;
  return [
    {
      type: 'base.captured',
      visibleTo: 'all',
      data: { base: legionId, hex: b.hex, side: b.side, from, by: 'MARINES', rule: 'L2035, L2077-2081' },
    },
    {
      type: 'base.captured.supply',
      visibleTo: [b.side, from],
      data: { base: legionId, supply: b.supply, captured: b.supply, destroyed: 0, rule: 'L2077' },
    },
    // Which units died is the owner's record sheet (H14); their number was public in the assault's defence (L2075).
    ...(defenders.length
      ? [
          {
            type: 'marines.defenders-lost',
            visibleTo: [from],
            data: { base: legionId, units: defenders, rule: 'L2077' },
          } as GameEvent,
        ]
      : []),
  ];
}
