/**
 * Units built from the data pack's counters (units.json): the snapshot of type, class and
 * factors a Unit carries (state.ts), and the scheduled reinforcements put on the turn track
 * (14.22). For set-up code and tests.
 */
import type { Json } from '#engine/contract.js';
import { counter, unitDefense, unitsData, unitType } from './data/index.js';
import { makeUnit, type Box, type Unit } from './state.js';

/** A Unit for counter `id` (e.g. 'H:2/R') in `box`; Spaceport defense follows option spaceportFactorsFrom (C1). */
export function unitFromCounter(id: string, box: Box, options: Record<string, Json> = {}): Unit {
  const c = counter(id);
  const t = unitType(c.type);
  return makeUnit({
    id: c.id,
    side: t.side,
    typeId: t.code,
    cls: t.cls,
    sub: t.sub,
    designation: c.designation,
    attack: t.attack ?? 0,
    defense: unitDefense(t.code, options) ?? 0,
    movement: t.movement ?? 0,
    box,
  });
}

/** 14.22 every scheduled reinforcement as a unit on the turn track, due on its turn. */
export function scheduledReinforcements(options: Record<string, Json> = {}): Unit[] {
  return unitsData.reinforcements.flatMap((r) =>
    r.counters.map((id) => {
      const u = unitFromCounter(id, 'TURN_TRACK', options);
      u.due = r.turn;
      u.arrivesAt = r.at;
      u.sfStatus = null;
      return u;
    }),
  );
}
