/**
 * The Combat Phase (L547-561, digest §4.2 phase 2): the attacker declares every attack and makes
 * his detections (COMBAT_DECLARE, H10-H11), the defender detects the attacker's engaged TFs
 * (COMBAT_DETECT, L483-491, D-22), then the attacks are resolved one by one in the attacker's
 * order with the RULES engineer's resolveCombat (ratio, shifts, CRT, saves, retreats, advance).
 * Validation of both orders is here too, so the declaration and its checks stay together.
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { esmAllowed } from './detection.js';
import { openExternal, wantsExternal, type ExternalDecision } from './external/agreement.js';
import { enemyDisorganisedAt } from './movement.js';
import { attemptDetection, combatUnits, resolveCombat, unitsIn, unitType } from './rules.js';
import { rulesData } from './rules-data.js';
import type { CombatDeclareOrder, CombatDetectOrder, PrefectState, Side } from './types.js';
import { otherSide } from './types.js';

const adjacent = (a: string, b: string) => rulesData().graph.neighbors(a).includes(b);

/** TFs that may attack this turn (L549-553, L703, D-36). */
export const mayAttack = (s: PrefectState, tfId: string): boolean => {
  const tf = s.tfs[tfId];
  return (
    !!tf &&
    tf.side === s.attacker &&
    !tf.attackedThisTurn &&
    !tf.defenderAction &&
    tf.fatigue < 3 &&
    combatUnits(s, tfId).length > 0
  );
};

function checkEngineers(
  s: PrefectState,
  side: Side,
  list: { engineer: string; unit: string }[],
  tfs: Set<string>,
  at: string,
): OrderError[] {
  const errors: OrderError[] = [];
  const used = new Set<string>();
  list.forEach((e, i) => {
    const eng = s.units[e.engineer];
    const u = s.units[e.unit];
    const ok =
      eng &&
      u &&
      eng.side === side &&
      eng.status === 'ACTIVE' &&
      unitType(eng).flags.includes('COMBAT_ENGINEER') &&
      u.status === 'ACTIVE' &&
      u.tf === eng.tf &&
      !!eng.tf &&
      tfs.has(eng.tf) &&
      unitType(u).category === 'COMBAT';
    if (!ok)
      errors.push({
        code: 'engineer.invalid',
        path: [at, i],
        message: 'A Combat Engineer Century helps one combat unit of its own Task Force in this combat.',
        rule: 'L940-946, D-29',
      });
    else if (used.has(e.engineer) || used.has(`u:${e.unit}`))
      errors.push({
        code: 'engineer.twice',
        path: [at, i],
        message: 'One engineer per combat unit, each engineer once.',
        rule: 'L946',
      });
    used.add(e.engineer);
    used.add(`u:${e.unit}`);
  });
  return errors;
}

function checkDetections(
  s: PrefectState,
  side: Side,
  list: { detector: string; target: string; esm: number }[],
  targetOk: (t: string) => boolean,
  defender: boolean,
): OrderError[] {
  const errors: OrderError[] = [];
  const used = new Set<string>();
  list.forEach((d, i) => {
    const det = s.tfs[d.detector];
    const tgt = s.tfs[d.target];
    if (!det || det.side !== side)
      return void errors.push({
        code: 'tf.unknown',
        path: ['detections', i, 'detector'],
        message: 'No Task Force of yours by that id.',
        rule: 'L483',
      });
    if (used.has(d.detector))
      errors.push({
        code: 'detect.twice',
        path: ['detections', i, 'detector'],
        message: 'Only one detection attempt per Task Force in this phase.',
        rule: 'L487',
      });
    used.add(d.detector);
    if (!tgt || tgt.side === side || !adjacent(det.hex, tgt.hex) || !targetOk(d.target)) {
      errors.push({
        code: 'detect.target',
        path: ['detections', i, 'target'],
        message: defender
          ? 'The defender detects an adjacent attacking Task Force engaged in combat this turn.'
          : 'Detection targets an adjacent enemy Task Force.',
        rule: 'L483-485',
      });
    }
    if (det.movedLafThisTurn)
      errors.push({
        code: 'detect.laf',
        path: ['detections', i, 'detector'],
        message: 'Task Forces that travelled in LAF mode may not detect during this phase.',
        rule: 'L485',
      });
    if (defender && det.detectedDuringMovement)
      errors.push({
        code: 'detect.after-counter',
        path: ['detections', i, 'detector'],
        message: 'A defending Task Force that detected during the Movement Phase may not detect now.',
        rule: 'L491, D-22',
      });
    if (!esmAllowed(s, d.detector, d.esm))
      errors.push({
        code: 'esm.range',
        path: ['detections', i, 'esm'],
        message: 'The announced ESM is from 1 up to the Task Force\u2019s maximum ESM.',
        rule: 'L495-499, D-18',
      });
  });
  return errors;
}

/** L547-561, L549-553, D-36: attack declarations, attacker detections, order, engineers. */
export function validateDeclare(s: PrefectState, side: Side, o: CombatDeclareOrder): OrderError[] {
  const errors: OrderError[] = [];
  const used = new Set<string>();
  const targets = new Set<string>();
  o.attacks.forEach((a, i) => {
    const hex = 'tf' in a.target ? s.tfs[a.target.tf]?.hex : a.target.hex;
    const key = 'tf' in a.target ? a.target.tf : `hex:${a.target.hex}`;
    if ('tf' in a.target) {
      const t = s.tfs[a.target.tf];
      if (!t || t.side === side)
        errors.push({
          code: 'attack.target',
          path: ['attacks', i, 'target'],
          message: 'The target is an enemy Task Force.',
          rule: 'L549',
        });
    } else if (
      !enemyDisorganisedAt(s, side, a.target.hex) ||
      Object.values(s.tfs).some((t) => 'hex' in a.target && t.hex === a.target.hex)
    ) {
      errors.push({
        code: 'attack.target',
        path: ['attacks', i, 'target'],
        message: 'A hex target holds only enemy disorganised units.',
        rule: 'L721-725',
      });
    }
    if (targets.has(key))
      errors.push({
        code: 'attack.twice',
        path: ['attacks', i, 'target'],
        message: 'Each defending Task Force may be attacked only once per combat phase.',
        rule: 'L551',
      });
    targets.add(key);
    a.attackers.forEach((id, j) => {
      if (!mayAttack(s, id))
        errors.push({
          code: 'attack.attacker',
          path: ['attacks', i, 'attackers', j],
          message:
            'This Task Force cannot attack (not yours, already attacked or acted, fatigue 3, or no combat unit).',
          rule: 'L553, L703',
        });
      else if (!hex || !adjacent(s.tfs[id].hex, hex))
        errors.push({
          code: 'attack.adjacent',
          path: ['attacks', i, 'attackers', j],
          message: 'Attackers may attack only adjacent enemy hexes.',
          rule: 'L549',
        });
      if (used.has(id))
        errors.push({
          code: 'attack.twice',
          path: ['attacks', i, 'attackers', j],
          message: 'No Task Force may attack more than once per turn.',
          rule: 'L553',
        });
      used.add(id);
    });
    if (a.advance && !a.attackers.includes(a.advance))
      errors.push({
        code: 'advance.not-attacker',
        path: ['attacks', i, 'advance'],
        message: 'Only a Task Force engaged in the combat may advance.',
        rule: 'L613, D-32',
      });
  });
  if (o.order) {
    const sorted = [...o.order].sort((a, b) => a - b);
    if (sorted.length !== o.attacks.length || sorted.some((v, i) => v !== i))
      errors.push({
        code: 'order.permutation',
        path: ['order'],
        message: 'The resolution order lists every declared attack once.',
        rule: 'L557',
      });
  }
  errors.push(...checkDetections(s, side, o.detections, () => true, false));
  errors.push(...checkEngineers(s, side, o.engineers ?? [], used, 'engineers'));
  return errors;
}

/** The attacker TFs engaged in a declared attack (the defender's detection targets, L483). */
const engaged = (s: PrefectState): Set<string> => new Set((s.combat?.attacks ?? []).flatMap((a) => a.attackers));

/** L483-491, D-22: defender detections of engaged attacker TFs; engineers of the defending TFs. */
export function validateDetect(s: PrefectState, side: Side, o: CombatDetectOrder): OrderError[] {
  const eng = engaged(s);
  const defending = new Set((s.combat?.attacks ?? []).flatMap((a) => ('tf' in a.target ? [a.target.tf] : [])));
  return [
    ...checkDetections(s, side, o.detections, (t) => eng.has(t), true),
    ...checkEngineers(s, side, o.engineers ?? [], defending, 'engineers'),
    ...checkAdvance(s, o.advance),
  ];
}

/** L635: the defender advances only into a hex an attacker of one of the declared combats would vacate. */
function checkAdvance(s: PrefectState, advance: CombatDetectOrder['advance']): OrderError[] {
  if (!advance || typeof advance === 'string') return [];
  const from = new Set(
    (s.combat?.attacks ?? []).flatMap((a) => a.attackers.map((t) => s.tfs[t]?.hex).filter((h): h is string => !!h)),
  );
  return advance.hexes.flatMap((h, i) =>
    from.has(h)
      ? []
      : [
          {
            code: 'advance.hex',
            path: ['advance', 'hexes', i],
            message: 'The defender advances only into a hex held by an attacking Task Force of a declared combat.',
            rule: 'L635, D-32',
          },
        ],
  );
}

/** Stores the declarations (public, H10) and runs the attacker's detections (H11). */
export function runAttackerDetections(s: PrefectState, dice: Dice, o: CombatDeclareOrder): GameEvent[] {
  const attacks = o.attacks.map((a, i) => ({
    id: `a${i + 1}`,
    target: a.target,
    attackers: [...a.attackers],
    advance: a.advance ?? null,
  }));
  const order = (o.order ?? attacks.map((_, i) => i)).map((i) => attacks[i].id);
  s.combat = {
    attacks,
    order,
    resolved: [],
    attackerShift: o.shift ?? 'FAVOURABLE',
    attackerEngineers: o.engineers ?? [],
  };
  // H10: declarations are public; the standing advance choice (D-32) stays with the attacker.
  const events: GameEvent[] = [
    {
      type: 'combat.declared',
      visibleTo: 'all',
      data: { attacks: attacks.map((a) => ({ id: a.id, target: a.target, attackers: a.attackers })), order },
    },
  ];
  for (const d of o.detections)
    events.push(...attemptDetection(s, dice, { phase: 'COMBAT', detector: d.detector, target: d.target, esm: d.esm }));
  return events;
}

export function runDefenderDetections(s: PrefectState, dice: Dice, o: CombatDetectOrder): GameEvent[] {
  const events: GameEvent[] = [];
  for (const d of o.detections) {
    if (s.tfs[d.detector] && s.tfs[d.target])
      events.push(
        ...attemptDetection(s, dice, { phase: 'COMBAT', detector: d.detector, target: d.target, esm: d.esm }),
      );
  }
  return events;
}

/**
 * L557-559: each attack in the attacker's order, with its retreats before the next. D-87: with
 * externalCombat on, the loop pauses at an attack played externally (external/agreement.ts) and
 * resumes with `decided` (its agreed result, or Prefect resolution) and the stored detect choices.
 */
export function resolveCombatPhase(
  s: PrefectState,
  dice: Dice,
  detectOrder?: CombatDetectOrder,
  decided?: ExternalDecision,
): GameEvent[] {
  const events: GameEvent[] = [];
  const c = s.combat!;
  if (detectOrder)
    c.detect = { shift: detectOrder.shift, engineers: detectOrder.engineers, advance: detectOrder.advance };
  const detect = c.detect ?? {};
  const defender = otherSide(s.attacker);
  for (const id of c.order) {
    if (c.resolved.includes(id)) continue;
    const a = c.attacks.find((x) => x.id === id)!;
    if (decided?.attack !== id && wantsExternal(s, a)) return [...events, ...openExternal(s, a)];
    c.resolved.push(id);
    const attackers = a.attackers.filter((t) => s.tfs[t] && unitsIn(s, t).length);
    if (!attackers.length) continue;
    if ('tf' in a.target && !s.tfs[a.target.tf]) {
      events.push({
        type: 'combat.cancelled',
        visibleTo: 'all',
        data: { attack: id, reason: 'target gone', rule: 'L679' },
      });
      continue;
    }
    events.push(
      ...resolveCombat(s, dice, {
        attackers,
        target: a.target,
        context: 'COMBAT_PHASE',
        shiftPolicy: {
          [s.attacker]: c.attackerShift ?? 'FAVOURABLE',
          [defender]: detect.shift ?? 'FAVOURABLE',
        } as Record<Side, 'FAVOURABLE'>,
        engineers: [...(c.attackerEngineers ?? []), ...(detect.engineers ?? [])],
        advance: a.advance ?? null,
        ...(detect.advance ? { defenderAdvance: detect.advance } : {}),
        ...(decided?.attack === id && decided.external ? { external: decided.external } : {}),
      } as Parameters<typeof resolveCombat>[2]),
    );
  }
  return events;
}
