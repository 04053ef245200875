/**
 * Intra-system movement and withdrawal (L1405-1425, L1773-1787, digest §5.B.4-5, D-68). After his
 * arrivals, the phasing player may move any TF that began the turn in the system to any sector,
 * except SD TFs (L1407-1409), with no enemy detection or reaction (L1411), if its fighters fit
 * its ships (L1326). A TF that arrived this turn does not move again (§5.B.3). A Withdrawal TF
 * goes off-system — its units join the Functional box and the TF dissolves (L1421) — or to a
 * sector with a friendly base (L1419). An enemy SD TF in the sector may try to intercept it: N-
 * space detection on the ESM of its non-disorganised ships and bases, minus units that made a DSI
 * this turn (L1781, D-62), + the withdrawing TF's Sig; attackers need thrust ≥ its lowest (L1783).
 */
import { canMove } from './fighters.js';
import { basesIn, liveUnitsOf, sdTfIn, sectorById, sectorOf, stats } from './state.js';
import type { RuleError, Side, SpaceState } from './types.js';
import { spaceData } from './data/index.js';

export function moveErrors(state: SpaceState, side: Side, tfId: string, to: string): RuleError[] {
  const tf = state.tfs[tfId];
  const e = (code: string, rule: string, message: string): RuleError[] => [{ code, rule, message, tf: tfId }];
  if (!tf || tf.side !== side) return e('UNKNOWN_TF', 'L1068', `you have no TF ${tfId}`);
  if (tf.place.kind !== 'SECTOR' || !tf.beganTurnInSystem || tf.arrivedThisTurn) {
    return e('NOT_IN_SYSTEM', 'L1407', 'only a TF that began the turn in the system moves intra-system');
  }
  if (tf.mission === 'SECTOR_DEFENCE') return e('SD_MAY_NOT_MOVE', 'L1409', 'a sector-defence TF may not move');
  if (!canMove(liveUnitsOf(state, tfId).map(stats)))
    return e('FIGHTERS_OVER_CAPACITY', 'L1326', 'more fighters than its ships can carry (destroy the surplus, L1328)');
  if (to === 'OFFSYSTEM') {
    return tf.mission === 'WITHDRAWAL'
      ? []
      : e('OFFSYSTEM_NEEDS_WITHDRAWAL', 'L1419-1421', 'only a withdrawal mission leaves the system');
  }
  if (!sectorById(to)) return e('NO_SUCH_SECTOR', 'L984', `no sector ${to}`);
  if (tf.mission === 'WITHDRAWAL' && basesIn(state, side, to).length === 0) {
    return e('WITHDRAW_DESTINATION', 'L1419', 'a withdrawal ends off-system or at a friendly base');
  }
  return [];
}

/** Applies a validated move; off-system, the TF dissolves into the Functional box (L1421). */
export function applyMove(state: SpaceState, tfId: string, to: string): void {
  const tf = state.tfs[tfId];
  if (to !== 'OFFSYSTEM') {
    tf.place = { kind: 'SECTOR', sector: to };
    return;
  }
  for (const id of tf.units) {
    const u = state.units[id];
    delete u.tf;
    if (u.status === 'DESTROYED') u.offSystemBox = 'DESTROYED';
    else {
      u.offSystemBox = 'FUNCTIONAL';
      u.status = 'ACTIVE'; // off-system supply is unlimited (L1909-1911, L1949-1951)
    }
  }
  delete state.tfs[tfId];
}

/** L1423: withdrawal to a friendly-base sector with no enemy SD TF succeeds outright. */
export const withdrawalUnopposed = (state: SpaceState, side: Side, sector: string): boolean =>
  !sdTfIn(state, side === 'TOG' ? 'CW' : 'TOG', sector);

/** L1781, D-62: the interceptor's detection target against a withdrawing TF, or null without an SD TF. */
export function withdrawalDetectionTarget(
  state: SpaceState,
  opponent: Side,
  sector: string,
  withdrawingTf: string,
): number | null {
  const sd = sdTfIn(state, opponent, sector);
  if (!sd) return null;
  const esmUnits = sd.units
    .map((id) => state.units[id])
    .filter((u) => u.status === 'ACTIVE' && u.interceptedTurn !== state.turn);
  const esmBases = basesIn(state, opponent, sector).filter((b) => b.status === 'ACTIVE');
  const sig = liveUnitsOf(state, withdrawingTf).reduce((a, u) => a + stats(u).sig, 0);
  return (
    esmUnits.reduce((a, u) => a + stats(u).esm, 0) +
    esmBases.reduce((a, b) => a + spaceData.baseTypes[b.type].esm, 0) +
    sig
  );
}

/** L1783: SD units not placed on the Sector Combat Table, not used in DSI, thrust ≥ the withdrawing TF's lowest. */
export function withdrawalInterceptors(
  state: SpaceState,
  opponent: Side,
  sector: string,
  withdrawingTf: string,
  placed: ReadonlySet<string> = new Set(),
): string[] {
  const sd = sdTfIn(state, opponent, sector);
  const moving = liveUnitsOf(state, withdrawingTf).map(stats);
  if (!sd || moving.length === 0 || sectorOf(state.tfs[withdrawingTf]) !== sector) return [];
  const min = Math.min(...moving.map((s) => s.thrust));
  return sd.units.filter((id) => {
    const u = state.units[id];
    return u.status === 'ACTIVE' && !placed.has(id) && u.interceptedTurn !== state.turn && stats(u).thrust >= min;
  });
}
