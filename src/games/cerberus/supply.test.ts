import { describe, expect, it } from 'vitest';
import { SupplyPlanSchema, type SupplyPlan } from './orders.js';
import { applySupplyPlan, autoSupply, supplyHandler, validatePlanSupply, validateSupplyPlan } from './supply.js';
import { unitById, type CerberusState, type Side, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';
import type { GameEvent } from '#engine/contract.js';

const plan = (p: Partial<SupplyPlan> & Record<string, unknown> = {}): SupplyPlan =>
  SupplyPlanSchema.parse({ auto: false, ...p });
const transport = (side: Side, hex: string | null, extra: Partial<Unit> = {}) =>
  unit(side, 'TRANSPORT', hex, { attack: 0, defense: 1, movement: 6, ...extra });
const at = (side: Side, space: number, units: Unit[], options = {}): CerberusState =>
  stateAt({ turn: 5, segment: 'SUPPLY', phasing: side, space, options }, units);
const types = (ev: GameEvent[]) => ev.map((e) => e.type);
const u = (s: CerberusState, id: string) => unitById(s, id)!;

describe('12 supply: worked examples', () => {
  it('8.42 example, 12.7, 12.4: the Cetian Base in 1109 (Resource hex #7) produces 2 and supplies the Mobile battalion in 1009, Human units in both hexes notwithstanding', () => {
    const s = at('CETIAN', 2, [
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1', supplies: 3 }),
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3' }),
      unit('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:2/2' }),
      unit('HUMAN', 'BASE', '0605', { id: 'H:B1' }),
      unit('HUMAN', 'BASE', '0812', { id: 'H:B2' }),
      unit('HUMAN', 'BASE', '1313', { id: 'H:B3' }),
    ]);
    const p = plan({ draws: [{ unitId: 'C:1/3', source: { kind: 'installation', installationId: 'C:B1' } }] });
    expect(validateSupplyPlan(s, 'CETIAN', p)).toEqual([]);
    applySupplyPlan(s, 'CETIAN', p);
    expect(u(s, 'C:B1').supplies).toBe(3 + 2 - 1);
    expect(u(s, 'C:1/3').outOfSupply).toBe(false);
  });

  it('8.42 example, 12.71: the Human Mobile battalion in 1109 draws its factor from Resource hex #7 although the enemy Base and ZOC are there; the one in 1009 cannot', () => {
    const s = at('HUMAN', 2, [
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1' }),
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3' }),
      unit('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:2/2' }),
    ]);
    const p = plan({
      draws: [
        { unitId: 'H:1/2', source: { kind: 'resource' } },
        { unitId: 'H:2/2', source: { kind: 'resource' } },
      ],
    });
    expect(validateSupplyPlan(s, 'HUMAN', p)).toMatchObject([
      { code: 'supply.not-resource', path: ['draws', 1, 'source'], rule: '12.71' },
    ]);
    applySupplyPlan(s, 'HUMAN', p);
    expect([u(s, 'H:1/2').outOfSupply, u(s, 'H:2/2').outOfSupply]).toEqual([false, true]);
  });

  it('13.71: in Space State Human +2 the Human Fleet delivers 30 supply factors and the Cetian Fleet 5', () => {
    const human = at('HUMAN', 2, [unit('HUMAN', 'SPACEPORT', '1307', { id: 'H:SP1', supplies: 0 })]);
    const thirty = plan({ spaceDelivery: [{ kind: 'installation', installationId: 'H:SP1', factors: 30 }] });
    expect(validateSupplyPlan(human, 'HUMAN', thirty)).toEqual([]);
    const more = plan({ spaceDelivery: [{ kind: 'installation', installationId: 'H:SP1', factors: 31 }] });
    expect(validateSupplyPlan(human, 'HUMAN', more)).toMatchObject([
      { code: 'supply.space-exhausted', path: ['spaceDelivery', 0], rule: '3.2 B.2b' },
    ]);
    applySupplyPlan(human, 'HUMAN', thirty);
    expect(u(human, 'H:SP1').supplies).toBe(30);

    const cetian = at('CETIAN', 2, [
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1', supplies: 0 }),
      unit('CETIAN', 'BASE', '1206', { id: 'C:B2', supplies: 8 }),
    ]);
    // Resource hexes #7 and #4 produce first: B1 has 2, room 6; B2 is over its cap until the segment ends.
    expect(
      validateSupplyPlan(
        cetian,
        'CETIAN',
        plan({ spaceDelivery: [{ kind: 'installation', installationId: 'C:B1', factors: 5 }] }),
      ),
    ).toEqual([]);
    expect(
      validateSupplyPlan(
        cetian,
        'CETIAN',
        plan({ spaceDelivery: [{ kind: 'installation', installationId: 'C:B1', factors: 6 }] }),
      )[0].code,
    ).toBe('supply.space-exhausted');
  });

  it('12.8: supplies land directly onto units only at parity or better (the Cetian at Human +2 may not)', () => {
    const s = at('CETIAN', 2, [unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3' })]);
    expect(validateSupplyPlan(s, 'CETIAN', plan({ spaceDelivery: [{ kind: 'unit', unitId: 'C:1/3' }] }))).toMatchObject(
      [{ code: 'supply.direct-needs-parity', rule: '12.8' }],
    );
    const h = at('HUMAN', 0, [unit('HUMAN', 'MOBILE', '0202', { id: 'H:1/2' })]);
    const p = plan({
      spaceDelivery: [
        { kind: 'unit', unitId: 'H:1/2' },
        { kind: 'unit', unitId: 'H:1/2' },
      ],
    });
    expect(validateSupplyPlan(h, 'HUMAN', p)).toMatchObject([
      { code: 'supply.twice', path: ['spaceDelivery', 1, 'unitId'], rule: '12.11' },
    ]);
    applySupplyPlan(h, 'HUMAN', p);
    expect(u(h, 'H:1/2').box).toBe('MAP'); // supplied in row 02, so not eliminated (12.13)
  });
});

describe('12 supply: stockpiles (12.2, 12.21, 12.7, G20)', () => {
  it('12.2/G20: deliveries never pass the cap; production may, until the end of the Supply Segment', () => {
    const s = at('HUMAN', 6, [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 7 }),
      unit('HUMAN', 'INFANTRY', '1109', { id: 'H:1/1' }),
    ]);
    expect(
      validateSupplyPlan(
        s,
        'HUMAN',
        plan({ spaceDelivery: [{ kind: 'installation', installationId: 'H:B1', factors: 1 }] }),
      ),
    ).toMatchObject([{ code: 'supply.over-cap', path: ['spaceDelivery', 0, 'factors'], rule: '12.2' }]);
    const ev = applySupplyPlan(
      s,
      'HUMAN',
      plan({ draws: [{ unitId: 'H:1/1', source: { kind: 'installation', installationId: 'H:B1' } }] }),
    );
    expect(u(s, 'H:B1').supplies).toBe(8); // 7 + 2 produced − 1 drawn = 8
    expect(ev.find((e) => e.type === 'supply.result')!.data).toMatchObject({ trimmed: [] });
    const full = at('HUMAN', 6, [unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 8 })]);
    applySupplyPlan(full, 'HUMAN', plan());
    expect(u(full, 'H:B1').supplies).toBe(8);
  });

  it('10.412, 12.7: a disrupted Base produces nothing; option productionPerResourceHex one-per-hex', () => {
    const s = at('HUMAN', 6, [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 0, disrupted: { by: 'CETIAN', turn: 4 } }),
    ]);
    applySupplyPlan(s, 'HUMAN', plan());
    expect(u(s, 'H:B1').supplies).toBe(0);
    const two = [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 0 }),
      unit('HUMAN', 'SPACEPORT', '1109', { id: 'H:SP1', supplies: 0 }),
    ];
    const per = at('HUMAN', 6, structuredClone(two));
    applySupplyPlan(per, 'HUMAN', plan());
    expect([u(per, 'H:B1').supplies, u(per, 'H:SP1').supplies]).toEqual([2, 2]);
    const one = at('HUMAN', 6, structuredClone(two), { productionPerResourceHex: 'one-per-hex' });
    applySupplyPlan(one, 'HUMAN', plan());
    expect([u(one, 'H:B1').supplies, u(one, 'H:SP1').supplies]).toEqual([0, 2]);
  });

  it('11.144: E-Fields cannot stock supplies', () => {
    const s = at('CETIAN', -6, [unit('CETIAN', 'EFIELD', '1109', { id: 'C:E1' })]);
    expect(
      validateSupplyPlan(
        s,
        'CETIAN',
        plan({ spaceDelivery: [{ kind: 'installation', installationId: 'C:E1', factors: 1 }] }),
      ),
    ).toMatchObject([{ code: 'supply.cannot-stock', rule: '11.144' }]);
  });
});

describe('12.4 supply paths', () => {
  const draw = (unitId: string, installationId: string) =>
    plan({ draws: [{ unitId, source: { kind: 'installation', installationId } }] });

  it('12.4, 4.7: a unit draws within its own Movement Factor; an MF-1 Infantry battalion next to its Base across a Mountain still can (option supplyPathMinimumMove)', () => {
    const units = () => [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1' }),
      unit('HUMAN', 'INFANTRY', '1208', { id: 'H:1/1' }),
      unit('HUMAN', 'INFANTRY', '1111', { id: 'H:2/1' }),
    ];
    const s = at('HUMAN', 6, units());
    expect(validateSupplyPlan(s, 'HUMAN', draw('H:1/1', 'H:B1'))).toEqual([]);
    expect(validateSupplyPlan(s, 'HUMAN', draw('H:2/1', 'H:B1'))).toMatchObject([
      { code: 'supply.out-of-range', path: ['draws', 0, 'source', 'installationId'], rule: '12.4' },
    ]);
    const strict = at('HUMAN', 6, units(), { supplyPathMinimumMove: false });
    expect(validateSupplyPlan(strict, 'HUMAN', draw('H:1/1', 'H:B1'))[0].code).toBe('supply.out-of-range');
  });

  it('5.7, 12.4: a supply path may not pass through an enemy ZOC unless a friendly unit occupies that hex', () => {
    const units = [
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1' }),
      unit('CETIAN', 'INFANTRY', '1111', { id: 'C:2/3' }),
      unit('HUMAN', 'MOBILE', '1010', { id: 'H:1/2' }),
    ];
    const s = at('CETIAN', -6, units);
    expect(validateSupplyPlan(s, 'CETIAN', draw('C:2/3', 'C:B1'))[0]).toMatchObject({
      code: 'supply.out-of-range',
      rule: '12.4',
    });
    const negated = at('CETIAN', -6, [...structuredClone(units), unit('CETIAN', 'MOBILE', '1110', { id: 'C:1/3' })]);
    expect(validateSupplyPlan(negated, 'CETIAN', draw('C:2/3', 'C:B1'))).toEqual([]);
  });

  it('10.412: a disrupted Base issues only to units in or next to its hex, but a Transport inverted on it ferries 6 MP (12.4)', () => {
    const units = () => [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', disrupted: { by: 'CETIAN', turn: 4 } }),
      unit('HUMAN', 'MOBILE', '1111', { id: 'H:1/2' }),
      unit('HUMAN', 'INFANTRY', '1110', { id: 'H:1/1' }),
      transport('HUMAN', '1109', { id: 'H:T/1' }),
    ];
    const s = at('HUMAN', 6, units());
    expect(validateSupplyPlan(s, 'HUMAN', draw('H:1/2', 'H:B1'))).toMatchObject([
      { code: 'supply.disrupted-source', rule: '10.412' },
    ]);
    expect(validateSupplyPlan(s, 'HUMAN', draw('H:1/1', 'H:B1'))).toEqual([]);
    const viaFerry = plan({
      ferry: ['H:T/1'],
      draws: [{ unitId: 'H:1/2', source: { kind: 'ferry', transportId: 'H:T/1' } }],
    });
    expect(validateSupplyPlan(s, 'HUMAN', viaFerry)).toEqual([]);
    applySupplyPlan(s, 'HUMAN', viaFerry);
    expect([u(s, 'H:T/1').ferrying, u(s, 'H:1/2').outOfSupply, u(s, 'H:B1').supplies]).toEqual([true, false, 7]);
    const inf = at('HUMAN', 6, units(), { ferrySupplies: 'infantry-only' });
    expect(validateSupplyPlan(inf, 'HUMAN', viaFerry)).toMatchObject([
      { code: 'supply.ferry-infantry-only', rule: '12.4' },
    ]);
    expect(
      validateSupplyPlan(
        s,
        'HUMAN',
        plan({ draws: [{ unitId: 'H:1/2', source: { kind: 'ferry', transportId: 'H:T/1' } }] }),
      )[0].code,
    ).toBe('supply.not-ferrying');
    const away = at('HUMAN', 6, [...units().slice(0, 3), transport('HUMAN', '1111', { id: 'H:T/1' })]);
    expect(validateSupplyPlan(away, 'HUMAN', plan({ ferry: ['H:T/1'] }))).toMatchObject([
      { code: 'supply.ferry-not-on-installation', path: ['ferry', 0] },
    ]);
  });

  it('12.5: a Transport issues the supplies it carries to units in its own hex (itself included); dumped supplies are gone', () => {
    const s = at('HUMAN', 6, [
      transport('HUMAN', '1111', { id: 'H:T/1', cargo: { supplies: 3 } }),
      unit('HUMAN', 'INFANTRY', '1111', { id: 'H:1/1' }),
      unit('HUMAN', 'INFANTRY', '1110', { id: 'H:2/1' }),
    ]);
    const cargo = { kind: 'cargo', transportId: 'H:T/1' } as const;
    const p = plan({
      draws: [
        { unitId: 'H:1/1', source: cargo },
        { unitId: 'H:T/1', source: cargo },
        { unitId: 'H:2/1', source: cargo },
      ],
    });
    expect(validateSupplyPlan(s, 'HUMAN', p)).toMatchObject([
      { code: 'supply.cargo-not-here', path: ['draws', 2, 'source', 'transportId'], rule: '12.5' },
    ]);
    expect(
      validateSupplyPlan(s, 'HUMAN', plan({ ...p, dumpCargo: [{ transportId: 'H:T/1', factors: 2 }] })).map(
        (e) => e.code,
      ),
    ).toEqual(['supply.no-cargo', 'supply.cargo-not-here']);
    applySupplyPlan(s, 'HUMAN', p);
    expect(u(s, 'H:T/1').cargo).toEqual({ supplies: 1 });
  });

  it('12.71: one unit per Resource hex; only a friendly Base bars the draw (default, as written), a Spaceport too with option resourceDrawBarredBy', () => {
    const s = at('CETIAN', -6, [
      unit('CETIAN', 'MOBILE', '0408', { id: 'C:1/3' }),
      unit('CETIAN', 'INFANTRY', '0408', { id: 'C:2/3' }),
    ]);
    const both = plan({
      draws: [
        { unitId: 'C:1/3', source: { kind: 'resource' } },
        { unitId: 'C:2/3', source: { kind: 'resource' } },
      ],
    });
    expect(validateSupplyPlan(s, 'CETIAN', both)).toMatchObject([
      { code: 'supply.resource-once', path: ['draws', 1, 'source'] },
    ]);
    const sp = (options = {}) =>
      at(
        'HUMAN',
        6,
        [
          unit('HUMAN', 'SPACEPORT', '1109', { id: 'H:SP1', supplies: 0 }),
          unit('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
        ],
        options,
      );
    const r = plan({ draws: [{ unitId: 'H:1/2', source: { kind: 'resource' } }] });
    expect(validateSupplyPlan(sp(), 'HUMAN', r)).toEqual([]);
    expect(validateSupplyPlan(sp({ resourceDrawBarredBy: 'base-or-spaceport' }), 'HUMAN', r)[0]).toMatchObject({
      code: 'supply.resource-barred',
      rule: '12.71',
    });
    const base = at('HUMAN', 6, [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 0 }),
      unit('HUMAN', 'MOBILE', '1109', { id: 'H:1/2' }),
    ]);
    expect(validateSupplyPlan(base, 'HUMAN', r)[0]).toMatchObject({ code: 'supply.resource-barred', rule: '12.71' });
  });
});

describe('12.12–12.13 out of supply', () => {
  it('T33 12.12: an unsupplied unit flips; supplied again it recovers', () => {
    const s = at('HUMAN', -6, [unit('HUMAN', 'INFANTRY', '1110', { id: 'H:1/1' })]);
    applySupplyPlan(s, 'HUMAN', plan({ auto: true }));
    expect(u(s, 'H:1/1').outOfSupply).toBe(true);
    s.units.push(unit('HUMAN', 'BASE', '1110', { id: 'H:B1', supplies: 1 }));
    const ev = applySupplyPlan(s, 'HUMAN', plan({ auto: true }));
    expect(u(s, 'H:1/1').outOfSupply).toBe(false);
    expect(ev.find((e) => e.type === 'supply.status')!.data).toMatchObject({ recovered: [{ unitId: 'H:1/1' }] });
  });

  it('T32 12.13: units out of supply in rows 01–03, 17–19 or on a Pole are eliminated instead of flipped', () => {
    const s = at('HUMAN', -6, [
      unit('HUMAN', 'INFANTRY', '0202', { id: 'H:1/1' }),
      unit('HUMAN', 'MOBILE', '0000', { id: 'H:1/2' }),
      unit('HUMAN', 'MOBILE', '0408', { id: 'H:2/2', sub: 'REGULAR' }),
      unit('HUMAN', 'MOBILE', '0313', { id: 'H:3/2' }),
    ]);
    applySupplyPlan(s, 'HUMAN', plan({ draws: [{ unitId: 'H:3/2', source: { kind: 'resource' } }] }));
    expect(u(s, 'H:1/1')).toMatchObject({ box: 'DESTROYED', destroyed: { cause: 'supply' } });
    expect(u(s, 'H:1/2').box).toBe('DESTROYED');
    expect(u(s, 'H:2/2')).toMatchObject({ box: 'MAP', outOfSupply: true }); // row 04 is not a polar supply row: flipped
    expect(u(s, 'H:3/2')).toMatchObject({ box: 'MAP', outOfSupply: false }); // row 03, but supplied from its Resource hex
  });

  it('hidden information: the Human is not told which face-down Cetian units flip; a face-down unit eliminated in a polar row is revealed (14.5 scores it)', () => {
    const s = at('CETIAN', 6, [
      unit('CETIAN', 'MOBILE', '1110', { id: 'C:1/3', faceDown: true }),
      unit('CETIAN', 'INFANTRY', '0202', { id: 'C:2/3', faceDown: true }),
    ]);
    const ev = applySupplyPlan(s, 'CETIAN', plan());
    const publicEvents = ev.filter((e) => e.visibleTo === 'all');
    expect(JSON.stringify(publicEvents)).not.toContain('C:1/3');
    expect(publicEvents.find((e) => e.type === 'supply.status')!.data).toMatchObject({
      unsupplied: [],
      eliminated: [{ unitId: 'C:2/3' }],
    });
    expect(
      ev
        .filter((e) => e.type.startsWith('supply.') && e.type !== 'supply.status')
        .every((e) => JSON.stringify(e.visibleTo) === '["CETIAN"]'),
    ).toBe(true);
  });
});

describe('autoSupply (max-flow assignment)', () => {
  it('12.13: with one factor for two units, the one in a polar row gets it', () => {
    const s = at('HUMAN', -6, [
      unit('HUMAN', 'BASE', '0303', { id: 'H:B1', supplies: 1 }),
      unit('HUMAN', 'MOBILE', '0403', { id: 'H:1/2' }),
      unit('HUMAN', 'MOBILE', '0302', { id: 'H:2/2' }),
    ]);
    const p = autoSupply(s, 'HUMAN');
    expect(p.draws).toEqual([{ unitId: 'H:2/2', source: { kind: 'installation', installationId: 'H:B1' } }]);
    expect(validateSupplyPlan(s, 'HUMAN', p)).toEqual([]);
  });

  it('reroutes by augmenting paths: a unit that can reach only one Base gets it, the other is sent to the second Base', () => {
    const s = at('HUMAN', -6, [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 1 }),
      unit('HUMAN', 'BASE', '1308', { id: 'H:B2', supplies: 1 }),
      unit('HUMAN', 'INFANTRY', '1208', { id: 'H:1/1' }), // next to both
      unit('HUMAN', 'INFANTRY', '1110', { id: 'H:2/1' }), // next to B1 only
    ]);
    // Both Bases stand on Resource hexes (#7, #6): disrupted, they produce nothing (10.412) and keep one factor each.
    for (const b of ['H:B1', 'H:B2']) u(s, b).disrupted = { by: 'CETIAN', turn: 4 };
    const p = autoSupply(s, 'HUMAN');
    expect(p.draws).toHaveLength(2);
    expect(validateSupplyPlan(s, 'HUMAN', p)).toEqual([]);
    applySupplyPlan(s, 'HUMAN', p);
    expect([
      u(s, 'H:1/1').outOfSupply,
      u(s, 'H:2/1').outOfSupply,
      u(s, 'H:B1').supplies,
      u(s, 'H:B2').supplies,
    ]).toEqual([false, false, 0, 0]);
  });

  it('spends the Fleet delivery: straight onto unsupplied units at parity or better, into installations otherwise, never over a cap', () => {
    const units = () => [
      unit('HUMAN', 'BASE', '1110', { id: 'H:B1', supplies: 0 }),
      unit('HUMAN', 'INFANTRY', '1111', { id: 'H:1/1' }),
      unit('HUMAN', 'INFANTRY', '0202', { id: 'H:2/1' }),
    ];
    const parity = at('HUMAN', 1, units());
    const p = autoSupply(parity, 'HUMAN');
    expect(p.spaceDelivery).toEqual([
      { kind: 'installation', installationId: 'H:B1', factors: 8 },
      { kind: 'unit', unitId: 'H:2/1' },
      { kind: 'unit', unitId: 'H:1/1' },
    ]);
    expect(validateSupplyPlan(parity, 'HUMAN', p)).toEqual([]);
    const low = at('HUMAN', -3, units()); // 4 factors, no direct landing (12.8)
    const q = autoSupply(low, 'HUMAN');
    expect(q.spaceDelivery).toEqual([{ kind: 'installation', installationId: 'H:B1', factors: 4 }]);
    applySupplyPlan(low, 'HUMAN', q);
    expect([u(low, 'H:1/1').outOfSupply, u(low, 'H:2/1').box, u(low, 'H:B1').supplies]).toEqual([
      false,
      'DESTROYED',
      3,
    ]);
  });

  it('12.4: inverts a Transport on a Base only where ferrying supplies more units', () => {
    const s = at('HUMAN', -6, [
      unit('HUMAN', 'BASE', '1109', { id: 'H:B1', supplies: 5 }),
      transport('HUMAN', '1109', { id: 'H:T/1' }),
      unit('HUMAN', 'INFANTRY', '1111', { id: 'H:1/1' }),
    ]);
    const p = autoSupply(s, 'HUMAN');
    expect(p.ferry).toEqual(['H:T/1']);
    expect(p.draws).toContainEqual({ unitId: 'H:1/1', source: { kind: 'ferry', transportId: 'H:T/1' } });
    s.units.pop();
    expect(autoSupply(s, 'HUMAN').ferry).toEqual([]);
  });
});

describe('entry points', () => {
  it('validatePlanSupply prefixes paths into the phase plan; unknown and enemy ids get the same answer (hidden units stay hidden)', () => {
    const s = at('HUMAN', 6, [unit('CETIAN', 'MOBILE', '1110', { id: 'C:1/3', faceDown: true })]);
    const order = {
      supply: plan({
        draws: [
          { unitId: 'C:1/3', source: { kind: 'resource' } },
          { unitId: 'C:9/9', source: { kind: 'resource' } },
        ],
      }),
    };
    const errors = validatePlanSupply(s, 'HUMAN', order);
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['supply.not-yours', ['supply', 'draws', 0, 'unitId']],
      ['supply.not-yours', ['supply', 'draws', 1, 'unitId']],
    ]);
    expect(errors[0].message.replace('C:1/3', 'X')).toBe(errors[1].message.replace('C:9/9', 'X'));
  });

  it('supplyHandler: without a supply part the automatic plan runs (with the Fleet delivery)', () => {
    const s = at('HUMAN', 6, [
      unit('HUMAN', 'INFANTRY', '0202', { id: 'H:1/1' }),
      unit('HUMAN', 'BASE', '1110', { id: 'H:B1', supplies: 0 }),
    ]);
    const ev = supplyHandler()(s, { dice: undefined as never, orders: {} });
    expect(types(ev)).toContain('supply.delivered');
    expect(u(s, 'H:1/1')).toMatchObject({ box: 'MAP', outOfSupply: false });
    expect(u(s, 'H:B1').supplies).toBe(8);
  });
});
