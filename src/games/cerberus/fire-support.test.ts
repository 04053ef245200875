import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { ScriptedDice, seededDice } from '#engine/dice.js';
import { applyCombatPlan, validateCombatPlan } from './combat.js';
import { adzLevel, airReach, fireEnv, trimToCap, poolsOf } from './fire-support.js';
import { distance } from './map.js';
import { CombatPlanSchema, type CombatPlan } from './orders.js';
import { newPhaseScratch, unitById, type CerberusState, type Side, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';

const plan = (p: unknown): CombatPlan => CombatPlanSchema.parse(p);
const codes = (errs: { code: string }[]) => errs.map((e) => e.code);
const ofType = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type);
const data = (e: GameEvent | undefined) => e?.data as Record<string, unknown>;
const hw = (side: Side, hex: string, id: string) =>
  unit(side, 'HEAVY_WEAPONS', hex, {
    id,
    attack: side === 'HUMAN' ? 4 : 5,
    defense: side === 'HUMAN' ? 1 : 3,
    movement: 6,
  });

function combatAt(
  side: Side,
  units: Unit[],
  space = side === 'HUMAN' ? 6 : -6,
  options: Record<string, boolean | string> = {},
): CerberusState {
  const s = stateAt({ turn: 3, segment: 'COMBAT', phasing: side, space, options }, units);
  s.phaseScratch = newPhaseScratch(side);
  return s;
}

/**
 * The 8.42 example: a Cetian Base in 1109 (Resource hex #7), a Cetian Mobile in 1009, Human
 * Bases at 0605, 0812 and 1313 (all within air range of 1109), Human units attacking in both hexes,
 * plus the three other attacks of the split variant (North Polar 0604, Delta 1312, Beta 0811).
 */
function example842(): CerberusState {
  return combatAt('HUMAN', [
    unit('CETIAN', 'BASE', '1109', { id: 'C:B7' }),
    unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1009' }),
    unit('HUMAN', 'BASE', '0605', { id: 'H:B0605' }),
    unit('HUMAN', 'BASE', '0812', { id: 'H:B0812' }),
    unit('HUMAN', 'BASE', '1313', { id: 'H:B1313' }),
    unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
    unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
    hw('HUMAN', '1009', 'H:HW1'),
    unit('HUMAN', 'INFANTRY', '1109', { id: 'H:I3' }),
    unit('HUMAN', 'INFANTRY', '1109', { id: 'H:I4' }),
    hw('HUMAN', '1109', 'H:HW2'),
    unit('CETIAN', 'MOBILE', '0604', { id: 'C:M0604' }),
    unit('HUMAN', 'INFANTRY', '0604', { id: 'H:I0604' }),
    unit('CETIAN', 'MOBILE', '1312', { id: 'C:M1312' }),
    unit('HUMAN', 'INFANTRY', '1312', { id: 'H:I1312' }),
    unit('CETIAN', 'MOBILE', '0811', { id: 'C:S0811', sub: 'STORM', attack: 4, defense: 2 }),
    unit('HUMAN', 'INFANTRY', '0811', { id: 'H:I0811' }),
    unit('HUMAN', 'MOBILE', '0811', { id: 'H:M0811' }),
  ]);
}
const on1009 = { targetHex: '1009', attackers: ['H:I1', 'H:I2', 'H:HW1'] };
const on1109 = { targetHex: '1109', attackers: ['H:I3', 'H:I4', 'H:HW2'] };

describe('8.3 tactical air range', () => {
  it('8.3: six hexes, the Base’s hex not counted and the target’s counted, along movement adjacency (4.9)', () => {
    expect(distance('0605', '1109')).toBe(6);
    expect([distance('0812', '1109'), distance('1313', '1109')]).toEqual([5, 5]);
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('HUMAN', 'BASE', '0505', { id: 'H:B6' }),
      unit('HUMAN', 'BASE', '0604', { id: 'H:B7' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
    ]);
    expect([distance('0505', '1009'), distance('0604', '1009')]).toEqual([6, 7]);
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({
        attacks: [
          {
            targetHex: '1009',
            attackers: ['H:I1', 'H:I2'],
            air: [
              { installationId: 'H:B6', points: 2 },
              { installationId: 'H:B7', points: 2 },
            ],
          },
        ],
      }),
    );
    expect(errs).toMatchObject([{ code: 'air.out-of-range', path: ['combat', 'attacks', 0, 'air', 1], rule: '8.3' }]);
  });
  it('15.72, G34: no Tactical Aviation into, out of or through an Intensity 3 hex', () => {
    const env = { ...fireEnv(stateAt()), intensityAt: (h: string) => (h === '1009' ? 3 : 0) };
    expect(airReach(env, '0812', '1009')).toBe('storm');
    expect(airReach(env, '1009', '0812')).toBe('storm');
    expect(airReach(env, '0812', '0811')).toBe('ok');
  });
});

describe('8.4–8.43 air defence zones', () => {
  it('8.4: no enemy air into a hex of an unsuppressed ADZ (the Base’s hex and the hexes next to it)', () => {
    const s = example842();
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({
        attacks: [
          { ...on1009, air: [{ installationId: 'H:B0812', points: 4 }] },
          { ...on1109, air: [{ installationId: 'H:B1313', points: 4 }] },
        ],
      }),
    );
    expect(errs.map((e) => [e.code, e.path])).toEqual([
      ['air.adz', ['combat', 'attacks', 0, 'air', 0]],
      ['air.adz', ['combat', 'attacks', 1, 'air', 0]],
    ]);
    expect(errs[0].message).toMatch(/C:B7/);
  });
  it('T16 8.42 example: one Base’s 4 points shrink the ADZ to 1109, so 1009 may take the other 8; 1109 may not', () => {
    const s = example842();
    const suppress = [{ targetInstallationId: 'C:B7', from: [{ installationId: 'H:B0605', points: 4 }] }];
    const good = plan({
      suppress,
      attacks: [
        {
          ...on1009,
          air: [
            { installationId: 'H:B0812', points: 4 },
            { installationId: 'H:B1313', points: 4 },
          ],
        },
      ],
    });
    expect(validateCombatPlan(s, 'HUMAN', good)).toEqual([]);
    const bad = plan({ suppress, attacks: [{ ...on1109, air: [{ installationId: 'H:B0812', points: 4 }] }] });
    expect(codes(validateCombatPlan(s, 'HUMAN', bad))).toEqual(['air.adz']);
    const ev = applyCombatPlan(s, 'HUMAN', good, new ScriptedDice([1]));
    expect(data(ofType(ev, 'air.adz-suppressed')[0])).toMatchObject({
      targetId: 'C:B7',
      points: 4,
      level: 'own-hex',
      rule: '8.41',
    });
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({
      ground: 10,
      support: { air: 8, total: 8 },
      attack: 18,
      defense: 3,
      column: '4-1',
    });
  });
  it('T16 8.42 example: a second Base’s 4 points suppress the ADZ totally; the third Base’s wing may support the attack on the Base', () => {
    const s = example842();
    const p = plan({
      suppress: [
        { targetInstallationId: 'C:B7', from: [{ installationId: 'H:B0605', points: 4 }] },
        { targetInstallationId: 'C:B7', from: [{ installationId: 'H:B0812', points: 4 }] },
      ],
      attacks: [{ ...on1109, air: [{ installationId: 'H:B1313', points: 4 }] }],
    });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyCombatPlan(s, 'HUMAN', p, new ScriptedDice([1]));
    expect(ofType(ev, 'air.adz-suppressed').map((e) => data(e).level)).toEqual(['own-hex', 'off']);
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({ attack: 14, defense: 4, column: '3-1' });
  });
  it('T16 8.42 split variant: 2 (0605) to North Polar, 1 (1313) to Delta, 1 (0812) turns 2-1 into 3-1 on Beta; 2 + 2 suppress; the other 4 may hit 1009 but not 1109', () => {
    const s = example842();
    const others = [
      { targetHex: '0604', attackers: ['H:I0604'], air: [{ installationId: 'H:B0605', points: 2 }] },
      { targetHex: '1312', attackers: ['H:I1312'], air: [{ installationId: 'H:B1313', points: 1 }] },
      { targetHex: '0811', attackers: ['H:I0811', 'H:M0811'], air: [{ installationId: 'H:B0812', points: 1 }] },
    ];
    const suppress = [
      {
        targetInstallationId: 'C:B7',
        from: [
          { installationId: 'H:B0605', points: 2 },
          { installationId: 'H:B1313', points: 2 },
        ],
      },
    ];
    const rest = [
      { installationId: 'H:B1313', points: 1 },
      { installationId: 'H:B0812', points: 3 },
    ];
    expect(validateCombatPlan(s, 'HUMAN', plan({ suppress, attacks: [...others, { ...on1009, air: rest }] }))).toEqual(
      [],
    );
    expect(
      codes(validateCombatPlan(s, 'HUMAN', plan({ suppress, attacks: [...others, { ...on1109, air: rest }] }))),
    ).toEqual(['air.adz', 'air.adz']);
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ suppress, attacks: [...others, { ...on1009, air: rest }] }),
      new ScriptedDice([1, 1, 1, 1]),
    );
    const beta = ofType(ev, 'combat.resolved')
      .map(data)
      .find((d) => d.hex === '0811')!;
    expect(beta).toMatchObject({ ground: 5, attack: 6, defense: 2, column: '3-1' });
    expect(poolsOf(s, 'HUMAN').air).toEqual({ 'H:B0605': 4, 'H:B1313': 4, 'H:B0812': 4 });
  });
  it('T17 8.41: air points used to suppress an ADZ may not be added to an attack in the same segment', () => {
    const s = example842();
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({
        suppress: [{ targetInstallationId: 'C:B7', from: [{ installationId: 'H:B0605', points: 4 }] }],
        attacks: [{ ...on1009, air: [{ installationId: 'H:B0605', points: 1 }] }],
      }),
    );
    expect(errs).toMatchObject([
      { code: 'air.points-exhausted', path: ['combat', 'attacks', 0, 'air', 0], rule: '8.3, 8.41' },
    ]);
  });
  it('8.41: 4 points reduce, 8 suppress; other totals are refused as wasted; only a face-up enemy Base or Spaceport has an ADZ', () => {
    expect([adzLevel(0), adzLevel(3), adzLevel(4), adzLevel(7), adzLevel(8)]).toEqual([
      'full',
      'full',
      'own-hex',
      'own-hex',
      'off',
    ]);
    const s = example842();
    s.units.push(unit('CETIAN', 'BASE', '1110', { id: 'C:Bhidden', faceDown: true }));
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({
        suppress: [
          {
            targetInstallationId: 'C:B7',
            from: [
              { installationId: 'H:B0605', points: 3 },
              { installationId: 'H:B0812', points: 3 },
            ],
          },
          { targetInstallationId: 'C:Bhidden', from: [{ installationId: 'H:B1313', points: 4 }] },
          { targetInstallationId: 'C:M1009', from: [{ installationId: 'H:B1313', points: 4 }] },
        ],
      }),
    );
    expect(codes(errs)).toEqual(['adz.bad-target', 'adz.bad-target', 'adz.points']);
    // The face-down Base gets the very sentence a Mobile battalion gets: nothing is betrayed.
    expect(errs[0].message.replace('C:Bhidden', 'X')).toBe(errs[1].message.replace('C:M1009', 'X'));
  });
  it('8.43: overlapping ADZs must all be suppressed before the hex may be attacked with aviation', () => {
    const s = example842();
    s.units.push(unit('CETIAN', 'BASE', '1010', { id: 'C:B1010' }));
    const p = plan({
      suppress: [
        {
          targetInstallationId: 'C:B7',
          from: [
            { installationId: 'H:B0605', points: 4 },
            { installationId: 'H:B0812', points: 4 },
          ],
        },
      ],
      attacks: [{ ...on1009, air: [{ installationId: 'H:B1313', points: 4 }] }],
    });
    expect(validateCombatPlan(s, 'HUMAN', p)).toMatchObject([{ code: 'air.adz', rule: '8.4, 8.43' }]);
  });
  it('10.412, G40: a disrupted Base flies no air attacks, but its ADZ still works', () => {
    const s = example842();
    unitById(s, 'H:B0812')!.disrupted = { by: 'CETIAN', turn: 4 };
    unitById(s, 'C:B7')!.disrupted = { by: 'HUMAN', turn: 5 };
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({
        attacks: [
          { targetHex: '0811', attackers: ['H:I0811'], air: [{ installationId: 'H:B0812', points: 1 }] },
          { ...on1009, air: [{ installationId: 'H:B1313', points: 1 }] },
        ],
      }),
    );
    expect(errs.map((e) => [e.code, e.rule])).toEqual([
      ['air.disrupted', '10.412'],
      ['air.adz', '8.4, 8.43'],
    ]);
  });
  it('8.4, 14.12: a face-down Base’s ADZ is not betrayed by validation; at resolution it blocks the air and is turned up', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('CETIAN', 'BASE', '1110', { id: 'C:Bx', faceDown: true }),
      unit('HUMAN', 'BASE', '0812', { id: 'H:B0812' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
    ]);
    const p = plan({
      attacks: [{ targetHex: '1009', attackers: ['H:I1'], air: [{ installationId: 'H:B0812', points: 3 }] }],
    });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyCombatPlan(s, 'HUMAN', p, new ScriptedDice([1]));
    expect(data(ofType(ev, 'unit.revealed')[0])).toMatchObject({ unitId: 'C:Bx', reason: 'air-defence' });
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({ support: { air: 0 }, attack: 3, column: '1-1' });
    expect(ofType(ev, 'combat.attack-changed')[0].visibleTo).toEqual(['HUMAN']);
    expect(poolsOf(s, 'HUMAN').air).toEqual({});
  });
});

describe('8.5 missiles, 8.6 Fleet fire support, 8.1 the cap', () => {
  const cetianScene = () =>
    combatAt('CETIAN', [
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '1110', { id: 'H:M2' }),
      unit('HUMAN', 'BASE', '1010', { id: 'H:B1' }),
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
      unit('CETIAN', 'INFANTRY', '1110', { id: 'C:I2' }),
      unit('CETIAN', 'BASE', '0103', { id: 'C:B1' }),
      unit('CETIAN', 'SPACEPORT', '1918', { id: 'C:SP' }),
      unit('CETIAN', 'BASE', '1313', { id: 'C:B2', disrupted: { by: 'HUMAN', turn: 5 } }),
    ]);
  it('8.5, 8.51, 8.52: each Cetian Base or Spaceport fires one missile factor per segment, at any range, through any ADZ', () => {
    const s = cetianScene();
    const p = plan({
      attacks: [
        { targetHex: '1009', attackers: ['C:I1'], missiles: ['C:B1', 'C:SP'] },
        { targetHex: '1110', attackers: ['C:I2'], missiles: ['C:B1', 'C:B2'] },
      ],
    });
    expect(validateCombatPlan(s, 'CETIAN', p).map((e) => [e.code, e.path])).toEqual([
      ['missile.used', ['combat', 'attacks', 1, 'missiles', 0]],
      ['missile.disrupted', ['combat', 'attacks', 1, 'missiles', 1]],
    ]);
    const ev = applyCombatPlan(s, 'CETIAN', plan({ attacks: [p.attacks[0]] }), new ScriptedDice([1]));
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({ support: { missiles: 2 }, attack: 5, defense: 4 });
    // Public events carry totals only; the sources go to the Cetian alone.
    expect(ofType(ev, 'combat.support')[0]).toMatchObject({
      visibleTo: ['CETIAN'],
      data: { missiles: ['C:B1', 'C:SP'] },
    });
  });
  it('8.5: only the Cetian player has missiles', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('HUMAN', 'BASE', '1010', { id: 'H:B1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
    ]);
    expect(
      codes(
        validateCombatPlan(
          s,
          'HUMAN',
          plan({ attacks: [{ targetHex: '1009', attackers: ['H:I1'], missiles: ['H:B1'] }] }),
        ),
      ),
    ).toEqual(['missile.not-cetian']);
  });
  it('8.6, 8.62: Fleet points are split across attacks up to the Effects Chart total; 8.64: ADZs have no effect on them (option fleetFireIgnoresAdz)', () => {
    // Cetian +6: 6 Fleet points (reconstructed Effects Chart, tuned for balance: the Cetian's 8 became 6, data/tables.json)
    const s = cetianScene();
    const p = plan({
      attacks: [
        { targetHex: '1009', attackers: ['C:I1'], fleet: 3 },
        { targetHex: '1110', attackers: ['C:I2'], fleet: 3 },
      ],
    });
    expect(validateCombatPlan(s, 'CETIAN', p)).toEqual([]);
    s.phaseScratch!.fleetFireUsed = 2;
    expect(validateCombatPlan(s, 'CETIAN', p)).toMatchObject([
      { code: 'fleet.exhausted', path: ['combat', 'attacks', 1, 'fleet'], rule: '8.6' },
    ]);
    const strict = combatAt('CETIAN', cetianScene().units, -6, { fleetFireIgnoresAdz: false });
    expect(codes(validateCombatPlan(strict, 'CETIAN', p))).toEqual(['fleet.adz', 'fleet.adz']);
  });
  it('8.1, 8.63: the fire support of an attack may not exceed its ground attack factors; 8.2: never alone', () => {
    const s = cetianScene();
    const over = plan({ attacks: [{ targetHex: '1009', attackers: ['C:I1'], fleet: 2, missiles: ['C:B1', 'C:SP'] }] });
    expect(validateCombatPlan(s, 'CETIAN', over)).toMatchObject([
      { code: 'support.over-cap', path: ['combat', 'attacks', 0], rule: '8.1' },
    ]);
    s.units.push(unit('CETIAN', 'TRANSPORT', '1009', { id: 'C:T1', defense: 1 }));
    const alone = plan({ attacks: [{ targetHex: '1009', attackers: ['C:T1'], fleet: 2 }] });
    expect(codes(validateCombatPlan(s, 'CETIAN', alone))).toEqual(['combat.no-attack-factor', 'support.over-cap']);
  });
  it('8.1 at resolution: support above a shrunken ground attack is trimmed, Fleet points first, and goes back to the pools', () => {
    const s = example842();
    const pools = poolsOf(s, 'HUMAN');
    pools.air['H:B0812'] = 3;
    pools.fleet = 2;
    const { support, trimmed } = trimToCap(
      { air: [{ installationId: 'H:B0812', points: 3 }], missiles: [], fleet: 2 },
      2,
      pools,
    );
    expect(trimmed).toBe(true);
    expect(support).toEqual({ air: [{ installationId: 'H:B0812', points: 2 }], missiles: [], fleet: 0 });
    expect([pools.fleet, pools.air['H:B0812']]).toEqual([0, 2]);
  });
});

describe('property: fire support never exceeds the cap (8.1)', () => {
  it('whatever the (unvalidated) plan asks, every resolved attack has support ≤ its ground attack factors', () => {
    const hexes = ['1009', '1109', '1008', '1010', '1110'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            target: fc.integer({ min: 0, max: 4 }),
            who: fc.subarray(['H:I1', 'H:I2', 'H:HW1', 'H:I3', 'H:I4', 'H:HW2']),
            air: fc.integer({ min: 0, max: 4 }),
            fleet: fc.integer({ min: 0, max: 8 }),
            src: fc.constantFrom('H:B0605', 'H:B0812', 'H:B1313'),
          }),
          { maxLength: 5 },
        ),
        fc.integer(),
        (raw, seed) => {
          const s = example842();
          const attacks = raw
            .filter((r) => r.who.length)
            .map((r) => ({
              targetHex: hexes[r.target],
              attackers: r.who,
              fleet: r.fleet,
              air: r.air ? [{ installationId: r.src, points: r.air }] : [],
            }));
          const ev = applyCombatPlan(s, 'HUMAN', plan({ attacks }), seededDice(String(seed)));
          for (const e of ofType(ev, 'combat.resolved')) {
            const d = data(e) as { ground: number; support: { total: number } };
            expect(d.support.total).toBeLessThanOrEqual(d.ground);
          }
          expect(s.phaseScratch!.fleetFireUsed).toBeLessThanOrEqual(8);
          for (const v of Object.values(s.phaseScratch!.airPointsUsed)) expect(v).toBeLessThanOrEqual(4);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('8.4 an ADZ whose installation an earlier attack destroys', () => {
  it('8.4, 7.6: a plan may attack the Base first and then fly into its former ADZ; if the Base survives, the air is dropped at resolution', () => {
    const build = () => example842();
    const p = plan({ attacks: [{ ...on1109 }, { ...on1009, air: [{ installationId: 'H:B0812', points: 4 }] }] });
    expect(validateCombatPlan(build(), 'HUMAN', p)).toEqual([]);
    expect(codes(validateCombatPlan(build(), 'HUMAN', plan({ attacks: [p.attacks[1], p.attacks[0]] })))).toEqual([
      'air.adz',
    ]);
    // 10 vs 4 is 2-1: die 2 (-/1) eliminates the Base, so the air may join the next attack.
    const won = build();
    const ev = applyCombatPlan(won, 'HUMAN', p, new ScriptedDice([2, 1]));
    expect(ofType(ev, 'combat.resolved').map((e) => (data(e).support as { air: number }).air)).toEqual([0, 4]);
    // Die 1 (-/-): the Base survives, its ADZ still covers 1009 and the air is dropped (ifChanged 'proceed').
    const lost = build();
    const ev2 = applyCombatPlan(lost, 'HUMAN', p, new ScriptedDice([1, 1]));
    expect(ofType(ev2, 'combat.resolved').map((e) => (data(e).support as { air: number }).air)).toEqual([0, 0]);
    expect(data(ofType(ev2, 'combat.attack-changed')[0])).toMatchObject({ supportDropped: [{ reason: 'air.adz' }] });
  });
});
