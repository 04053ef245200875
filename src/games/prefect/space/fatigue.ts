/**
 * Space fatigue (L1831-1845, digest §5.B.16, D-72). Once all missions are resolved, a TF gains
 * one level if it engaged in combat, in whole or in part, or carried out (or interrupted, L1695)
 * a mission other than Supply, Withdrawal or Sector Defence (L1833); at most one level per turn
 * (L1835). Three levels at most (L1837); a TF at 3 that gains fatigue again has its units
 * disorganised and stays at 3 (L1841); already-disorganised units suffer nothing more (L1843).
 * Bases never tire (L1845).
 */
import type { Mission, NavalTF, SpaceState } from './types.js';

const NO_FATIGUE_MISSIONS: readonly Mission[] = ['SUPPLY', 'WITHDRAWAL', 'SECTOR_DEFENCE'];

/** L1833-1835: does this TF gain space fatigue this turn? */
export function earnsSpaceFatigue(tf: NavalTF, engagedInCombat: boolean, carriedOutMission: boolean): boolean {
  if (engagedInCombat) return true;
  return carriedOutMission && !!tf.mission && !NO_FATIGUE_MISSIONS.includes(tf.mission);
}

export interface FatigueResult {
  tf: string;
  before: number;
  after: number;
  /** Units disorganised by fatigue beyond 3 (L1841). */
  disorganised: string[];
  /** Already fatigued this turn: nothing happened (L1835, D-72). */
  alreadyThisTurn: boolean;
}

/** Applies one level to `tfId` for `state.turn` (callers decide with earnsSpaceFatigue). */
export function applySpaceFatigue(state: SpaceState, tfId: string): FatigueResult {
  const tf = state.tfs[tfId];
  if (!tf) throw new Error(`no TF ${tfId}`);
  const before = tf.fatigue;
  if (tf.fatiguedTurn === state.turn)
    return { tf: tfId, before, after: before, disorganised: [], alreadyThisTurn: true };
  tf.fatiguedTurn = state.turn;
  const disorganised: string[] = [];
  if (tf.fatigue < 3) tf.fatigue = (tf.fatigue + 1) as NavalTF['fatigue'];
  else {
    for (const id of tf.units) {
      const u = state.units[id];
      if (u.status === 'ACTIVE') {
        u.status = 'DISORGANISED';
        disorganised.push(id);
      }
    }
  }
  return { tf: tfId, before, after: tf.fatigue, disorganised, alreadyThisTurn: false };
}

/** L1837, L1841: merged TFs take the higher level (L1879); exported for TF adjustment later. */
export const mergedFatigue = (a: number, b: number): NavalTF['fatigue'] =>
  Math.min(3, Math.max(a, b)) as NavalTF['fatigue'];
