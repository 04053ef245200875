/**
 * The interleaved Movement Phase (L393-457): attacker activations one at a time (D-14), the
 * defender's counter-actions within the allowance "defender actions ≤ attacker TFs moved so far"
 * (L399-405), held actions (L409), stop-and-detect on entering a ZOC hex once per ZOC hex (L381-385,
 * L443, D-90), counter-attacks on detected movers in the ZOC (L435-455), the mover's detection of
 * one counter-attacker (L389, L457), and the mover's fate after the counter-attack (L445: after
 * DR/BT it moves no more; otherwise it resumes with the MP left).
 *
 * ONE resumable procedure serves both ways of playing. Each decision point (the attacker's next
 * move, or an open ReactionWindow) is answered by a `Decider` (deciders.ts): in planned play from
 * the sealed movement plan and standing counter-orders (`plannedDecider`), in interactive play by
 * the order just submitted for that prompt (`answerOnce`); when the decider has no answer the procedure
 * suspends with the window stored in state.movement and resumes from there. The same answers
 * therefore give the same events in both modes (counteractions.test.ts proves it).
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { validatePath } from '#engine/hexpaths.js';
import { esmAllowed, tfMoves } from './detection.js';
import { defenderRules, enemyDisorganisedAt, enemyTfAt, mayEndIn, movementAllowance } from './movement.js';
import {
  attemptDetection,
  canDestroyDisorganised,
  combatUnits,
  destroyOnEntry,
  enterHex,
  hasDetected,
  resolveCombat,
  zocAppliesAgainstMover,
} from './rules.js';
import { rulesData } from './rules-data.js';
import type { CombatSpec } from './combat.js';
import type {
  CounterAttackOrder,
  DefenderActionsOrder,
  EndMovementOrder,
  InterruptOrder,
  MoveOrder,
  MoverDetectOrder,
  MoveStepOrder,
  MovementProgress,
  PassOrder,
  PrefectState,
  ReactionWindow,
  Side,
  TaskForce,
} from './types.js';
import { otherSide } from './types.js';
import { counterSpec, openCounterExternal } from './external/counter.js';

/** A decision point: the attacker's next activation, or a reaction window. */
export type Point = { kind: 'attacker-move'; side: Side } | ReactionWindow;
export type Answer =
  | MoveStepOrder
  | EndMovementOrder
  | InterruptOrder
  | CounterAttackOrder
  | MoverDetectOrder
  | DefenderActionsOrder
  | PassOrder;
export type Decider = (state: PrefectState, point: Point) => Answer | undefined;

/**
 * How a counter-attack's combat is resolved. The Planetary Game uses the plain `resolveCombat`;
 * the Campaign lets naval ground support join counter-actions (L2204, T-C01) by supplying its own.
 */
export type CounterCombat = (s: PrefectState, dice: Dice, spec: CombatSpec) => GameEvent[];
const plainCombat: CounterCombat = (s, dice, spec) => resolveCombat(s, dice, spec);
/** Set only for the duration of `withCounterCombat` (the Campaign reaches runMovement through the Planetary module's resolve). */
let scopedCombat: CounterCombat | null = null;

/** Runs `fn` (e.g. the Planetary module's resolve) with counter-attacks resolved by `combat`; restored afterwards. */
export function withCounterCombat<T>(combat: CounterCombat, fn: () => T): T {
  const prev = scopedCombat;
  scopedCombat = combat;
  try {
    return fn();
  } finally {
    scopedCombat = prev;
  }
}

const defenderOf = (s: PrefectState): Side => otherSide(s.attacker);
const mv = (s: PrefectState): MovementProgress => s.movement!;

export function newMovement(): MovementProgress {
  return { attackerMoves: 0, defenderActions: 0, ended: false, planIndex: 0 };
}

/** The point owed now (null: the phase is over). */
export function currentPoint(s: PrefectState): Point | null {
  const m = s.movement;
  if (!m || m.ended) return null;
  return m.window ?? { kind: 'attacker-move', side: s.attacker };
}

/** L403-405, D-23: defender actions still available now. */
export const allowanceLeft = (s: PrefectState): number => mv(s).attackerMoves - mv(s).defenderActions;

/** L381-385, L443, D-17, D-90: defending TFs that may stop `mover` in `hex` to detect it. */
export function interruptEligible(s: PrefectState, mover: TaskForce, hex: string): string[] {
  return Object.values(s.tfs)
    .filter((d) => d.side !== mover.side && !d.noDetect && zocAppliesAgainstMover(s, d.id, hex, mover.mode))
    .filter(
      (d) =>
        !s.detections.some(
          (r) => r.phase === 'MOVEMENT' && r.detector === d.id && r.target === mover.id && r.hex === hex,
        ),
    )
    .map((d) => d.id)
    .sort();
}

/** L435-441, L399, L703, D-15, D-88: defending TFs that may counter-attack `target` now. */
export function counterAttackEligible(s: PrefectState, targetId: string): string[] {
  const t = s.tfs[targetId];
  if (!t || t.side !== s.attacker) return [];
  return Object.values(s.tfs)
    .filter(
      (d) =>
        d.side !== t.side && !d.defenderAction && !d.movedThisTurn && d.fatigue < 3 && combatUnits(s, d.id).length > 0,
    )
    .filter((d) => zocAppliesAgainstMover(s, d.id, t.hex, t.mode) && hasDetected(s, d.id, t.id, 'MOVEMENT'))
    .map((d) => d.id)
    .sort();
}

/** Can the defender still act (a defender-actions window is worth opening)? */
function defenderMayAct(s: PrefectState): boolean {
  return allowanceLeft(s) > 0 && Object.values(s.tfs).some((t) => t.side === defenderOf(s) && !t.defenderAction);
}

function openDefenderWindow(s: PrefectState): void {
  if (defenderMayAct(s))
    mv(s).window = { kind: 'defender-actions', side: defenderOf(s), afterAttackerMove: mv(s).attackerMoves };
}

/** Runs the phase from where it stands until it ends or a decision has no answer. */
export function runMovement(
  s: PrefectState,
  dice: Dice,
  decide: Decider,
  combat: CounterCombat = scopedCombat ?? plainCombat,
): GameEvent[] {
  const events: GameEvent[] = [];
  const m = mv(s);
  for (let guard = 0; guard < 10_000; guard++) {
    if (m.ended || s.combat?.external) return events; // D-87: a counter-attack played externally pauses the phase
    if (m.window) {
      const w = m.window;
      const a = decide(s, w);
      if (!a) return events;
      delete m.window;
      events.push(...answerWindow(s, dice, w, a, combat));
    } else if (m.queue?.length) {
      events.push(...runActions(s, dice, m.queue.splice(0)));
    } else if (m.current) {
      events.push(...stepMover(s, dice));
    } else if (m.attackerDone) {
      m.ended = true;
      events.push({
        type: 'movement.ended',
        visibleTo: 'all',
        data: { attackerMoves: m.attackerMoves, defenderActions: m.defenderActions },
      });
    } else {
      const a = decide(s, { kind: 'attacker-move', side: s.attacker });
      if (!a) return events;
      if (a.kind === 'move') events.push(...beginMove(s, a.move));
      else {
        m.attackerDone = true;
        openDefenderWindow(s); // held actions may still be used after the last attacker move (L409)
      }
    }
  }
  throw new Error('Movement Phase did not settle');
}

/** D-14, L283-289, H4: the activation starts; mode public; the TF-movement track advances (L403). */
function beginMove(s: PrefectState, move: MoveOrder): GameEvent[] {
  const tf = s.tfs[move.tf];
  tf.mode = move.mode;
  tf.movedThisTurn = true;
  if (move.mode === 'LAF') tf.movedLafThisTurn = true;
  tfMoves(s, tf.id); // L451
  mv(s).attackerMoves++;
  mv(s).current = {
    tf: tf.id,
    mode: move.mode,
    mpLeft: movementAllowance(s, tf.id, move.mode),
    path: [...move.path],
    index: 0,
    ...(move.destroy?.length ? { destroy: move.destroy } : {}),
  };
  return [
    {
      type: 'move.begin',
      visibleTo: 'all',
      data: { tf: tf.id, mode: move.mode, from: tf.hex, move: mv(s).attackerMoves },
    },
  ];
}

/** One hex of the current activation, then the reaction windows it opens. */
function stepMover(s: PrefectState, dice: Dice): GameEvent[] {
  const m = mv(s);
  const cur = m.current!;
  const tf = s.tfs[cur.tf];
  if (!tf || tf.hex !== cur.path[cur.index]) return finishMove(s); // destroyed or retreated (L445)
  const next = cur.path[cur.index + 1];
  if (next === undefined || cur.mpLeft <= 0) return finishMove(s);
  if (enemyTfAt(s, tf.side, next)) {
    // A planned path blocked by a defender counter-move stops before the blocked hex (L365).
    return [{ type: 'move.blocked', visibleTo: 'all', data: { tf: tf.id, hex: next } }, ...finishMove(s)];
  }
  cur.index++;
  cur.mpLeft--;
  tf.hex = next;
  tfMoves(s, tf.id); // L451: neither a TF that moves on nor one it detected stays detected
  const events: GameEvent[] = [{ type: 'move.hex', visibleTo: 'all', data: { tf: tf.id, hex: next } }];
  events.push(...enterHex(s, tf.id, next, 'MOVE'));
  const want = (cur.destroy ?? []).filter((d) => d.hex === next).reduce((a, d) => a + d.count, 0);
  const n = Math.min(want, enemyDisorganisedAt(s, tf.side, next), cur.mpLeft);
  if (n > 0) {
    cur.mpLeft -= n; // L463: one MP per unit destroyed
    events.push(...destroyOnEntry(s, dice, tf.id, next, n));
  }
  if (!s.tfs[tf.id]) return [...events, ...finishMove(s)];
  const eligible = interruptEligible(s, tf, next);
  if (eligible.length) m.window = { kind: 'interrupt', side: defenderOf(s), mover: tf.id, hex: next, eligible };
  else openCounterAttackWindow(s, tf.id);
  return events;
}

function openCounterAttackWindow(s: PrefectState, moverId: string): void {
  const eligible = counterAttackEligible(s, moverId);
  if (eligible.length && allowanceLeft(s) > 0)
    mv(s).window = { kind: 'counter-attack', side: defenderOf(s), mover: moverId, eligible };
}

/** End of an activation: L359-369/L473 the TF must end where it may (reconstructed: back along its path to the last such hex). */
function finishMove(s: PrefectState): GameEvent[] {
  const m = mv(s);
  const cur = m.current!;
  delete m.current;
  const tf = s.tfs[cur.tf];
  const events: GameEvent[] = [];
  if (tf && tf.hex === cur.path[cur.index]) {
    let i = cur.index;
    while (i > 0 && !mayEndIn(s, tf, cur.path[i])) i--;
    if (i !== cur.index) {
      tf.hex = cur.path[i];
      events.push({ type: 'move.back', visibleTo: 'all', data: { tf: tf.id, hex: tf.hex, rule: 'L359' } });
    }
  }
  // The MP left would tell the enemy the TF's allowance, hence its size (H1): its owner only.
  events.push({ type: 'move.end', visibleTo: 'all', data: { tf: cur.tf, hex: tf?.hex ?? null } });
  events.push({
    type: 'move.mp-left',
    visibleTo: [s.attacker],
    data: { tf: cur.tf, mpLeft: cur.mpLeft, rule: 'L445' },
  });
  openDefenderWindow(s);
  return events;
}

function answerWindow(s: PrefectState, dice: Dice, w: ReactionWindow, a: Answer, combat: CounterCombat): GameEvent[] {
  const m = mv(s);
  const events: GameEvent[] = [];
  switch (w.kind) {
    case 'interrupt': {
      const mover = s.tfs[w.mover];
      if (a.kind === 'interrupt' && mover) {
        // D-90: all interrupting TFs were declared in the answer before any roll.
        for (const d of a.detections) {
          if (!w.eligible.includes(d.tf) || !s.tfs[d.tf] || !esmAllowed(s, d.tf, d.esm)) continue;
          events.push(
            ...attemptDetection(s, dice, { phase: 'MOVEMENT', detector: d.tf, target: mover.id, esm: d.esm }),
          );
        }
      }
      if (s.tfs[w.mover]) openCounterAttackWindow(s, w.mover);
      return events;
    }
    case 'counter-attack': {
      const eligible = counterAttackEligible(s, w.mover);
      const tfs =
        a.kind === 'counter-attack'
          ? [...new Set(a.tfs)].filter((t) => eligible.includes(t)).slice(0, allowanceLeft(s))
          : [];
      if (tfs.length) openMoverDetect(s, tfs, w.mover, 'move');
      return events;
    }
    case 'mover-detect': {
      const p = m.pendingAttack!;
      delete m.pendingAttack;
      if (
        a.kind === 'mover-detect' &&
        a.target &&
        p.attackers.includes(a.target) &&
        s.tfs[p.target] &&
        s.tfs[a.target] &&
        esmAllowed(s, p.target, a.esm)
      ) {
        events.push(
          ...attemptDetection(s, dice, { phase: 'MOVEMENT', detector: p.target, target: a.target, esm: a.esm }),
        );
      }
      events.push(...counterAttack(s, dice, p.attackers, p.target, combat));
      return events;
    }
    case 'defender-actions':
      return a.kind === 'defender-actions' ? runActions(s, dice, a.actions) : [];
  }
}

function openMoverDetect(s: PrefectState, attackers: string[], target: string, resume: 'move' | 'queue'): void {
  mv(s).pendingAttack = { attackers, target, resume };
  mv(s).window = { kind: 'mover-detect', side: s.attacker, mover: target, counterAttackers: attackers };
}

/** L435-455, D-23, D-33, D-37: the counter-attack itself; each defending TF uses one action. */
function counterAttack(
  s: PrefectState,
  dice: Dice,
  attackers: string[],
  target: string,
  combat: CounterCombat,
): GameEvent[] {
  const live = attackers.filter((id) => s.tfs[id]);
  if (!live.length || !s.tfs[target]) return [];
  for (const id of live) s.tfs[id].defenderAction = 'ATTACK';
  mv(s).defenderActions += live.length;
  const events: GameEvent[] = [
    { type: 'counter.attack', visibleTo: 'all', data: { attackers: live, target, rule: 'L435' } },
  ];
  // D-87, L2725-2732: with externalCombat 'CENTURION' (interactive play, Planetary combat) it pauses for the agreed result.
  const paused = combat === plainCombat ? openCounterExternal(s, live, target) : null;
  if (paused) return [...events, ...paused];
  events.push(...combat(s, dice, counterSpec(live, target)));
  return events;
}

/** Defender actions in order (L399-433); one that has become illegal is skipped (told to its owner only). */
function runActions(s: PrefectState, dice: Dice, actions: DefenderActionsOrder['actions']): GameEvent[] {
  const events: GameEvent[] = [];
  const side = defenderOf(s);
  for (let i = 0; i < actions.length; i++) {
    const act = actions[i];
    if (allowanceLeft(s) <= 0) {
      events.push({
        type: 'counter.skipped',
        visibleTo: [side],
        data: { action: i, reason: 'allowance', rule: 'L405' },
      });
      continue;
    }
    if (act.type === 'move') {
      const tf = s.tfs[act.tf];
      // L463, L475: destroy what is there now (a standing order may name more than are left).
      const destroy = (act.destroy ?? [])
        .map((d) => ({ hex: d.hex, count: Math.min(d.count, enemyDisorganisedAt(s, side, d.hex)) }))
        .filter((d) => d.count > 0);
      if (
        !tf ||
        tf.side !== side ||
        tf.defenderAction ||
        act.path[0] !== tf.hex ||
        act.path.length < 2 ||
        (destroy.length > 0 && !canDestroyDisorganised(s, tf.id)) ||
        !validatePath(rulesData().graph, act.path, defenderRules(s, tf, destroy)).ok
      ) {
        events.push({
          type: 'counter.skipped',
          visibleTo: [side],
          data: { action: i, reason: 'illegal', rule: 'L415-433' },
        });
        continue;
      }
      events.push(...counterMove(s, dice, tf, act.path, destroy));
    } else {
      const eligible = counterAttackEligible(s, act.target);
      const tfs = [...new Set(act.tfs)].filter((t) => eligible.includes(t)).slice(0, allowanceLeft(s));
      if (!tfs.length) {
        events.push({
          type: 'counter.skipped',
          visibleTo: [side],
          data: { action: i, reason: 'illegal', rule: 'L435-441' },
        });
        continue;
      }
      mv(s).queue = actions.slice(i + 1);
      openMoverDetect(s, tfs, act.target, 'queue');
      return events;
    }
  }
  return events;
}

/**
 * L415-433, D-17: a counter-move, always in Combat mode; ending next to enemies without active ZOC
 * bars further detection. L475: it destroys enemy disorganised units on the way as an attacker's move does.
 */
function counterMove(
  s: PrefectState,
  dice: Dice,
  tf: TaskForce,
  path: string[],
  destroy: { hex: string; count: number }[],
): GameEvent[] {
  const events: GameEvent[] = [{ type: 'counter.move', visibleTo: 'all', data: { tf: tf.id, path, rule: 'L415' } }];
  tf.mode = 'COMBAT';
  tf.defenderAction = 'MOVE';
  tf.movedThisTurn = true;
  tfMoves(s, tf.id); // L451
  mv(s).defenderActions++;
  for (const h of path.slice(1)) {
    tf.hex = h;
    events.push(...enterHex(s, tf.id, h, 'MOVE'));
    const n = destroy.filter((d) => d.hex === h).reduce((a, d) => a + d.count, 0);
    if (n > 0) events.push(...destroyOnEntry(s, dice, tf.id, h, n)); // L459-467 via L475
  }
  const graph = rulesData().graph;
  if (graph.neighbors(tf.hex).some((h) => enemyTfAt(s, tf.side, h))) tf.noDetect = true;
  return events;
}
