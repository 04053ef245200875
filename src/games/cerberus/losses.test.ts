import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { lookup } from '#engine/tables.js';
import { applyCombatPlan } from './combat.js';
import { tablesData } from './data/index.js';
import {
  applyLosses,
  defaultLossesOrder,
  defenderLosses,
  defenseFactor,
  lossValue,
  priorityOrder,
  lossPriorityOf,
  validateLossesOrder,
} from './losses.js';
import { hasHex } from './map.js';
import { CombatPlanSchema } from './orders.js';
import { newPhaseScratch, unitById, type CerberusState, type PendingDecision, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';
import { garrisonCount } from './victory.js';

const scene = (units: Unit[]): CerberusState => stateAt({ turn: 3, segment: 'COMBAT', phasing: 'HUMAN' }, units);
const ids = (steps: { unitId: string; action: string; counts: number }[]) =>
  steps.map((s) => [s.unitId, s.action, s.counts]);

describe('CRT notes: results and their units', () => {
  it('T13 CRT notes: "-/2" means the attacker loses none and the defender two; "1/1" one each', () => {
    expect(lookup(tablesData.crt, '3-1', 2)).toMatchObject({ attacker: 0, defender: 2 });
    expect(lookup(tablesData.crt, '1-4', 2)).toMatchObject({ attacker: 1, defender: 1 });
    const s = scene([
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M2' }),
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
    ]);
    expect(defenderLosses(s, 'CETIAN', s.units, 2)).toHaveLength(2);
    expect(defenderLosses(s, 'CETIAN', s.units, 0)).toEqual([]);
  });
  it('T34 CRT notes: one loss and the Spaceport alone in the hex: it is inverted and functions as a Base (G9)', () => {
    const s = scene([unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP', supplies: 20 })]);
    const steps = defenderLosses(s, 'CETIAN', s.units, 1);
    expect(ids(steps)).toEqual([['C:SP', 'reduce', 1]]);
    const ev = applyLosses(s, steps, 'defender');
    const sp = unitById(s, 'C:SP')!;
    expect([sp.box, sp.reduced, sp.defense, defenseFactor(sp), sp.supplies]).toEqual(['MAP', true, 4, 4, 8]);
    expect(ev[0]).toMatchObject({ type: 'combat.spaceport-reduced', visibleTo: 'all', data: { suppliesLost: 12 } });
    expect(garrisonCount(s, 'CETIAN')).toMatchObject({ spaceports: 0, bases: 1 });
    // A reduced Spaceport is a Base: it counts one unit from now on.
    expect(lossValue(sp)).toBe(1);
  });
  it('CRT notes: Spaceports count as two units when eliminated', () => {
    const s = scene([unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP' })]);
    expect(ids(defenderLosses(s, 'CETIAN', s.units, 2))).toEqual([['C:SP', 'eliminate', 2]]);
    applyLosses(s, defenderLosses(s, 'CETIAN', s.units, 2), 'defender');
    expect(unitById(s, 'C:SP')!.box).toBe('DESTROYED');
  });
  it('G10: a single loss never takes the Spaceport while another unit remains, even if listed first', () => {
    const s = scene([
      unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP' }),
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
    ]);
    s.players.CETIAN.standing = { lossPriority: lossPriorityOf({ unitIds: ['C:SP'] }) };
    expect(ids(defenderLosses(s, 'CETIAN', s.units, 1))).toEqual([['C:I1', 'eliminate', 1]]);
  });
  it('G10: two losses with a Spaceport and one other unit: "protect" loses the other and inverts the Spaceport; "sacrifice-on-two" gives up the Spaceport', () => {
    const s = scene([
      unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP' }),
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
    ]);
    expect(ids(defenderLosses(s, 'CETIAN', s.units, 2))).toEqual([
      ['C:I1', 'eliminate', 1],
      ['C:SP', 'reduce', 1],
    ]);
    s.players.CETIAN.standing = { lossPriority: lossPriorityOf({ spaceport: 'sacrifice-on-two' }) };
    expect(ids(defenderLosses(s, 'CETIAN', s.units, 2))).toEqual([['C:SP', 'eliminate', 2]]);
    s.units.push(unit('CETIAN', 'TRANSPORT', '1009', { id: 'C:T1', defense: 1 }));
    s.players.CETIAN.standing = {};
    expect(ids(defenderLosses(s, 'CETIAN', s.units, 2))).toEqual([
      ['C:T1', 'eliminate', 1],
      ['C:I1', 'eliminate', 1],
    ]);
  });
  it('G11: losses beyond the units in the hex are ignored', () => {
    const s = scene([unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' })]);
    expect(ids(defenderLosses(s, 'CETIAN', s.units, 2))).toEqual([['C:M1', 'eliminate', 1]]);
  });
});

describe('7.7 each player chooses his own losses: the standing loss priority', () => {
  const units = () => [
    unit('CETIAN', 'BASE', '1009', { id: 'C:B1' }),
    unit('CETIAN', 'INFANTRY', '1009', { id: 'C:G1', sub: 'GUARDS', attack: 4, defense: 5 }),
    unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
    unit('CETIAN', 'TRANSPORT', '1009', { id: 'C:T1', defense: 1 }),
    unit('CETIAN', 'EFIELD', '1009', { id: 'C:E1', defense: 1 }),
  ];
  it('default: fewest VP for the enemy first (Transport 1, E-Field 2, battalion 3, Guards 4, Base 5; 14.5)', () => {
    const s = scene(units());
    expect(priorityOrder(s, s.units, lossPriorityOf(undefined)).map((u) => u.id)).toEqual([
      'C:T1',
      'C:E1',
      'C:M1',
      'C:G1',
      'C:B1',
    ]);
  });
  it('listed units go first, then the chosen rule (lowest defense first)', () => {
    const s = scene(units());
    const p = lossPriorityOf({ unitIds: ['C:G1'], then: 'lowest-defense-first' });
    expect(priorityOrder(s, s.units, p).map((u) => u.id)).toEqual(['C:G1', 'C:T1', 'C:E1', 'C:M1', 'C:B1']);
  });
  it('7.7 interactive (option lossChoice): the answer may name only candidates, once; the default answer is the standing order', () => {
    const s = scene(units());
    const decision: PendingDecision = {
      id: 'losses:3:HUMAN:0',
      side: 'CETIAN',
      kind: 'losses',
      segment: 'COMBAT',
      payload: {
        attackIndex: 0,
        hex: '1009',
        count: 2,
        candidates: s.units.map((u) => ({ unitId: u.id, counts: lossValue(u) })),
        participants: [],
        advance: 'none',
      },
    };
    s.pending = [decision];
    expect(validateLossesOrder(s, 'CETIAN', { kind: 'losses', decisionId: decision.id, unitIds: ['C:B1'] })).toEqual(
      [],
    );
    const bad = validateLossesOrder(s, 'CETIAN', {
      kind: 'losses',
      decisionId: decision.id,
      unitIds: ['H:X', 'C:B1', 'C:B1'],
    });
    expect(bad.map((e) => e.code)).toEqual(['losses.not-candidate', 'losses.twice']);
    expect(validateLossesOrder(s, 'HUMAN', { kind: 'losses', decisionId: decision.id, unitIds: [] })[0].code).toBe(
      'losses.no-decision',
    );
    expect(defaultLossesOrder(s, decision).unitIds).toEqual(['C:T1', 'C:E1']);
  });
});

// ---------------------------------------------------------------- properties

const CLASSES = ['INFANTRY', 'MOBILE', 'TRANSPORT', 'BASE', 'EFIELD', 'HEAVY_WEAPONS'] as const;
const stackArb = fc.record({
  others: fc.array(fc.constantFrom(...CLASSES), { maxLength: 5 }),
  spaceport: fc.constantFrom('none', 'full', 'reduced'),
  count: fc.integer({ min: 0, max: 2 }),
  then: fc.constantFrom('fewest-vp-first', 'lowest-defense-first', 'lowest-attack-first'),
  sp: fc.constantFrom('protect', 'sacrifice-on-two'),
  listFirst: fc.boolean(),
});

describe('properties of losses', () => {
  it('losses never exceed the CRT result, and take all they can: min(result, what the hex can absorb)', () => {
    fc.assert(
      fc.property(stackArb, (a) => {
        const units = a.others.map((cls, i) => unit('CETIAN', cls, '1009', { id: `C:${i}`, defense: 1 }));
        if (a.spaceport !== 'none')
          units.push(unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP', reduced: a.spaceport === 'reduced' }));
        const s = scene(units);
        s.players.CETIAN.standing = {
          lossPriority: lossPriorityOf({
            then: a.then,
            spaceport: a.sp,
            unitIds: a.listFirst && a.spaceport !== 'none' ? ['C:SP'] : [],
          }),
        };
        const steps = defenderLosses(s, 'CETIAN', units, a.count);
        const taken = steps.reduce((n, x) => n + x.counts, 0);
        const capacity = units.reduce((n, u) => n + lossValue(u), 0);
        expect(taken).toBeLessThanOrEqual(a.count);
        expect(taken).toBe(Math.min(a.count, capacity));
        expect(new Set(steps.map((x) => x.unitId)).size).toBe(steps.length);
      }),
      { numRuns: 400 },
    );
  });
  it('a Spaceport loss counts two; it is reduced (one) only as the last unit with one loss left', () => {
    fc.assert(
      fc.property(stackArb, (a) => {
        const units = a.others.map((cls, i) => unit('CETIAN', cls, '1009', { id: `C:${i}`, defense: 1 }));
        units.push(unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP' }));
        const s = scene(units);
        s.players.CETIAN.standing = { lossPriority: lossPriorityOf({ then: a.then, spaceport: a.sp }) };
        const steps = defenderLosses(s, 'CETIAN', units, a.count);
        for (const [i, x] of steps.entries()) {
          if (x.unitId !== 'C:SP') continue;
          if (x.action === 'eliminate') expect(x.counts).toBe(2);
          else expect([x.counts, steps.length - 1 - i, units.length - steps.length]).toEqual([1, 0, 0]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

const HEXES = ['1009', '1008', '1010', '0909', '0910', '1109', '1110'];
const place = fc.constantFrom(...HEXES);
const sceneArb = fc.record({
  humans: fc.array(
    fc.record({ cls: fc.constantFrom('INFANTRY', 'MOBILE', 'HEAVY_WEAPONS', 'TRANSPORT'), hex: place }),
    { minLength: 1, maxLength: 8 },
  ),
  cetians: fc.array(
    fc.record({ cls: fc.constantFrom('INFANTRY', 'MOBILE', 'BASE', 'SPACEPORT', 'TRANSPORT'), hex: place }),
    { minLength: 1, maxLength: 6 },
  ),
  attacks: fc.array(
    fc.record({
      target: place,
      who: fc.array(fc.nat(7), { minLength: 1, maxLength: 4 }),
      fleet: fc.nat(8),
      advance: fc.constantFrom('none', 'all'),
    }),
    { maxLength: 5 },
  ),
  seed: fc.integer(),
});

describe('property: combat keeps the map consistent', () => {
  it('no unit is in two places after combat; per attack, losses never exceed the CRT result', () => {
    fc.assert(
      fc.property(sceneArb, (a) => {
        const hw = { attack: 4, defense: 1, movement: 6 };
        const units = [
          ...a.humans.map((h, i) =>
            unit('HUMAN', h.cls, h.hex, {
              id: `H:${i}`,
              ...(h.cls === 'HEAVY_WEAPONS' ? hw : {}),
              ...(h.cls === 'TRANSPORT' ? { defense: 1 } : {}),
            }),
          ),
          ...a.cetians.map((c, i) =>
            unit('CETIAN', c.cls, c.hex, { id: `C:${i}`, ...(c.cls === 'TRANSPORT' ? { defense: 1 } : {}) }),
          ),
        ];
        const s = scene(units);
        s.phaseScratch = newPhaseScratch('HUMAN');
        const attacks = a.attacks.map((x) => ({
          targetHex: x.target,
          attackers: x.who.map((n) => `H:${n}`),
          fleet: x.fleet,
          advance: x.advance,
        }));
        const ev: GameEvent[] = applyCombatPlan(
          s,
          'HUMAN',
          CombatPlanSchema.parse({ attacks }),
          seededDice(String(a.seed)),
        );

        const seen = new Set<string>();
        for (const u of s.units) {
          expect(seen.has(u.id)).toBe(false);
          seen.add(u.id);
          if (u.box === 'MAP') expect(u.hex !== null && hasHex(u.hex)).toBe(true);
          else expect(u.hex).toBeNull();
        }
        const eliminated = ev
          .filter((e) => e.type === 'combat.unit-eliminated')
          .map((e) => (e.data as { unitId: string }).unitId);
        expect(new Set(eliminated).size).toBe(eliminated.length);
        // Group loss events under the combat result they follow.
        let result: { attacker: number; defender: number } | null = null;
        const tally = { attacker: 0, defender: 0 };
        const check = () => {
          if (!result) return;
          expect(tally.attacker).toBeLessThanOrEqual(result.attacker);
          expect(tally.defender).toBeLessThanOrEqual(result.defender);
        };
        for (const e of ev) {
          const d = e.data as {
            result?: { attacker: number; defender: number };
            role?: 'attacker' | 'defender';
            counts?: number;
          };
          if (e.type === 'combat.resolved') {
            check();
            result = d.result!;
            tally.attacker = tally.defender = 0;
          } else if (e.type === 'combat.unit-eliminated' || e.type === 'combat.spaceport-reduced') {
            tally[d.role!] += d.counts!;
          }
        }
        check();
      }),
      { numRuns: 200 },
    );
  });
});
