import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import type { GameEvent } from '#engine/contract.js';
import { TransportationPlanSchema, type TransportationPlan } from './orders.js';
import { unitById, type Box, type CerberusState, type Side, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';
import {
  applyTransportationPlan,
  transportationHandler,
  validatePlanTransportation,
  validateTransportationPlan,
} from './transport.js';
import { landingCost, legalLandings, scratchOf, stpLeft } from './transport-cost.js';

const STATS: Partial<Record<Unit['cls'], Partial<Unit>>> = {
  TRANSPORT: { attack: 0, defense: 1, movement: 6 },
  HEAVY_WEAPONS: { attack: 4, defense: 1, movement: 6 },
  EFIELD: { attack: 0, defense: 1, movement: 0 },
};
/** A unit on the map (hex) or in a box. */
const mk = (side: Side, cls: Unit['cls'], where: string, extra: Partial<Unit> = {}): Unit =>
  /^\d{4}$/.test(where)
    ? unit(side, cls, where, { ...STATS[cls], ...extra })
    : unit(side, cls, null, { ...STATS[cls], box: where as Box, ...extra });
const para = (side: Side, where: string, extra: Partial<Unit> = {}) =>
  mk(side, 'INFANTRY', where, { sub: 'PARATROOP', ...extra });
const at = (side: Side, space: number, units: Unit[], turn = 4, options = {}): CerberusState =>
  stateAt({ turn, segment: 'TRANSPORTATION', phasing: side, space, options }, units);
const plan = (actions: unknown[], extra: Record<string, unknown> = {}): TransportationPlan =>
  TransportationPlanSchema.parse({ actions, ...extra });
const land = (unitId: string, hex: string) => ({ type: 'land', unitId, hex });
const dice = (...v: number[]) => new ScriptedDice(v);
const u = (s: CerberusState, id: string) => unitById(s, id)!;
const codes = (errors: { code: string }[]) => errors.map((e) => e.code);
const skipped = (ev: GameEvent[]) =>
  ev.filter((e) => e.type === 'transport.skipped').map((e) => (e.data as { code: string }).code);

describe('11 worked examples', () => {
  it('T18 11.141 example: on turn 1 a Spaceport and six battalions land from the Fleet; none gets the Spaceport rate, even in its hex', () => {
    const bns = ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => mk('HUMAN', 'MOBILE', 'FLEET', { id: `H:M${x}` }));
    const s = at('HUMAN', 6, [mk('HUMAN', 'SPACEPORT', 'FLEET', { id: 'H:SP1' }), ...bns], 1);
    expect(stpLeft(s, 'HUMAN')).toBe(18);
    const third = plan([land('H:SP1', '1308'), land('H:MA', '1308'), land('H:MB', '1308'), land('H:MC', '1308')]);
    expect(validateTransportationPlan(s, 'HUMAN', third)).toMatchObject([
      { code: 'transport.stacking', path: ['actions', 3, 'hex'], rule: '6.8, 11.19' },
    ]);
    const p = plan([
      land('H:SP1', '1308'),
      land('H:MA', '1308'),
      land('H:MB', '1308'),
      land('H:MC', '1307'),
      land('H:MD', '1207'),
      land('H:ME', '1407'),
      land('H:MF', '1408'),
    ]);
    expect(validateTransportationPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyTransportationPlan(s, 'HUMAN', p, dice());
    const costs = ev.filter((e) => e.type === 'transport.landing-cost').map((e) => (e.data as { cost: number }).cost);
    expect(costs).toEqual([6, 2, 2, 2, 2, 2, 2]);
    expect(stpLeft(s, 'HUMAN')).toBe(0);
    expect(u(s, 'H:SP1')).toMatchObject({ box: 'MAP', hex: '1308', supplies: 20, landedOnTurn: 1 }); // 12.21
  });

  it('T19 11.35 example (Human, state +3, 10 STP): 1 + 5 + 0, the Earth Infantry refused at 5 with 4 left, shuttle 2, Mobile at the Spaceport 1 by the chart (the text says two, digest C5)', () => {
    const s = at('HUMAN', 3, [
      mk('HUMAN', 'SPACEPORT', '1218', { id: 'H:SP1', supplies: 10 }), // Gamma
      mk('HUMAN', 'INFANTRY', '1218', { id: 'H:1/1' }),
      mk('HUMAN', 'BASE', '0610', { id: 'H:B1' }), // Beta
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:2/2' }),
      mk('HUMAN', 'TRANSPORT', 'FLEET', { id: 'H:T/1' }),
      para('HUMAN', 'FLEET', { id: 'H:1/X' }),
      mk('HUMAN', 'HEAVY_WEAPONS', 'EARTH', { id: 'H:H/2' }),
      mk('HUMAN', 'INFANTRY', 'EARTH', { id: 'H:2/4' }),
    ]);
    expect(stpLeft(s, 'HUMAN')).toBe(10);
    expect(landingCost(s, 'HUMAN', 'H:1/2', '1218')).toBe(1); // "two points less one for landing at a Spaceport"
    expect(landingCost(s, 'HUMAN', 'H:H/2', '0610')).toBe(4); // "considers landing it at his Base … paying the extra STP"
    expect(landingCost(s, 'HUMAN', 'H:H/2', '0611')).toBe(5);
    expect(landingCost(s, 'HUMAN', 'H:1/X', '0611')).toBe(1); // he could land a Paratrooper (11.145)
    // Before the shuttle, the second Mobile battalion cannot land at the Spaceport: stacking (Spaceport + Infantry + Mobile).
    const early = plan([land('H:1/2', '1218'), land('H:2/2', '1218')]);
    expect(validateTransportationPlan(s, 'HUMAN', early)).toMatchObject([
      { code: 'transport.stacking', path: ['actions', 1, 'hex'] },
    ]);
    const p = plan([
      land('H:1/2', '1218'), // 1 → 9
      land('H:H/2', '0611'), // 5 → 4
      land('H:T/1', '0610'), // 2 − 1 Transport − 1 first unit at the Base = 0 → 4
      land('H:2/4', '0610'), // 5 (the Base was used this turn): refused, 4 left
      { type: 'shuttle', unitId: 'H:1/1', hex: '0609' }, // 2 → 2
      land('H:2/2', '1218'), // 1 → 1
    ]);
    expect(validateTransportationPlan(s, 'HUMAN', p)).toMatchObject([
      { code: 'transport.stp', path: ['actions', 3, 'hex'], rule: '11.11' },
    ]);
    expect(landingCost(s, 'HUMAN', 'H:2/4', '0610')).toBe(4);
    const ev = applyTransportationPlan(s, 'HUMAN', p, dice());
    expect(skipped(ev)).toEqual(['transport.stp']);
    expect(ev.filter((e) => e.type === 'transport.landing-cost').map((e) => (e.data as { cost: number }).cost)).toEqual(
      [1, 5, 0, 1],
    );
    expect(stpLeft(s, 'HUMAN')).toBe(1);
    expect([u(s, 'H:1/1').hex, u(s, 'H:2/2').hex, u(s, 'H:2/4').box]).toEqual(['0609', '1218', 'EARTH']);
  });

  it('T20 11.35 example (Cetian, state −3, 1 STP): two Paratroopers Fleet → Spaceport for 0 each (digest C4: the chart says 2−1−1, the text "one point"), the E-Field from the System 3−2 = 1', () => {
    const s = at('CETIAN', 3, [
      mk('CETIAN', 'SPACEPORT', '1109', { id: 'C:SP' }),
      para('CETIAN', 'FLEET', { id: 'C:2/16' }),
      para('CETIAN', 'FLEET', { id: 'C:3/16' }),
      mk('CETIAN', 'EFIELD', 'SYSTEM', { id: 'C:E1' }),
    ]);
    expect(stpLeft(s, 'CETIAN')).toBe(1);
    const p = plan([land('C:2/16', '1109'), land('C:3/16', '1109'), land('C:E1', '0906')]);
    expect(validateTransportationPlan(s, 'CETIAN', p)).toEqual([]);
    applyTransportationPlan(s, 'CETIAN', p, dice());
    expect(stpLeft(s, 'CETIAN')).toBe(0);
    expect(u(s, 'C:E1')).toMatchObject({ box: 'MAP', hex: '0906' });
  });
});

describe('11.12–11.145 landing costs', () => {
  it('11.13, 11.143: a Spaceport pays triple and never an adjustment; never with another Spaceport', () => {
    const s = at('HUMAN', 6, [
      mk('HUMAN', 'SPACEPORT', 'EARTH', { id: 'H:SP2' }),
      mk('HUMAN', 'BASE', '1307', { id: 'H:B1' }),
      mk('CETIAN', 'SPACEPORT', '1109', { id: 'C:SP' }),
      mk('HUMAN', 'SPACEPORT', '1206', { id: 'H:SP1' }),
    ]);
    expect(landingCost(s, 'HUMAN', 'H:SP2', '1307')).toBe(15);
    expect(codes(validateTransportationPlan(s, 'HUMAN', plan([land('H:SP2', '1206')])))).toEqual([
      'transport.spaceport-on-spaceport',
    ]);
  });

  it('T21 11.142: the first unit landed at a Base this turn gets the Spaceport rate, the next pays in full', () => {
    const s = at('HUMAN', 6, [
      mk('HUMAN', 'BASE', '1307', { id: 'H:B1' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:2/2' }),
    ]);
    const ev = applyTransportationPlan(s, 'HUMAN', plan([land('H:1/2', '1307'), land('H:2/2', '1307')]), dice());
    expect(ev.filter((e) => e.type === 'transport.landing-cost').map((e) => (e.data as { cost: number }).cost)).toEqual(
      [1, 2],
    );
  });

  it('11.141: an installation landed this turn gives no discount', () => {
    const s = at('HUMAN', 6, [
      mk('HUMAN', 'BASE', 'FLEET', { id: 'H:B1' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
    ]);
    const ev = applyTransportationPlan(s, 'HUMAN', plan([land('H:B1', '1307'), land('H:1/2', '1307')]), dice());
    expect(ev.filter((e) => e.type === 'transport.landing-cost').map((e) => (e.data as { cost: number }).cost)).toEqual(
      [2, 2],
    );
    expect(u(s, 'H:B1').supplies).toBe(8); // 12.21
  });

  it('T22 11.144: an E-Field lands from the Fleet for 0 but never gets the Spaceport bonus, and not at own state −4..−6; it then acts as a Spaceport for landing', () => {
    const s = at('CETIAN', 0, [
      mk('CETIAN', 'EFIELD', 'FLEET', { id: 'C:E1' }),
      mk('CETIAN', 'EFIELD', 'SYSTEM', { id: 'C:E2' }),
      mk('CETIAN', 'SPACEPORT', '1109', { id: 'C:SP' }),
      mk('CETIAN', 'MOBILE', 'FLEET', { id: 'C:1/M' }),
    ]);
    expect(landingCost(s, 'CETIAN', 'C:E1', '0906')).toBe(0);
    expect(landingCost(s, 'CETIAN', 'C:E2', '1109')).toBe(1);
    s.turn = 5;
    s.units.push(mk('CETIAN', 'EFIELD', '0906', { id: 'C:E3', landedOnTurn: 4 }));
    expect(landingCost(s, 'CETIAN', 'C:1/M', '0906')).toBe(1);
    const low = at('CETIAN', 4, [mk('CETIAN', 'EFIELD', 'FLEET', { id: 'C:E1' })]);
    expect(validateTransportationPlan(low, 'CETIAN', plan([land('C:E1', '0906')]))).toMatchObject([
      { code: 'transport.low-state', path: ['actions', 0, 'unitId'], rule: '11.144, 11.145' },
    ]);
  });

  it('11.145: Paratroopers and Transports land from the Fleet at a Base or Spaceport for 0, and not at own state −4..−6', () => {
    const s = at('HUMAN', 0, [
      mk('HUMAN', 'BASE', '1307', { id: 'H:B1' }),
      mk('HUMAN', 'SPACEPORT', '1206', { id: 'H:SP1' }),
      para('HUMAN', 'FLEET', { id: 'H:1/X' }),
      mk('HUMAN', 'TRANSPORT', 'FLEET', { id: 'H:T/X' }),
    ]);
    expect([
      landingCost(s, 'HUMAN', 'H:1/X', '1307'),
      landingCost(s, 'HUMAN', 'H:T/X', '1206'),
      landingCost(s, 'HUMAN', 'H:1/X', '1408'),
    ]).toEqual([0, 0, 1]);
    s.space.state = -4;
    expect(codes(validateTransportationPlan(s, 'HUMAN', plan([land('H:1/X', '1307')])))).toEqual([
      'transport.low-state',
    ]);
  });

  it('10.412 (default, as written): a disrupted Spaceport stops only transport from the Fleet; option disruptedLanding no-use: it serves no landing', () => {
    const units = () => [
      mk('HUMAN', 'SPACEPORT', '1206', { id: 'H:SP1', disrupted: { by: 'CETIAN', turn: 4 } }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
      mk('HUMAN', 'MOBILE', 'EARTH', { id: 'H:2/2' }),
    ];
    const literal = at('HUMAN', 6, units());
    expect([landingCost(literal, 'HUMAN', 'H:1/2', '1206'), landingCost(literal, 'HUMAN', 'H:2/2', '1206')]).toEqual([
      2, 4,
    ]);
    const s = at('HUMAN', 6, units(), 4, { disruptedLanding: 'no-use' });
    expect([landingCost(s, 'HUMAN', 'H:1/2', '1206'), landingCost(s, 'HUMAN', 'H:2/2', '1206')]).toEqual([2, 5]);
  });
});

describe('11.18 where units may be placed', () => {
  const cetianAround = () => [
    mk('CETIAN', 'MOBILE', '1109', { id: 'C:1/3' }),
    mk('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP', faceDown: true }),
  ];

  it('11.18, 5.6: not in an enemy hex or unsuppressed enemy ZOC, nor in All Water (G36) or an Intensity-3 storm (15.72)', () => {
    const s = at('HUMAN', 6, [...cetianAround(), mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' })]);
    const try1 = (hex: string, hooks = {}) =>
      codes(validateTransportationPlan(s, 'HUMAN', plan([land('H:1/2', hex)]), hooks));
    expect(try1('1109')).toEqual(['transport.enemy-hex']);
    expect(try1('1110')).toEqual(['transport.enemy-zoc']);
    expect(try1('0510')).toEqual(['transport.water']);
    expect(try1('1307', { intensityAt: (h: string) => (h === '1307' ? 3 : 0) })).toEqual(['transport.storm']);
    expect(try1('1307')).toEqual([]);
  });

  it('11.18 exception: any unit may land at a friendly Spaceport whatever enemy units or ZOC are there (and at an E-Field, option efieldLandingExemption)', () => {
    const s = at('HUMAN', 6, [
      ...cetianAround(),
      mk('HUMAN', 'SPACEPORT', '1110', { id: 'H:SP1' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
    ]);
    expect(validateTransportationPlan(s, 'HUMAN', plan([land('H:1/2', '1110')]))).toEqual([]);
    const e = (options = {}) =>
      at(
        'CETIAN',
        -6,
        [
          mk('HUMAN', 'MOBILE', '1110', { id: 'H:1/2' }),
          mk('CETIAN', 'EFIELD', '1111', { id: 'C:E1' }),
          mk('CETIAN', 'MOBILE', 'FLEET', { id: 'C:1/M' }),
        ],
        4,
        options,
      );
    expect(validateTransportationPlan(e(), 'CETIAN', plan([land('C:1/M', '1111')]))).toEqual([]);
    expect(
      codes(validateTransportationPlan(e({ efieldLandingExemption: false }), 'CETIAN', plan([land('C:1/M', '1111')]))),
    ).toEqual(['transport.enemy-zoc']);
  });

  it('11.18 exception: Paratroopers land anywhere except with an enemy Spaceport, suppressing the ZOC there; a face-down Spaceport is revealed and the drop refused', () => {
    const s = at('HUMAN', 6, [
      ...cetianAround(),
      mk('CETIAN', 'SPACEPORT', '1308', { id: 'C:SP2' }),
      para('HUMAN', 'FLEET', { id: 'H:1/X' }),
      para('HUMAN', 'FLEET', { id: 'H:2/X' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
    ]);
    expect(codes(validateTransportationPlan(s, 'HUMAN', plan([land('H:1/X', '1308')])))).toEqual([
      'transport.para-enemy-spaceport',
    ]);
    // The Human cannot see what the face-down counter in 1009 is: the order is accepted.
    expect(validateTransportationPlan(s, 'HUMAN', plan([land('H:1/X', '1109'), land('H:2/X', '1009')]))).toEqual([]);
    const ev = applyTransportationPlan(
      s,
      'HUMAN',
      plan([land('H:1/X', '1109'), land('H:2/X', '1009'), land('H:1/2', '1110')]),
      dice(),
    );
    expect(u(s, 'H:1/X').hex).toBe('1109');
    expect(u(s, 'C:SP').faceDown).toBe(false);
    expect(ev.find((e) => e.type === 'unit.revealed')!.data).toMatchObject({ unitId: 'C:SP' });
    expect(skipped(ev)).toEqual(['transport.para-enemy-spaceport', 'transport.enemy-zoc']); // 1110 is still next to the Spaceport in 1009
    expect(u(s, 'H:2/X').box).toBe('FLEET');
  });
});

describe('11.15–11.19 evacuation and shuttle', () => {
  it('11.15, 11.17: evacuation to the Fleet costs 1 (3 for a Spaceport, G22), from any hex, within the Fleet capacity', () => {
    const s = at('HUMAN', 3, [
      mk('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
      mk('CETIAN', 'MOBILE', '1109', { id: 'C:1/3' }),
      mk('HUMAN', 'SPACEPORT', '1307', { id: 'H:SP1', supplies: 30 }),
    ]);
    const ev = applyTransportationPlan(
      s,
      'HUMAN',
      plan([
        { type: 'evacuate', unitId: 'H:1/2' },
        { type: 'evacuate', unitId: 'H:SP1' },
      ]),
      dice(),
    );
    expect(skipped(ev)).toEqual([]);
    expect(stpLeft(s, 'HUMAN')).toBe(10 - 1 - 3);
    expect(u(s, 'H:SP1')).toMatchObject({ box: 'FLEET', supplies: 0 });
    const full = at('CETIAN', -3, [
      mk('CETIAN', 'MOBILE', '1109', { id: 'C:1/3' }),
      ...[1, 2, 3, 4, 5].map((i) => mk('CETIAN', 'MOBILE', 'FLEET', { id: `C:F${i}` })),
    ]);
    expect(validateTransportationPlan(full, 'CETIAN', plan([{ type: 'evacuate', unitId: 'C:1/3' }]))).toMatchObject([
      { code: 'transport.fleet-full', path: ['actions', 0, 'unitId'] },
    ]);
  });

  it('11.15 at own state −4..−6 one unit is evacuated free, even with no Transport Points', () => {
    const s = at('HUMAN', -5, [
      mk('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
      mk('HUMAN', 'MOBILE', '1110', { id: 'H:2/2' }),
    ]);
    expect(stpLeft(s, 'HUMAN')).toBe(0);
    const p = plan([
      { type: 'evacuate', unitId: 'H:1/2' },
      { type: 'evacuate', unitId: 'H:2/2' },
    ]);
    expect(validateTransportationPlan(s, 'HUMAN', p)).toMatchObject([
      { code: 'transport.stp', path: ['actions', 1, 'unitId'] },
    ]);
    applyTransportationPlan(s, 'HUMAN', p, dice());
    expect([u(s, 'H:1/2').box, u(s, 'H:2/2').box]).toEqual(['FLEET', 'MAP']);
  });

  it('2.6, 14.13: on turn 1 the Human Fleet holds up to 12 units until his Strategic Segment, so evacuations may fill it that far', () => {
    const s = at(
      'HUMAN',
      6,
      [
        mk('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
        ...Array.from({ length: 11 }, (_, i) => mk('HUMAN', 'MOBILE', 'FLEET', { id: `H:F${i}` })),
      ],
      1,
    );
    expect(validateTransportationPlan(s, 'HUMAN', plan([{ type: 'evacuate', unitId: 'H:1/2' }]))).toEqual([]);
    s.turn = 2;
    expect(codes(validateTransportationPlan(s, 'HUMAN', plan([{ type: 'evacuate', unitId: 'H:1/2' }])))).toEqual([
      'transport.fleet-full',
    ]);
  });

  it('11.19: units that moved in the Ground Unit Movement Segment may not be picked up (counting the moves of the same phase plan)', () => {
    const s = at('HUMAN', 6, [
      mk('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
      mk('HUMAN', 'MOBILE', '1110', { id: 'H:2/2' }),
    ]);
    scratchOf(s, 'HUMAN').moved.push('H:2/2'); // recorded by the movement module
    const p = plan([{ type: 'shuttle', unitId: 'H:2/2', hex: '1307' }]);
    expect(codes(validateTransportationPlan(s, 'HUMAN', p))).toEqual(['transport.moved']);
    s.segment = 'SPECIAL_FORCES';
    s.phaseScratch = null;
    const order = {
      transportation: plan([{ type: 'shuttle', unitId: 'H:1/2', hex: '1307' }]),
      movement: { moves: [{ unitId: 'H:1/2', path: ['1110'] }], ifBlocked: 'truncate' as const },
    };
    expect(validatePlanTransportation(s, 'HUMAN', order)).toMatchObject([
      { code: 'transport.moved', path: ['transportation', 'actions', 0, 'unitId'], rule: '11.19' },
    ]);
  });

  it('11.16, G21: a shuttle costs 2 and the unit keeps what it carries; placement as a landing (11.18)', () => {
    const s = at('HUMAN', 6, [
      mk('HUMAN', 'BASE', '1307', { id: 'H:B1', supplies: 3 }),
      mk('CETIAN', 'MOBILE', '1109', { id: 'C:1/3' }),
    ]);
    expect(
      codes(validateTransportationPlan(s, 'HUMAN', plan([{ type: 'shuttle', unitId: 'H:B1', hex: '1110' }]))),
    ).toEqual(['transport.enemy-zoc']);
    applyTransportationPlan(s, 'HUMAN', plan([{ type: 'shuttle', unitId: 'H:B1', hex: '1408' }]), dice());
    expect(u(s, 'H:B1')).toMatchObject({ hex: '1408', supplies: 3 });
    expect(stpLeft(s, 'HUMAN')).toBe(16);
  });

  it('before the Transportation Segment, positions that movement and combat may change are not judged yet', () => {
    const s = at('HUMAN', 6, [
      mk('CETIAN', 'MOBILE', '1109', { id: 'C:1/3' }),
      mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' }),
    ]);
    s.segment = 'SPECIAL_FORCES';
    expect(validatePlanTransportation(s, 'HUMAN', { transportation: plan([land('H:1/2', '1110')]) })).toEqual([]);
    expect(codes(validatePlanTransportation(s, 'HUMAN', { transportation: plan([land('H:1/2', '0510')]) }))).toEqual([
      'transport.water',
    ]);
  });
});

describe('11.2 Sub-Orbital Transport (Cetian)', () => {
  const cetian = () => [
    mk('CETIAN', 'SPACEPORT', '1109', { id: 'C:SP', supplies: 10 }),
    mk('CETIAN', 'BASE', '1206', { id: 'C:B1', supplies: 5 }),
    mk('CETIAN', 'BASE', '0906', { id: 'C:B2', supplies: 5 }),
    mk('CETIAN', 'EFIELD', '1308', { id: 'C:E1' }),
    mk('CETIAN', 'INFANTRY', '1109', { id: 'C:2/3' }),
    mk('CETIAN', 'MOBILE', '1206', { id: 'C:1/3' }),
  ];
  const sub = (fromId: string, toId: string, extra: Record<string, unknown>) => ({
    type: 'sub-orbital',
    fromId,
    toId,
    ...extra,
  });

  it('11.21–11.24: one combat unit between two undisrupted installations, not Base to Base, ends clear of enemy units (ZOC does not matter)', () => {
    const s = at('CETIAN', -6, [...cetian(), mk('HUMAN', 'MOBILE', '1207', { id: 'H:1/2' })]);
    expect(validateTransportationPlan(s, 'CETIAN', plan([sub('C:B1', 'C:SP', { unitId: 'C:1/3' })]))).toEqual([]);
    expect(codes(validateTransportationPlan(s, 'CETIAN', plan([sub('C:B1', 'C:B2', { unitId: 'C:1/3' })])))).toEqual([
      'transport.sub-orbital-bases',
    ]);
    expect(
      codes(
        validateTransportationPlan(
          s,
          'CETIAN',
          plan([sub('C:SP', 'C:E1', { unitId: 'C:2/3' }), sub('C:B1', 'C:SP', { unitId: 'C:1/3' })]),
        ),
      ),
    ).toEqual(['transport.sub-orbital-once']);
    const blocked = at('CETIAN', -6, [...cetian(), mk('HUMAN', 'MOBILE', '1308', { id: 'H:1/2' })]);
    expect(
      validateTransportationPlan(blocked, 'CETIAN', plan([sub('C:SP', 'C:E1', { unitId: 'C:2/3' })])),
    ).toMatchObject([{ code: 'transport.sub-orbital-enemy', path: ['actions', 0, 'toId'], rule: '11.23' }]);
    const disrupted = at('CETIAN', -6, cetian());
    u(disrupted, 'C:E1').disrupted = { by: 'HUMAN', turn: 4 };
    expect(
      codes(validateTransportationPlan(disrupted, 'CETIAN', plan([sub('C:SP', 'C:E1', { unitId: 'C:2/3' })]))),
    ).toEqual(['transport.sub-orbital-disrupted']);
    const ev = applyTransportationPlan(s, 'CETIAN', plan([sub('C:B1', 'C:SP', { unitId: 'C:1/3' })]), dice());
    expect(u(s, 'C:1/3').hex).toBe('1109');
    expect(ev.map((e) => e.type)).toEqual(['transport.sub-orbital']);
    expect(
      codes(validateTransportationPlan(at('HUMAN', 6, []), 'HUMAN', plan([sub('H:B1', 'H:SP1', { supplies: 2 })]))),
    ).toEqual(['transport.sub-orbital-cetian']);
  });

  it('11.25: up to six supply factors instead, from one stockpile to another (E-Fields hold none)', () => {
    const s = at('CETIAN', -6, cetian());
    expect(codes(validateTransportationPlan(s, 'CETIAN', plan([sub('C:SP', 'C:E1', { supplies: 6 })])))).toEqual([
      'transport.sub-orbital-stock',
    ]);
    expect(codes(validateTransportationPlan(s, 'CETIAN', plan([sub('C:SP', 'C:B1', { supplies: 6 })])))).toEqual([
      'transport.over-cap',
    ]);
    applyTransportationPlan(s, 'CETIAN', plan([sub('C:SP', 'C:B1', { supplies: 3 })]), dice());
    expect([u(s, 'C:SP').supplies, u(s, 'C:B1').supplies]).toEqual([7, 8]);
  });
});

describe('14.23 Cetian special insertion (turn 1)', () => {
  const fleet = () =>
    ['C:3/A', 'C:5/A', 'C:2/S', 'C:1/M'].map((id) =>
      mk('CETIAN', id.endsWith('A') ? 'INFANTRY' : 'MOBILE', 'FLEET', { id }),
    );
  const priority = [
    { unitId: 'C:3/A', hex: '1110' }, // in the ZOC of the Human Mobile in 1010: skipped
    { unitId: 'C:5/A', hex: '1206' },
    { unitId: 'C:2/S', hex: '1307' },
    { unitId: 'C:1/M', hex: '0906' },
    { unitId: 'C:3/A', hex: '1308' },
  ];

  it('T30 14.23: a roll of 5 or 6 still lands only the four units of the Fleet, at no STP cost, in land hexes clear of enemy units and ZOC', () => {
    const s = at('CETIAN', 6, [...fleet(), mk('HUMAN', 'MOBILE', '1010', { id: 'H:1/2' })], 1);
    expect(codes(validateTransportationPlan(s, 'CETIAN', plan([], { insertion: { priority } })))).toEqual([
      'transport.enemy-zoc',
    ]);
    const ev = applyTransportationPlan(s, 'CETIAN', plan([], { insertion: { priority } }), dice(6));
    const ins = ev.find((e) => e.type === 'transport.insertion')!;
    expect(ins).toMatchObject({
      visibleTo: 'all',
      data: { roll: 6 },
      rolls: [{ value: 6, label: 'Cetian special insertion' }],
    });
    expect(
      s.units
        .filter((x) => x.side === 'CETIAN' && x.box === 'MAP')
        .map((x) => x.hex)
        .sort(),
    ).toEqual(['0906', '1206', '1307', '1308']);
    expect(s.phaseScratch!.stpUsed).toBe(0);
  });

  it('14.23: the die limits the count: a 2 lands the first two that can legally land; only once, only on turn 1, only the Cetian', () => {
    const s = at('CETIAN', 6, [...fleet(), mk('HUMAN', 'MOBILE', '1010', { id: 'H:1/2' })], 1);
    applyTransportationPlan(s, 'CETIAN', plan([], { insertion: { priority } }), dice(2));
    expect(s.units.filter((x) => x.box === 'MAP' && x.side === 'CETIAN').map((x) => x.id)).toEqual(['C:5/A', 'C:2/S']);
    expect(codes(validateTransportationPlan(s, 'CETIAN', plan([], { insertion: { priority } })))).toEqual([
      'transport.insertion-once',
    ]);
    expect(
      codes(validateTransportationPlan(at('CETIAN', 6, fleet(), 2), 'CETIAN', plan([], { insertion: { priority } }))),
    ).toEqual(['transport.insertion-turn']);
  });
});

describe('views, handler and hidden information', () => {
  it('legalLandings lists every legal hex with its cost, within the STP left', () => {
    const s = at('CETIAN', -2, [
      // Cetian +2: 6 STP (reconstructed Effects Chart)
      mk('CETIAN', 'SPACEPORT', '1109', { id: 'C:SP' }),
      para('CETIAN', 'FLEET', { id: 'C:2/16' }),
      mk('CETIAN', 'MOBILE', 'FLEET', { id: 'C:1/M' }),
      mk('CETIAN', 'MOBILE', 'TAU_CETI', { id: 'C:2/4' }),
      mk('CETIAN', 'MOBILE', 'TAU_CETI', { id: 'C:2/8' }),
      mk('HUMAN', 'MOBILE', '1307', { id: 'H:1/2' }),
    ]);
    scratchOf(s, 'CETIAN').stpUsed = 2;
    const v = legalLandings(s, 'CETIAN');
    expect(v.stpLeft).toBe(4);
    const hexes = (id: string) => v.units.find((x) => x.unitId === id)!.hexes;
    expect(hexes('C:1/M').find((h) => h.hex === '1109')).toEqual({ hex: '1109', cost: 1 });
    expect(hexes('C:1/M').find((h) => h.hex === '0906')).toEqual({ hex: '0906', cost: 2 });
    expect(hexes('C:1/M').some((h) => h.hex === '1308')).toBe(false); // Human ZOC (11.18)
    expect(hexes('C:2/16').find((h) => h.hex === '1308')).toEqual({ hex: '1308', cost: 1 }); // Paratroopers may (11.18)
    expect(hexes('C:2/16').find((h) => h.hex === '1109')).toEqual({ hex: '1109', cost: 0 });
    expect(hexes('C:2/4')).toEqual([{ hex: '1109', cost: 4 }]); // 5 − 1 at the Spaceport; 5 elsewhere is over the 4 left
    expect(hexes('C:1/M').every((h) => h.hex !== '0510')).toBe(true); // All Water
  });

  it('the enemy never learns where a landed unit came from or what it cost; a face-down unit evacuated is named only by its hex', () => {
    const s = at('CETIAN', -3, [
      mk('CETIAN', 'MOBILE', 'SYSTEM', { id: 'C:2/G', faceDown: true }),
      mk('CETIAN', 'INFANTRY', '1109', { id: 'C:2/3', faceDown: true }),
    ]);
    const ev = applyTransportationPlan(
      s,
      'CETIAN',
      plan([land('C:2/G', '0906'), { type: 'evacuate', unitId: 'C:2/3' }]),
      dice(),
    );
    const pub = ev.filter((e) => e.visibleTo === 'all');
    expect(pub.map((e) => e.type)).toEqual(['transport.landed', 'transport.evacuated']);
    expect(JSON.stringify(pub)).not.toMatch(/SYSTEM|cost|stp|C:2\/3/);
    expect(pub[1].data).toMatchObject({ faceDown: true, hex: '1109' });
    expect(u(s, 'C:2/G').faceDown).toBe(false);
  });

  it('transportationHandler runs the stored plan of the phasing player', () => {
    const s = at('HUMAN', 6, [mk('HUMAN', 'MOBILE', 'FLEET', { id: 'H:1/2' })]);
    s.plan = {
      side: 'HUMAN',
      through: 'TRANSPORTATION',
      order: { kind: 'phase-plan', through: 'TRANSPORTATION', transportation: plan([land('H:1/2', '1307')]) },
    };
    transportationHandler()(s, { dice: dice(), orders: {} });
    expect(u(s, 'H:1/2').hex).toBe('1307');
  });
});
