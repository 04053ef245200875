/**
 * Properties of supply (12) and space transportation (11) over random positions and random plans:
 * stockpiles stay within 0..cap, STP never go negative, units out of supply in polar rows are
 * eliminated, no unit is in two places, stacking holds after landings, and a plan that validates
 * resolves without a single skipped item.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { holdsSupplies, needsSupply, stockCap } from './logistics.js';
import { hexesWithin, isPolarSupplyHex, mayLand } from './map.js';
import { SupplyPlanSchema, TransportationPlanSchema } from './orders.js';
import { transportPoints } from './space.js';
import { isStackingLegal, stackingViolations } from './stacking.js';
import { makeUnit, SIDES, type Box, type CerberusState, type Side, type Unit } from './state.js';
import { applySupplyPlan, autoSupply, validateSupplyPlan } from './supply.js';
import { stateAt } from './testing.js';
import { applyTransportationPlan, validateTransportationPlan } from './transport.js';
import { scratchOf } from './transport-cost.js';

const HEXES = [...new Set([...hexesWithin('1109', 3), ...hexesWithin('0203', 2), ...hexesWithin('1218', 1)])]
  .filter(mayLand)
  .sort();
const CLASSES: Unit['cls'][] = ['INFANTRY', 'MOBILE', 'HEAVY_WEAPONS', 'TRANSPORT', 'BASE', 'SPACEPORT', 'EFIELD'];
const FACTORS: Record<string, [number, number, number]> = {
  INFANTRY: [3, 4, 2],
  MOBILE: [3, 3, 6],
  HEAVY_WEAPONS: [4, 1, 6],
  TRANSPORT: [0, 1, 6],
  BASE: [0, 4, 0],
  SPACEPORT: [0, 10, 0],
  EFIELD: [0, 1, 0],
};
const BOXES: Record<Side, Box[]> = { HUMAN: ['FLEET', 'EARTH'], CETIAN: ['FLEET', 'SYSTEM', 'TAU_CETI'] };

const unitArb = fc.record({
  side: fc.constantFrom<Side>('HUMAN', 'CETIAN'),
  cls: fc.constantFrom(...CLASSES),
  para: fc.boolean(),
  where: fc.oneof(fc.integer({ min: 0, max: HEXES.length - 1 }), fc.constantFrom(-1, -2, -3)),
  supplies: fc.integer({ min: 0, max: 40 }),
  cargo: fc.integer({ min: 0, max: 6 }),
  disrupted: fc.boolean(),
  faceDown: fc.boolean(),
});
type Spec = typeof unitArb extends fc.Arbitrary<infer T> ? T : never;

/** Builds a state whose starting stacks are legal (units that would overstack are left out). */
function build(specs: Spec[], space: number, phasing: Side, segment: 'SUPPLY' | 'TRANSPORTATION'): CerberusState {
  const units: Unit[] = [];
  specs.forEach((s, i) => {
    const [attack, defense, movement] = FACTORS[s.cls];
    const onMap = s.where >= 0;
    const boxes = BOXES[s.side];
    const u = makeUnit({
      id: `${s.side[0]}:${i}`,
      side: s.side,
      cls: s.cls,
      attack,
      defense,
      movement,
      sub: s.para && s.cls === 'INFANTRY' ? 'PARATROOP' : 'REGULAR',
      box: onMap ? 'MAP' : boxes[(-s.where - 1) % boxes.length],
      hex: onMap ? HEXES[s.where] : null,
      supplies: holdsSupplies({ cls: s.cls } as Unit) ? Math.min(s.supplies, s.cls === 'BASE' ? 8 : 40) : 0,
      cargo: s.cls === 'TRANSPORT' && s.cargo > 0 ? { supplies: s.cargo } : null,
      disrupted:
        s.disrupted && (s.cls === 'BASE' || s.cls === 'SPACEPORT' || s.cls === 'EFIELD')
          ? { by: s.side === 'HUMAN' ? 'CETIAN' : 'HUMAN', turn: 4 }
          : null,
      faceDown: s.faceDown && s.side === 'CETIAN' && onMap,
    });
    if (u.cls === 'EFIELD' && u.side === 'HUMAN') return;
    if (onMap && !isStackingLegal([...units.filter((x) => x.side === u.side && x.hex === u.hex), u])) return;
    units.push(u);
  });
  const fleet = (side: Side) => units.filter((u) => u.side === side && u.box === 'FLEET');
  for (const side of SIDES) for (const u of fleet(side).slice(side === 'HUMAN' ? 6 : 5)) u.box = BOXES[side][1];
  return stateAt({ turn: 5, segment, phasing, space }, units);
}

function invariants(s: CerberusState): void {
  const ids = s.units.map((u) => u.id);
  expect(new Set(ids).size).toBe(ids.length); // no unit in two places…
  for (const u of s.units) {
    expect(u.box === 'MAP').toBe(u.hex !== null); // …and a unit on the map has exactly one hex
    if (holdsSupplies(u) && u.box === 'MAP') expect(u.supplies >= 0 && u.supplies <= stockCap(u)).toBe(true);
    if (u.cargo && 'supplies' in u.cargo) expect(u.cargo.supplies >= 1 && u.cargo.supplies <= 6).toBe(true);
  }
}

const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

const supplyPlanArb = fc.record({
  deliveries: fc.array(fc.record({ unit: fc.boolean(), i: fc.nat(), n: fc.integer({ min: 1, max: 12 }) }), {
    maxLength: 4,
  }),
  ferry: fc.array(fc.nat(), { maxLength: 2 }),
  draws: fc.array(
    fc.record({ u: fc.nat(), kind: fc.constantFrom('installation', 'ferry', 'cargo', 'resource'), s: fc.nat() }),
    { maxLength: 10 },
  ),
  auto: fc.boolean(),
});

function supplyPlanFrom(
  s: CerberusState,
  side: Side,
  r: typeof supplyPlanArb extends fc.Arbitrary<infer T> ? T : never,
) {
  const mine = s.units.filter((u) => u.side === side && u.box === 'MAP');
  const inst = mine.filter(holdsSupplies).map((u) => u.id);
  const needing = mine.filter(needsSupply).map((u) => u.id);
  const transports = mine.filter((u) => u.cls === 'TRANSPORT').map((u) => u.id);
  return SupplyPlanSchema.parse({
    spaceDelivery: r.deliveries.flatMap((d) => {
      const id = pick(d.unit ? needing : inst, d.i);
      return id
        ? [d.unit ? { kind: 'unit', unitId: id } : { kind: 'installation', installationId: id, factors: d.n }]
        : [];
    }),
    ferry: r.ferry.flatMap((i) => pick(transports, i) ?? []),
    draws: r.draws.flatMap((d) => {
      const unitId = pick(needing, d.u);
      const ref = pick(d.kind === 'installation' ? inst : transports, d.s);
      if (!unitId || (d.kind !== 'resource' && !ref)) return [];
      const source =
        d.kind === 'installation'
          ? { kind: d.kind, installationId: ref }
          : d.kind === 'resource'
            ? { kind: d.kind }
            : { kind: d.kind, transportId: ref };
      return [{ unitId, source }];
    }),
    auto: r.auto,
  });
}

describe('12 supply properties', () => {
  it('stockpiles stay within 0..cap, units out of supply in polar rows are eliminated, no unit in two places; a valid plan resolves without skips', () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { maxLength: 24 }),
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom<Side>('HUMAN', 'CETIAN'),
        supplyPlanArb,
        (specs, space, side, r) => {
          const s = build(specs, space, side, 'SUPPLY');
          const p = supplyPlanFrom(s, side, r);
          const valid = validateSupplyPlan(s, side, p).length === 0;
          const ev = applySupplyPlan(s, side, p);
          invariants(s);
          if (valid) expect(ev.filter((e) => e.type === 'supply.skipped')).toEqual([]);
          for (const u of s.units) {
            if (u.side === side && u.box === 'MAP' && needsSupply(u) && isPolarSupplyHex(u.hex!))
              expect(u.outOfSupply).toBe(false);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('autoSupply always returns a plan that validates, and no random plan supplies more units', () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { maxLength: 20 }),
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom<Side>('HUMAN', 'CETIAN'),
        supplyPlanArb,
        (specs, space, side, r) => {
          const s = build(specs, space, side, 'SUPPLY');
          const auto = autoSupply(s, side);
          expect(validateSupplyPlan(s, side, auto)).toEqual([]);
          const supplied = (st: CerberusState) =>
            st.units.filter((u) => u.side === side && u.box === 'MAP' && needsSupply(u) && !u.outOfSupply).length;
          const a = structuredClone(s);
          applySupplyPlan(a, side, auto);
          const b = structuredClone(s);
          const p = supplyPlanFrom(b, side, r);
          if (validateSupplyPlan(b, side, p).length) return;
          applySupplyPlan(b, side, p);
          expect(supplied(a)).toBeGreaterThanOrEqual(supplied(b));
        },
      ),
      { numRuns: 100 },
    );
  });
});

const actionArb = fc.record({
  type: fc.constantFrom('land', 'land', 'evacuate', 'shuttle', 'sub-orbital'),
  u: fc.nat(),
  h: fc.nat(),
  v: fc.nat(),
  n: fc.integer({ min: 0, max: 6 }),
});

describe('11 space transportation properties', () => {
  it('STP never go negative, stacks stay legal, no unit in two places; a valid plan resolves without skips', () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { maxLength: 24 }),
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom<Side>('HUMAN', 'CETIAN'),
        fc.array(actionArb, { maxLength: 8 }),
        (specs, space, side, raw) => {
          const s = build(specs, space, side, 'TRANSPORTATION');
          const mine = s.units.filter((u) => u.side === side).map((u) => u.id);
          const inst = s.units
            .filter((u) => u.side === side && u.box === 'MAP' && ['BASE', 'SPACEPORT', 'EFIELD'].includes(u.cls))
            .map((u) => u.id);
          const actions = raw.flatMap((a): Record<string, unknown>[] => {
            const unitId = pick(mine, a.u);
            const hex = HEXES[a.h % HEXES.length];
            if (a.type === 'sub-orbital') {
              const [fromId, toId] = [pick(inst, a.u), pick(inst, a.v)];
              return fromId && toId
                ? [
                    a.n
                      ? { type: a.type, fromId, toId, supplies: a.n }
                      : { type: a.type, fromId, toId, unitId: pick(mine, a.h) },
                  ]
                : [];
            }
            if (!unitId) return [];
            return [a.type === 'evacuate' ? { type: a.type, unitId } : { type: a.type, unitId, hex }];
          });
          const p = TransportationPlanSchema.parse({ actions });
          const valid = validateTransportationPlan(s, side, p).length === 0;
          const ev = applyTransportationPlan(s, side, p, new ScriptedDice([]));
          invariants(s);
          const used = scratchOf(s, side).stpUsed;
          expect(used >= 0 && used <= transportPoints(s, side)).toBe(true);
          expect(stackingViolations(s, side)).toEqual([]);
          expect(s.units.filter((u) => u.side === side && u.box === 'FLEET').length).toBeLessThanOrEqual(
            side === 'HUMAN' ? 6 : 5,
          );
          if (valid) expect(ev.filter((e) => e.type === 'transport.skipped')).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
