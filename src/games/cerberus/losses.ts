/**
 * Combat losses (7.7 and the Explanation of Combat Results, digest §5.5, G9–G11).
 *
 * "Each player chooses his own units to be eliminated." Choices are made in advance (DESIGN.md
 * principle 2): the attacker's from his attack order (`attackerLosses`), then his standing loss
 * priority; the defender's from his standing loss priority (StandingOrders.lossPriority), or
 * interactively with option lossChoice = 'interactive'.
 *
 * DEFAULT LOSS PRIORITY (no standing order given; LossPrioritySchema defaults):
 *   `then: 'fewest-vp-first'`: the unit the enemy would score fewest VP for (14.5) goes first
 *   (Transport 1, E-Field 2, combat units 3, Guards/Paratroopers 4, Base 5, Spaceport 10), ties
 *   broken by lower defense, then lower attack, then unit id (deterministic);
 *   `spaceport: 'protect'`: the Spaceport is given up last.
 *
 * Loss accounting (CRT notes, G10): a Spaceport counts as two units when eliminated. When one
 * loss remains and the Spaceport is the only unit left in the hex, it is inverted (reduced) and
 * functions as a Base (G9: Base factors, stockpile capped at a Base's 8); a reduced Spaceport
 * counts as one unit, like a Base. A Spaceport is never chosen for a single loss while other
 * units remain. Losses beyond what the hex holds are ignored (G11).
 */
import type { GameEvent, OrderError } from '#engine/contract.js';
import { tablesData, unitsData } from './data/index.js';
import { LossPrioritySchema, type LossesOrder, type LossPriority } from './orders.js';
import { ruleOptions } from './options-rules.js';
import { destroyUnit, unitById, type CerberusState, type PendingDecision, type Side, type Unit } from './state.js';
import { destroyedValue } from './victory.js';

const SPACEPORT_LOSS = Number(tablesData.crtRules.spaceportLossValue.value);
const BASE_CAP = Number(tablesData.supply.baseCap.value);

// ---------------------------------------------------------------- unit factors in combat

/** A Spaceport not yet reduced: counts two losses (CRT notes). */
export function isFullSpaceport(u: Unit): boolean {
  return u.cls === 'SPACEPORT' && !u.reduced;
}

/** CRT notes: how many units of a CRT result eliminating `u` satisfies (Spaceport 2, else 1). */
export function lossValue(u: Unit): number {
  return isFullSpaceport(u) ? SPACEPORT_LOSS : 1;
}

/** G9 the printed defense of `side`'s Base, which a reduced Spaceport takes. */
export function baseDefense(side: Side): number {
  const t = unitsData.types.find((x) => x.side === side && x.cls === 'BASE');
  if (!t || t.defense === null) throw new Error(`Cerberus data pack: no Base type for ${side}`);
  return t.defense;
}

/** 7.4, 12.12 a unit's defense in combat: halved, fractions rounded up, when out of supply; a reduced Spaceport defends as a Base (G9). */
export function defenseFactor(u: Unit): number {
  const printed = u.cls === 'SPACEPORT' && u.reduced ? baseDefense(u.side) : u.defense;
  return u.outOfSupply ? Math.ceil(printed / 2) : printed;
}

// ---------------------------------------------------------------- choosing

export interface LossStep {
  unitId: string;
  /** 'reduce': the lone Spaceport is inverted to a Base (CRT notes). */
  action: 'eliminate' | 'reduce';
  /** Units of the CRT result this step satisfies. */
  counts: number;
}

/** The standing priority with defaults filled in (see the file comment). */
export function lossPriorityOf(p: Partial<LossPriority> | undefined): LossPriority {
  return LossPrioritySchema.parse(p ?? {});
}

function vpOf(u: Unit, state: CerberusState): number {
  const opts = ruleOptions(state.options);
  // A reduced Spaceport is ranked as the Base it now is.
  return u.cls === 'SPACEPORT' && u.reduced ? destroyedValue({ ...u, cls: 'BASE' }, opts) : destroyedValue(u, opts);
}

/** Units in the order `priority` gives them up: listed ids first, then the `then` rule, the Spaceport placed by `spaceport`. */
export function priorityOrder(state: CerberusState, units: Unit[], priority: LossPriority): Unit[] {
  const listed = priority.unitIds.map((id) => units.find((u) => u.id === id)).filter((u): u is Unit => !!u);
  const rest = units.filter((u) => !listed.includes(u));
  const key = (u: Unit): number[] => {
    const vp = vpOf(u, state);
    const d = defenseFactor(u);
    if (priority.then === 'lowest-defense-first') return [d, vp, u.attack];
    if (priority.then === 'lowest-attack-first') return [u.attack, vp, d];
    return [vp, d, u.attack];
  };
  rest.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const sp = rest.filter(isFullSpaceport);
  const others = rest.filter((u) => !isFullSpaceport(u));
  return [...listed, ...(priority.spaceport === 'sacrifice-on-two' ? [...sp, ...others] : [...others, ...sp])];
}

/**
 * CRT notes, G10, G11: which of `units` (one side's units in the combat, in priority order) are
 * lost to a result of `count`. Never takes more than `count`; takes min(count, what the units can
 * absorb) — a Spaceport absorbs 2 (or 1 by reduction when it is the last unit and one loss is left).
 */
export function takeLosses(ordered: Unit[], count: number): LossStep[] {
  const steps: LossStep[] = [];
  const left = [...ordered];
  let budget = count;
  while (budget > 0 && left.length > 0) {
    let pick: { u: Unit; step: LossStep } | null = null;
    for (const u of left) {
      if (!isFullSpaceport(u)) pick = { u, step: { unitId: u.id, action: 'eliminate', counts: 1 } };
      else if (budget >= SPACEPORT_LOSS)
        pick = { u, step: { unitId: u.id, action: 'eliminate', counts: SPACEPORT_LOSS } };
      else if (left.length === 1) pick = { u, step: { unitId: u.id, action: 'reduce', counts: 1 } };
      if (pick) break;
    }
    if (!pick) break;
    steps.push(pick.step);
    budget -= pick.step.counts;
    left.splice(left.indexOf(pick.u), 1);
  }
  return steps;
}

/** The defender's losses among `units` (all his units in the combat hex) from his standing order. */
export function defenderLosses(
  state: CerberusState,
  side: Side,
  units: Unit[],
  count: number,
  chosen: string[] = [],
): LossStep[] {
  const standing = lossPriorityOf(state.players[side].standing.lossPriority);
  const priority = { ...standing, unitIds: [...chosen, ...standing.unitIds.filter((id) => !chosen.includes(id))] };
  return takeLosses(priorityOrder(state, units, priority), count);
}

/**
 * 7.7, G11 the attacker's losses among `candidates` (the participants; option attackerLossesFrom
 * may add his other attack-capable units in the combat hex): the ids listed in the attack order
 * first, then his standing loss priority. Units with attack factor 0 are never candidates.
 */
export function attackerLosses(
  state: CerberusState,
  side: Side,
  candidates: Unit[],
  count: number,
  listed: string[],
): LossStep[] {
  return defenderLosses(
    state,
    side,
    candidates.filter((u) => u.attack > 0),
    count,
    listed,
  );
}

// ---------------------------------------------------------------- applying

/** G9 the lone Spaceport hit by one loss is inverted: it functions as a Base from now on. */
export function reduceSpaceport(u: Unit): { suppliesLost: number } {
  u.reduced = true;
  u.defense = baseDefense(u.side);
  const suppliesLost = Math.max(0, u.supplies - BASE_CAP);
  u.supplies -= suppliesLost;
  return { suppliesLost };
}

/** Applies loss steps; every eliminated unit goes to the Destroyed box (7.7). Events are public: the units were revealed when attacked. */
export function applyLosses(state: CerberusState, steps: LossStep[], role: 'attacker' | 'defender'): GameEvent[] {
  const events: GameEvent[] = [];
  for (const s of steps) {
    const u = unitById(state, s.unitId);
    if (!u || u.box !== 'MAP') continue;
    const hex = u.hex;
    if (s.action === 'reduce') {
      const { suppliesLost } = reduceSpaceport(u);
      events.push({
        type: 'combat.spaceport-reduced',
        visibleTo: 'all',
        data: { unitId: u.id, side: u.side, hex, role, counts: 1, suppliesLost, rule: '7.61 notes' },
      });
    } else {
      destroyUnit(u, state.turn, 'combat');
      events.push({
        type: 'combat.unit-eliminated',
        visibleTo: 'all',
        data: {
          unitId: u.id,
          side: u.side,
          typeId: u.typeId,
          designation: u.designation,
          hex,
          role,
          counts: s.counts,
          rule: s.counts > 1 ? '7.61 notes' : '7.7',
        },
      });
    }
  }
  return events;
}

// ---------------------------------------------------------------- interactive choice (lossChoice = 'interactive')

/** What a 'losses' pending decision carries (PendingDecision.payload). */
export interface LossesPayload {
  attackIndex: number;
  hex: string;
  /** Units the CRT result calls for. */
  count: number;
  candidates: { unitId: string; counts: number }[];
  /** Participants, for the advance after combat once the losses are in (7.9). */
  participants: string[];
  /** The attack order's advance choice (7.9). */
  advance: 'none' | 'all' | string[];
}

export function lossesPayload(d: PendingDecision): LossesPayload {
  return d.payload as unknown as LossesPayload;
}

/** 7.7 checks an interactive losses order: candidates only, no repeats (shortfalls are filled from the standing order). */
export function validateLossesOrder(state: CerberusState, side: Side, order: LossesOrder): OrderError[] {
  const d = state.pending.find((p) => p.id === order.decisionId && p.side === side && p.kind === 'losses');
  if (!d)
    return [
      {
        code: 'losses.no-decision',
        path: ['decisionId'],
        message: 'No loss choice of yours is pending under this id (7.7).',
        rule: '7.7',
      },
    ];
  const p = lossesPayload(d);
  const errors: OrderError[] = [];
  const seen = new Set<string>();
  order.unitIds.forEach((id, i) => {
    if (!p.candidates.some((c) => c.unitId === id)) {
      errors.push({
        code: 'losses.not-candidate',
        path: ['unitIds', i],
        message: `${id} is not one of your units in the combat hex (7.7).`,
        rule: '7.7',
      });
    }
    if (seen.has(id))
      errors.push({ code: 'losses.twice', path: ['unitIds', i], message: `${id} is listed twice (7.7).`, rule: '7.7' });
    seen.add(id);
  });
  return errors;
}

/** The order used when the defender does not answer in time: his standing loss priority. */
export function defaultLossesOrder(state: CerberusState, decision: PendingDecision): LossesOrder {
  const p = lossesPayload(decision);
  const units = p.candidates.map((c) => unitById(state, c.unitId)).filter((u): u is Unit => !!u && u.box === 'MAP');
  return {
    kind: 'losses',
    decisionId: decision.id,
    unitIds: defenderLosses(state, decision.side, units, p.count).map((s) => s.unitId),
  };
}
