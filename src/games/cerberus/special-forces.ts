/**
 * Special Forces (rule 10, digest §5.8): disruption of installations (10.41–10.412), raids on
 * stockpiles (10.42–10.421), pairs supporting ground combat (10.43–10.434, with helpers the combat
 * module calls), survival rolls, and the return of destroyed SF on the turn track (10.3).
 *
 * SF live in the owner's FLEET_SF box (10.1) and never count as map units; a pair placed on a
 * combat hex is recorded in the phase scratch, not moved onto the map.
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import type { CombatPlan, PhasePlanOrder, SpecialForcesPlan } from './orders.js';
import { ruleOptions } from './options-rules.js';
import { sfCap } from './space.js';
import { SPACE_DATA } from './space-data.js';
import {
  enemyOf,
  putInBox,
  unitById,
  type CerberusState,
  type HexId,
  type Side,
  type SfPair,
  type Unit,
} from './state.js';

const SF = SPACE_DATA.specialForces;

/** Storm intensity of a hex (weather module); SF may not operate in an Intensity-3 hex (15.72). */
export type IntensityAt = (hex: HexId) => number;
const noStorms: IntensityAt = () => 0;

function ev(type: string, data: GameEvent['data'], rolls?: GameEvent['rolls']): GameEvent {
  return rolls && rolls.length ? { type, visibleTo: 'all', data, rolls } : { type, visibleTo: 'all', data };
}

// ---------------------------------------------------------------- tables

/** SF vs Spaceport table (10.41): result of `sfCount` SF (1..4) on a die roll. */
export function lookupDisruption(sfCount: number, die: number): { disrupted: boolean; sfLost: number } {
  if (sfCount < 1 || sfCount > 4 || die < 1 || die > 6)
    throw new RangeError(`no SF table cell for ${sfCount} SF, die ${die}`);
  const code = SF.vsInstallation[die - 1][sfCount - 1];
  if (code === '-') return { disrupted: false, sfLost: 0 };
  const disrupted = code.startsWith('D');
  const n = code.replace('D', '');
  return { disrupted, sfLost: n === '' ? 0 : Number(n) };
}

/** SF vs Supplies table (10.421). */
export function lookupRaid(die: number): { destroyed: number; sfLost: boolean } {
  const row = SF.vsSupplies.find((r) => r.die === die);
  if (!row) throw new RangeError(`no SF vs Supplies row for die ${die}`);
  return { destroyed: row.destroyed, sfLost: row.sfLost };
}

/** 10.434 does a survival roll eliminate the SF? */
export function sfSurvivalEliminates(die: number): boolean {
  return SF.survivalEliminatedOn.includes(die);
}

// ---------------------------------------------------------------- queries

/** Own SF in the Fleet SF box, optionally with a given status. */
export function sfInFleet(state: CerberusState, side: Side, status?: Unit['sfStatus']): Unit[] {
  return state.units.filter(
    (u) => u.side === side && u.cls === 'SF' && u.box === 'FLEET_SF' && (status === undefined || u.sfStatus === status),
  );
}

/** 13.71, G14 SF that `side` may still send this game turn. */
export function sfCapRemaining(state: CerberusState, side: Side): number {
  return Math.max(0, sfCap(state, side) - state.players[side].sfUsedThisTurn);
}

/** 10.412 is an installation disrupted? */
export function isDisrupted(unit: Unit): boolean {
  return unit.disrupted !== null;
}

function isInstallation(u: Unit): boolean {
  return u.cls === 'BASE' || u.cls === 'SPACEPORT' || u.cls === 'EFIELD';
}
function holdsSupplies(u: Unit): boolean {
  return u.cls === 'BASE' || u.cls === 'SPACEPORT';
}

/** 10.41, G15 has this installation already been the target of a disruption mission this turn (where the limit applies)? */
function disruptionLimitApplies(state: CerberusState, target: Unit): boolean {
  if (!state.turnScratch.disruptionTargets.includes(target.id)) return false;
  if (ruleOptions(state.options).sfDisruptionLimit === 'every-installation') return true;
  return target.faceDown || target.cls === 'SPACEPORT';
}

// ---------------------------------------------------------------- the turn track (10.3)

/** 10.3 the turn an SF destroyed on `destroyedOn` re-enters: two turns later, one per side per turn. */
export function sfReturnTurn(state: CerberusState, side: Side, destroyedOn: number): number {
  const countScheduled = ruleOptions(state.options).sfReturnQueueIncludesScheduled;
  const taken = new Set(
    state.units
      .filter((u) => u.side === side && u.cls === 'SF' && u.box === 'TURN_TRACK' && (countScheduled || u.destroyed))
      .map((u) => u.due),
  );
  let t = destroyedOn + SF.returnDelay;
  while (taken.has(t)) t++;
  return t;
}

/** 10.3 an SF destroyed on a mission goes on the turn track, back to its Fleet SF box later. */
export function destroySf(state: CerberusState, unit: Unit): GameEvent {
  const due = sfReturnTurn(state, unit.side, state.turn);
  putInBox(unit, 'TURN_TRACK');
  unit.due = due;
  unit.arrivesAt = 'FLEET_SF';
  unit.sfStatus = null;
  unit.destroyed = { turn: state.turn, cause: 'combat' };
  return ev('sf.destroyed', { sfId: unit.id, side: unit.side, returnsOnTurn: due, rule: '10.3' });
}

// ---------------------------------------------------------------- validation

/** Checks the SF part of a plan, with the SF pairs the same plan will place in combat (10.4, 10.43). */
export function validateSpecialForcesPlan(
  state: CerberusState,
  side: Side,
  plan: SpecialForcesPlan,
  plannedPairs: number = 0,
  intensityAt: IntensityAt = noStorms,
): OrderError[] {
  const errors: OrderError[] = [];
  const seen = new Set<string>();
  const checkSf = (id: string, path: (string | number)[]) => {
    const u = unitById(state, id);
    if (!u || u.side !== side || u.cls !== 'SF' || u.box !== 'FLEET_SF') {
      errors.push({
        code: 'sf.not-available',
        path,
        message: `${id} is not one of your SF in the Fleet SF box.`,
        rule: '10.1',
      });
    } else if (u.sfStatus !== 'READY') {
      errors.push({
        code: 'sf.already-used',
        path,
        message: `${id} has already been used or held this Player Phase.`,
        rule: '10.4',
      });
    }
    if (seen.has(id))
      errors.push({
        code: 'sf.twice',
        path,
        message: `${id} is given two missions; each SF does one mission per Player Phase.`,
        rule: '10.4',
      });
    seen.add(id);
  };
  const checkTarget = (id: string, path: (string | number)[], kind: 'disrupt' | 'raid') => {
    const t = unitById(state, id);
    if (!t || t.side !== enemyOf(side) || t.box !== 'MAP' || t.hex === null) {
      errors.push({
        code: 'sf.bad-target',
        path,
        message: `${id} is not an enemy unit on the map.`,
        rule: kind === 'disrupt' ? '10.41' : '10.42',
      });
      return;
    }
    // A face-down target may be anything: the mission is wasted if it is not a valid target (G17).
    if (!t.faceDown && (kind === 'disrupt' ? !isInstallation(t) : !holdsSupplies(t))) {
      errors.push(
        kind === 'disrupt'
          ? { code: 'sf.bad-target', path, message: 'SF may only disrupt a Spaceport, Base or E-Field.', rule: '10.41' }
          : {
              code: 'sf.bad-target',
              path,
              message: 'SF may only raid the stockpile of a Base or Spaceport.',
              rule: '10.42',
            },
      );
    }
    if (intensityAt(t.hex) >= 3) {
      errors.push({
        code: 'sf.storm',
        path,
        message: 'No SF may operate in a hex under Intensity 3 weather.',
        rule: '15.72',
      });
    }
  };
  const targets = new Set<string>();
  plan.disrupt.forEach((m, i) => {
    m.sfIds.forEach((id, j) => checkSf(id, ['disrupt', i, 'sfIds', j]));
    checkTarget(m.targetId, ['disrupt', i, 'targetId'], 'disrupt');
    const t = unitById(state, m.targetId);
    const limited =
      !!t &&
      (ruleOptions(state.options).sfDisruptionLimit === 'every-installation' || t.faceDown || t.cls === 'SPACEPORT');
    if (t && (disruptionLimitApplies(state, t) || (limited && targets.has(m.targetId)))) {
      errors.push({
        code: 'sf.target-once',
        path: ['disrupt', i, 'targetId'],
        message: 'This installation has already been attacked for disruption this game turn.',
        rule: '10.41',
      });
    }
    targets.add(m.targetId);
  });
  plan.raid.forEach((m, i) => {
    checkSf(m.sfId, ['raid', i, 'sfId']);
    checkTarget(m.targetId, ['raid', i, 'targetId'], 'raid');
  });
  plan.hold.forEach((id, i) => checkSf(id, ['hold', i]));

  const opts = ruleOptions(state.options);
  const sent = plan.disrupt.reduce((n, m) => n + m.sfIds.length, 0) + plan.raid.length;
  const counted = sent + (opts.sfHeldCountsTowardCap ? plan.hold.length : 2 * plannedPairs);
  if (counted > sfCapRemaining(state, side)) {
    errors.push({
      code: 'sf.cap',
      path: [],
      message: `The Space Superiority Effects Chart allows ${sfCapRemaining(state, side)} more SF this turn; the plan uses ${counted}.`,
      rule: '13.71',
    });
  }
  if (plannedPairs * 2 > plan.hold.length) {
    errors.push({
      code: 'sf.pairs-not-held',
      path: ['hold'],
      message: 'SF supporting combat must be held in the Special Forces Segment.',
      rule: '10.43',
    });
  }
  return errors;
}

// ---------------------------------------------------------------- the segment

/**
 * 10.411 when `side`'s Player Phase begins (its SF Segment): his disruptions of earlier turns
 * lift, and his SF are ready again (10.434). The sequence calls this on entering the phase, so
 * plans are validated against fresh SF statuses.
 */
export function startSpecialForcesSegment(state: CerberusState, side: Side): GameEvent[] {
  const events: GameEvent[] = [];
  for (const u of state.units) {
    if (u.disrupted && u.disrupted.by === side && u.disrupted.turn < state.turn) {
      u.disrupted = null;
      events.push(ev('sf.disruption-lifted', { unitId: u.id, rule: '10.411' }));
    }
  }
  for (const u of sfInFleet(state, side)) u.sfStatus = 'READY';
  return events;
}

function reveal(t: Unit, events: GameEvent[]): void {
  if (!t.faceDown) return;
  t.faceDown = false;
  events.push(
    ev('unit.revealed', { unitId: t.id, typeId: t.typeId, hex: t.hex, reason: 'special-forces', rule: 'G17' }),
  );
}

function usable(state: CerberusState, side: Side, id: string): Unit | null {
  const u = unitById(state, id);
  return u && u.side === side && u.cls === 'SF' && u.box === 'FLEET_SF' && u.sfStatus === 'READY' ? u : null;
}

/**
 * 3.2 B.1 / 10.4 the Special Forces Segment of `side`: disruptions in order, then raids (all
 * declared before any is rolled, 10.42), then SF held for combat (10.43). Missions that became
 * illegal are skipped with an event. Call after startSpecialForcesSegment.
 */
export function specialForcesSegment(
  state: CerberusState,
  side: Side,
  plan: SpecialForcesPlan,
  dice: Dice,
  intensityAt: IntensityAt = noStorms,
): GameEvent[] {
  const events: GameEvent[] = [];
  const player = state.players[side];
  const validTarget = (id: string): Unit | null => {
    const t = unitById(state, id);
    return t && t.side === enemyOf(side) && t.box === 'MAP' && t.hex !== null && intensityAt(t.hex) < 3 ? t : null;
  };

  // A mission that does not happen is the planner's business, and a face-down target stays a hex (14.12).
  const skipped = (mission: string, index: number, targetId: string): GameEvent => {
    const t = unitById(state, targetId);
    const ref: Record<string, string | null> = t && t.faceDown ? { targetHex: t.hex } : { targetId };
    return { type: 'sf.mission-skipped', visibleTo: [side], data: { mission, index, ...ref } };
  };
  plan.disrupt.forEach((m, i) => {
    const sfs = m.sfIds.map((id) => usable(state, side, id));
    const target = validTarget(m.targetId);
    if (
      sfs.some((u) => u === null) ||
      !target ||
      disruptionLimitApplies(state, target) ||
      sfs.length > sfCapRemaining(state, side)
    ) {
      events.push(skipped('disrupt', i, m.targetId));
      return;
    }
    const team = sfs as Unit[];
    player.sfUsedThisTurn += team.length;
    state.turnScratch.disruptionTargets.push(target.id);
    for (const u of team) u.sfStatus = 'SPENT';
    reveal(target, events);
    if (!isInstallation(target)) {
      events.push(ev('sf.mission-wasted', { mission: 'disrupt', targetId: target.id, rule: 'G17' }));
      return;
    }
    const die = dice.d6(`SF disruption ${target.id}`);
    const r = lookupDisruption(team.length, die);
    if (r.disrupted) target.disrupted = { by: side, turn: state.turn };
    events.push(
      ev(
        'sf.disruption',
        { targetId: target.id, sf: team.length, die, disrupted: r.disrupted, sfLost: r.sfLost, rule: '10.41' },
        dice.drain(),
      ),
    );
    for (const u of team.slice(team.length - r.sfLost)) events.push(destroySf(state, u));
  });

  // 10.42 all raids are declared before any is resolved: fix the teams first.
  const raids = plan.raid.map((m, i) => {
    const sf = usable(state, side, m.sfId);
    const target = validTarget(m.targetId);
    if (!sf || !target || sfCapRemaining(state, side) < 1) {
      events.push(skipped('raid', i, m.targetId));
      return null;
    }
    sf.sfStatus = 'SPENT';
    player.sfUsedThisTurn += 1;
    return { sf, target };
  });
  if (raids.some((r) => r)) {
    events.push(
      ev('sf.raids-declared', {
        raids: raids.flatMap((r) => (r ? [{ sfId: r.sf.id, targetId: r.target.id }] : [])),
        rule: '10.42',
      }),
    );
  }
  for (const r of raids) {
    if (!r) continue;
    reveal(r.target, events);
    if (!holdsSupplies(r.target) || r.target.box !== 'MAP') {
      events.push(ev('sf.mission-wasted', { mission: 'raid', targetId: r.target.id, rule: 'G17' }));
      continue;
    }
    const die = dice.d6(`SF raid ${r.target.id}`);
    const res = lookupRaid(die);
    const destroyed = Math.min(res.destroyed, r.target.supplies);
    r.target.supplies -= destroyed;
    events.push(
      ev(
        'sf.raid',
        {
          targetId: r.target.id,
          sfId: r.sf.id,
          die,
          destroyed,
          left: r.target.supplies,
          sfLost: res.sfLost,
          rule: '10.421',
        },
        dice.drain(),
      ),
    );
    if (res.sfLost) events.push(destroySf(state, r.sf));
  }

  const held: string[] = [];
  for (const id of plan.hold) {
    const u = usable(state, side, id);
    if (!u) continue;
    u.sfStatus = 'HELD';
    held.push(id);
  }
  if (ruleOptions(state.options).sfHeldCountsTowardCap) player.sfUsedThisTurn += held.length;
  if (held.length) events.push(ev('sf.held', { side, sfIds: held, rule: '10.43' }));
  return events;
}

// ---------------------------------------------------------------- ground-combat support (10.43)

/** Checks SF pairs the combat plan will place (10.432): held SF, exactly two, one pair per hex, hex holds enemy units. */
export function validateSfPairs(
  state: CerberusState,
  side: Side,
  pairs: SfPair[],
  heldIds: string[] | null = null,
  intensityAt: IntensityAt = noStorms,
): OrderError[] {
  const errors: OrderError[] = [];
  const seen = new Set<string>();
  const hexes = new Set<string>();
  pairs.forEach((p, i) => {
    if (p.sfIds[0] === p.sfIds[1])
      errors.push({ code: 'sf.pair', path: [i, 'sfPair'], message: 'A pair needs two different SF.', rule: '10.432' });
    for (const id of p.sfIds) {
      const u = unitById(state, id);
      const held = heldIds ? heldIds.includes(id) : u?.sfStatus === 'HELD';
      if (!u || u.side !== side || u.cls !== 'SF' || !held) {
        errors.push({
          code: 'sf.not-held',
          path: [i, 'sfPair'],
          message: `${id} was not held for combat in the Special Forces Segment.`,
          rule: '10.43',
        });
      }
      if (seen.has(id))
        errors.push({ code: 'sf.twice', path: [i, 'sfPair'], message: `${id} is used in two attacks.`, rule: '10.4' });
      seen.add(id);
    }
    if (hexes.has(p.hex))
      errors.push({
        code: 'sf.pair-per-attack',
        path: [i, 'sfPair'],
        message: 'No more than two SF may be used in one attack.',
        rule: '10.432',
      });
    hexes.add(p.hex);
    if (!state.units.some((u) => u.side === enemyOf(side) && u.box === 'MAP' && u.hex === p.hex)) {
      errors.push({
        code: 'sf.pair-target',
        path: [i, 'targetHex'],
        message: 'SF pairs go on hexes with enemy units that will be attacked.',
        rule: '10.432',
      });
    }
    if (intensityAt(p.hex) >= 3)
      errors.push({
        code: 'sf.storm',
        path: [i, 'targetHex'],
        message: 'No SF may operate in a hex under Intensity 3 weather.',
        rule: '15.72',
      });
  });
  return errors;
}

/**
 * 10.432 at the beginning of the Ground Combat Segment: place the planned pairs (illegal ones are
 * skipped with an event). Placed SF count toward the turn's cap (G14) and are spent even if the
 * hex is not attacked (G13).
 */
export function placeSfPairs(
  state: CerberusState,
  side: Side,
  pairs: SfPair[],
  intensityAt: IntensityAt = noStorms,
): GameEvent[] {
  const scratch = state.phaseScratch;
  if (!scratch || scratch.side !== side)
    throw new Error('SF pairs are placed in the phasing player’s Ground Combat Segment');
  const events: GameEvent[] = [];
  const heldCounted = ruleOptions(state.options).sfHeldCountsTowardCap;
  for (const p of pairs) {
    const bad =
      validateSfPairs(state, side, [p], null, intensityAt).length > 0 || scratch.sfPairs.some((q) => q.hex === p.hex);
    if (bad || (!heldCounted && sfCapRemaining(state, side) < 2)) {
      events.push({ type: 'sf.pair-skipped', visibleTo: [side], data: { hex: p.hex, sfIds: p.sfIds } }); // never placed: plan detail
      continue;
    }
    for (const id of p.sfIds) unitById(state, id)!.sfStatus = 'PLACED';
    if (!heldCounted) state.players[side].sfUsedThisTurn += 2;
    scratch.sfPairs.push({ hex: p.hex, sfIds: [p.sfIds[0], p.sfIds[1]] });
    events.push(ev('sf.pair-placed', { hex: p.hex, sfIds: p.sfIds, rule: '10.432' }));
  }
  scratch.sfPairsPlaced = true;
  return events;
}

/** 10.433 column shift to the right the attacker gets from an SF pair on `hex` (0 or 1). */
export function sfCombatShift(state: CerberusState, side: Side, hex: HexId): number {
  const s = state.phaseScratch;
  return s && s.side === side && s.sfPairs.some((p) => p.hex === hex) ? SF.pairShift : 0;
}

/**
 * 10.434 after the attack on `hex` is resolved and applied: one die per SF of the pair, 1–3
 * eliminated (to the turn track), survivors back to the Fleet SF box, spent until the next
 * friendly SF Segment. The combat module calls this once per supported attack.
 */
export function sfAfterAttack(state: CerberusState, side: Side, hex: HexId, dice: Dice): GameEvent[] {
  const s = state.phaseScratch;
  const idx = s && s.side === side ? s.sfPairs.findIndex((p) => p.hex === hex) : -1;
  if (!s || idx < 0) return [];
  const [pair] = s.sfPairs.splice(idx, 1);
  const events: GameEvent[] = [];
  const results = pair.sfIds.map((id) => {
    const die = dice.d6(`SF survival ${id}`);
    return { id, die, eliminated: sfSurvivalEliminates(die) };
  });
  events.push(ev('sf.survival', { hex, results, rule: '10.434' }, dice.drain()));
  for (const r of results) {
    const u = unitById(state, r.id)!;
    if (r.eliminated) events.push(destroySf(state, u));
    else u.sfStatus = 'SPENT';
  }
  return events;
}

/** End of the Ground Combat Segment: pairs whose hex was not attacked return without a roll (G13); held SF are spent. */
export function returnUnusedSf(state: CerberusState, side: Side): GameEvent[] {
  const s = state.phaseScratch;
  const events: GameEvent[] = [];
  if (s && s.side === side) {
    for (const p of s.sfPairs) events.push(ev('sf.pair-returned', { hex: p.hex, sfIds: p.sfIds, rule: 'G13' }));
    s.sfPairs = [];
  }
  for (const u of sfInFleet(state, side)) if (u.sfStatus === 'HELD' || u.sfStatus === 'PLACED') u.sfStatus = 'SPENT';
  return events;
}

// ---------------------------------------------------------------- whole-plan helpers

/** The SF pairs a combat plan asks for, with the index of their attack (10.432). */
export function pairsFromCombatPlan(combat: CombatPlan | undefined): { pair: SfPair; attackIndex: number }[] {
  if (!combat) return [];
  return combat.attacks.flatMap((a, i) =>
    a.sfPair
      ? [{ pair: { hex: a.targetHex, sfIds: [a.sfPair[0], a.sfPair[1]] as [string, string] }, attackIndex: i }]
      : [],
  );
}

/**
 * Validates the SF side of a phase plan: its SF missions (if the SF Segment is still to come) and
 * the pairs its combat part will place, held in this plan or earlier this phase (10.4, 10.43, 13.71).
 * Paths point into the plan (['specialForces', …] or ['combat', 'attacks', i, …]).
 */
export function validatePlanSpecialForces(
  state: CerberusState,
  side: Side,
  plan: Pick<PhasePlanOrder, 'specialForces' | 'combat'>,
  intensityAt: IntensityAt = noStorms,
): OrderError[] {
  const pairs = pairsFromCombatPlan(plan.combat);
  const errors: OrderError[] = [];
  if (plan.specialForces) {
    for (const e of validateSpecialForcesPlan(state, side, plan.specialForces, pairs.length, intensityAt)) {
      errors.push({ ...e, path: ['specialForces', ...e.path] });
    }
  } else if (
    pairs.length &&
    !ruleOptions(state.options).sfHeldCountsTowardCap &&
    2 * pairs.length > sfCapRemaining(state, side)
  ) {
    errors.push({
      code: 'sf.cap',
      path: ['combat'],
      message: `The Space Superiority Effects Chart allows ${sfCapRemaining(state, side)} more SF this turn.`,
      rule: '13.71',
    });
  }
  const held = plan.specialForces ? plan.specialForces.hold : null;
  for (const e of validateSfPairs(
    state,
    side,
    pairs.map((p) => p.pair),
    held,
    intensityAt,
  )) {
    const [i, ...rest] = e.path as [number, ...(string | number)[]];
    errors.push({ ...e, path: ['combat', 'attacks', pairs[i].attackIndex, ...rest] });
  }
  return errors;
}
