/**
 * The Planetary turn as a step machine (L258-267, digest §4.1–4.2): which side owes what at each
 * step and whether it is sealed (§4.6), and the transitions that run the rules of each step until
 * the next decision point. Steps: SETUP_ASSIGN (sealed, H2) → SETUP_PLACE (alternating, H3) →
 * per turn MOVEMENT (planned: sealed plan + counter-orders; interactive: one prompt per point) →
 * COMBAT_DECLARE (attacker) → COMBAT_DETECT (defender) → SUPPLY (sealed) → WITHDRAWAL (sealed,
 * only sides with disorganised units on the map) → ADJUSTMENT (sealed) → Tempo (automatic).
 */
import type { GameEvent } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { currentPoint, newMovement, runMovement, type Answer } from '../counteractions.js';
import { answerOnce, plannedDecider } from '../deciders.js';
import { resolveCombatPhase, runAttackerDetections, runDefenderDetections } from '../combat-phase.js';
import { externalOwed, settleExternal } from '../external/agreement.js';
import { resumeCounterAttack, settleCounterExternal } from '../external/counter.js';
import { applyAdjustment, applySupply, applyWithdrawal, scheduledDeliveries, tempoPhase } from '../rules.js';
import { storeRetreatPrefs } from '../retreat-prefs.js';
import { rulesData, scenarioDef } from '../rules-data.js';
import { applySetupAssign, applySetupPlace, initiative, unplaced } from './setup.js';
import type {
  AdjustmentOrder,
  CombatDeclareOrder,
  CombatDetectOrder,
  CounterOrders,
  ExternalResultOrder,
  MovementPlanOrder,
  PrefectOrder,
  PrefectState,
  SetupAssignOrder,
  SetupPlaceOrder,
  Side,
  SupplyOrder,
  WithdrawalOrder,
} from '../types.js';
import { SIDES, otherSide } from '../types.js';

export interface Owed {
  side: Side;
  /** Order kinds accepted (the first is the main one; 'pass' answers any reaction window). */
  kinds: PrefectOrder['kind'][];
  /** Prompt kind (the order kind, or the reaction window's kind). */
  kind: string;
  secret: boolean;
}

export const defenderOf = (s: PrefectState): Side => otherSide(s.attacker);

/** Sides with disorganised units on the map (the Withdrawal Phase concerns only them, L850-856). */
export const withdrawing = (s: PrefectState): Side[] =>
  SIDES.filter((side) =>
    Object.values(s.units).some((u) => u.side === side && u.status === 'DISORGANISED' && u.hex && !u.under),
  );

/** §4.6: who owes what now. Empty only at GAME_OVER (automatic steps never rest). */
export function owedAt(s: PrefectState): Owed[] {
  switch (s.step) {
    case 'SETUP_ASSIGN':
      return SIDES.map((side) => ({ side, kinds: ['setup-assign'], kind: 'setup-assign', secret: true }));
    case 'SETUP_PLACE':
      return s.placement
        ? [{ side: s.placement.next, kinds: ['setup-place'], kind: 'setup-place', secret: false }]
        : [];
    case 'MOVEMENT': {
      if (s.combat?.external) return externalOwed(s); // D-87, L2725-2732: a counter-attack played with Centurion
      if (s.options.interleave === 'planned' && !s.movement) {
        return [
          { side: s.attacker, kinds: ['movement-plan'], kind: 'movement-plan', secret: true },
          { side: defenderOf(s), kinds: ['counter-orders'], kind: 'counter-orders', secret: true },
        ];
      }
      const p = currentPoint(s);
      if (!p) return [];
      if (p.kind === 'attacker-move')
        return [{ side: p.side, kinds: ['move', 'end-movement'], kind: 'move', secret: false }];
      return [{ side: p.side, kinds: [p.kind, 'pass'], kind: p.kind, secret: false }];
    }
    case 'COMBAT_DECLARE':
      return [{ side: s.attacker, kinds: ['combat-declare'], kind: 'combat-declare', secret: false }];
    case 'COMBAT_DETECT':
      if (s.combat?.external) return externalOwed(s); // D-87: both enter the agreed external result, sealed
      return [{ side: defenderOf(s), kinds: ['combat-detect'], kind: 'combat-detect', secret: false }];
    case 'SUPPLY':
      return SIDES.map((side) => ({ side, kinds: ['supply'], kind: 'supply', secret: true }));
    case 'WITHDRAWAL':
      return withdrawing(s).map((side) => ({ side, kinds: ['withdrawal'], kind: 'withdrawal', secret: true }));
    case 'ADJUSTMENT':
      return SIDES.map((side) => ({ side, kinds: ['adjustment'], kind: 'adjustment', secret: true }));
    case 'GAME_OVER':
      return [];
  }
}

/** Attacker first, as D-48 orders simultaneous placements. */
const attackerFirst = (s: PrefectState): Side[] => [s.attacker, defenderOf(s)];

/** A new Movement Phase (tempo.ts announces later turns; the first is announced here). */
function startTurn(s: PrefectState, announce = false): GameEvent[] {
  s.step = 'MOVEMENT';
  delete s.combat;
  if (s.options.interleave === 'interactive') s.movement = newMovement();
  else delete s.movement;
  return announce ? [{ type: 'turn', visibleTo: 'all', data: { turn: s.turn, attacker: s.attacker } }] : [];
}

function afterPlacement(s: PrefectState, first: Side): GameEvent[] {
  const sc = scenarioDef(s.scenario);
  s.attacker = sc.firstAttacker ?? first; // L252
  delete s.placement;
  return startTurn(s, true);
}

/** Applies the orders owed at the current step (validated) and runs on to the next decision point. */
export function advance(s: PrefectState, orders: Partial<Record<Side, PrefectOrder>>, dice: Dice): GameEvent[] {
  const events: GameEvent[] = [];
  const o = <T extends PrefectOrder>(side: Side) => orders[side] as T | undefined;
  // L609-617, D-31: standing retreat choices ride on several orders; stored before anything resolves.
  for (const side of SIDES) {
    const ord = orders[side];
    if (ord && 'retreat' in ord) storeRetreatPrefs(s, side, ord.retreat);
  }
  switch (s.step) {
    case 'SETUP_ASSIGN': {
      for (const side of SIDES) applySetupAssign(s, side, o<SetupAssignOrder>(side)!);
      const ini = initiative(dice);
      events.push({
        type: 'setup.initiative',
        visibleTo: 'all',
        data: { first: ini.first, rolls: ini.rolls },
        rolls: dice.drain(),
      });
      for (const tf of Object.values(s.tfs))
        if (tf.hex)
          events.push({ type: 'setup.placed', visibleTo: 'all', data: { side: tf.side, tf: tf.id, hex: tf.hex } });
      if (s.options.setupPlacement === 'sealed' || SIDES.every((side) => !unplaced(s, side).length))
        events.push(...afterPlacement(s, ini.first));
      else {
        s.step = 'SETUP_PLACE';
        s.placement = { next: unplaced(s, ini.first).length ? ini.first : otherSide(ini.first), first: ini.first };
      }
      break;
    }
    case 'SETUP_PLACE': {
      const side = s.placement!.next;
      events.push(...applySetupPlace(s, side, o<SetupPlaceOrder>(side)!));
      if (SIDES.every((x) => !unplaced(s, x).length)) events.push(...afterPlacement(s, s.placement!.first));
      break;
    }
    case 'MOVEMENT': {
      if (s.combat?.external) {
        // D-87, L2725-2732: the entries settle the paused counter-attack; once decided the movement resumes.
        const r = settleCounterExternal(s, { TOG: o<ExternalResultOrder>('TOG'), CW: o<ExternalResultOrder>('CW') });
        events.push(...r.events);
        if (r.decided)
          events.push(...resumeCounterAttack(s, dice, r.counter, r.decided), ...runMovement(s, dice, () => undefined));
      } else if (!s.movement) {
        s.movement = {
          ...newMovement(),
          plan: o<MovementPlanOrder>(s.attacker),
          counter: o<CounterOrders>(defenderOf(s)),
        };
        events.push(...runMovement(s, dice, plannedDecider));
      } else {
        const owed = owedAt(s)[0];
        events.push(...runMovement(s, dice, answerOnce(orders[owed.side] as Answer)));
      }
      if (s.movement!.ended) {
        s.combat = { attacks: [], order: [], resolved: [] };
        // L547-549: with no attacker TF next to an enemy there is nothing to declare or detect.
        if (contact(s)) s.step = 'COMBAT_DECLARE';
        else toSupply(s);
      }
      break;
    }
    case 'COMBAT_DECLARE': {
      events.push(...runAttackerDetections(s, dice, o<CombatDeclareOrder>(s.attacker)!));
      if (s.combat!.attacks.length) s.step = 'COMBAT_DETECT';
      else toSupply(s);
      break;
    }
    case 'COMBAT_DETECT': {
      if (s.combat?.external) {
        // D-87: the two entries settle the paused attack (agreed, Prefect fallback, or asked again).
        const r = settleExternal(s, { TOG: o<ExternalResultOrder>('TOG'), CW: o<ExternalResultOrder>('CW') });
        events.push(...r.events);
        if (r.decided) events.push(...resolveCombatPhase(s, dice, undefined, r.decided));
      } else {
        events.push(...runDefenderDetections(s, dice, o<CombatDetectOrder>(defenderOf(s))!));
        events.push(...resolveCombatPhase(s, dice, o<CombatDetectOrder>(defenderOf(s))!));
      }
      if (!s.combat?.external) toSupply(s);
      break;
    }
    case 'SUPPLY': {
      // D-40: deliveries right after the transfers (inside applySupply's order) unless deliveriesAfterSpending.
      for (const side of attackerFirst(s)) events.push(...applySupply(s, side, o<SupplyOrder>(side)!));
      events.push(...scheduledDeliveries(s));
      s.step = 'WITHDRAWAL';
      if (!withdrawing(s).length) events.push(...runWithdrawal(s, {}));
      break;
    }
    case 'WITHDRAWAL':
      events.push(...runWithdrawal(s, { TOG: o<WithdrawalOrder>('TOG'), CW: o<WithdrawalOrder>('CW') }));
      break;
    case 'ADJUSTMENT': {
      events.push(...applyAdjustment(s, { TOG: o<AdjustmentOrder>('TOG'), CW: o<AdjustmentOrder>('CW') }));
      events.push(...tempoPhase(s));
      // tempo.ts resets the tracks, checks victory (game.over) and advances the turn.
      if (s.result) {
        s.step = 'GAME_OVER';
        delete s.movement;
      } else events.push(...startTurn(s));
      break;
    }
    case 'GAME_OVER':
      break;
  }
  return events;
}

/** Is any attacker TF adjacent to an enemy TF or to enemy disorganised units (public positions)? */
export function contact(s: PrefectState): boolean {
  const g = rulesData().graph;
  const enemyHexes = new Set([
    ...Object.values(s.tfs)
      .filter((t) => t.side !== s.attacker && t.hex)
      .map((t) => t.hex),
    ...Object.values(s.units)
      .filter((u) => u.side !== s.attacker && u.status === 'DISORGANISED' && u.hex)
      .map((u) => u.hex!),
  ]);
  return Object.values(s.tfs).some(
    (t) => t.side === s.attacker && t.hex && g.neighbors(t.hex).some((h) => enemyHexes.has(h)),
  );
}

function toSupply(s: PrefectState): void {
  s.step = 'SUPPLY';
}

function runWithdrawal(s: PrefectState, orders: Partial<Record<Side, WithdrawalOrder>>): GameEvent[] {
  const filled: Partial<Record<Side, WithdrawalOrder>> = {};
  for (const side of SIDES) filled[side] = orders[side] ?? { kind: 'withdrawal', moves: [] };
  const events = applyWithdrawal(s, filled as Record<Side, WithdrawalOrder>);
  s.step = 'ADJUSTMENT';
  return events;
}
