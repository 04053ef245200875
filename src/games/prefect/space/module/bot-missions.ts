/**
 * The Space bot's Mission Assignment (L1210-1296): one rule-legal mission per TF that the rules
 * let succeed and that serves the bot's plan.
 *  - Sector Defence at each of its base sectors, given to the strongest TF there (only one TF of
 *    a sector may defend, L1250; an Attack in a sector the enemy holds nothing in fights nothing).
 *  - Supply for TFs with transports, and for TFs that stay home or come in without a target:
 *    it moves ships and fighters to a sector "without carrying out any other mission" (L1753)
 *    and does not tire them (L1833); the adjustment then folds them into the sector defence.
 *  - Attack only where it can find something to fight (bot-targets.ts: L1701, L1705, L1713) and
 *    that it can reach (L1326, L1409), and never for a TF at fatigue 3, which one more level would disorganise (L1841).
 *  - Withdrawal for grouped disorganised units (L1875) and for worn-out TFs away from a base.
 */
import type { Json } from '#engine/contract.js';
import { carriesMarines } from './bot-marines.js';
import { attackTarget, targets, type V } from './bot-targets.js';

const SHIP_FIRST = (a: V, b: V) =>
  (a.kind === 'FIGHTER' ? 1 : 0) - (b.kind === 'FIGHTER' ? 1 : 0) || b.attack - a.attack;

/** A TF's fighting worth: attack + defence of its organised units, each less its fatigue (L1561). */
export function strength(tf: V): number {
  const f = tf?.fatigue ?? 0;
  return (tf?.units ?? [])
    .filter((u: V) => u.status === 'ACTIVE')
    .reduce((n: number, u: V) => n + Math.max(0, u.attack - f) + Math.max(0, u.defence - f), 0);
}

/** L1316-1326: the TF's non-independent fighters fit on its ships, so it may leave its sector (intra-system or T-space). */
export function mayMove(tf: V): boolean {
  const live: V[] = (tf?.units ?? []).filter((u: V) => u.status !== 'DESTROYED');
  const riders = live.filter((u) => u.kind === 'FIGHTER' && !u.independent).length;
  return riders <= live.filter((u) => u.kind === 'SHIP').reduce((n, u) => n + (u.carry ?? 0), 0);
}

/**
 * The TF that takes Sector Defence in each sector holding a base of ours (L1250: one per
 * sector): the strongest TF there that may take it, ties to the prompt's order.
 */
export function sdChoice(view: V, p: V, myBases: V[]): Map<string, string> {
  const own = new Map<string, V>(view.own.tfs.map((t: V) => [t.id, t]));
  const best = new Map<string, { tf: string; worth: number }>();
  for (const c of p.choices.tfs as V[]) {
    const sector = c.place.kind === 'SECTOR' ? c.place.sector : null;
    const tf = own.get(c.tf);
    if (!sector || !c.missions.includes('SECTOR_DEFENCE') || tf?.disorganisedGroup) continue;
    if (!myBases.some((b) => b.sector === sector)) continue;
    const worth = strength(tf);
    const prev = best.get(sector);
    if (!prev || worth > prev.worth) best.set(sector, { tf: c.tf, worth });
  }
  return new Map([...best].map(([sector, b]) => [sector, b.tf]));
}

export function missions(view: V, p: V, side: string): Json {
  const own = new Map<string, V>(view.own.tfs.map((t: V) => [t.id, t]));
  const myBases: V[] = view.own.bases.filter((b: V) => b.status !== 'DESTROYED' && !b.offSystemBox && !b.carriedBy);
  const enemyAt = (sector: string) => view.map.tfs.filter((t: V) => t.side !== side && t.sector === sector).length;
  const tgt = targets(view.scenario);
  const sdOf = sdChoice(view, p, myBases);
  const target = attackTarget(view, side);
  let gsGiven = false;
  const out = p.choices.tfs.map((c: V) => {
    const tf = own.get(c.tf);
    const sector = c.place.kind === 'SECTOR' ? c.place.sector : null;
    const has = (m: string) => c.missions.includes(m);
    if (!has('SECTOR_DEFENCE') && !has('ATTACK') && has('SUPPLY') && !has('WITHDRAWAL'))
      return { tf: c.tf, mission: 'SUPPLY' };
    if (tf?.disorganisedGroup || (tf && tf.fatigue >= 3 && sector && !myBases.some((b) => b.sector === sector))) {
      const dest = p.choices.withdrawTo.find((x: string) => x !== 'OFFSYSTEM') ?? 'OFFSYSTEM';
      if (has('WITHDRAWAL'))
        return {
          tf: c.tf,
          mission: 'WITHDRAWAL',
          params: { destination: tf?.disorganisedGroup || !dest ? 'OFFSYSTEM' : dest },
        };
    }
    // Defend own bases: the sector's SD TF spreads its units over the segments that hold bases.
    const baseSegs = [...new Set(myBases.filter((b) => b.sector === sector).map((b) => b.segment))].sort();
    if (sector && baseSegs.length && sdOf.get(sector) === c.tf) {
      const units: V[] = (tf?.units ?? []).filter((u: V) => u.status !== 'DESTROYED').sort(SHIP_FIRST);
      const alloc: Record<string, string[]> = {};
      units.forEach((u, i) => {
        (alloc[String(baseSegs[i % baseSegs.length])] ??= []).push(u.id);
      });
      return { tf: c.tf, mission: 'SECTOR_DEFENCE', sdAllocation: alloc };
    }
    // L2063: a TF bringing Marines in from off-system attacks on arrival where an enemy base was seen (bot-marines.ts).
    if (!sector && carriesMarines(tf) && has('ATTACK') && target && (tf?.fatigue ?? 0) < 3 && mayMove(tf))
      return { tf: c.tf, mission: 'ATTACK' };
    if (has('SUPPLY') && (tf?.units ?? []).some((u: V) => u.kind === 'TRANSPORT'))
      return { tf: c.tf, mission: 'SUPPLY' };
    // Attack: the key sector takes a Ground Support strike once the enemy there is thin (D-01 scores GS).
    const friendsHere = p.choices.tfs.filter((x: V) => x.place.kind === 'SECTOR' && x.place.sector === sector).length;
    // (only over an enemy-held key sector: D-01 counts GS for either side, but GS over one's own planet is no strike)
    if (
      sector === tgt[0] &&
      !myBases.some((b) => b.sector === sector) &&
      (enemyAt(sector) === 0 || friendsHere >= 2) &&
      has('GROUND_SUPPORT') &&
      !gsGiven
    ) {
      gsGiven = true;
      return { tf: c.tf, mission: 'GROUND_SUPPORT' };
    }
    // L1713, L1841: no Attack without a target it can reach (any sector, L1409, if its fighters ride, L1326; T-space for
    // off-system TFs), nor at fatigue 3.
    if (has('ATTACK') && target && (tf?.fatigue ?? 0) < 3 && (sector === target || mayMove(tf)))
      return { tf: c.tf, mission: 'ATTACK' };
    // L1753, L1833: Supply brings the TF where it is needed without tiring it.
    if (has('SUPPLY')) return { tf: c.tf, mission: 'SUPPLY' };
    const m = c.missions.find((x: string) => x !== 'SECTOR_DEFENCE' && x !== 'WITHDRAWAL') ?? c.missions[0];
    return m === 'WITHDRAWAL'
      ? { tf: c.tf, mission: m, params: { destination: 'OFFSYSTEM' } }
      : { tf: c.tf, mission: m };
  });
  return { kind: 'missions', missions: out };
}
