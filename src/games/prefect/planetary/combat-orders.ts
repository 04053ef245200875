/**
 * Checks of Combat-Phase orders (L481-491, L549-561, L705, D-18, D-22, D-29): who may attack
 * whom, who may detect whom, engineers. Nothing is applied; each error names its rule.
 */
import type { OrderError } from '#engine/contract.js';
import type { CombatDeclareOrder, CombatDetectOrder, PrefectState, Side } from './types.js';
import { combatUnits, disorganisedAt, unitType } from './composition.js';
import { esmAllowed, maxEsm } from './detection.js';
import { isAdjacent } from './rules-data.js';

type Err = (code: string, path: (string | number)[], message: string, rule: string) => void;
const collector = (): [OrderError[], Err] => {
  const errors: OrderError[] = [];
  return [errors, (code, path, message, rule) => errors.push({ code, path, message, rule })];
};

/** An own, existing TF (issue 9: orders may only name the side's own TFs). */
function ownTf(state: PrefectState, side: Side, id: unknown, path: (string | number)[], err: Err): boolean {
  const tf = typeof id === 'string' ? state.tfs[id] : undefined;
  if (!tf) return (err('unknown-tf', path, `no Task Force '${String(id)}'`, 'L171'), false);
  if (tf.side !== side) return (err('not-own-tf', path, `Task Force '${String(id)}' is not yours`, 'L97'), false);
  return true;
}

function checkDetections(
  state: PrefectState,
  side: Side,
  list: { detector: string; target: string; esm: number }[],
  path: string,
  allowedTargets: ((id: string) => boolean) | null,
  err: Err,
): void {
  const seenDetector = new Set<string>();
  list.forEach((d, i) => {
    const p = [path, i];
    if (!ownTf(state, side, d.detector, [...p, 'detector'], err)) return;
    const det = state.tfs[d.detector];
    const tgt = state.tfs[d.target];
    if (seenDetector.has(d.detector))
      err('detector-twice', [...p, 'detector'], 'only one detection attempt per Task Force in this phase', 'L487');
    seenDetector.add(d.detector);
    if (det.movedLafThisTurn)
      err(
        'laf-no-detect',
        [...p, 'detector'],
        'a Task Force that moved in LAF mode may not detect in this phase',
        'L485',
      );
    if (side !== state.attacker && det.detectedDuringMovement) {
      err(
        'detected-in-movement',
        [...p, 'detector'],
        'a defending Task Force that made a detection attempt in the Movement Phase may not detect now',
        'L491, D-22',
      );
    }
    if (det.noDetect)
      err(
        'no-detect',
        [...p, 'detector'],
        'this Task Force ended a counter-move next to enemies without active ZOC',
        'L433, D-17',
      );
    if (!tgt || tgt.side === side)
      return err('bad-target', [...p, 'target'], `'${d.target}' is not an enemy Task Force`, 'L481');
    if (!isAdjacent(det.hex, tgt.hex))
      err('not-adjacent', [...p, 'target'], 'the target must be adjacent to the detecting Task Force', 'L481');
    if (allowedTargets && !allowedTargets(d.target))
      err(
        'not-engaged',
        [...p, 'target'],
        'the defender may detect only attacking Task Forces engaged in combat this turn',
        'L483',
      );
    if (state.detections.some((r) => r.phase === 'COMBAT' && r.detector === d.detector && r.target === d.target)) {
      err('pair-detected', [...p, 'target'], 'one detection attempt per enemy Task Force in adjacent hexes', 'L489');
    }
    if (!esmAllowed(state, d.detector, d.esm)) {
      err(
        'bad-esm',
        [...p, 'esm'],
        `announced ESM must be a whole number from 1 to ${maxEsm(state, d.detector)}`,
        'L495-497, D-18',
      );
    }
  });
}

function checkEngineers(
  state: PrefectState,
  side: Side,
  list: { engineer: string; unit: string }[] | undefined,
  err: Err,
): void {
  const usedE = new Set<string>();
  const usedU = new Set<string>();
  (list ?? []).forEach((e, i) => {
    const ce = state.units[e.engineer];
    const u = state.units[e.unit];
    if (!ce || ce.side !== side || ce.status !== 'ACTIVE' || !unitType(ce).flags.includes('COMBAT_ENGINEER')) {
      return err(
        'bad-engineer',
        ['engineers', i, 'engineer'],
        `'${e.engineer}' is not one of your active Combat Engineer Centuries`,
        'L940, D-29',
      );
    }
    if (!u || u.side !== side || u.status !== 'ACTIVE' || u.tf !== ce.tf || unitType(u).category !== 'COMBAT') {
      return err(
        'bad-engineer-unit',
        ['engineers', i, 'unit'],
        'the engineer helps one combat unit of its own Task Force',
        'L940-942, D-29',
      );
    }
    if (usedE.has(e.engineer))
      err('engineer-twice', ['engineers', i, 'engineer'], 'each Combat Engineer Century helps one unit', 'L940');
    if (usedU.has(e.unit))
      err('unit-twice', ['engineers', i, 'unit'], "a unit's target may not be changed by more than one", 'L944');
    usedE.add(e.engineer);
    usedU.add(e.unit);
  });
}

/** L549-561: the turn Attacker's declarations, detections, order and engineers. */
export function validateCombatDeclare(state: PrefectState, side: Side, o: CombatDeclareOrder): OrderError[] {
  const [errors, err] = collector();
  if (side !== state.attacker) err('not-attacker', [], 'only the turn Attacker declares attacks', 'L557');
  const attacking = new Set<string>();
  const targets = new Set<string>();
  o.attacks.forEach((a, i) => {
    const p = ['attacks', i];
    if (a.attackers.length === 0)
      err('no-attackers', [...p, 'attackers'], 'an attack needs at least one Task Force', 'L557');
    const targetHex = 'tf' in a.target ? state.tfs[a.target.tf]?.hex : a.target.hex;
    if ('tf' in a.target) {
      const t = state.tfs[a.target.tf];
      if (!t || t.side === side)
        err('bad-target', [...p, 'target'], `'${a.target.tf}' is not an enemy Task Force`, 'L551');
      else if (targets.has(t.id))
        err(
          'target-twice',
          [...p, 'target'],
          'each defending Task Force may be attacked only once per Combat Phase',
          'L553',
        );
      else targets.add(t.id);
    } else {
      const h = a.target.hex;
      const enemyTf = Object.values(state.tfs).some((t) => t.hex === h && t.side !== side);
      if (enemyTf || disorganisedAt(state, h).filter((u) => u.side !== side).length === 0) {
        err('bad-hex-target', [...p, 'target'], 'a hex target must hold only enemy disorganised units', 'L721-725');
      } else if (targets.has(`hex:${h}`)) err('target-twice', [...p, 'target'], 'this hex is already attacked', 'L553');
      targets.add(`hex:${h}`);
    }
    a.attackers.forEach((id, j) => {
      const q = [...p, 'attackers', j];
      if (!ownTf(state, side, id, q, err)) return;
      const tf = state.tfs[id];
      if (attacking.has(id) || tf.attackedThisTurn)
        err('attacks-twice', q, 'no Task Force may attack more than once per turn', 'L555');
      attacking.add(id);
      if (tf.fatigue >= 3) err('fatigue-3', q, 'a Task Force at fatigue 3 may not attack', 'L705');
      if (combatUnits(state, id).length === 0)
        err('no-combat-unit', q, 'a Task Force without combat units cannot attack', 'L469, D-88');
      if (targetHex && !isAdjacent(tf.hex, targetHex))
        err('not-adjacent', q, 'attackers may attack only adjacent enemy hexes', 'L551');
    });
    if (a.advance != null && !a.attackers.includes(a.advance)) {
      err('bad-advance', [...p, 'advance'], 'only a Task Force engaged in the combat may advance', 'L611, D-32');
    }
  });
  checkDetections(state, side, o.detections, 'detections', null, err);
  if (o.order) {
    const ok =
      o.order.length === o.attacks.length &&
      new Set(o.order).size === o.order.length &&
      o.order.every((n) => Number.isInteger(n) && n >= 0 && n < o.attacks.length);
    if (!ok) err('bad-order', ['order'], 'the resolution order must list every attack once', 'L559');
  }
  checkEngineers(state, side, o.engineers, err);
  return errors;
}

/** L483-491: the Defender's detections, only against attacker TFs engaged in combat this turn. */
export function validateCombatDetect(state: PrefectState, side: Side, o: CombatDetectOrder): OrderError[] {
  const [errors, err] = collector();
  if (side === state.attacker) err('not-defender', [], 'the Defender makes these detections', 'L483');
  const engaged = new Set((state.combat?.attacks ?? []).flatMap((a) => a.attackers));
  for (const tf of Object.values(state.tfs)) if (tf.side !== side && tf.attackedThisTurn) engaged.add(tf.id);
  checkDetections(state, side, o.detections, 'detections', (id) => engaged.has(id), err);
  checkEngineers(state, side, o.engineers, err);
  return errors;
}
