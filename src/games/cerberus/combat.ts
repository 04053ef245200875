/**
 * Ground combat (rule 7, digest §5.5) with its fire support (rule 8, fire-support.ts) and losses
 * (losses.ts): who may attack what, the odds and their column shifts, the Ground Combat Segment
 * resolving the phasing player's attack plan in order, and the advance after combat.
 *
 * A combat plan is written in advance (DESIGN.md principle 2), often before the Movement Segment
 * has been played, so:
 * - `validateCombatPlan` judges position-dependent rules (adjacency, target contents, supply,
 *   air range and ADZ, odds) only when `positional` (default: the game is at the COMBAT segment,
 *   i.e. the state is the one the plan will meet). Earlier, only what cannot change is checked.
 * - At resolution every attack is checked again, in order. An attack that is no longer possible
 *   (its units lost or out of supply earlier, its hex emptied, odds under 1-4) is SKIPPED with a
 *   `combat.attack-skipped` event to the attacker alone, never an error. An attack that lost some
 *   of its attackers or support goes ahead with what remains if its `ifChanged` is 'proceed'
 *   (support above the new cap is trimmed: Fleet points, then missiles, then air), and is skipped
 *   if it is 'skip'. Unused SF pairs go back without a roll at the end (G13).
 * Hidden information: errors and public events never name what a face-down unit is; defenders
 * are turned face up when attacked (14.12), Cetian attackers when they attack (G17), and the
 * planned support of an attack is public only as totals (sources go to the attacker alone).
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { lookup, oddsColumn, shiftColumn, type ColumnPick } from '#engine/tables.js';
import { optionValues, tablesData, unitsData } from './data/index.js';
import {
  applySuppressions,
  availableSupport,
  checkSupport,
  checkSuppression,
  commitPools,
  fireEnv,
  poolsOf,
  scratchOf,
  supportTotal,
  trimToCap,
  type FireEnv,
  type Problem,
  type Support,
} from './fire-support.js';
import {
  applyLosses,
  attackerLosses,
  defenderLosses,
  defenseFactor,
  lossesPayload,
  lossValue,
  type LossesPayload,
} from './losses.js';
import { combatShift, hasHex } from './map.js';
import { CombatPlanSchema, type AttackOrder, type CombatPlan, type LossesOrder } from './orders.js';
import { ruleOptions } from './options-rules.js';
import type { SegmentHandler } from './sequence.js';
import {
  pairsFromCombatPlan,
  placeSfPairs,
  returnUnusedSf,
  sfAfterAttack,
  sfCombatShift,
  type IntensityAt,
} from './special-forces.js';
import { canAddToStack } from './stacking.js';
import {
  enemyOf,
  unitById,
  type CerberusState,
  type HexId,
  type PendingDecision,
  type Side,
  type Unit,
} from './state.js';
import { minimumGarrisonCheck } from './victory.js';
import { stormIntensityAt } from './zoc.js';

const CRT = tablesData.crt;
const STORM_SHIFT = tablesData.columnShifts.shifts.find((s) => s.id === 'DEFENDER_IN_STORM')?.shift ?? 1;

export interface CombatHooks {
  /** Storm intensity of a hex (weather module); default: zoc.ts stormIntensityAt(state). */
  intensityAt?: IntensityAt;
}
const envOf = (state: CerberusState, hooks: CombatHooks): FireEnv =>
  fireEnv(state, hooks.intensityAt ?? stormIntensityAt(state));
const problem = (code: string, rule: string, message: string, path: (string | number)[] = []): Problem => ({
  code,
  rule,
  message,
  path,
});

// ---------------------------------------------------------------- units and hexes

export function enemyUnitsIn(state: CerberusState, side: Side, hex: HexId): Unit[] {
  return state.units.filter((u) => u.side === enemyOf(side) && u.box === 'MAP' && u.hex === hex);
}
/** 7.2 Mobile battalions and Heavy Weapons companies may attack an adjacent hex (units.json classes). */
export function attacksFromAdjacent(u: Unit): boolean {
  return unitsData.classes[u.cls]?.attacksFromAdjacent === true;
}

/** 11.19, G37 units placed by space transport may not attack in the turn they land. */
function landedProblem(state: CerberusState, u: Unit): Problem | null {
  return u.landedOnTurn === state.turn
    ? problem('combat.landed-this-turn', '11.19', `${u.id} was landed this turn and may not attack (11.19).`)
    : null;
}

/**
 * 7.2, 12.12, 11.19, 15.72 why `u` (an own unit with an attack factor, on the map) may not attack
 * `hex` now, or null if it may.
 */
export function attackerProblem(state: CerberusState, u: Unit, hex: HexId, env: FireEnv): Problem | null {
  if (u.outOfSupply)
    return problem('combat.out-of-supply', '12.12', `${u.id} is out of supply and cannot attack (12.12).`);
  const landed = landedProblem(state, u);
  if (landed) return landed;
  if (u.hex === hex) return null;
  if (!attacksFromAdjacent(u))
    return problem(
      'combat.same-hex-only',
      '7.2',
      `${u.id} may attack only enemy units in its own hex; only Mobile battalions and Heavy Weapons companies attack adjacent hexes (7.2).`,
    );
  if (!env.map.isAdjacent(u.hex!, hex))
    return problem('combat.not-adjacent', '7.2', `${u.id} at ${u.hex} is neither in nor adjacent to ${hex} (7.2).`);
  if (enemyUnitsIn(state, u.side, u.hex!).length)
    return problem(
      'combat.engaged',
      '7.2',
      `${u.id} shares its hex with enemy units and may attack only that hex (7.2).`,
    );
  if (env.intensityAt(u.hex!) >= 3 || env.intensityAt(hex) >= 3)
    return problem(
      'combat.storm',
      '15.72',
      `No attack from an adjacent hex into or out of a hex under Intensity 3 weather (15.72).`,
    );
  return null;
}

// ---------------------------------------------------------------- odds (7.6, 7.61, 7.8, 10.433, 15.7)

export interface ColumnShift {
  id: 'MOUNTAIN_DEFENDER' | 'SF_PAIR' | 'DEFENDER_IN_STORM';
  shift: number;
  rule: string;
}

/** 7.8 Mountain combat hex 1 left; 10.433 an SF pair 1 right; 15.7 defender in a storm hex 1 right. */
export function combatShifts(state: CerberusState, side: Side, hex: HexId, intensityAt: IntensityAt): ColumnShift[] {
  const out: ColumnShift[] = [];
  const terrain = combatShift(hex);
  if (terrain) out.push({ id: 'MOUNTAIN_DEFENDER', shift: terrain, rule: '7.8' });
  const sf = sfCombatShift(state, side, hex);
  if (sf) out.push({ id: 'SF_PAIR', shift: sf, rule: '10.433' });
  if (intensityAt(hex) > 0) out.push({ id: 'DEFENDER_IN_STORM', shift: STORM_SHIFT, rule: '15.7' });
  return out;
}

export interface Odds {
  /** The column before shifts, rounded in the defender's favour (7.6: 23 vs 6 is 3-1). */
  base: ColumnPick;
  column: string;
  index: number;
  shifts: ColumnShift[];
  /** 7.61 odds below 1-4 are not allowed; checked before shifts (G12, tables.json columnShifts). */
  legal: boolean;
}
export function combatOdds(attack: number, defense: number, shifts: ColumnShift[] = []): Odds {
  const base = oddsColumn(attack, defense, CRT.columns);
  const moved = shiftColumn(
    CRT.columns,
    base.index,
    shifts.reduce((n, s) => n + s.shift, 0),
  );
  return { base, column: moved.column, index: moved.index, shifts, legal: !base.belowMinimum };
}

// ---------------------------------------------------------------- legal attacks (for the view)

export interface LegalAttack {
  targetHex: HexId;
  /** Enemy units in the hex (their positions are public). */
  defenders: number;
  /** Total defense, or null while some defender is face down (its factors are hidden from `side`). */
  defense: number | null;
  attackers: { unitId: string; attack: number; fromHex: HexId; adjacent: boolean }[];
  groundAttack: number;
  shifts: ColumnShift[];
  /** Column with every listed attacker and no fire support, after shifts; null if hidden or below 1-4. */
  oddsColumn: string | null;
  /** 8.1 the most fire support this attack may take. */
  supportCap: number;
  /** Fire support still available at this hex (8.3–8.6). */
  support: Support;
  /** Column with every attacker and the most usable support; null if hidden. */
  bestColumn: string | null;
}

/** Every hex `side` may attack now, with the units that may join and the odds (face-down defenders give null odds). */
export function legalAttacks(state: CerberusState, side: Side, hooks: CombatHooks = {}): LegalAttack[] {
  const env = envOf(state, hooks);
  const sc = state.phaseScratch && state.phaseScratch.side === side ? state.phaseScratch : null;
  const targets = [
    ...new Set(state.units.filter((u) => u.side === enemyOf(side) && u.box === 'MAP' && u.hex).map((u) => u.hex!)),
  ].sort();
  const out: LegalAttack[] = [];
  for (const hex of targets) {
    if (sc?.attackedHexes.includes(hex)) continue;
    const attackers = state.units.filter(
      (u) =>
        u.side === side &&
        u.box === 'MAP' &&
        u.hex !== null &&
        u.attack > 0 &&
        !sc?.attackers.includes(u.id) &&
        (u.hex === hex || env.map.isAdjacent(u.hex, hex)) &&
        !attackerProblem(state, u, hex, env),
    );
    if (!attackers.length) continue;
    const defenders = enemyUnitsIn(state, side, hex);
    const defense = defenders.some((u) => u.faceDown) ? null : defenders.reduce((n, u) => n + defenseFactor(u), 0);
    const ground = attackers.reduce((n, u) => n + u.attack, 0);
    const support = availableSupport(state, side, hex, env);
    const shifts = combatShifts(state, side, hex, env.intensityAt);
    const plain = defense === null ? null : combatOdds(ground, defense, shifts);
    const best =
      defense === null ? null : combatOdds(ground + Math.min(ground, supportTotal(support)), defense, shifts);
    if (best && !best.legal) continue;
    out.push({
      targetHex: hex,
      defenders: defenders.length,
      defense,
      groundAttack: ground,
      shifts,
      support,
      supportCap: ground,
      attackers: attackers.map((u) => ({ unitId: u.id, attack: u.attack, fromHex: u.hex!, adjacent: u.hex !== hex })),
      oddsColumn: plain && plain.legal ? plain.column : null,
      bestColumn: best ? best.column : null,
    });
  }
  return out;
}

// ---------------------------------------------------------------- validation

export interface ValidateCombatOptions {
  /** Judge position-dependent rules; default: the game is at the COMBAT segment. */
  positional?: boolean;
  intensityAt?: IntensityAt;
  /** Path of the combat plan inside the submitted order (default ['combat'], as in a phase plan). */
  prefix?: (string | number)[];
}

/** 7, 8 checks a combat plan for `side` (see the file comment for what is deferred to resolution). */
export function validateCombatPlan(
  state: CerberusState,
  side: Side,
  plan: CombatPlan,
  opts: ValidateCombatOptions = {},
): OrderError[] {
  const positional = opts.positional ?? state.segment === 'COMBAT';
  const prefix = opts.prefix ?? ['combat'];
  const env = envOf(state, { intensityAt: opts.intensityAt });
  const errors: OrderError[] = [];
  const push = (p: Problem, at: (string | number)[]) =>
    errors.push({ code: p.code, path: [...prefix, ...at, ...p.path], message: p.message, rule: p.rule });
  const pools = poolsOf(state, side);
  const sc = state.phaseScratch && state.phaseScratch.side === side ? state.phaseScratch : null;

  // 8.41 suppression first (it is flown at the start of the segment); each ADZ ends at 4 or 8 points.
  const before = { ...pools.suppression };
  const planned: Record<string, { points: number; index: number }> = {};
  plan.suppress.forEach((s, k) => {
    for (const p of checkSuppression(state, side, s, pools, env, positional).problems) push(p, ['suppress', k]);
    const t = (planned[s.targetInstallationId] ??= { points: before[s.targetInstallationId] ?? 0, index: k });
    t.points += s.from.reduce((n, a) => n + a.points, 0);
  });
  for (const [id, t] of Object.entries(planned)) {
    if (t.points !== 4 && t.points !== 8) {
      push(
        problem(
          'adz.points',
          '8.41',
          `${t.points} points are flown against the ADZ of ${id}; 4 points reduce it to its own hex and 4 more suppress it, other amounts waste points (8.41).`,
        ),
        ['suppress', t.index],
      );
    }
  }

  const attacked = new Set(sc?.attackedHexes ?? []);
  const earlier = new Set<HexId>();
  const used = new Set(sc?.attackers ?? []);
  plan.attacks.forEach((a, i) => {
    const at = ['attacks', i];
    const n0 = errors.length;
    const hexOk = hasHex(a.targetHex);
    if (!hexOk)
      push(problem('combat.no-such-hex', '4.9', `${a.targetHex} is not a hex of the Cerberus map.`, ['targetHex']), at);
    else if (attacked.has(a.targetHex))
      push(
        problem(
          'combat.hex-attacked-twice',
          '7.3',
          `${a.targetHex} is already attacked this Ground Combat Segment; no unit may be attacked twice (7.3).`,
          ['targetHex'],
        ),
        at,
      );
    attacked.add(a.targetHex);
    const defenders = hexOk ? enemyUnitsIn(state, side, a.targetHex) : [];
    if (positional && hexOk && !defenders.length)
      push(
        problem('combat.no-enemy', '7.2', `${a.targetHex} holds no enemy units to attack (7.2).`, ['targetHex']),
        at,
      );
    const participants: Unit[] = [];
    a.attackers.forEach((id, j) => {
      const u = unitById(state, id);
      const path = ['attackers', j];
      if (!u || u.side !== side || u.box !== 'MAP' || u.hex === null)
        return push(
          problem('combat.not-your-unit', '7.1', `${id} is not one of your units on the map (7.1).`, path),
          at,
        );
      if (!(u.attack > 0))
        return push(
          problem(
            'combat.no-attack-factor',
            '7.2',
            `${id} has an attack factor of 0 and may never attack (7.2).`,
            path,
          ),
          at,
        );
      if (used.has(id))
        return push(
          problem(
            'combat.unit-attacks-twice',
            '7.3',
            `${id} already attacks this segment; no unit may attack more than once (7.3).`,
            path,
          ),
          at,
        );
      used.add(id);
      participants.push(u);
      const p = positional && hexOk ? attackerProblem(state, u, a.targetHex, env) : landedProblem(state, u);
      if (p) push({ ...p, path }, at);
    });
    const ground = participants.reduce((n, u) => n + u.attack, 0);
    const sup = checkSupport(state, side, a, a.targetHex, pools, env, {
      positional: positional && hexOk,
      visibleOnly: true,
      attackedBefore: earlier,
    });
    earlier.add(a.targetHex);
    for (const p of sup.problems) push(p, at);
    const asked = supportTotal({ air: a.air, missiles: a.missiles, fleet: a.fleet });
    if (asked > ground)
      push(
        problem(
          'support.over-cap',
          '8.1',
          `Fire support of ${asked} exceeds the ${ground} attack factors of the ground units in this attack (8.1, 8.63).`,
        ),
        at,
      );
    if (positional && defenders.length && errors.length === n0 && !defenders.some((u) => u.faceDown)) {
      const defense = defenders.reduce((n, u) => n + defenseFactor(u), 0);
      const odds = combatOdds(ground + asked, defense);
      if (!odds.legal)
        push(
          problem(
            'combat.odds-below-minimum',
            '7.61',
            `${ground + asked} attack factors against ${defense} defense is below 1-4; odds less than 1 to 4 are not allowed (7.61).`,
          ),
          at,
        );
    }
    a.attackerLosses.forEach((id, j) => {
      if (!a.attackers.includes(id))
        push(
          problem(
            'combat.loss-not-participant',
            '7.7',
            `${id} is not one of this attack's units; the attacker's losses come from the units that attacked (7.7).`,
            ['attackerLosses', j],
          ),
          at,
        );
    });
    if (Array.isArray(a.advance)) {
      a.advance.forEach((id, j) => {
        const u = participants.find((x) => x.id === id);
        if (!u || !attacksFromAdjacent(u) || (positional && u.hex === a.targetHex)) {
          push(
            problem(
              'advance.not-eligible',
              '7.9',
              `${id} may not advance: only Mobile battalions and Heavy Weapons companies of this attack that attacked from an adjacent hex may (7.9).`,
              ['advance', j],
            ),
            at,
          );
        }
      });
    }
  });
  return errors;
}

// ---------------------------------------------------------------- resolution

function reveal(units: Unit[], reason: string, rule: string): GameEvent[] {
  return units
    .filter((u) => u.faceDown)
    .map((u) => {
      u.faceDown = false;
      return {
        type: 'unit.revealed',
        visibleTo: 'all',
        data: { unitId: u.id, typeId: u.typeId, hex: u.hex, reason, rule },
      };
    });
}

/** 7.9 all defenders gone: adjacent Mobile/HW participants may advance into the hex, as stacking allows (6.0). */
export function advanceAfterCombat(
  state: CerberusState,
  side: Side,
  hex: HexId,
  participants: string[],
  advance: AttackOrder['advance'],
  env: FireEnv,
): GameEvent[] {
  if (advance === 'none' || enemyUnitsIn(state, side, hex).length) return [];
  const eligible = participants
    .map((id) => unitById(state, id))
    .filter((u): u is Unit => !!u && u.box === 'MAP' && u.side === side && u.hex !== hex && attacksFromAdjacent(u));
  const chosen =
    advance === 'all' ? eligible : advance.map((id) => eligible.find((u) => u.id === id)).filter((u): u is Unit => !!u);
  const moved: { unitId: string; from: HexId }[] = [];
  const refused: string[] = [];
  for (const u of chosen) {
    if (!canAddToStack(state, side, hex, [u])) {
      refused.push(u.id);
      continue;
    }
    moved.push({ unitId: u.id, from: u.hex! });
    u.hex = hex;
  }
  const events: GameEvent[] = [];
  if (refused.length)
    events.push({
      type: 'combat.advance-refused',
      visibleTo: [side],
      data: { hex, unitIds: refused, rule: '7.9, 6.0' },
    });
  if (!moved.length) return events;
  events.push({ type: 'combat.advance', visibleTo: 'all', data: { hex, units: moved, rule: '7.9' } });
  // 14.12, G17: a Human unit arriving next to face-down Cetian units turns them up.
  if (side === 'HUMAN') {
    const near = state.units.filter(
      (u) => u.side === 'CETIAN' && u.box === 'MAP' && u.faceDown && u.hex !== null && env.map.isAdjacent(u.hex, hex),
    );
    events.push(...reveal(near, 'human-adjacent', '14.12'));
  }
  return events;
}

function finishAttack(
  state: CerberusState,
  side: Side,
  hex: HexId,
  participants: string[],
  advance: AttackOrder['advance'],
  dice: Dice,
  env: FireEnv,
): GameEvent[] {
  return [
    ...advanceAfterCombat(state, side, hex, participants, advance, env),
    ...sfAfterAttack(state, side, hex, dice), // 10.434
    ...minimumGarrisonCheck(state, 'continuous'), // 14.4
  ];
}

/** One attack of the plan (7.6): re-check, commit, reveal, odds, die, CRT, losses, advance. */
function resolveAttack(
  state: CerberusState,
  side: Side,
  a: AttackOrder,
  index: number,
  dice: Dice,
  env: FireEnv,
): { events: GameEvent[]; paused: boolean } {
  const sc = scratchOf(state, side);
  const hex = a.targetHex;
  const skip = (reason: string, detail: Record<string, Json> = {}) => ({
    events: [
      {
        type: 'combat.attack-skipped',
        visibleTo: [side],
        data: { attackIndex: index, targetHex: hex, reason, ...detail },
      } as GameEvent,
    ],
    paused: false,
  });
  if (!hasHex(hex)) return skip('combat.no-such-hex');
  if (sc.attackedHexes.includes(hex)) return skip('combat.hex-attacked-twice');
  const defenders = enemyUnitsIn(state, side, hex);
  if (!defenders.length) return skip('combat.no-enemy');

  const participants: Unit[] = [];
  const dropped: { unitId: string; reason: string }[] = [];
  for (const id of new Set(a.attackers)) {
    const u = unitById(state, id);
    const p =
      !u || u.side !== side || u.box !== 'MAP' || !(u.attack > 0)
        ? 'combat.unit-lost'
        : sc.attackers.includes(id)
          ? 'combat.unit-attacks-twice'
          : attackerProblem(state, u, hex, env)?.code;
    if (p) dropped.push({ unitId: id, reason: p });
    else participants.push(u!);
  }
  if (!participants.length) return skip('combat.no-attackers', { dropped });
  if (dropped.length && a.ifChanged === 'skip') return skip('combat.changed', { dropped });
  const ground = participants.reduce((n, u) => n + u.attack, 0);
  const pools = poolsOf(state, side);
  const sup = checkSupport(state, side, a, hex, pools, env, { positional: true, visibleOnly: false });
  const supportDropped = sup.problems.map((p) => ({ path: p.path as Json, reason: p.code }));
  if (supportDropped.length && a.ifChanged === 'skip') return skip('combat.changed', { supportDropped });
  const { support, trimmed } = trimToCap(sup.accepted, ground, pools);
  if (trimmed && a.ifChanged === 'skip') return skip('combat.changed', { trimmed });
  const supportPoints = supportTotal(support);
  const hidden = defenders.some((u) => u.faceDown);
  if (!hidden) {
    const defense = defenders.reduce((n, u) => n + defenseFactor(u), 0);
    if (!combatOdds(ground + supportPoints, defense).legal)
      return skip('combat.odds-below-minimum', { attack: ground + supportPoints, defense });
  }

  // Committed (G17: no cancelling once face-down defenders are turned up).
  const events: GameEvent[] = [];
  commitPools(state, side, pools);
  sc.attackedHexes.push(hex);
  sc.attackers.push(...participants.map((u) => u.id));
  events.push(
    ...reveal(defenders, 'attacked', '14.12'),
    ...reveal(participants, 'attacking', '14.12, G17'),
    ...reveal(sup.hiddenBlockers, 'air-defence', '8.4'),
  );
  if (dropped.length || supportDropped.length || trimmed) {
    events.push({
      type: 'combat.attack-changed',
      visibleTo: [side],
      data: { attackIndex: index, targetHex: hex, dropped, supportDropped, trimmed },
    });
  }
  events.push({
    type: 'combat.support',
    visibleTo: [side],
    data: {
      attackIndex: index,
      targetHex: hex,
      air: support.air,
      missiles: support.missiles,
      fleet: support.fleet,
      rule: '8.1',
    },
  });
  const defense = defenders.reduce((n, u) => n + defenseFactor(u), 0);
  const odds = combatOdds(ground + supportPoints, defense, combatShifts(state, side, hex, env.intensityAt));
  const summary = {
    hex,
    side,
    attackers: participants.map((u) => u.id),
    defenders: defenders.map((u) => u.id),
    ground,
    support: {
      air: support.air.reduce((n, x) => n + x.points, 0),
      missiles: support.missiles.length,
      fleet: support.fleet,
      total: supportPoints,
    },
    attack: ground + supportPoints,
    defense,
  };
  if (!odds.legal && optionValues(state.options).belowMinimumAfterReveal !== 'resolve-at-1-4') {
    events.push({ type: 'combat.called-off', visibleTo: 'all', data: { ...summary, rule: '7.61, G17' } });
    return { events, paused: false };
  }
  const die = dice.d6(`combat ${hex}`);
  const cell = lookup(CRT, odds.column, die);
  events.push({
    type: 'combat.resolved',
    visibleTo: 'all',
    data: {
      ...summary,
      baseColumn: odds.base.column,
      shifts: odds.shifts as unknown as Json,
      column: odds.column,
      die,
      result: { attacker: cell.attacker, defender: cell.defender },
      rule: '7.6',
    },
    rolls: dice.drain(),
  });

  // 7.7 losses: the attacker's from his plan, then his standing order.
  const fromHexToo = optionValues(state.options).attackerLossesFrom === 'combat-hex-too';
  const extra = fromHexToo
    ? state.units.filter(
        (u) => u.side === side && u.box === 'MAP' && u.hex === hex && u.attack > 0 && !participants.includes(u),
      )
    : [];
  events.push(
    ...applyLosses(
      state,
      attackerLosses(state, side, [...participants, ...extra], cell.attacker, a.attackerLosses),
      'attacker',
    ),
  );
  const defender = enemyOf(side);
  const left = defenders.filter((u) => u.box === 'MAP');
  const ids = participants.map((u) => u.id);
  if (cell.defender > 0 && left.length > 1 && ruleOptions(state.options).lossChoice === 'interactive') {
    const payload: LossesPayload = {
      attackIndex: index,
      hex,
      count: cell.defender,
      candidates: left.map((u) => ({ unitId: u.id, counts: lossValue(u) })),
      participants: ids,
      advance: a.advance,
    };
    const decision: PendingDecision = {
      id: `losses:${state.turn}:${side}:${index}`,
      side: defender,
      kind: 'losses',
      segment: 'COMBAT',
      payload: payload as unknown as Json,
    };
    state.pending.push(decision);
    events.push({
      type: 'combat.losses-awaited',
      visibleTo: 'all',
      data: { hex, side: defender, count: cell.defender, decisionId: decision.id, rule: '7.7' },
    });
    return { events, paused: true };
  }
  events.push(...applyLosses(state, defenderLosses(state, defender, left, cell.defender), 'defender'));
  events.push(...finishAttack(state, side, hex, ids, a.advance, dice, env));
  return { events, paused: false };
}

/**
 * 7, 8, 10.432 the Ground Combat Segment of `side` with `plan`: SF pairs placed and ADZ suppressed
 * at the start, then the attacks in order from the phase's combat cursor (resumable after an
 * interactive loss choice, `resume`), then unused SF returned. Mutates `state`.
 */
export function applyCombatPlan(
  state: CerberusState,
  side: Side,
  plan: CombatPlan,
  dice: Dice,
  hooks: CombatHooks = {},
  resume?: { decision: PendingDecision; order?: LossesOrder },
): GameEvent[] {
  const env = envOf(state, hooks);
  const sc = scratchOf(state, side);
  const events: GameEvent[] = [];
  if (resume) {
    const p = lossesPayload(resume.decision);
    const units = p.candidates
      .map((c) => unitById(state, c.unitId))
      .filter((u): u is Unit => !!u && u.box === 'MAP' && u.hex === p.hex);
    events.push(
      ...applyLosses(
        state,
        defenderLosses(state, resume.decision.side, units, p.count, resume.order?.unitIds ?? []),
        'defender',
      ),
    );
    events.push(...finishAttack(state, side, p.hex, p.participants, p.advance, dice, env));
    sc.combatCursor = p.attackIndex + 1;
  } else if (!sc.sfPairsPlaced) {
    events.push(
      ...placeSfPairs(
        state,
        side,
        pairsFromCombatPlan(plan).map((x) => x.pair),
        env.intensityAt,
      ),
    );
    events.push(...applySuppressions(state, side, plan.suppress, env));
  }
  while (sc.combatCursor < plan.attacks.length) {
    if (state.result) return events;
    const i = sc.combatCursor;
    const r = resolveAttack(state, side, plan.attacks[i], i, dice, env);
    events.push(...r.events);
    if (r.paused) return events;
    sc.combatCursor = i + 1;
  }
  events.push(...returnUnusedSf(state, side));
  return events;
}

/**
 * The COMBAT segment handler (3.2 B.4): the phasing player's stored plan (none = no attacks), or,
 * when a pending loss choice was answered, the resumption of the interrupted attack.
 */
export function combatSegmentHandler(hooks: CombatHooks = {}): SegmentHandler {
  return (state, ctx) => {
    const side = state.phasing;
    if (!side) return [];
    const stored = state.plan && state.plan.side === side ? state.plan.order.combat : undefined;
    const plan = stored ?? CombatPlanSchema.parse({});
    const decision = (ctx.answered ?? []).find((d) => d.kind === 'losses' && d.segment === 'COMBAT');
    if (decision) {
      const o = ctx.orders[decision.side];
      return applyCombatPlan(state, side, plan, ctx.dice, hooks, {
        decision,
        order: o && o.kind === 'losses' ? o : undefined,
      });
    }
    return applyCombatPlan(state, side, plan, ctx.dice, hooks);
  };
}
