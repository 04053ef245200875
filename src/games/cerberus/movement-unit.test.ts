import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { neighbors } from './map.js';
import {
  applyMovementPlan,
  movementChoices,
  movementHandler,
  reachableHexes,
  validateMovementPlan,
} from './movement.js';
import { MovementPlanSchema, PhasePlanOrderSchema, type MovementPlan } from './orders.js';
import { stackingViolations } from './stacking.js';
import { unitById, type CerberusState, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';

type MoveIn = {
  unitId: string;
  path: string[];
  load?: { atStep: number; passengerId?: string; supplies?: number };
  unloadAtStep?: number;
  unloadSuppliesInto?: string;
};
const plan = (...moves: MoveIn[]): MovementPlan => MovementPlanSchema.parse({ moves });
const at = (units: Unit[], fields: Parameters<typeof stateAt>[0] = {}): CerberusState =>
  stateAt({ turn: 4, segment: 'MOVEMENT', phasing: 'HUMAN', ...fields }, units);
const codes = (s: CerberusState, p: MovementPlan, side: 'HUMAN' | 'CETIAN' = 'HUMAN') =>
  validateMovementPlan(s, side, p).map((e) => e.code);
const hexOf = (s: CerberusState, id: string) => unitById(s, id)!.hex;
const transport = (side: 'HUMAN' | 'CETIAN', hex: string, extra: Partial<Unit> = {}) =>
  unit(side, 'TRANSPORT', hex, { id: 't', movement: 6, defense: 1, ...extra });
const visibleToHuman = (events: GameEvent[]) =>
  events.filter((e) => e.visibleTo === 'all' || e.visibleTo.includes('HUMAN'));

describe('11.3 Transport companies in the Movement Segment', () => {
  it('11.33, 11.34: a Transport loads an Infantry battalion where it begins and carries it with its own 6 MP', () => {
    const s = at([transport('HUMAN', '1009'), unit('HUMAN', 'INFANTRY', '1009', { id: 'i' })]);
    const p = plan({
      unitId: 't',
      path: ['1010', '1011', '1111', '1211', '1311', '1312'],
      load: { atStep: 0, passengerId: 'i' },
    });
    expect(validateMovementPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyMovementPlan(s, 'HUMAN', p);
    expect(hexOf(s, 't')).toBe('1312');
    expect(hexOf(s, 'i')).toBe('1312'); // 11.33 unloaded automatically at the end
    expect(ev.find((e) => e.type === 'unit.moved')!.data).toMatchObject({
      unitId: 't',
      passengerId: 'i',
      unloadedAt: '1312',
      mp: 6,
    });
    expect(s.phaseScratch!.moved).toEqual(['t', 'i']);
    expect(unitById(s, 't')!.cargo).toBeNull();
  });
  it('11.33: it may load on its way and unload at any point of its path, at no MP cost (11.35)', () => {
    const s = at([transport('HUMAN', '1009'), unit('HUMAN', 'BASE', '1010', { id: 'b' })]);
    const p = plan({
      unitId: 't',
      path: ['1010', '1011', '1111', '1211'],
      load: { atStep: 1, passengerId: 'b' },
      unloadAtStep: 3,
    });
    expect(validateMovementPlan(s, 'HUMAN', p)).toEqual([]);
    applyMovementPlan(s, 'HUMAN', p);
    expect([hexOf(s, 't'), hexOf(s, 'b')]).toEqual(['1211', '1111']);
  });
  it('11.32: only one Base or one Infantry battalion; not a Mobile battalion', () => {
    const s = at([transport('HUMAN', '1009'), unit('HUMAN', 'MOBILE', '1009', { id: 'm' })]);
    expect(
      validateMovementPlan(s, 'HUMAN', plan({ unitId: 't', path: ['1010'], load: { atStep: 0, passengerId: 'm' } })),
    ).toMatchObject([
      { code: 'move.cannot-carry', rule: '11.32', path: ['movement', 'moves', 0, 'load', 'passengerId'] },
    ]);
  });
  it('11.33: the passenger must be in the hex where it is loaded; only a Transport loads', () => {
    const s = at([
      transport('HUMAN', '1009'),
      unit('HUMAN', 'INFANTRY', '1110', { id: 'i' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'm' }),
    ]);
    expect(codes(s, plan({ unitId: 't', path: ['1010'], load: { atStep: 1, passengerId: 'i' } }))).toEqual([
      'move.passenger-not-here',
    ]);
    expect(codes(s, plan({ unitId: 'm', path: ['1010'], load: { atStep: 0, passengerId: 'i' } }))).toEqual([
      'move.not-transport',
    ]);
    expect(codes(s, plan({ unitId: 't', path: ['1010'], load: { atStep: 3, passengerId: 'i' } }))).toEqual([
      'move.load-step',
    ]);
  });
  it('G24 11.34: a unit that moved on its own may not also be carried, nor move after being carried (option passengerMayMoveAlone)', () => {
    const units = () => [transport('HUMAN', '1110'), unit('HUMAN', 'INFANTRY', '1009', { id: 'i' })];
    const carryAfter = plan(
      { unitId: 'i', path: ['1010'] },
      { unitId: 't', path: ['1010', '1011'], load: { atStep: 1, passengerId: 'i' } },
    );
    expect(codes(at(units()), carryAfter)).toEqual(['move.passenger-moved']);
    const walkAfter = plan(
      { unitId: 't', path: ['1009', '1010'], load: { atStep: 1, passengerId: 'i' }, unloadAtStep: 1 },
      { unitId: 'i', path: ['0909'] },
    );
    expect(codes(at(units()), walkAfter)).toEqual(['move.already-moved']);
    expect(codes(at(units(), { options: { passengerMayMoveAlone: true } }), carryAfter)).toEqual([]);
  });
  it('G23 12.12: an unsupplied battalion may not be carried', () => {
    const s = at([transport('HUMAN', '1009'), unit('HUMAN', 'INFANTRY', '1009', { id: 'i', outOfSupply: true })]);
    expect(codes(s, plan({ unitId: 't', path: ['1010'], load: { atStep: 0, passengerId: 'i' } }))).toEqual([
      'move.passenger-unsupplied',
    ]);
  });
  it('4.4: a passenger may not be unloaded in All Water', () => {
    const s = at([transport('HUMAN', '0930'), unit('HUMAN', 'INFANTRY', '0930', { id: 'i' })]);
    expect(
      codes(s, plan({ unitId: 't', path: ['0901', '1030'], load: { atStep: 0, passengerId: 'i' }, unloadAtStep: 1 })),
    ).toEqual(['move.all-water']);
  });
  it('5.3, 11.34: Transport and passenger leave a shared hex together, so the enemy there regains its ZOC (5.41)', () => {
    const s = at([
      transport('HUMAN', '1009'),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'i' }),
      unit('CETIAN', 'MOBILE', '1009'),
    ]);
    expect(codes(s, plan({ unitId: 't', path: ['1010', '1011'] }))).toEqual([]); // the Infantry stays: still suppressed (5.5)
    expect(codes(s, plan({ unitId: 't', path: ['1010', '1011'], load: { atStep: 0, passengerId: 'i' } }))).toEqual([
      'move.zoc',
    ]);
  });
  it('12.5: supplies loaded at a Base and unloaded into another, within its cap (12.2)', () => {
    const s = at([
      transport('HUMAN', '1009'),
      unit('HUMAN', 'BASE', '1009', { id: 'b1', supplies: 8 }),
      unit('HUMAN', 'BASE', '1011', { id: 'b2', supplies: 3 }),
    ]);
    const p = plan({ unitId: 't', path: ['1010', '1011'], load: { atStep: 0, supplies: 5 }, unloadSuppliesInto: 'b2' });
    expect(validateMovementPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyMovementPlan(s, 'HUMAN', p);
    expect([unitById(s, 'b1')!.supplies, unitById(s, 'b2')!.supplies, unitById(s, 't')!.cargo]).toEqual([3, 8, null]);
    expect(ev.map((e) => e.type)).toEqual(['unit.moved', 'transport.supplies-loaded', 'transport.supplies-unloaded']);
    const over = plan({
      unitId: 't',
      path: ['1010', '1011'],
      load: { atStep: 0, supplies: 6 },
      unloadSuppliesInto: 'b2',
    });
    expect(
      codes(
        at([
          transport('HUMAN', '1009'),
          unit('HUMAN', 'BASE', '1009', { id: 'b1', supplies: 8 }),
          unit('HUMAN', 'BASE', '1011', { id: 'b2', supplies: 3 }),
        ]),
        over,
      ),
    ).toEqual(['move.unload-cap']);
  });
  it('12.5: supplies not unloaded stay with the Transport; it may carry one load at a time (11.32)', () => {
    const s = at([
      transport('HUMAN', '1009'),
      unit('HUMAN', 'SPACEPORT', '1009', { id: 'sp', supplies: 20 }),
      unit('HUMAN', 'INFANTRY', '1010', { id: 'i' }),
    ]);
    applyMovementPlan(s, 'HUMAN', plan({ unitId: 't', path: ['1010'], load: { atStep: 0, supplies: 6 } }));
    expect(unitById(s, 't')!.cargo).toEqual({ supplies: 6 });
    expect(unitById(s, 'sp')!.supplies).toBe(14);
    const s2 = at([
      transport('HUMAN', '1010', { cargo: { supplies: 6 } }),
      unit('HUMAN', 'INFANTRY', '1010', { id: 'i' }),
    ]);
    expect(codes(s2, plan({ unitId: 't', path: ['1011'], load: { atStep: 0, passengerId: 'i' } }))).toEqual([
      'move.transport-full',
    ]);
  });
  it('12.5: supplies load only at a friendly Base or Spaceport holding enough; unload only at another Base (default, as written), or a Spaceport too (option)', () => {
    const s = at([
      transport('HUMAN', '1009'),
      unit('HUMAN', 'BASE', '1011', { id: 'b', supplies: 2 }),
      unit('HUMAN', 'MOBILE', '1011', { id: 'm' }),
    ]);
    expect(codes(s, plan({ unitId: 't', path: ['1010'], load: { atStep: 0, supplies: 2 } }))).toEqual([
      'move.no-installation',
    ]);
    expect(codes(s, plan({ unitId: 't', path: ['1010', '1011'], load: { atStep: 2, supplies: 3 } }))).toEqual([
      'move.no-supplies',
    ]);
    const s2 = at([
      transport('HUMAN', '1009', { cargo: { supplies: 4 } }),
      unit('HUMAN', 'MOBILE', '1010', { id: 'm' }),
      unit('HUMAN', 'SPACEPORT', '1010', { id: 'sp', supplies: 0 }),
    ]);
    expect(codes(s2, plan({ unitId: 't', path: ['1010'], unloadSuppliesInto: 'm' }))).toEqual(['move.unload-target']);
    expect(codes(s2, plan({ unitId: 't', path: ['1010'], unloadSuppliesInto: 'sp' }))).toEqual(['move.unload-target']);
    const either = at(
      [
        transport('HUMAN', '1009', { cargo: { supplies: 4 } }),
        unit('HUMAN', 'SPACEPORT', '1010', { id: 'sp', supplies: 0 }),
      ],
      { options: { transportSuppliesUnloadAt: 'base-or-spaceport' } },
    );
    expect(codes(either, plan({ unitId: 't', path: ['1010'], unloadSuppliesInto: 'sp' }))).toEqual([]);
    const base = at([
      transport('HUMAN', '1009', { cargo: { supplies: 4 } }),
      unit('HUMAN', 'BASE', '1010', { id: 'b', supplies: 0 }),
    ]);
    expect(codes(base, plan({ unitId: 't', path: ['1010'], unloadSuppliesInto: 'b' }))).toEqual([]);
  });
  it('12.4: a Transport inverted to ferry supplies may not move this turn', () => {
    const s = at([transport('HUMAN', '1009', { ferrying: true })]);
    expect(codes(s, plan({ unitId: 't', path: ['1010'] }))).toEqual(['move.ferrying']);
    const s2 = at([transport('HUMAN', '1009')], { segment: 'SPECIAL_FORCES' });
    expect(validateMovementPlan(s2, 'HUMAN', plan({ unitId: 't', path: ['1010'] }), { ferry: ['t'] })).toMatchObject([
      { code: 'move.ferrying', rule: '12.4' },
    ]);
  });
});

describe('15.7 storms', () => {
  const storm = (hex: string, i: number) => (h: string) => (h === hex ? i : 0);
  it('15.7: entering a hex under weather costs its intensity in extra Movement Points', () => {
    const s = at([unit('CETIAN', 'MOBILE', '1009', { id: 'c' })], { phasing: 'CETIAN' });
    const r = new Map(reachableHexes(s, 'c', { intensityAt: storm('1010', 2) }).map((x) => [x.hex, x.cost]));
    expect(r.get('1010')).toBe(3);
    expect(
      validateMovementPlan(s, 'CETIAN', plan({ unitId: 'c', path: ['1010', '1011', '1111', '1211'] }), {
        intensityAt: storm('1010', 3),
      }),
    ).toMatchObject([{ code: 'move.too-far', rule: '4.3, 15.7', path: ['movement', 'moves', 0, 'path', 3] }]);
  });
  it('15.71, C13: a unit may not enter a storm hex it cannot pay for, not even as its one hex of 4.7 (option stormBlocksMinimumMove)', () => {
    const s = at([unit('HUMAN', 'INFANTRY', '1009', { id: 'i' })]);
    expect(
      validateMovementPlan(s, 'HUMAN', plan({ unitId: 'i', path: ['1010'] }), { intensityAt: storm('1010', 1) }),
    ).toMatchObject([{ code: 'move.storm', rule: '15.71' }]);
    const off = at([unit('HUMAN', 'INFANTRY', '1009', { id: 'i' })], { options: { stormBlocksMinimumMove: false } });
    expect(
      validateMovementPlan(off, 'HUMAN', plan({ unitId: 'i', path: ['1010'] }), { intensityAt: storm('1010', 1) }),
    ).toEqual([]);
  });
  it('15: with the weather option on, the storms in the state apply without a hook (and not with it off)', () => {
    const units = () => [unit('CETIAN', 'MOBILE', '1009', { id: 'c' })];
    const s = at(units(), { phasing: 'CETIAN', options: { weather: true } });
    s.storms = [{ id: 's1', kind: 'TS', hex: '1011', intensity: 1, baseDir: 0, genHex: 4, createdTurn: 3 }];
    expect(reachableHexes(s, 'c').find((r) => r.hex === '1010')!.cost).toBe(2);
    const off = at(units(), { phasing: 'CETIAN' });
    off.storms = s.storms;
    expect(reachableHexes(off, 'c').find((r) => r.hex === '1010')!.cost).toBe(1);
  });
});

describe('14.12 face-down units and what each side is shown', () => {
  it('14.12: a Human unit moving adjacent to a face-down Cetian unit turns it face up; others stay face down', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '1211', { id: 'h' }),
      unit('CETIAN', 'INFANTRY', '1010', { id: 'near', faceDown: true, typeId: 'C_INFANTRY' }),
      unit('CETIAN', 'INFANTRY', '1014', { id: 'far', faceDown: true }),
    ]);
    expect(neighbors('1111')).toContain('1010');
    const ev = applyMovementPlan(s, 'HUMAN', plan({ unitId: 'h', path: ['1111'] }));
    expect(ev).toContainEqual({
      type: 'unit.revealed',
      visibleTo: 'all',
      data: { unitId: 'near', typeId: 'C_INFANTRY', hex: '1010', reason: 'enemy moved adjacent', rule: '14.12' },
    });
    expect([unitById(s, 'near')!.faceDown, unitById(s, 'far')!.faceDown]).toEqual([false, true]);
  });
  it('14.12: a Cetian unit that moves is turned face up (a carried one too)', () => {
    const s = at(
      [
        transport('CETIAN', '1009', { faceDown: true }),
        unit('CETIAN', 'INFANTRY', '1009', { id: 'i', faceDown: true }),
        unit('CETIAN', 'BASE', '1014', { faceDown: true }),
      ],
      { phasing: 'CETIAN' },
    );
    const ev = applyMovementPlan(
      s,
      'CETIAN',
      plan({ unitId: 't', path: ['1010'], load: { atStep: 0, passengerId: 'i' } }),
    );
    expect(ev.filter((e) => e.type === 'unit.revealed').map((e) => (e.data as { unitId: string }).unitId)).toEqual([
      't',
      'i',
    ]);
    expect(s.units.filter((u) => u.faceDown)).toHaveLength(1);
  });
  it('14.12: supplies loaded at a face-down Cetian Base are shown to the Cetian only; the Base stays hidden', () => {
    const s = at(
      [transport('CETIAN', '1009'), unit('CETIAN', 'BASE', '1009', { id: 'b', faceDown: true, supplies: 8 })],
      { phasing: 'CETIAN' },
    );
    const ev = applyMovementPlan(s, 'CETIAN', plan({ unitId: 't', path: ['1010'], load: { atStep: 0, supplies: 4 } }));
    expect(visibleToHuman(ev).map((e) => e.type)).toEqual(['unit.moved']);
    expect(JSON.stringify(visibleToHuman(ev))).not.toContain('"b"');
    expect(unitById(s, 'b')!.faceDown).toBe(true);
  });
  it('14.12: a face-down enemy counts as exerting a ZOC for the mover, so validation never tells what it is', () => {
    const human = (cls: 'EFIELD' | 'BASE') =>
      at([unit('HUMAN', 'MOBILE', '1110', { id: 'h' }), unit('CETIAN', cls, '1009', { faceDown: true })]);
    const p = plan({ unitId: 'h', path: ['1010', '1011'] });
    expect(validateMovementPlan(human('EFIELD'), 'HUMAN', p)).toEqual(validateMovementPlan(human('BASE'), 'HUMAN', p));
    expect(reachableHexes(human('EFIELD'), 'h')).toEqual(reachableHexes(human('BASE'), 'h'));
  });
  it('3.2: orders cut short or skipped are told to their owner only', () => {
    const s = at([unit('CETIAN', 'MOBILE', '1009', { id: 'c' }), unit('HUMAN', 'INFANTRY', '1111')], {
      phasing: 'CETIAN',
    });
    const ev = applyMovementPlan(s, 'CETIAN', plan({ unitId: 'c', path: ['1010', '1011', '1012'] }));
    expect(ev[0]).toMatchObject({
      type: 'move.truncated',
      visibleTo: ['CETIAN'],
      data: { code: 'move.zoc', path: ['1010'] },
    });
    expect(hexOf(s, 'c')).toBe('1010');
  });
});

describe('6.8 stacking at the end of the Movement Segment', () => {
  const full = () => ['a', 'b'].map((id) => unit('HUMAN', 'INFANTRY', '1010', { id }));
  it('6.8: units may pass through an overstacked hex during the segment', () => {
    const s = at([
      ...full(),
      unit('HUMAN', 'MOBILE', '1009', { id: 'm' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'm2' }),
    ]);
    expect(codes(s, plan({ unitId: 'm', path: ['1010', '1011'] }))).toEqual([]);
  });
  it('6.8: a plan ending with a hex overstacked is refused, at the last move into it', () => {
    const s = at([...full(), unit('HUMAN', 'MOBILE', '1009', { id: 'm' })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['1010'] }))).toMatchObject([
      { code: 'stacking.combat', rule: '6.8, 6.2', path: ['movement', 'moves', 0, 'path', 0] },
    ]);
  });
  it('6.8: a temporary overstack relieved before the end of the segment is legal', () => {
    const s = at([...full(), unit('HUMAN', 'MOBILE', '1009', { id: 'm' })]);
    expect(codes(s, plan({ unitId: 'm', path: ['1010'] }, { unitId: 'a', path: ['1011'] }))).toEqual([]);
  });
  it('6.8: at resolution a move that would leave a hex overstacked is not made, and only its owner is told', () => {
    const s = at([
      ...full(),
      unit('HUMAN', 'MOBILE', '1009', { id: 'm' }),
      unit('HUMAN', 'MOBILE', '1110', { id: 'n' }),
    ]);
    const ev = applyMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['1010'] }, { unitId: 'n', path: ['1111'] }));
    expect(stackingViolations(s, 'HUMAN')).toEqual([]);
    expect([hexOf(s, 'm'), hexOf(s, 'n')]).toEqual(['1009', '1111']);
    expect(ev[0]).toMatchObject({ type: 'move.dropped', visibleTo: ['HUMAN'], data: { moveIndex: 0, rule: '6.8' } });
  });
});

describe('the MOVEMENT segment handler', () => {
  it("3.2 B.3: runs the phasing player's stored plan; no plan, no moves", () => {
    const s = at([unit('HUMAN', 'MOBILE', '1009', { id: 'm' })]);
    const handler = movementHandler();
    expect(handler(s, { dice: seededDice('x'), orders: {} })).toEqual([]);
    s.plan = {
      side: 'HUMAN',
      through: 'TRANSPORTATION',
      order: PhasePlanOrderSchema.parse({ kind: 'phase-plan', movement: { moves: [{ unitId: 'm', path: ['1010'] }] } }),
    };
    expect(handler(s, { dice: seededDice('x'), orders: {} }).map((e) => e.type)).toEqual(['unit.moved']);
    expect(hexOf(s, 'm')).toBe('1010');
  });
  it('15.7: the handler takes storm intensities from the weather module for the state of the moment', () => {
    const s = at([unit('CETIAN', 'INFANTRY', '1009', { id: 'c' })], { phasing: 'CETIAN' });
    s.plan = {
      side: 'CETIAN',
      through: 'TRANSPORTATION',
      order: PhasePlanOrderSchema.parse({
        kind: 'phase-plan',
        movement: { moves: [{ unitId: 'c', path: ['1010', '1011'] }] },
      }),
    };
    const handler = movementHandler({ intensityFor: (st) => (h) => (h === '1011' && st.turn === 4 ? 1 : 0) });
    expect(handler(s, { dice: seededDice('x'), orders: {} })[0]).toMatchObject({
      type: 'move.truncated',
      data: { code: 'move.too-far', path: ['1010'] },
    });
  });
  it('movementChoices lists every unit that may move, with its legal end hexes', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '1009', { id: 'm' }),
      unit('HUMAN', 'BASE', '1009'),
      unit('CETIAN', 'MOBILE', '1013'),
    ]);
    const c = movementChoices(s, 'HUMAN');
    expect(Object.keys(c)).toEqual(['m']);
    expect(c.m.every((r) => r.path[r.path.length - 1] === r.hex)).toBe(true);
  });
});
