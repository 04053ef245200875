/**
 * Step 3 of the Campaign Supply Phase moves SP "between bases, headquarters and transports"
 * (L2290) both ways: the link part `lift` [{ base, to, sp }] sends SP up from one of the side's
 * Legion bases to a transport or a naval base of the same orbital segment (a ground base of zone n
 * is in segment n, L2141), as the Space Game's transfers do between bases and transports:
 * - a transport only when its Supply TF entered that segment this turn (L1919-1921), undisrupted
 *   (L1925), with room for the SP beside its troops, Marines and base components (L1907, L2328:
 *   troops are never thrown out for SP);
 * - a naval base (ground or orbital, or a transport deployed as one, L2115) of the planet sector
 *   and the same segment (L1923), placed (not in transit, L2093), up to its storage (L1907, as the
 *   Space transfers refuse more); a disorganised one may receive (L1927);
 * - the Legion base must be undisrupted (L1927, L2295-2297) and sends only SP not delivered this
 *   turn (L770: as every planetary transfer; SP brought down this turn never go straight back up).
 * SP so lifted are never "direct" for the GL4 option (L2362). Supply is secret (H14): the event
 * goes to the owner only.
 */
import type { GameEvent } from '#engine/contract.js';
import { actsAsBase, capacityOf as holderCapacity, holderOf, locationOf, supplyOf } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { ruleError } from '../state.js';
import { loadSupplyErrors } from '../transport.js';
import type { RuleError } from '../types.js';
import type { CampaignGameState, Side } from './types.js';

export interface Lift {
  base: string;
  to: string;
  sp: number;
}

/** L2290, L1919-1927: `sp` SP from Legion base `base` up to transport or naval base `to` of its segment. */
export function liftSp(cs: CampaignGameState, side: Side, x: Lift): GameEvent[] | RuleError {
  const b = cs.planetary.bases[x.base];
  if (!b || b.side !== side) return ruleError('BAD_BASE', 'L2290', `${x.base} is not one of your Legion bases`);
  if (b.status !== 'ACTIVE')
    return ruleError('DISRUPTED_BASE', 'L1927, L2295-2297', 'a disorganised base may receive SP but not transfer them');
  const transferable = Math.max(0, b.supply - b.deliveredThisTurn);
  if (x.sp > transferable)
    return ruleError(
      'NOT_ENOUGH_SP',
      'L770, L776',
      `${x.base} may send ${transferable} SP (SP delivered this turn stay)`,
    );
  const h = holderOf(cs.space, x.to);
  if (!h || h.side !== side)
    return ruleError('BAD_DESTINATION', 'L1919, L2290', `${x.to} is not one of your transports or naval bases`);
  const segment = segmentOfZone(zoneOfHex(b.hex));
  const at = locationOf(cs.space, h);
  if (!at) {
    return h.kind === 'BASE'
      ? ruleError('BASE_NOT_ON_MAP', 'L2093, L2105', `${x.to} is not placed on the map`)
      : ruleError('NOT_AT_BASE', 'L1921', `${x.to}'s Supply TF did not enter the base's segment this turn`);
  }
  if (at.sector !== campaignData.rules.planetSector || at.segment !== segment) {
    return h.kind === 'TRANSPORT' && !actsAsBase(h)
      ? ruleError('NOT_AT_BASE', 'L1921', `${x.to}'s Supply TF did not enter the base's segment this turn`)
      : ruleError('DIFFERENT_SEGMENT', 'L1923, L2141', `${x.to} is not in the base's orbital segment`);
  }
  if (h.kind === 'TRANSPORT') {
    if (h.unit.status !== 'ACTIVE')
      return ruleError('DISRUPTED_TRANSPORT', 'L1925', `${x.to} is disrupted: no transfer until reorganised`);
    const room = loadSupplyErrors(cs, x.to, x.sp);
    if (room) return room;
  }
  if (supplyOf(h) + x.sp > holderCapacity(h))
    return ruleError('OVER_CAPACITY', 'L1907', `${x.to} holds at most ${holderCapacity(h)} SP`);
  b.supply -= x.sp;
  b.deliveredThisTurn = Math.min(b.deliveredThisTurn, b.supply);
  if (h.kind === 'BASE') h.base.supply += x.sp;
  else h.unit.supply = (h.unit.supply ?? 0) + x.sp;
  return [
    { type: 'supply.lifted', visibleTo: [side], data: { base: x.base, to: x.to, sp: x.sp, rule: 'L2290, L1919-1923' } },
  ];
}
