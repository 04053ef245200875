/**
 * Parts of the Naval TF Adjustment Phase (L1869-1889, digest §5.B.18): grouping each sector's
 * disorganised units into one TF that must withdraw next turn (L1649, L1875, D-73), and the
 * rebuild at the end of the phase (L1975-1981, D-67): destroyed units go from the Destroyed to
 * the Functional box, at most the scenario's limit per turn (default 3), unused rebuilds lost.
 * New TFs, exchanges, fighter reassignment, transports as bases, stranded fighters and the
 * close of the phase are in tf-adjust.ts.
 */
import type { NavalTF, RuleError, Side, SpaceState } from './types.js';
import { spaceData } from './data/index.js';
import { sectorOf } from './state.js';

/** L1068: each side has twenty numbered TF counters; the lowest free one, or null. */
export function freeCounter(state: SpaceState, side: Side): number | null {
  const used = new Set(
    Object.values(state.tfs)
      .filter((t) => t.side === side)
      .map((t) => t.counterNo),
  );
  for (let n = 1; n <= 20; n++) if (!used.has(n)) return n;
  return null;
}

/**
 * L1875: all of `side`'s disorganised units in `sector` into one TF (an existing group TF there,
 * or a new one on a free counter). Emptied TFs are removed. Returns the group TF id, null when
 * there is nothing to group, or an error when no counter is free.
 */
export function groupDisorganised(state: SpaceState, side: Side, sector: string): string | null | RuleError {
  const here = Object.values(state.tfs).filter((t) => t.side === side && sectorOf(t) === sector);
  const loose = here
    .filter((t) => !t.disorganisedGroup)
    .flatMap((t) => t.units.filter((id) => state.units[id].status === 'DISORGANISED'));
  let group = here.find((t) => t.disorganisedGroup);
  if (loose.length === 0) return group?.id ?? null;
  if (!group) {
    const counterNo = freeCounter(state, side);
    if (counterNo === null)
      return { code: 'NO_FREE_COUNTER', rule: 'L1068', message: 'all twenty TF counters are in use' };
    const id = `${side.toLowerCase()}-dis-${sector}-${state.turn}`;
    group = {
      id,
      side,
      counterNo,
      place: { kind: 'SECTOR', sector },
      units: [],
      fatigue: 0,
      disorganisedGroup: true,
      beganTurnInSystem: true,
    };
    state.tfs[id] = group;
  }
  const g: NavalTF = group;
  for (const tf of here) {
    if (tf === g || tf.disorganisedGroup) continue;
    const moving = tf.units.filter((id) => loose.includes(id));
    if (moving.length === 0) continue;
    g.fatigue = Math.max(g.fatigue, tf.fatigue) as NavalTF['fatigue']; // L1879: the higher level
    tf.units = tf.units.filter((id) => !moving.includes(id));
    for (const [seg, ids] of Object.entries(tf.sdAllocation ?? {}))
      tf.sdAllocation![Number(seg)] = ids.filter((id) => !moving.includes(id));
    if (tf.units.length === 0) delete state.tfs[tf.id];
  }
  for (const id of loose) {
    g.units.push(id);
    state.units[id].tf = g.id;
  }
  return g.id;
}

/**
 * L1975-1981: rebuild `ids` this turn (units or bases in the Destroyed box; `done` = already
 * rebuilt this turn). Ground bases are refused: they cannot be built or carried in the Space Game
 * (L2087, L2093), so a rebuilt one could never return.
 */
export function rebuildErrors(state: SpaceState, side: Side, ids: string[], limit: number, done = 0): RuleError[] {
  if (done + ids.length > limit)
    return [{ code: 'REBUILD_LIMIT', rule: 'L1975-1977, D-67', message: `at most ${limit} rebuilds this turn` }];
  for (const id of ids) {
    const b = state.bases[id];
    if (b && b.side === side && b.status === 'DESTROYED' && !spaceData.baseTypes[b.type].orbital) {
      return [
        {
          code: 'GROUND_BASE',
          rule: 'L2087, L2093',
          message: `${id} is a ground base: it cannot be rebuilt in the Space Game`,
          unit: id,
        },
      ];
    }
    const unitOk = state.units[id]?.side === side && state.units[id].offSystemBox === 'DESTROYED';
    const baseOk = b?.side === side && b.status === 'DESTROYED';
    if (!(unitOk || baseOk) || new Set(ids).size !== ids.length)
      return [
        {
          code: 'NOT_DESTROYED',
          rule: 'L1979',
          message: `${id} is not one of your destroyed units or bases`,
          unit: id,
        },
      ];
  }
  return [];
}

/** L1979: to the Functional box; `rebuilt` keeps the destruction on the VP tally (victory.ts). */
export function applyRebuild(state: SpaceState, ids: string[]): void {
  for (const id of ids) {
    const b = state.bases[id];
    if (b)
      Object.assign(b, {
        status: 'ACTIVE',
        offSystemBox: 'FUNCTIONAL',
        supply: 0,
        marines: 0,
        rebuilt: (b.rebuilt ?? 0) + 1,
      });
    else
      Object.assign(state.units[id], {
        status: 'ACTIVE',
        offSystemBox: 'FUNCTIONAL',
        rebuilt: (state.units[id].rebuilt ?? 0) + 1,
      });
  }
}
