/**
 * Space victory (D-01; the Scenario Book is lost, §1.4). "Hold the Line" default: 2 VP per enemy
 * base destroyed or captured, 1 per enemy ship or squadron destroyed, 1 per GS/OD mission
 * completed at Ku Crassus (these missions serve "only to fulfil victory conditions", L1807,
 * L1829), at most `maxPerTurn` of a side's a turn when the scenario sets it; the higher total wins, a tie goes to the scenario's `tie` side. Checked at game end.
 */
import { otherSide } from '../common/types.js';
import type { Side, SpaceScenario, SpaceState } from './types.js';

export function recordMission(
  state: SpaceState,
  side: Side,
  mission: SpaceState['tfs'][string]['mission'] & string,
  sector: string,
): void {
  state.record ??= { basesCaptured: { TOG: 0, CW: 0 }, missionsCompleted: [] };
  state.record.missionsCompleted.push({ side, mission, sector, turn: state.turn });
}

export function recordCapture(state: SpaceState, captor: Side): void {
  state.record ??= { basesCaptured: { TOG: 0, CW: 0 }, missionsCompleted: [] };
  state.record.basesCaptured[captor] += 1;
}

/** VP of each side from the state (destroyed units and bases, captures, missions). */
export function victoryPoints(state: SpaceState, s: SpaceScenario): Record<Side, number> {
  const v = s.victory;
  const vp: Record<Side, number> = { TOG: 0, CW: 0 };
  // a rebuilt counter was destroyed before (L1979): each destruction scores once
  const times = (x: { status: string; rebuilt?: number }): number =>
    (x.status === 'DESTROYED' ? 1 : 0) + (x.rebuilt ?? 0);
  for (const u of Object.values(state.units)) vp[otherSide(u.side)] += times(u) * v.perNavalUnitDestroyed;
  for (const b of Object.values(state.bases)) vp[otherSide(b.side)] += times(b) * v.perBaseDestroyedOrCaptured;
  const rec = state.record;
  if (rec) {
    for (const side of ['TOG', 'CW'] as const) vp[side] += rec.basesCaptured[side] * v.perBaseDestroyedOrCaptured;
    // reconstructed cap (data: perMissionCompleted.maxPerTurn): a side scores at most that many missions a turn
    const scored = new Map<string, number>();
    const cap = v.perMissionCompleted.maxPerTurn ?? Infinity;
    for (const m of rec.missionsCompleted) {
      if (m.sector !== v.perMissionCompleted.sector || !v.perMissionCompleted.missions.includes(m.mission)) continue;
      const key = `${m.side}:${m.turn}`;
      const n = scored.get(key) ?? 0;
      if (n >= cap) continue;
      scored.set(key, n + 1);
      vp[m.side] += v.perMissionCompleted.vp;
    }
  }
  return vp;
}

/** The winner: VP totals plus the scenario's bonus, if any; a tie goes to the scenario's `tie` side. `vp` are the totals without the bonus. */
export function spaceWinner(
  state: SpaceState,
  s: SpaceScenario,
): { winner: Side; vp: Record<Side, number>; bonus: Partial<Record<Side, number>> } {
  const vp = victoryPoints(state, s);
  const bonus = s.victory.bonus ?? {};
  const tog = vp.TOG + (bonus.TOG ?? 0);
  const cw = vp.CW + (bonus.CW ?? 0);
  const winner = tog === cw ? s.victory.tie : tog > cw ? 'TOG' : 'CW';
  return { winner, vp, bonus };
}
