import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { isAdjacent, isAllWater, moveCost, neighbors, step, terrainOf } from './map.js';
import { applyMovementPlan, movementHandler, reachableHexes, validateMovementPlan } from './movement.js';
import { MovementPlanSchema, type MovementPlan } from './orders.js';
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
const costs = (s: CerberusState, id: string) => new Map(reachableHexes(s, id).map((r) => [r.hex, r.cost]));
const moved = (events: GameEvent[]) =>
  events.filter((e) => e.type === 'unit.moved').map((e) => e.data as { unitId: string; path: string[]; mp: number });

describe('4.95 examples of movement', () => {
  const oneMp: [string, string[]][] = [
    ['0404', ['0406', '0307', '0505', '0504', '0403', '0304']],
    ['0304', ['0203', '0207', '0307', '0406', '0404', '0403', '0303']],
    ['0203', ['0202', '0303', '0304', '0307', '0207', '0108', '0103']],
    ['0103', ['0108', '0207', '0203', '0202', '0228', '0128', '0000']],
  ];
  for (const [from, list] of oneMp) {
    it(`T1-T4 4.95: a unit on ${from} may move with a single Movement Point to ${list.join(', ')}`, () => {
      const s = at([unit('HUMAN', 'MOBILE', from, { id: 'm' })]);
      const one = [...costs(s, 'm')].filter(([, c]) => c === 1).map(([h]) => h);
      const land = list.filter((h) => !isAllWater(h));
      expect(one.sort()).toEqual([...land].sort());
      for (const h of list.filter(isAllWater)) {
        // 4.4: the All Water ones (0228, 0128) may be entered for 1 MP, just not ended in.
        expect(codes(s, plan({ unitId: 'm', path: [h] }))).toEqual(['move.all-water']);
        const land2 = neighbors(h).find((n) => !isAllWater(n) && n !== from && !list.includes(n));
        if (land2) expect(costs(s, 'm').get(land2)).toBeLessThanOrEqual(2);
      }
    });
  }

  const routeA = ['0213', '0212', '0309', '0308', '0407', '0406', '0505', '0604'];
  const routeB = ['0113', '0000', '0103', '0203', '0304', '0404', '0505', '0604'];
  it('T7 4.95: the 2nd Battalion of the Royal Hussars (2-4-8) moves 0217-0213-0212-0309-0308-0407-0406-0505-0604, 8 hexes for 8 MP', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '0217', { id: 'H:2/R', designation: '2/R', attack: 2, defense: 4, movement: 8 }),
    ]);
    const p = plan({ unitId: 'H:2/R', path: routeA });
    expect(validateMovementPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyMovementPlan(s, 'HUMAN', p);
    expect(moved(ev)).toEqual([{ unitId: 'H:2/R', side: 'HUMAN', path: ['0217', ...routeA], mp: 8 }]);
    expect(hexOf(s, 'H:2/R')).toBe('0604');
  });
  it('T7 4.95: it could also move 0113, North Pole, 0103, 0203, 0304, 0404, 0505 and finally 0604', () => {
    const s = at([unit('HUMAN', 'MOBILE', '0217', { id: 'H:2/R', movement: 8 })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'H:2/R', path: routeB }))).toEqual([]);
    expect(moved(applyMovementPlan(s, 'HUMAN', plan({ unitId: 'H:2/R', path: routeB })))[0].mp).toBe(8);
  });
  it('T7 4.95: "still only 8 hexes": a ninth hex is beyond its Movement Allowance; the cheapest route is 7', () => {
    const s = at([unit('HUMAN', 'MOBILE', '0217', { id: 'r', movement: 8 })]);
    const errs = validateMovementPlan(s, 'HUMAN', plan({ unitId: 'r', path: [...routeA, '0605'] }));
    expect(errs).toMatchObject([{ code: 'move.too-far', path: ['movement', 'moves', 0, 'path', 8], rule: '4.3' }]);
    expect(costs(s, 'r').get('0604')).toBe(7);
  });
  it('4.91: east and west edges mate: 0930 -> 0901 -> 1030 crosses the edge twice for 2 MP', () => {
    const s = at([unit('HUMAN', 'MOBILE', '0930', { id: 'm' })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['0901', '1030'] }))).toEqual([]);
    expect(moved(applyMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['0901', '1030'] })))[0].mp).toBe(2);
  });
  it('4.92: the double hex 0505 is one hex: one MP to enter, and there is no hex 0506', () => {
    const s = at([unit('HUMAN', 'MOBILE', '0404', { id: 'm' })]);
    expect(
      moved(applyMovementPlan(structuredClone(s), 'HUMAN', plan({ unitId: 'm', path: ['0505', '0604'] })))[0].mp,
    ).toBe(2);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['0505', '0506'] }))).toMatchObject([
      { code: 'move.unknown-hex', path: ['movement', 'moves', 0, 'path', 1] },
    ]);
  });
  it('4.93: the North Pole joins 0103-0128; the two Poles are not adjacent', () => {
    const s = at([unit('CETIAN', 'INFANTRY', '0000', { id: 'c' })], { phasing: 'CETIAN' });
    const one = [...costs(s, 'c')].filter(([, c]) => c === 1).map(([h]) => h);
    const pole = ['0103', '0108', '0113', '0118', '0123', '0128'];
    expect(one.sort()).toEqual(pole.filter((h) => !isAllWater(h))); // the others are All Water: entered, never ended in
    expect(codes(s, plan({ unitId: 'c', path: ['2000'] }), 'CETIAN')).toEqual(['move.not-adjacent']);
  });
  it("4.942: across a curvature gap a unit moves to the facing hex for that hex's normal cost (0207 -> 0203)", () => {
    expect(isAdjacent('0207', '0203')).toBe(true);
    const s = at([unit('CETIAN', 'INFANTRY', '0207', { id: 'c' })], { phasing: 'CETIAN' });
    expect(costs(s, 'c').get('0203')).toBe(1);
  });
  it("4.941: a unit heading west from 0302 comes back to 0302, paying each hex's normal cost", () => {
    const path: string[] = [];
    for (let h = step('0302', 'W')!; ; h = step(h, 'W')!) {
      path.push(h);
      if (h === '0302') break;
    }
    const mp = path.reduce((t, h) => t + moveCost(h), 0);
    const s = at([unit('HUMAN', 'MOBILE', '0302', { id: 'm', movement: mp })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path }))).toEqual([]);
    expect(moved(applyMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path })))[0]).toMatchObject({
      mp,
      path: ['0302', ...path],
    });
  });
});

describe('4.0-4.8 movement allowance and restrictions', () => {
  it('4.3, 9.25: a Mountain costs 2 MP; a unit may not enter a hex it cannot pay for', () => {
    expect(terrainOf('1007')).toBe('MOUNTAIN');
    const s = at([unit('CETIAN', 'INFANTRY', '1009', { id: 'c' })], { phasing: 'CETIAN' });
    expect(validateMovementPlan(s, 'CETIAN', plan({ unitId: 'c', path: ['1008', '1007'] }))).toMatchObject([
      { code: 'move.too-far', path: ['movement', 'moves', 0, 'path', 1], rule: '4.3' },
    ]);
    const s2 = at([unit('CETIAN', 'INFANTRY', '1008', { id: 'c' })], { phasing: 'CETIAN' });
    expect(moved(applyMovementPlan(s2, 'CETIAN', plan({ unitId: 'c', path: ['1007'] })))[0].mp).toBe(2);
  });
  it('4.7: a supplied unit may always move one hex regardless of terrain: a 3-5-1 enters a Mountain, and no further', () => {
    const s = at([unit('HUMAN', 'INFANTRY', '1008', { id: 'i' })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'i', path: ['1007'] }))).toEqual([]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'i', path: ['1007', '1107'] }))).toMatchObject([
      { code: 'move.too-far', rule: '4.7' },
    ]);
  });
  it('4.7: ...and regardless of enemy ZOC: from one enemy ZOC hex into another', () => {
    const s = at([unit('HUMAN', 'INFANTRY', '1110', { id: 'i' }), unit('CETIAN', 'INFANTRY', '1009')]);
    expect(codes(s, plan({ unitId: 'i', path: ['1010'] }))).toEqual([]);
  });
  it('4.7, 4.8: a unit with a Movement Allowance of 0 never moves by itself', () => {
    const s = at([unit('HUMAN', 'BASE', '1009', { id: 'b' })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'b', path: ['1010'] }))).toMatchObject([
      { code: 'move.immobile', path: ['movement', 'moves', 0, 'unitId'] },
    ]);
    expect(reachableHexes(s, 'b')).toEqual([]);
  });
  it('4.4, 9.21: units may pass through All Water (1 MP) but may not end there', () => {
    const s = at([unit('HUMAN', 'MOBILE', '0930', { id: 'm' })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['0901'] }))).toMatchObject([
      { code: 'move.all-water', rule: '4.4, 9.21', path: ['movement', 'moves', 0, 'path', 0] },
    ]);
    expect(reachableHexes(s, 'm').some((r) => isAllWater(r.hex))).toBe(false);
  });
  it('4.6, 12.12: a unit out of supply at the start of the segment may not move', () => {
    const s = at([unit('HUMAN', 'MOBILE', '1009', { id: 'm', outOfSupply: true })]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['1010'] }))).toMatchObject([
      { code: 'move.unsupplied', rule: '4.6, 12.12' },
    ]);
    expect(reachableHexes(s, 'm')).toEqual([]);
  });
  it('4.6: a plan sent before its Supply Segment is not refused for a unit that may yet be supplied; if it is not, the move is skipped', () => {
    const s = at([unit('HUMAN', 'MOBILE', '1009', { id: 'm', outOfSupply: true })], { segment: 'SPECIAL_FORCES' });
    const p = plan({ unitId: 'm', path: ['1010'] });
    expect(validateMovementPlan(s, 'HUMAN', p)).toEqual([]);
    s.segment = 'MOVEMENT';
    const ev = applyMovementPlan(s, 'HUMAN', p);
    expect(ev).toMatchObject([{ type: 'move.skipped', visibleTo: ['HUMAN'], data: { code: 'move.unsupplied' } }]);
    expect(hexOf(s, 'm')).toBe('1009');
  });
  it('4.1, 6.5: each unit moves once, on its own', () => {
    const s = at([unit('HUMAN', 'MOBILE', '1009', { id: 'm' })]);
    expect(
      validateMovementPlan(s, 'HUMAN', plan({ unitId: 'm', path: ['1010'] }, { unitId: 'm', path: ['1011'] })),
    ).toMatchObject([{ code: 'move.already-moved', path: ['movement', 'moves', 1, 'unitId'], rule: '4.1, 6.5' }]);
  });
  it('4.0: only own map units move; an enemy unit and a unit that does not exist get the same answer', () => {
    const s = at([unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3', faceDown: true })]);
    const enemy = validateMovementPlan(s, 'HUMAN', plan({ unitId: 'C:1/3', path: ['1010'] }));
    const none = validateMovementPlan(s, 'HUMAN', plan({ unitId: 'C:9/9', path: ['1010'] }));
    expect(enemy.map((e) => e.code)).toEqual(['move.unknown-unit']);
    expect(enemy[0].message.replace('C:1/3', 'X')).toBe(none[0].message.replace('C:9/9', 'X'));
    expect(validateMovementPlan(s, 'CETIAN', plan())).toMatchObject([{ code: 'move.not-phasing', rule: '4.0' }]);
  });
  it('11.19: a unit landed from space this turn may not move', () => {
    const s = at([unit('HUMAN', 'MOBILE', '1009', { id: 'm', landedOnTurn: 4 })]);
    expect(codes(s, plan({ unitId: 'm', path: ['1010'] }))).toEqual(['move.landed']);
  });
  it('9.23, 9.26: a Partial Water hex costs as its other terrain; a Resource hex has no effect on movement', () => {
    const s = at([unit('HUMAN', 'MOBILE', '0408', { id: 'm' })]);
    expect(costs(s, 'm').get('0409')).toBe(1); // 0409: Ice with Partial Water
    const s2 = at([unit('HUMAN', 'MOBILE', '1008', { id: 'm' })]);
    expect(costs(s2, 'm').get('1109')).toBe(1); // Resource hex #7, Clear: 1 MP
  });
});

describe('4.5, 5 zones of control in movement', () => {
  // Cetian units at 1009 and 1011; both ZOCs reach 1010.
  const zocState = () =>
    at([
      unit('HUMAN', 'MOBILE', '1110', { id: 'h' }),
      unit('CETIAN', 'INFANTRY', '1009', { id: 'c1' }),
      unit('CETIAN', 'INFANTRY', '1011', { id: 'c2' }),
    ]);

  it('5.1: a unit entering an enemy ZOC must stop, or enter the hex of the enemy unit exerting it and stop', () => {
    const s = zocState();
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'h', path: ['1010', '0910'] }))).toMatchObject([
      { code: 'move.zoc', rule: '5.1', path: ['movement', 'moves', 0, 'path', 1] },
    ]);
    expect(codes(s, plan({ unitId: 'h', path: ['1010'] }))).toEqual([]);
  });
  it('5.1: a hex in the ZOC of two enemy hexes: the unit may enter the hex of either', () => {
    expect(codes(zocState(), plan({ unitId: 'h', path: ['1010', '1009'] }))).toEqual([]);
    expect(codes(zocState(), plan({ unitId: 'h', path: ['1010', '1011'] }))).toEqual([]);
  });
  it('4.5, 5.2: a unit entering a hex with enemy units stops and may not leave it this turn', () => {
    const s = zocState();
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'h', path: ['1010', '1011', '1111'] }))).toMatchObject([
      { code: 'move.enemy-hex', rule: '4.5, 5.2', path: ['movement', 'moves', 0, 'path', 2] },
    ]);
    applyMovementPlan(s, 'HUMAN', plan({ unitId: 'h', path: ['1010', '1011'] }));
    expect(s.phaseScratch!.enteredEnemyHex).toEqual(['h']);
    expect(s.phaseScratch!.moved).toEqual(['h']);
  });
  it('5.1: a unit starting in an enemy ZOC may leave it freely', () => {
    expect(codes(zocState(), plan({ unitId: 'h', path: ['1210', '1310', '1309'] }))).toEqual([]);
  });

  // 5.4: one Human and one Cetian unit stacked in 1009.
  it('5.41: leaving the shared hex into a hex next to no other enemy, the unit must stop (the enemy regains its ZOC)', () => {
    const s = at([unit('HUMAN', 'MOBILE', '1009', { id: 'h' }), unit('CETIAN', 'INFANTRY', '1009')]);
    expect(codes(s, plan({ unitId: 'h', path: ['1010'] }))).toEqual([]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'h', path: ['1010', '1011'] }))).toMatchObject([
      { code: 'move.zoc', path: ['movement', 'moves', 0, 'path', 1] },
    ]);
    expect(
      reachableHexes(s, 'h')
        .map((r) => r.hex)
        .sort(),
    ).toEqual(sorted(neighbors('1009')));
  });
  it('5.42: ...next to another enemy unit, it may stop or enter any adjacent hex holding enemy units', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '1009', { id: 'h' }),
      unit('CETIAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'INFANTRY', '1111'),
    ]);
    expect(codes(s, plan({ unitId: 'h', path: ['1010', '1111'] }))).toEqual([]);
    expect(codes(s, plan({ unitId: 'h', path: ['1010', '1009'] }))).toEqual([]);
    expect(codes(s, plan({ unitId: 'h', path: ['1010', '1011'] }))).toEqual(['move.zoc']);
  });
  it('5.43: into a hex holding enemy units (even with friendly units there too), it must stop at once', () => {
    const s = at([
      unit('HUMAN', 'MOBILE', '1009', { id: 'h' }),
      unit('CETIAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'INFANTRY', '1010'),
      unit('HUMAN', 'INFANTRY', '1010'),
    ]);
    expect(validateMovementPlan(s, 'HUMAN', plan({ unitId: 'h', path: ['1010', '1011'] }))).toMatchObject([
      { code: 'move.enemy-hex', rule: '4.5, 5.2' },
    ]);
  });
  it('5.5: with two friendly units in the shared hex, the first leaves freely; the last then follows 5.4', () => {
    const units = () => [
      unit('HUMAN', 'MOBILE', '1009', { id: 'a' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'b' }),
      unit('CETIAN', 'INFANTRY', '1009'),
    ];
    const free = { unitId: 'a', path: ['1010', '1011', '1111'] };
    expect(codes(at(units()), plan(free))).toEqual([]);
    // 5.3 is dynamic: the same two orders are legal or not depending on their order.
    expect(
      validateMovementPlan(at(units()), 'HUMAN', plan(free, { unitId: 'b', path: ['1010', '1011'] })),
    ).toMatchObject([{ code: 'move.zoc', path: ['movement', 'moves', 1, 'path', 1] }]);
    expect(
      validateMovementPlan(at(units()), 'HUMAN', plan({ unitId: 'b', path: ['1010', '1011'] }, free)),
    ).toMatchObject([{ code: 'move.zoc', path: ['movement', 'moves', 1, 'path', 1] }]);
  });
  it('5.0: E-Fields exert no ZOC: units pass next to them freely', () => {
    const s = at([unit('HUMAN', 'MOBILE', '1110', { id: 'h' }), unit('CETIAN', 'EFIELD', '1009')]);
    expect(codes(s, plan({ unitId: 'h', path: ['1010', '0910', '0810'] }))).toEqual([]);
  });
  it('5.42 (default, as written): after a ZOC stop, any adjacent hex holding enemy units may be entered, even one whose units exert no ZOC', () => {
    const units = () => [
      unit('HUMAN', 'MOBILE', '1110', { id: 'h' }),
      unit('CETIAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'EFIELD', '0910'),
    ];
    expect(codes(at(units()), plan({ unitId: 'h', path: ['1010', '0910'] }))).toEqual([]);
    expect(codes(at(units()), plan({ unitId: 'h', path: ['1010', '1011'] }))).toEqual(['move.zoc']);
  });
  it('option zocContinueInto=exerting (5.1): after a ZOC stop, only the hex of a unit exerting that ZOC may be entered', () => {
    const units = () => [
      unit('HUMAN', 'MOBILE', '1110', { id: 'h' }),
      unit('CETIAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'EFIELD', '0910'),
    ];
    const o = { options: { zocContinueInto: 'exerting' } };
    expect(codes(at(units(), o), plan({ unitId: 'h', path: ['1010', '0910'] }))).toEqual(['move.zoc']);
    expect(codes(at(units(), o), plan({ unitId: 'h', path: ['1010', '1009'] }))).toEqual([]);
  });
});

const sorted = (a: readonly string[]): string[] => [...a].sort();

describe('6.8, 14.22 an overstack not of the plan’s making is relieved at the end of the Movement Segment', () => {
  const crowd = () => [
    unit('CETIAN', 'SPACEPORT', '0505', { id: 'C:SP' }),
    unit('CETIAN', 'INFANTRY', '0505', { id: 'C:i1', attack: 3, defense: 4 }),
    unit('CETIAN', 'INFANTRY', '0505', { id: 'C:i2', attack: 3, defense: 4 }),
    unit('CETIAN', 'INFANTRY', '0505', { id: 'C:1/P', sub: 'PROVISIONAL', attack: 1, defense: 4, movement: 2 }),
  ];
  it('6.8: with an empty plan the weakest unit steps to the nearest legal hex and the relief mark is cleared', () => {
    const s = at(crowd(), { phasing: 'CETIAN' });
    s.reliefDue = [{ side: 'CETIAN', hex: '0505' }];
    const ev = movementHandler()(s, { dice: undefined as never, orders: {} });
    expect(hexOf(s, 'C:1/P')).not.toBe('0505');
    expect(isAdjacent(hexOf(s, 'C:1/P')!, '0505')).toBe(true);
    expect(ev.find((e) => e.type === 'stacking.relieved')).toMatchObject({
      visibleTo: ['CETIAN'],
      data: { unitId: 'C:1/P', from: '0505', rule: '6.8' },
    });
    expect(s.reliefDue).toEqual([]);
  });
  it('6.8: a plan that relieves the hex itself leaves nothing to do', () => {
    const s = at(crowd(), { phasing: 'CETIAN' });
    s.plan = {
      side: 'CETIAN',
      order: { movement: plan({ unitId: 'C:i1', path: ['0604'] }) },
    } as unknown as CerberusState['plan'];
    const ev = movementHandler()(s, { dice: undefined as never, orders: {} });
    expect(hexOf(s, 'C:i1')).toBe('0604');
    expect(hexOf(s, 'C:1/P')).toBe('0505');
    expect(ev.some((e) => e.type === 'stacking.relieved')).toBe(false);
  });
  it('6.8: a unit that cannot leave (out of supply, 12.12) is eliminated rather than left overstacked', () => {
    const units = crowd().map((u) => (u.cls === 'INFANTRY' ? { ...u, outOfSupply: true } : u));
    const s = at(units, { phasing: 'CETIAN' });
    const ev = movementHandler()(s, { dice: undefined as never, orders: {} });
    expect(unitById(s, 'C:1/P')!.box).toBe('DESTROYED');
    expect(ev.find((e) => e.type === 'stacking.eliminated')).toMatchObject({
      visibleTo: 'all',
      data: { unitId: 'C:1/P', rule: '6.8' },
    });
  });
});
