/**
 * N-space detection (L1467-1507) and deep-space interception (L1509-1531), digest §5.B.9-10.
 * Only a TF working in a sector held by an enemy SD TF can be detected (L1469); with bases but
 * no SD TF there is no detection and the force counts as undetected (D-59). Attack, HS and
 * Recon commit part of the TF first (L1475-1481); other missions commit it all (L1483).
 * Target = the opponent's announced ESM (his SD TF's units + his orbital bases in the sector,
 * L1485) + the Sig of the committed units, fighters included (L1487, D-61), −3 against HS or
 * Recon (L1238, L1244, L1491). Interceptors: SD units of the sector with thrust ≥ the lowest
 * committed thrust (L1513), once per turn and then out of all other combat (L1515); the phasing
 * player detects them on his incoming ESM + the interceptors' Sig only (L1525-1527).
 */
import type { Dice } from '#engine/dice.js';
import { basesIn, rollUnder, sdTfIn, stats } from './state.js';
import type { Mission, NavalUnit, RuleError, Side, SpaceState } from './types.js';
import { spaceData } from './data/index.js';
import type { NavalStats } from './units.js';

export const PARTIAL_COMMIT: readonly Mission[] = ['ATTACK', 'HS_ATTACK', 'RECON'];

/** L1475-1483: the units a TF commits to its mission; disorganised units never go (L1647). */
export function commitErrors(state: SpaceState, tfId: string, unitIds: string[]): RuleError[] {
  const tf = state.tfs[tfId];
  if (!tf?.mission)
    return [{ code: 'NO_MISSION', rule: 'L1214', message: `${tfId} has no mission to carry out`, tf: tfId }];
  const usable = tf.units.filter((id) => state.units[id]?.status === 'ACTIVE');
  const bad = unitIds.find((id) => !usable.includes(id));
  if (bad)
    return [
      {
        code: 'COMMIT_UNIT',
        rule: 'L1477, L1647',
        message: `${bad} is not an active unit of ${tfId}`,
        tf: tfId,
        unit: bad,
      },
    ];
  if (unitIds.length === 0)
    return [{ code: 'COMMIT_EMPTY', rule: 'L1477', message: 'commit at least one unit', tf: tfId }];
  if (!PARTIAL_COMMIT.includes(tf.mission) && unitIds.length !== usable.length) {
    return [{ code: 'COMMIT_ALL', rule: 'L1483', message: `a ${tf.mission} mission deploys the whole TF`, tf: tfId }];
  }
  return [];
}

const interceptedThisTurn = (u: NavalUnit, turn: number): boolean => u.interceptedTurn === turn;

/** L1485: the defender's total ESM in the sector, or null when he has no SD TF there (D-59). */
export function defenderEsm(state: SpaceState, defender: Side, sector: string): number | null {
  const sd = sdTfIn(state, defender, sector);
  if (!sd) return null;
  const units = sd.units
    .map((id) => state.units[id])
    .filter((u) => u.status !== 'DESTROYED' && !interceptedThisTurn(u, state.turn));
  const bases = basesIn(state, defender, sector).filter((b) => spaceData.baseTypes[b.type].orbital);
  return units.reduce((a, u) => a + stats(u).esm, 0) + bases.reduce((a, b) => a + spaceData.baseTypes[b.type].esm, 0);
}

/** L1485-1491: detection target against committed units on `mission`. */
export function nSpaceTarget(esm: number, committed: readonly NavalStats[], mission: Mission): number {
  const sig = committed.reduce((a, s) => a + s.sig, 0);
  return esm + sig - (mission === 'HS_ATTACK' || mission === 'RECON' ? 3 : 0);
}

export interface DetectionRoll {
  target: number;
  roll: number;
  detected: boolean;
}

/** L1493-1495: one d10, 1 always detects, 10 never. */
export function rollDetection(dice: Dice, target: number, label: string): DetectionRoll {
  const roll = dice.roll(10, label);
  return { target, roll, detected: rollUnder(roll, target) };
}

/** L1513: the lowest thrust among the committed incoming units. */
export const lowestThrust = (committed: readonly NavalStats[]): number => Math.min(...committed.map((s) => s.thrust));

/**
 * L1511-1515: which SD units of the sector may intercept — the opponent's SD TF there, active,
 * not yet placed on the Sector Combat Table (`placed`, L1683), not intercepted this turn, thrust ≥
 * the lowest committed thrust.
 */
export function eligibleInterceptors(
  state: SpaceState,
  defender: Side,
  sector: string,
  committed: readonly NavalStats[],
  placed: ReadonlySet<string> = new Set(),
): string[] {
  const sd = sdTfIn(state, defender, sector);
  if (!sd || committed.length === 0) return [];
  const min = lowestThrust(committed);
  return sd.units.filter((id) => {
    const u = state.units[id];
    return u.status === 'ACTIVE' && !placed.has(id) && !interceptedThisTurn(u, state.turn) && stats(u).thrust >= min;
  });
}

export function interceptErrors(
  state: SpaceState,
  defender: Side,
  sector: string,
  committed: readonly NavalStats[],
  chosen: string[],
  detected: boolean,
  placed?: ReadonlySet<string>,
): RuleError[] {
  if (!detected)
    return chosen.length
      ? [{ code: 'NOT_DETECTED', rule: 'L1511', message: 'only a force detected in N-space can be intercepted' }]
      : [];
  const ok = new Set(eligibleInterceptors(state, defender, sector, committed, placed));
  const bad = chosen.find((id) => !ok.has(id));
  return bad
    ? [
        {
          code: 'INTERCEPTOR',
          rule: 'L1513-1515',
          message: `${bad} may not intercept (not your SD unit here, too slow, placed or already used)`,
          unit: bad,
        },
      ]
    : [];
}

/** Marks interceptors: no more detection or other combat this turn (L1515). */
export function markInterceptors(state: SpaceState, ids: string[]): void {
  for (const id of ids) state.units[id].interceptedTurn = state.turn;
}

/** L1525-1527: ESM of the whole incoming force + Sig of the interceptors only. */
export const interceptorDetectionTarget = (
  incoming: readonly NavalStats[],
  interceptors: readonly NavalStats[],
): number => incoming.reduce((a, s) => a + s.esm, 0) + interceptors.reduce((a, s) => a + s.sig, 0);

/**
 * Reconnaissance disclosure (L1727-1735, D-58, H26): the opponent must state the total Sig of
 * each orbital segment of the sector — his SD units allocated there and his bases there (bases'
 * own Sig, D-58) — and the recon force makes one attempt against a chosen segment with target
 * = Σ ESM of its surviving, non-disorganised units + that segment's Sig.
 */
export function segmentSigTotals(state: SpaceState, opponent: Side, sector: string, segments: number): number[] {
  const out = Array.from({ length: segments }, () => 0);
  const sd = sdTfIn(state, opponent, sector);
  for (const [seg, ids] of Object.entries(sd?.sdAllocation ?? {})) {
    for (const id of ids) {
      const u = state.units[id];
      if (u && u.status !== 'DESTROYED' && u.tf === sd?.id && Number(seg) >= 1 && Number(seg) <= segments)
        out[Number(seg) - 1] += stats(u).sig;
    }
  }
  for (const b of basesIn(state, opponent, sector))
    if (b.segment >= 1 && b.segment <= segments) out[b.segment - 1] += spaceData.baseTypes[b.type].sig;
  return out;
}

export function reconTarget(state: SpaceState, reconUnits: string[], segmentSig: number): number {
  return (
    reconUnits
      .map((id) => state.units[id])
      .filter((u) => u.status === 'ACTIVE')
      .reduce((a, u) => a + stats(u).esm, 0) + segmentSig
  );
}
