/**
 * Naval counter values. D-10: values are per counter, so a counter's `overrides` beat its type's.
 * Fatigue lowers attack and defence by 1 per level whenever the TF fights (L1561, L1839); bases
 * have no fatigue (L1845) and a disorganised base attacks with 0 (L1653).
 */
import type { NavalBase, NavalBaseType, NavalUnit, NavalUnitType } from './types.js';

/** A counter's values after its own overrides (D-10). */
export type NavalStats = Pick<NavalUnitType, 'attack' | 'defence' | 'sig' | 'esm' | 'thrust' | 'carry' | 'kind'> & {
  independent: boolean;
};

export type UnitTypes = Readonly<Record<string, NavalUnitType>>;
export type BaseTypes = Readonly<Record<string, NavalBaseType>>;

export function statsOf(u: Pick<NavalUnit, 'type' | 'overrides' | 'independent'>, types: UnitTypes): NavalStats {
  const t = types[u.type];
  if (!t) throw new Error(`unknown naval unit type ${u.type}`);
  const o = u.overrides ?? {};
  return {
    attack: o.attack ?? t.attack,
    defence: o.defence ?? t.defence,
    sig: o.sig ?? t.sig,
    esm: o.esm ?? t.esm,
    thrust: o.thrust ?? t.thrust,
    carry: o.carry ?? t.carry,
    kind: t.kind,
    independent: t.kind === 'FIGHTER' && !!u.independent,
  };
}

/** L1561: −1 attack per fatigue level of the unit's TF, never below 0. */
export const fatiguedAttack = (s: NavalStats, fatigue: number): number => Math.max(0, s.attack - fatigue);
/** L1561: −1 defence per fatigue level of the unit's TF, never below 0. */
export const fatiguedDefence = (s: NavalStats, fatigue: number): number => Math.max(0, s.defence - fatigue);

/** L1653: a disorganised (disrupted) base has attack 0; defence unchanged; no fatigue (L1845). */
export function baseAttack(b: NavalBase, types: BaseTypes): number {
  const t = types[b.type];
  if (!t) throw new Error(`unknown base class ${b.type}`);
  return b.status === 'ACTIVE' ? t.attack : 0;
}
export function baseDefence(b: NavalBase, types: BaseTypes): number {
  const t = types[b.type];
  if (!t) throw new Error(`unknown base class ${b.type}`);
  return t.defence;
}
