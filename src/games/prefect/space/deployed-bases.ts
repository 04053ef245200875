/**
 * Transports deployed as bases in combat (L2111-2117): "Until the transport counter is reassigned
 * to a Task Force, the unit functions as a naval base." Supply and rearming already treat it so
 * (supply.ts, rearm.ts); here it is a base for combat as well:
 *  - it is placed with the bases of its segment (L1703, L1741) and is a target of Attack / HS
 *    Attack like an orbital base (L1701, L1771: it sits on the OFAT, L2113);
 *  - it may fire on Supply / GS / OD forces in its segment (L1743, L1767) and takes part in
 *    opposing-SD rounds (L1855) like an organised base;
 *  - it saves on the base table (D-64) and can be destroyed or captured by Marines (L2035).
 * Reconstructed (the text gives no base values for it): it fights with the transport's own attack
 * and defence (D-41 transport classes: attack 0), with no fatigue (L1845, a base) and attack 0
 * while disorganised (L1653, a disrupted base). Its disrupted state is the counter's DISORGANISED.
 * Destroyed, it goes to the Destroyed Naval Units box with its cargo (L1669) and scores as a
 * squadron destroyed (D-01 counts counters: "1 per enemy ship or squadron destroyed").
 */
import type { Side, SpaceState } from './types.js';
import { stats } from './state.js';

/** Live transports of `side` deployed as bases in `sector` (and `segment`, when given). */
export function deployedBasesIn(state: SpaceState, side: Side, sector: string, segment?: number): string[] {
  return Object.values(state.units)
    .filter(
      (u) =>
        u.side === side &&
        u.status !== 'DESTROYED' &&
        u.deployedAsBase?.sector === sector &&
        (segment === undefined || u.deployedAsBase.segment === segment),
    )
    .map((u) => u.id);
}

/** Whether `id` is a transport counter functioning as a base (L2115). */
export const isDeployedBase = (state: SpaceState, id: string): boolean =>
  !!state.units[id]?.deployedAsBase && state.units[id].status !== 'DESTROYED';

/** Reconstructed combat values of a transport-as-base: its own values; attack 0 while disrupted (L1653); no fatigue (L1845). */
export function deployedBaseValues(state: SpaceState, id: string): { attack: number; defence: number } {
  const u = state.units[id];
  const s = stats(u);
  return { attack: u.status === 'ACTIVE' ? s.attack : 0, defence: s.defence };
}

/**
 * Reconstructed Marine-assault defence (L2071-2073 give class + 1 per cohort for a base): a
 * transport has no base class, so its class level is taken as 1 (the smallest base), + 1 per
 * Marine cohort it carries.
 */
export const deployedBaseAssaultDefence = (state: SpaceState, id: string): number => 1 + (state.units[id].marines ?? 0);

/**
 * L2077-2081 applied to a transport-as-base (reconstructed): captured "with all its SP", it
 * becomes the captor's counter of the same class (as a base does, L2079), stays deployed where it
 * is, disrupted (DISORGANISED, L2081), garrisoned by the landed cohorts.
 */
export function captureDeployedBase(state: SpaceState, id: string, captor: Side, cohorts: number): void {
  const u = state.units[id];
  const code = u.type.replace(/^[a-z]+-/, '');
  u.side = captor;
  u.type = `${captor.toLowerCase()}-${code}`;
  delete u.overrides;
  u.status = 'DISORGANISED';
  u.marines = cohorts;
  u.deployedAsBase = { ...u.deployedAsBase!, turn: state.turn };
}
