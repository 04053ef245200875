/**
 * Validation of a submission: is it owed (sequence.ts), is it well formed (orders.ts), and does it
 * keep the rules of its step. Every error is an OrderError naming the rule; nothing is applied.
 * Orders name undetected enemy TFs' contents never (contents are hidden, H1); enemy TF counters
 * are public (H34) and named by id; hidden enemy units are named by the opaque ids the side was
 * shown (view.ts), turned back into real ids before the rules see them.
 */
import type { OrderError } from '#engine/contract.js';
import { validateDeclare, validateDetect } from '../combat-phase.js';
import { allowanceLeft, counterAttackEligible, currentPoint } from '../counteractions.js';
import { esmAllowed } from '../detection.js';
import { validateExternal } from '../external/agreement.js';
import { defenderAllowance, mayEndIn, validateAttackerMove, validateDefenderMove } from '../movement.js';
import { parseOrder } from './orders.js';
import { combatUnits, validateAdjustment, validateSupply, validateWithdrawal } from '../rules.js';
import { rulesData } from '../rules-data.js';
import { validateRetreatPrefs } from '../retreat-prefs.js';
import { owedAt } from './sequence.js';
import { validateSetupAssign, validateSetupPlace } from './setup.js';
import type { CounterOrders, MovementPlanOrder, PrefectOrder, PrefectState, Side } from '../types.js';
import { SIDES } from '../types.js';
import { hiddenIdsNamed, resolveOrderIds } from './view.js';

export type Checked = { errors: OrderError[]; order: PrefectOrder | null };

export function checkOrder(state: PrefectState, side: string, raw: unknown): Checked {
  const fail = (errors: OrderError[]): Checked => ({ errors, order: null });
  if (!SIDES.includes(side as Side))
    return fail([{ code: 'unknown-side', path: [], message: `Prefect has no side '${side}'.`, rule: 'L124-126' }]);
  const me = side as Side;
  const guessed = hiddenIdsNamed(state, me, raw);
  if (guessed.length)
    return fail(
      guessed.map((path) => ({
        code: 'unit.unknown',
        path,
        message: 'No unit by that id is known to you.',
        rule: 'L97',
      })),
    );
  const parsed = parseOrder(resolveOrderIds(state, me, raw));
  if (!parsed.ok) return fail(parsed.errors);
  const owed = owedAt(state).find((o) => o.side === me);
  if (!owed)
    return fail([
      { code: 'not-owed', path: [], message: 'Nothing is owed by you at this point of the turn.', rule: 'L258-267' },
    ]);
  if (!owed.kinds.includes(parsed.order.kind))
    return fail([
      {
        code: 'wrong-kind',
        path: ['kind'],
        message: `One of ${owed.kinds.map((k) => `'${k}'`).join(', ')} is expected now.`,
        rule: 'L258-267',
      },
    ]);
  const errors = [
    ...rulesOf(state, me, parsed.order),
    ...('retreat' in parsed.order ? validateRetreatPrefs(state, me, parsed.order.retreat) : []),
  ];
  return errors.length ? fail(errors) : { errors: [], order: parsed.order };
}

function rulesOf(s: PrefectState, side: Side, o: PrefectOrder): OrderError[] {
  switch (o.kind) {
    case 'setup-assign':
      return validateSetupAssign(s, side, o);
    case 'setup-place':
      return validateSetupPlace(s, side, o);
    case 'movement-plan':
      return validatePlan(s, side, o);
    case 'counter-orders':
      return validateCounterOrders(s, side, o);
    case 'move': {
      const errors = validateAttackerMove(s, side, o.move, ['move']);
      const end = o.move.path[o.move.path.length - 1];
      const destroyed = (o.move.destroy ?? []).filter((d) => d.hex === end).reduce((a, d) => a + d.count, 0);
      if (!errors.length && o.move.path.length > 1 && !mayEndIn(s, s.tfs[o.move.tf], end, destroyed)) {
        errors.push({
          code: 'move.end-occupied',
          path: ['move', 'path', o.move.path.length - 1],
          message: 'A Task Force may not end its move in a hex with another Task Force or an enemy unit.',
          rule: 'L359-369, L473',
        });
      }
      return errors;
    }
    case 'end-movement':
    case 'pass':
      return [];
    case 'interrupt': {
      const w = currentPoint(s);
      if (w?.kind !== 'interrupt') return [];
      const seen = new Set<string>();
      return o.detections.flatMap((d, i) => {
        const e: OrderError[] = [];
        if (!w.eligible.includes(d.tf) || seen.has(d.tf))
          e.push({
            code: 'interrupt.tf',
            path: ['detections', i, 'tf'],
            message:
              'Only defending Task Forces whose active zone of control the mover entered may interrupt, once per hex.',
            rule: 'L381-385, D-90',
          });
        else if (!esmAllowed(s, d.tf, d.esm))
          e.push({
            code: 'esm.range',
            path: ['detections', i, 'esm'],
            message: 'The announced ESM is from 1 up to the Task Force\u2019s maximum ESM.',
            rule: 'L495-499, D-18',
          });
        seen.add(d.tf);
        return e;
      });
    }
    case 'counter-attack': {
      const w = currentPoint(s);
      if (w?.kind !== 'counter-attack') return [];
      const eligible = counterAttackEligible(s, w.mover);
      const errors: OrderError[] = o.tfs.flatMap((t, i) =>
        eligible.includes(t)
          ? []
          : [
              {
                code: 'counter.tf',
                path: ['tfs', i],
                message:
                  'This Task Force cannot counter-attack the mover (not adjacent with an active ZOC, not detected it this phase, already acted, fatigue 3 or no combat unit).',
                rule: 'L435-441, L703',
              },
            ],
      );
      if (new Set(o.tfs).size > allowanceLeft(s))
        errors.push({
          code: 'counter.allowance',
          path: ['tfs'],
          message: `Only ${allowanceLeft(s)} defender action(s) are available (never more than the attacker TFs moved).`,
          rule: 'L403-405, D-23',
        });
      return errors;
    }
    case 'mover-detect': {
      const w = currentPoint(s);
      if (w?.kind !== 'mover-detect') return [];
      if (o.target !== null && !w.counterAttackers.includes(o.target))
        return [
          {
            code: 'mover-detect.target',
            path: ['target'],
            message: 'The mover detects one of the Task Forces counter-attacking it.',
            rule: 'L389',
          },
        ];
      if (o.target !== null && !esmAllowed(s, w.mover, o.esm))
        return [
          {
            code: 'esm.range',
            path: ['esm'],
            message: 'The announced ESM is from 1 up to the Task Force\u2019s maximum ESM.',
            rule: 'L495-499, D-18',
          },
        ];
      return [];
    }
    case 'defender-actions': {
      const errors: OrderError[] = [];
      const used = new Set<string>();
      let count = 0;
      o.actions.forEach((a, i) => {
        const tfs = a.type === 'move' ? [a.tf] : a.tfs;
        for (const t of tfs) {
          if (used.has(t))
            errors.push({
              code: 'defender.twice',
              path: ['actions', i],
              message: 'A defending Task Force moves or attacks once per turn.',
              rule: 'L399, L411',
            });
          used.add(t);
        }
        count += tfs.length;
        if (a.type === 'move') errors.push(...validateDefenderMove(s, side, a.tf, a.path, ['actions', i], a.destroy));
        else {
          const eligible = counterAttackEligible(s, a.target);
          a.tfs.forEach((t, j) => {
            if (!eligible.includes(t))
              errors.push({
                code: 'counter.tf',
                path: ['actions', i, 'tfs', j],
                message:
                  'This Task Force cannot counter-attack that target (adjacent with an active ZOC, detected this Movement Phase, not yet acted).',
                rule: 'L435-441',
              });
          });
        }
      });
      if (count > allowanceLeft(s))
        errors.push({
          code: 'counter.allowance',
          path: ['actions'],
          message: `Only ${allowanceLeft(s)} defender action(s) are available (never more than the attacker TFs moved).`,
          rule: 'L403-405',
        });
      return errors;
    }
    case 'combat-declare':
      return validateDeclare(s, side, o);
    case 'combat-detect':
      return validateDetect(s, side, o);
    case 'external-result':
      return validateExternal(s, side, o);
    case 'supply':
      return validateSupply(s, side, o);
    case 'withdrawal':
      return validateWithdrawal(s, side, o);
    case 'adjustment':
      return validateAdjustment(s, side, o);
  }
}

/**
 * A movement plan: every activation legal now (D-14 once per TF), and, played in its order, no
 * TF ends where another TF stands or with an enemy unit (L359-369, L473): a hex is free for a TF
 * only once the TF in it has moved away earlier in the plan.
 */
export function validatePlan(s: PrefectState, side: Side, o: MovementPlanOrder): OrderError[] {
  const errors: OrderError[] = [];
  const seen = new Set<string>();
  const at = new Map(Object.values(s.tfs).map((t) => [t.id, t.hex]));
  o.moves.forEach((m, i) => {
    if (seen.has(m.tf))
      errors.push({
        code: 'move.twice',
        path: ['moves', i, 'tf'],
        message: 'A Task Force moves once per Movement Phase, in one continuous activation.',
        rule: 'D-14',
      });
    seen.add(m.tf);
    const e = validateAttackerMove(s, side, m, ['moves', i]);
    errors.push(...e);
    if (e.length || m.path.length < 2) return;
    const end = m.path[m.path.length - 1];
    const destroyed = (m.destroy ?? []).filter((d) => d.hex === end).reduce((a, d) => a + d.count, 0);
    const enemyUnits = Object.values(s.units).filter(
      (u) => u.status === 'DISORGANISED' && u.side !== side && u.hex === end,
    ).length;
    const taken = [...at].some(([id, h]) => id !== m.tf && h === end);
    if (taken || enemyUnits > destroyed)
      errors.push({
        code: 'move.end-occupied',
        path: ['moves', i, 'path', m.path.length - 1],
        message:
          'Only one Task Force may end the Movement Phase in a hex (a hex is free once its Task Force has moved earlier in the plan), and not with an enemy unit.',
        rule: 'L359-369, L473',
      });
    at.set(m.tf, end);
  });
  return errors;
}

const spentOn = (d: { count: number }[] | undefined): number => (d ?? []).reduce((a, x) => a + x.count, 0);

/** Standing counter-orders: own TFs, counter-moves within the counter-move allowance over the map (L415-423). */
export function validateCounterOrders(s: PrefectState, side: Side, o: CounterOrders): OrderError[] {
  const errors: OrderError[] = [];
  const own = (id: string) => s.tfs[id]?.side === side;
  for (const [id, rule] of Object.entries(o.interrupt.perTf ?? {})) {
    if (!own(id))
      errors.push({
        code: 'tf.unknown',
        path: ['interrupt', 'perTf', id],
        message: 'No Task Force of yours by that id.',
        rule: 'L381',
      });
    else if (rule.esm !== 'max' && !esmAllowed(s, id, rule.esm))
      errors.push({
        code: 'esm.range',
        path: ['interrupt', 'perTf', id, 'esm'],
        message: 'The announced ESM is from 1 up to the Task Force\u2019s maximum ESM.',
        rule: 'L495-499, D-18',
      });
  }
  o.counterAttacks.forEach((c, i) =>
    c.tfs.forEach((t, j) => {
      if (!own(t))
        errors.push({
          code: 'tf.unknown',
          path: ['counterAttacks', i, 'tfs', j],
          message: 'No Task Force of yours by that id.',
          rule: 'L435',
        });
    }),
  );
  const moved = new Set<string>();
  o.moves.forEach((m, i) => {
    if (!own(m.tf))
      return void errors.push({
        code: 'tf.unknown',
        path: ['moves', i, 'tf'],
        message: 'No Task Force of yours by that id.',
        rule: 'L415',
      });
    if (moved.has(m.tf))
      errors.push({
        code: 'defender.twice',
        path: ['moves', i, 'tf'],
        message: 'The Defender may not split the movement of a Task Force.',
        rule: 'L411',
      });
    moved.add(m.tf);
    const g = rulesData().graph;
    if (m.path[0] !== s.tfs[m.tf].hex || m.path.length < 2)
      errors.push({
        code: 'move.start',
        path: ['moves', i, 'path', 0],
        message: 'A counter-move starts at the Task Force\u2019s hex and enters at least one hex.',
        rule: 'L415',
      });
    else if (m.path.slice(1).some((h, k) => !g.has(h) || !g.neighbors(m.path[k]).includes(h)))
      errors.push({
        code: 'move.not-adjacent',
        path: ['moves', i, 'path'],
        message: 'Each hex of the path is adjacent to the one before.',
        rule: 'D-05',
      });
    else if (m.path.length - 1 + spentOn(m.destroy) > defenderAllowance(s, m.tf))
      errors.push({
        code: 'move.over-budget',
        path: ['moves', i, 'path'],
        message: `A counter-move of this Task Force spends at most ${defenderAllowance(s, m.tf)} MP (one per hex, one per disorganised unit destroyed).`,
        rule: m.destroy?.length ? 'L415-423, L475' : 'L415-423',
      });
    else if (m.destroy?.length && !combatUnits(s, m.tf).length)
      errors.push({
        code: 'destroy.not-allowed',
        path: ['moves', i, 'destroy'],
        message: 'Destroying disorganised units needs a combat unit and fatigue below 3.',
        rule: 'L469, L705',
      });
    else
      (m.destroy ?? []).forEach((d, k) => {
        // A standing order: the units may be disorganised only later this phase, so the count is checked when it runs (L463).
        if (!m.path.slice(1).includes(d.hex))
          errors.push({
            code: 'destroy.off-path',
            path: ['moves', i, 'destroy', k, 'hex'],
            message: 'Units can be destroyed only in a hex entered on the path.',
            rule: 'L463, L475',
          });
      });
  });
  return errors;
}
