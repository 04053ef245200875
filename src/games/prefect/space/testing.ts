/**
 * Test helpers: a small space state built from counters, for worked examples. Not used by rules.
 */
import type { NavalBase, NavalTF, NavalUnit, Side, SpaceState, TfPlace } from './types.js';
import { stats } from './state.js';
import type { NavalStats } from './units.js';

export interface TfSpec {
  id: string;
  side: Side;
  place: TfPlace;
  /** [type, count, extra?] — ids are `${tf}-${type}-${n}` */
  units: [string, number, Partial<NavalUnit>?][];
  mission?: NavalTF['mission'];
  fatigue?: NavalTF['fatigue'];
}

export function buildState(specs: TfSpec[], bases: NavalBase[] = [], attacker: Side = 'TOG'): SpaceState {
  const state: SpaceState = {
    turn: 1,
    attacker,
    units: {},
    tfs: {},
    bases: {},
    tempo: { TOG: 0, CW: 0 },
    sealedMissions: {},
  };
  specs.forEach((s, i) => {
    const ids: string[] = [];
    for (const [type, n, extra] of s.units) {
      for (let k = 1; k <= n; k++) {
        const id = `${s.id}-${type}${extra?.independent ? 'i' : ''}-${k}`;
        state.units[id] = { id, type, side: s.side, status: 'ACTIVE', tf: s.id, ...extra };
        ids.push(id);
      }
    }
    state.tfs[s.id] = {
      id: s.id,
      side: s.side,
      counterNo: i + 1,
      place: s.place,
      units: ids,
      fatigue: s.fatigue ?? 0,
      ...(s.mission ? { mission: s.mission } : {}),
    };
  });
  for (const b of bases) state.bases[b.id] = b;
  return state;
}

export const statsIn = (state: SpaceState, tfId: string): NavalStats[] =>
  state.tfs[tfId].units.map((id) => stats(state.units[id]));
export const sector = (sector: string): TfPlace => ({ kind: 'SECTOR', sector });
