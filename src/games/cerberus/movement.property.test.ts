/**
 * Property tests of the Movement Segment (4, 5, 6.8, 11.3) over random positions and plans.
 * Positions and plans are drawn with seeded dice from a fast-check integer, so a failure is
 * replayed from its seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { seededDice, type Dice } from '#engine/dice.js';
import { allHexIds, hasHex, isAllWater, neighbors, rowOf } from './map.js';
import { applyMovementPlan, reachableHexes, validateMovementPlan } from './movement.js';
import { MovementPlanSchema, type MovementPlan } from './orders.js';
import { canAddToStack, stackingViolations } from './stacking.js';
import { unitById, type CerberusState, type Side, type UnitClass } from './state.js';
import { stateAt, unit } from './testing.js';

const LAND = allHexIds().filter((h) => !isAllWater(h) && rowOf(h) >= 8 && rowOf(h) <= 12);
const pick = <T>(d: Dice, xs: readonly T[]): T => xs[d.roll(Math.max(2, xs.length), 'pick') % xs.length];
const chance = (d: Dice, pct: number): boolean => d.roll(100, 'chance') <= pct;

const KINDS: Record<Side, [UnitClass, number][]> = {
  HUMAN: [
    ['MOBILE', 8],
    ['MOBILE', 8],
    ['INFANTRY', 1],
    ['HEAVY_WEAPONS', 6],
    ['TRANSPORT', 6],
    ['BASE', 0],
  ],
  CETIAN: [
    ['MOBILE', 6],
    ['INFANTRY', 2],
    ['INFANTRY', 2],
    ['TRANSPORT', 6],
    ['BASE', 0],
    ['EFIELD', 0],
  ],
};

/** A random position: both sides on the land of rows 8-12, each side's stacks legal. */
function randomState(d: Dice): CerberusState {
  const side: Side = chance(d, 50) ? 'HUMAN' : 'CETIAN';
  const s = stateAt({ turn: 5, segment: 'MOVEMENT', phasing: side }, []);
  for (const owner of ['HUMAN', 'CETIAN'] as const) {
    const n = 6 + d.roll(8, 'count');
    for (let i = 0; i < n; i++) {
      const [cls, movement] = pick(d, KINDS[owner]);
      const u = unit(owner, cls, null, {
        id: `${owner[0]}${i}`,
        box: 'MAP',
        movement,
        supplies: cls === 'BASE' ? d.roll(9, 'supplies') - 1 : 0,
        outOfSupply: movement > 0 && chance(d, 10),
        faceDown: owner === 'CETIAN' && cls !== 'EFIELD' && chance(d, 40),
      });
      for (let tries = 0; tries < 20; tries++) {
        const h = pick(d, LAND);
        if (canAddToStack(s, owner, h, [u])) {
          u.hex = h;
          s.units.push(u);
          break;
        }
      }
    }
  }
  return s;
}

/** Moves drawn from the legal-move lists of a state kept up to date move by move (no stacking care). */
function reachablePlan(s: CerberusState, d: Dice, withLoads: boolean): MovementPlan {
  const side = s.phasing!;
  const work = structuredClone(s);
  const moves: MovementPlan['moves'] = [];
  const count = d.roll(8, 'moves');
  for (let k = 0; k < count; k++) {
    const movers = work.units.filter((u) => u.side === side && reachableHexes(work, u.id).length > 0);
    if (!movers.length) break;
    const u = pick(d, movers);
    const r = pick(d, reachableHexes(work, u.id));
    const move: MovementPlan['moves'][number] = { unitId: u.id, path: r.path };
    if (withLoads && u.cls === 'TRANSPORT' && chance(d, 60)) {
      const p = work.units.find(
        (x) =>
          x.side === side &&
          x.hex === u.hex &&
          (x.cls === 'INFANTRY' || x.cls === 'BASE') &&
          !work.phaseScratch?.moved.includes(x.id),
      );
      if (p) move.load = { atStep: 0, passengerId: p.id };
    }
    moves.push(move);
    applyMovementPlan(work, side, MovementPlanSchema.parse({ moves: [move] }));
  }
  return MovementPlanSchema.parse({ moves, ifBlocked: chance(d, 50) ? 'truncate' : 'skip' });
}

/** Anything: random walks (often illegal), enemy and unknown ids, repeated units. */
function garbagePlan(s: CerberusState, d: Dice): MovementPlan {
  const ids = [...s.units.map((u) => u.id), 'nobody'];
  const moves = Array.from({ length: d.roll(10, 'moves') }, () => {
    const id = pick(d, ids);
    let at = unitById(s, id)?.hex ?? pick(d, LAND);
    const path = Array.from(
      { length: d.roll(7, 'len') },
      () => (at = chance(d, 90) ? pick(d, neighbors(at)) : pick(d, LAND)),
    );
    return { unitId: id, path };
  });
  return MovementPlanSchema.parse({ moves, ifBlocked: chance(d, 50) ? 'truncate' : 'skip' });
}

/** Invariants that hold after any resolution. */
function checkInvariants(before: CerberusState, after: CerberusState, events: GameEvent[]): void {
  const side = before.phasing!;
  expect(after.units.map((u) => u.id)).toEqual(before.units.map((u) => u.id)); // nobody lost, nobody doubled
  for (const u of after.units) {
    expect(u.box === 'MAP').toBe(u.hex !== null);
    if (u.hex !== null) expect(hasHex(u.hex)).toBe(true);
    const was = unitById(before, u.id)!;
    if (u.hex !== was.hex) {
      expect(u.side).toBe(side); // only the phasing player's units move (4.0)
      expect(isAllWater(u.hex!)).toBe(false); // 4.4
      expect(was.outOfSupply).toBe(false); // 4.6
    }
  }
  expect(stackingViolations(after, side)).toEqual([]); // 6.8
  // 14.12: nothing shown to the Human names a unit still face down (his own orders echoed back to him aside:
  // an id he wrote is answered exactly as an id that does not exist).
  const hidden = after.units.filter((u) => u.faceDown).map((u) => `"${u.id}"`);
  const echo = (e: GameEvent) =>
    side === 'HUMAN' && e.type.startsWith('move.') && e.visibleTo !== 'all' && e.visibleTo.join() === 'HUMAN';
  const shown = JSON.stringify(
    events.filter((e) => (e.visibleTo === 'all' || e.visibleTo.includes('HUMAN')) && !echo(e)),
  );
  for (const h of hidden) expect(shown).not.toContain(h);
}

const RUNS = { numRuns: 60, seed: 20960610 };

describe('movement properties', () => {
  it('6.8, 4.0-4.6: any plan, legal or not, resolves without throwing, moves each unit to one place, and never ends overstacked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const d = seededDice(`any-${seed}`);
        const s = randomState(d);
        const p = chance(d, 50) ? garbagePlan(s, d) : reachablePlan(s, d, true);
        const after = structuredClone(s);
        const events = applyMovementPlan(after, s.phasing!, p);
        checkInvariants(s, after, events);
        const again = structuredClone(s);
        expect(applyMovementPlan(again, s.phasing!, p)).toEqual(events); // deterministic
        expect(again).toEqual(after);
      }),
      RUNS,
    );
  });

  it('every rejected order is rejected by a rule, with a stable code and a path into the plan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const d = seededDice(`errors-${seed}`);
        const s = randomState(d);
        const p = garbagePlan(s, d);
        for (const e of validateMovementPlan(s, s.phasing!, p)) {
          expect(e.code).toMatch(/^(move|stacking)\.[a-z-]+$/);
          expect(e.rule).toMatch(/\d/);
          expect(e.path.slice(0, 2)).toEqual(['movement', 'moves']);
          expect(e.path[2]).toBeLessThan(p.moves.length);
        }
      }),
      RUNS,
    );
  });

  it('validate and apply agree: a plan that validates is carried out exactly as written', () => {
    let validated = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const d = seededDice(`legal-${seed}`);
        const s = randomState(d);
        const p = reachablePlan(s, d, true);
        if (validateMovementPlan(s, s.phasing!, p).length) return;
        validated++;
        const after = structuredClone(s);
        const events = applyMovementPlan(after, s.phasing!, p);
        expect(events.filter((e) => e.type.startsWith('move.'))).toEqual([]); // nothing cut short, skipped or dropped
        for (const m of p.moves) {
          expect(unitById(after, m.unitId)!.hex).toBe(m.path[m.path.length - 1]);
          if (m.load?.passengerId)
            expect(unitById(after, m.load.passengerId)!.hex).toBe(m.path[(m.unloadAtStep ?? m.path.length) - 1]);
        }
        checkInvariants(s, after, events);
      }),
      RUNS,
    );
    expect(validated).toBeGreaterThan(10);
  });

  it('reachableHexes and validation agree: moves drawn from the legal-move lists are refused only for end-of-segment stacking', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const d = seededDice(`reach-${seed}`);
        const s = randomState(d);
        const p = reachablePlan(s, d, false);
        for (const e of validateMovementPlan(s, s.phasing!, p)) expect(e.code).toMatch(/^stacking\./);
      }),
      RUNS,
    );
  });
});
