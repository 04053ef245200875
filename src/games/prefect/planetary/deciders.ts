/**
 * The two ways of answering the Movement Phase's decision points (counteractions.ts): planned
 * play answers every point from the sealed movement plan and the standing counter-orders (never
 * suspends); interactive play answers the point owed now with the order just submitted, and
 * suspends at the next one. The procedure is the same, so the same answers give the same events.
 */
import { allowanceLeft, type Answer, type Decider } from './counteractions.js';
import { attackTotal, maxEsm } from './rules.js';
import type { PrefectState } from './types.js';

/** D-18: a standing ESM ('max' or a number) made legal for this detector. */
export function standingEsm(s: PrefectState, tfId: string, esm: 'max' | number): number {
  const max = maxEsm(s, tfId);
  if (max < 1) return max;
  return esm === 'max' ? max : Math.max(1, Math.min(max, esm));
}

/** Planned play: answers every point from the stored plan and counter-orders (never suspends). */
export const plannedDecider: Decider = (s, p) => {
  const m = s.movement!;
  const plan = m.plan;
  const co = m.counter;
  switch (p.kind) {
    case 'attacker-move': {
      const moves = plan?.moves ?? [];
      while ((m.planIndex ?? 0) < moves.length) {
        const move = moves[m.planIndex!];
        m.planIndex = (m.planIndex ?? 0) + 1;
        const tf = s.tfs[move.tf];
        if (tf && tf.side === s.attacker && !tf.movedThisTurn && move.path[0] === tf.hex) return { kind: 'move', move };
      }
      return { kind: 'end-movement' };
    }
    case 'interrupt': {
      const detections = p.eligible.flatMap((tf) => {
        const rule = co?.interrupt.perTf?.[tf] ?? co?.interrupt.default ?? { detect: false, esm: 'max' as const };
        return rule.detect ? [{ tf, esm: standingEsm(s, tf, rule.esm) }] : [];
      });
      return detections.length ? { kind: 'interrupt', detections } : { kind: 'pass' };
    }
    case 'counter-attack': {
      const mover = s.tfs[p.mover];
      for (const c of co?.counterAttacks ?? []) {
        if (!mover || (c.onlyLafMovers && mover.mode !== 'LAF') || (c.hexes && !c.hexes.includes(mover.hex))) continue;
        const tfs = c.tfs.filter((t) => p.eligible.includes(t)).slice(0, allowanceLeft(s));
        if (!tfs.length || (c.minOwnAttack !== undefined && attackTotal(s, tfs) < c.minOwnAttack)) continue;
        return { kind: 'counter-attack', tfs };
      }
      return { kind: 'pass' };
    }
    case 'mover-detect': {
      const target = p.counterAttackers.find((t) => s.tfs[t]) ?? null;
      return target
        ? { kind: 'mover-detect', target, esm: standingEsm(s, p.mover, plan?.moverDetectEsm ?? 'max') }
        : { kind: 'pass' };
    }
    case 'defender-actions': {
      const final = !!m.attackerDone;
      const moves = (co?.moves ?? []).filter((x) =>
        final ? x.afterAttackerMove >= p.afterAttackerMove : x.afterAttackerMove === p.afterAttackerMove,
      );
      const actions = moves
        .filter((x) => s.tfs[x.tf] && !s.tfs[x.tf].defenderAction)
        .map((x) => ({
          type: 'move' as const,
          tf: x.tf,
          path: x.path,
          ...(x.destroy?.length ? { destroy: x.destroy } : {}),
        }));
      return actions.length ? { kind: 'defender-actions', actions } : { kind: 'pass' };
    }
  }
};

/** Interactive play: the submitted order answers the point owed now; later points suspend. */
export function answerOnce(order: Answer): Decider {
  let left: Answer | undefined = order;
  return () => {
    const a = left;
    left = undefined;
    return a;
  };
}
