/**
 * Space state helpers bound to the data pack: a state built from a scenario (set-up, L1154-1178),
 * counter stats, units of a TF, sectors. Rules modules take the state and mutate it in place
 * (callers clone first, as the planetary module does).
 */
import { spaceData } from './data/index.js';
import type { NavalBase, NavalTF, NavalUnit, Sector, Side, SpaceScenario, SpaceState } from './types.js';
import { statsOf, type NavalStats } from './units.js';

/** L222-224: a roll-under test; 1 always succeeds and 10 always fails. */
export const rollUnder = (roll: number, target: number): boolean => roll === 1 || (roll !== 10 && roll <= target);

export const stats = (u: NavalUnit): NavalStats => statsOf(u, spaceData.unitTypes);

export function sectorById(id: string): Sector | undefined {
  return spaceData.map.sectors.find((s) => s.id === id);
}

export function unitsOf(state: SpaceState, tfId: string): NavalUnit[] {
  const tf = state.tfs[tfId];
  if (!tf) throw new Error(`no TF ${tfId}`);
  return tf.units.map((id) => {
    const u = state.units[id];
    if (!u) throw new Error(`TF ${tfId} lists unknown unit ${id}`);
    return u;
  });
}

/** Units still on the record sheet (not destroyed). */
export const liveUnitsOf = (state: SpaceState, tfId: string): NavalUnit[] =>
  unitsOf(state, tfId).filter((u) => u.status !== 'DESTROYED');

/** L1068: only TFs with at least one naval unit are active. */
export const isActive = (state: SpaceState, tf: NavalTF): boolean => liveUnitsOf(state, tf.id).length > 0;

export const sectorOf = (tf: NavalTF): string | undefined => (tf.place.kind === 'SECTOR' ? tf.place.sector : undefined);

/** The side's TF with a SECTOR_DEFENCE mission in a sector (at most one, L1250). */
export function sdTfIn(state: SpaceState, side: Side, sector: string): NavalTF | undefined {
  return Object.values(state.tfs).find(
    (t) => t.side === side && t.mission === 'SECTOR_DEFENCE' && sectorOf(t) === sector,
  );
}

/** Bases on the map in `sector` (not destroyed, not in an off-system box, not being carried, L2093-2095). */
export const basesIn = (state: SpaceState, side: Side, sector: string): NavalBase[] =>
  Object.values(state.bases).filter(
    (b) => b.side === side && b.sector === sector && b.status !== 'DESTROYED' && !b.offSystemBox && !b.carriedBy,
  );

/** Set-up from a scenario (L1154-1178): units into their TFs, TFs placed, bases placed; no missions yet. */
export function newSpaceState(s: SpaceScenario): SpaceState {
  const units: Record<string, NavalUnit> = {};
  for (const u of s.units) {
    units[u.id] = {
      id: u.id,
      type: u.type,
      side: u.side,
      status: 'ACTIVE',
      ...(u.independent ? { independent: true } : {}),
      ...(u.overrides ? { overrides: u.overrides } : {}),
      ...(u.supply !== undefined ? { supply: u.supply } : {}),
    };
  }
  const tfs: Record<string, NavalTF> = {};
  for (const t of s.tfs) {
    tfs[t.id] = {
      id: t.id,
      side: t.side,
      counterNo: t.counterNo,
      units: [...t.units],
      fatigue: 0,
      place: t.place === 'OFFSYSTEM' ? { kind: 'OFFSYSTEM' } : { kind: 'SECTOR', sector: t.place },
      beganTurnInSystem: t.place !== 'OFFSYSTEM',
    };
    for (const id of t.units) units[id].tf = t.id;
  }
  const bases: Record<string, NavalBase> = {};
  for (const b of s.bases) bases[b.id] = { ...b, status: 'ACTIVE' };
  const marines = s.offSystemMarines ? { offSystemMarines: { ...s.offSystemMarines } } : {}; // L2055: the scenario's off-system cohorts
  return {
    turn: 1,
    attacker: s.firstAttacker,
    units,
    tfs,
    bases,
    tempo: { TOG: 0, CW: 0 },
    sealedMissions: {},
    ...marines,
  };
}
