/**
 * Bot decisions outside the Player Phases: Major Efforts (13.4) and Strategic Transportation
 * (3.2 D.2–D.3). Pure functions of the state.
 */
import type { CetianStrategicOrder, HumanStrategicOrder, MajorEffortOrder } from './orders.js';
import { majorEffortShift, ownState } from './space.js';
import { SPACE_DATA } from './space-data.js';
import type { CerberusState, Side, Unit } from './state.js';

/**
 * 13.4 call when the marker is not already well on our side (own state below +3): an effort is
 * worth three boxes. The resolution roll averages no shift, so a sole caller who is then at
 * parity or better cancels it to keep what he has (13.43).
 */
export function planMajorEffort(state: CerberusState, side: Side): MajorEffortOrder {
  const own = ownState(state.space.state, side);
  const call = own < 3;
  const after = own + majorEffortShift(state.players[side].majorEfforts);
  return { kind: 'major-effort', call, cancelRollIfSoleCaller: call && after >= 0 };
}

/** Landing priority of units waiting off the map: strength first, then what keeps them supplied. */
function priority(u: Unit, state: CerberusState): number {
  const onMap = (cls: Unit['cls']) =>
    state.units.filter((x) => x.side === u.side && x.box === 'MAP' && x.cls === cls).length;
  // 14.5 before the Human's last turn, Transport companies wait in the Fleet: the cheapest units to land on continents to deny (bot-human.ts).
  if (u.side === 'HUMAN' && u.cls === 'TRANSPORT' && state.lastTurn !== null && state.turn === state.lastTurn - 1)
    return 0;
  if (u.cls === 'SPACEPORT') return onMap('SPACEPORT') === 0 ? 0 : 9;
  if (u.cls === 'MOBILE') return 1;
  if (u.cls === 'HEAVY_WEAPONS') return 2;
  if (u.cls === 'BASE') return onMap('BASE') < 3 ? 2 : 6;
  if (u.cls === 'INFANTRY') return u.sub === 'PARATROOP' ? 1 : 3;
  if (u.cls === 'TRANSPORT') return 5;
  return 8;
}
const byPriority = (state: CerberusState) => (a: Unit, b: Unit) =>
  priority(a, state) - priority(b, state) || a.id.localeCompare(b.id);

/** 3.2 D.2, 14.13 trims the Fleet to 6 (turn 1) keeping the best units, and brings up to 4 from Earth. */
export function planStrategicHuman(state: CerberusState): HumanStrategicOrder {
  const cap = SPACE_DATA.fleet.capacity.HUMAN;
  const fleet = state.units.filter((u) => u.side === 'HUMAN' && u.box === 'FLEET').sort(byPriority(state));
  const fleetToEarth = fleet.slice(cap).map((u) => u.id);
  const room = Math.min(SPACE_DATA.strategic.humanEarthToFleetMax, cap - Math.min(cap, fleet.length));
  const earth = state.units
    .filter((u) => u.side === 'HUMAN' && u.box === 'EARTH' && u.cls !== 'SF')
    .sort(byPriority(state));
  return { kind: 'strategic-human', earthToFleet: earth.slice(0, room).map((u) => u.id), fleetToEarth, rebuild: [] };
}

/** 3.2 D.3 fills the Fleet (5) from the System, then brings 2 units from Tau Ceti to the System. */
export function planStrategicCetian(state: CerberusState): CetianStrategicOrder {
  const cap = SPACE_DATA.fleet.capacity.CETIAN;
  const inBox = (box: Unit['box']) =>
    state.units.filter((u) => u.side === 'CETIAN' && u.box === box && u.cls !== 'SF').sort(byPriority(state));
  const fleet = inBox('FLEET').length;
  const systemToFleet = inBox('SYSTEM')
    .slice(0, Math.max(0, cap - fleet))
    .map((u) => u.id);
  const tauToSystem = inBox('TAU_CETI')
    .slice(0, SPACE_DATA.strategic.cetianTauToSystemMax)
    .map((u) => u.id);
  return { kind: 'strategic-cetian', fleetToSystem: [], systemToFleet, tauToSystem, systemToTau: [], rebuild: [] };
}
