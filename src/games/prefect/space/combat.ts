/**
 * Space combat (L1533-1617, digest §5.B.11-12): who is the combat attacker (L1555-1559, §5.B.11
 * table, D-60, D-70), totals with fatigue (L1551, L1561) and bases only in a segment (L1553),
 * the ratio rounded down for the defender, "1:2 (or less)" the lowest column (L1563, L1567),
 * one optional right shift only for an undetected combat attacker announced before the roll
 * (L1543-1547), then the combat attacker rolls a d10 on the Space CRT (L1571, D-03).
 */
import type { Dice } from '#engine/dice.js';
import { oddsColumn, shiftColumn } from '#engine/tables.js';
import type { CrtCell } from '../common/types.js';
import { spaceData } from './data/index.js';
import type { Mission, NavalBase, RuleError, SpaceCrt } from './types.js';
import { baseAttack, baseDefence, fatiguedAttack, fatiguedDefence, type NavalStats } from './units.js';

export type CombatKind = 'DSI' | 'SEGMENT' | 'GS_VS_GROUND_BASE' | 'WITHDRAWAL_INTERCEPT' | 'OPPOSING_SD';
export type Role = 'PHASING' | 'OPPONENT';

/**
 * §5.B.11: DSI → the interceptors attack (L1555); a segment fight against Attack/HS → the phasing
 * force attacks (L1557); against Supply/GS/OD → the opponent's segment forces attack (L1559); a GS
 * strike on a ground base → the GS survivors (L2025); a withdrawal interception → the opponent
 * (L1781-1785); opposing SD → the higher total attack, tie to the turn Attacker (L1857, D-70),
 * who is named by `phasingIsTurnAttacker`.
 */
export function combatAttacker(
  kind: CombatKind,
  phasingMission: Mission | undefined,
  opts: { phasingAttack?: number; opponentAttack?: number; phasingIsTurnAttacker?: boolean } = {},
): Role {
  switch (kind) {
    case 'DSI':
    case 'WITHDRAWAL_INTERCEPT':
      return 'OPPONENT';
    case 'GS_VS_GROUND_BASE':
      return 'PHASING';
    case 'SEGMENT':
      if (phasingMission === 'ATTACK' || phasingMission === 'HS_ATTACK') return 'PHASING';
      if (phasingMission === 'SUPPLY' || phasingMission === 'GROUND_SUPPORT' || phasingMission === 'ORBITAL_DROP')
        return 'OPPONENT';
      throw new Error(`no segment combat for a ${phasingMission ?? 'missing'} mission (L1557-1559)`);
    case 'OPPOSING_SD': {
      const p = opts.phasingAttack ?? 0;
      const o = opts.opponentAttack ?? 0;
      if (p !== o) return p > o ? 'PHASING' : 'OPPONENT';
      return opts.phasingIsTurnAttacker === false ? 'OPPONENT' : 'PHASING';
    }
  }
}

/**
 * Whether the combat attacker may shift right (L1543-1547): only if undetected, and only where
 * the text gives the shift — DSI interceptors the phasing player failed to detect (L1543, L1617), a
 * phasing Attack/HS force undetected in N-space (L1473, L1709; D-59 bases-only sectors count as
 * undetected). Segment fights against Supply/GS/OD, GS strikes, withdrawal interceptions and
 * opposing SD rounds have no shift (D-60; T-S14 uses none).
 */
export function shiftAllowed(
  kind: CombatKind,
  phasingMission: Mission | undefined,
  attackerUndetected: boolean,
): boolean {
  if (!attackerUndetected) return false;
  if (kind === 'DSI') return true;
  return kind === 'SEGMENT' && (phasingMission === 'ATTACK' || phasingMission === 'HS_ATTACK');
}

export interface Side0 {
  units: { stats: NavalStats; fatigue: number }[];
  bases?: NavalBase[];
}

/** L1551, L1561, L1653: Σ attack (fatigue off each unit; disrupted bases 0). */
export const totalAttack = (s: Side0): number =>
  s.units.reduce((a, u) => a + fatiguedAttack(u.stats, u.fatigue), 0) +
  (s.bases ?? []).reduce((a, b) => a + baseAttack(b, spaceData.baseTypes), 0);
/** L1551, L1561: Σ defence (fatigue off each unit; bases full defence). */
export const totalDefence = (s: Side0): number =>
  s.units.reduce((a, u) => a + fatiguedDefence(u.stats, u.fatigue), 0) +
  (s.bases ?? []).reduce((a, b) => a + baseDefence(b, spaceData.baseTypes), 0);

export interface ColumnChoice {
  /** Column of the true ratio, clamped to "1:2 (or less)" (L1567) and to the last column. */
  ratioColumn: string;
  column: string;
  index: number;
  shifted: boolean;
}

/** L1563, L1543-1547: the column; `mayShift` from shiftAllowed, `shiftRight` the attacker's announced choice. */
export function spaceColumn(
  attack: number,
  defence: number,
  shiftRight: boolean,
  mayShift: boolean,
  crt: SpaceCrt = spaceData.crt,
): ColumnChoice | RuleError {
  if (shiftRight && !mayShift)
    return {
      code: 'SHIFT_NOT_ALLOWED',
      rule: 'L1547, D-60',
      message: 'this attacking force may not shift (detected, or no shift in this combat)',
    };
  if (attack <= 0 && defence <= 0)
    return { code: 'NO_COMBAT', rule: 'L1551', message: 'neither side has any strength: no combat' };
  const base = oddsColumn(Math.max(0, attack), Math.max(0, defence), crt.columns);
  const s = shiftColumn(crt.columns, base.index, shiftRight ? 1 : 0);
  return { ratioColumn: base.column, column: s.column, index: s.index, shifted: s.applied === 1 };
}

export interface SpaceCombatRoll extends ColumnChoice {
  roll: number;
  /** roll + the column's die modifier (D-03), kept within 1..10. */
  row: number;
  cell: CrtCell;
}

/** L1571: the combat attacker rolls; the cell's numbers modify each side's saves (L1575-1577). */
export function resolveSpaceCombat(
  dice: Dice,
  attack: number,
  defence: number,
  shiftRight: boolean,
  mayShift: boolean,
  crt: SpaceCrt = spaceData.crt,
): SpaceCombatRoll | RuleError {
  const c = spaceColumn(attack, defence, shiftRight, mayShift, crt);
  if ('code' in c) return c;
  const roll = dice.roll(10, `space combat ${c.column}`);
  const row = Math.max(1, Math.min(10, roll + (crt.dieModifier[c.index] ?? 0)));
  return { ...c, roll, row, cell: crt.rows[row - 1][c.index] };
}

/** L1603, L1615 (D-38): a BT scores for the combat attacker, a CA for the combat defender. */
export function tempoCredit(cell: CrtCell): 'ATTACKER' | 'DEFENDER' | null {
  if (cell.dFlag === 'BT') return 'ATTACKER';
  if (cell.aFlag === 'CA') return 'DEFENDER';
  return null;
}
