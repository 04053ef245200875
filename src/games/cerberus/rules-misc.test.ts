/**
 * Rules that had no test of their own (issue 21): 5.8, 6.6, 7.5, 8.31, 8.32, 8.61, 12.1.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { ScriptedDice } from '#engine/dice.js';
import { applyCombatPlan, legalAttacks, validateCombatPlan } from './combat.js';
import { tablesData } from './data/index.js';
import { needsSupply } from './logistics.js';
import { CombatPlanSchema, SupplyPlanSchema, type CombatPlan } from './orders.js';
import { applySupplyPlan } from './supply.js';
import { newPhaseScratch, unitById, type CerberusState, type Side, type Unit } from './state.js';
import { stateAt, unit } from './testing.js';

const plan = (p: unknown): CombatPlan => CombatPlanSchema.parse(p);
const ofType = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type);
const hw = (side: Side, hex: string, id: string) =>
  unit(side, 'HEAVY_WEAPONS', hex, {
    id,
    attack: side === 'HUMAN' ? 4 : 5,
    defense: side === 'HUMAN' ? 1 : 3,
    movement: 6,
  });

function combatAt(side: Side, units: Unit[], space = 6, turn = 3): CerberusState {
  const s = stateAt({ turn, segment: 'COMBAT', phasing: side, space }, units);
  s.phaseScratch = newPhaseScratch(side);
  return s;
}

describe('5.8 Zones of Control do not affect combat', () => {
  it('5.8: a unit in an enemy ZOC need not attack (an empty plan is legal), and may attack another hex from there', () => {
    const s = combatAt('HUMAN', [
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M1' }),
      unit('CETIAN', 'INFANTRY', '1010', { id: 'C:I1' }),
      unit('CETIAN', 'INFANTRY', '1008', { id: 'C:I2' }),
    ]);
    expect(
      legalAttacks(s, 'HUMAN')
        .map((a) => a.targetHex)
        .sort(),
    ).toEqual(['1008', '1010']);
    expect(validateCombatPlan(s, 'HUMAN', plan({ attacks: [] }))).toEqual([]);
    expect(validateCombatPlan(s, 'HUMAN', plan({ attacks: [{ targetHex: '1010', attackers: ['H:M1'] }] }))).toEqual([]);
  });
});

describe('6.6 no retreat results', () => {
  it('6.6: every CRT cell is losses only, and survivors of an attack stay in their hexes', () => {
    for (const row of Object.values(tablesData.crt.rows))
      for (const cell of row) expect(Object.keys(cell).sort()).toEqual(['attacker', 'defender', 'provenance']);
    const s = combatAt('HUMAN', [
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M2' }),
      unit('CETIAN', 'INFANTRY', '1010', { id: 'C:I1' }),
      unit('CETIAN', 'INFANTRY', '1010', { id: 'C:I2' }),
    ]);
    applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1010', attackers: ['H:M1', 'H:M2'] }] }),
      new ScriptedDice([1]),
    );
    for (const id of ['H:M1', 'H:M2']) if (unitById(s, id)!.box === 'MAP') expect(unitById(s, id)!.hex).toBe('1009');
    for (const id of ['C:I1', 'C:I2']) if (unitById(s, id)!.box === 'MAP') expect(unitById(s, id)!.hex).toBe('1010');
  });
});

describe('7.5 units of an attacking stack need not join the attack', () => {
  it('7.5: of three units in one hex, one attacks a hex, one is withheld, a Heavy Weapons company attacks a different hex', () => {
    const s = combatAt('HUMAN', [
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M2' }),
      hw('HUMAN', '1009', 'H:HW1'),
      unit('CETIAN', 'INFANTRY', '1010', { id: 'C:I1', attack: 3, defense: 2 }),
      unit('CETIAN', 'INFANTRY', '1008', { id: 'C:I2', attack: 3, defense: 2 }),
    ]);
    const p = plan({
      attacks: [
        { targetHex: '1010', attackers: ['H:M1'] },
        { targetHex: '1008', attackers: ['H:HW1'] },
      ],
    });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyCombatPlan(s, 'HUMAN', p, new ScriptedDice([3, 3]));
    const resolved = ofType(ev, 'combat.resolved').map(
      (e) => (e.data as { hex?: string; targetHex?: string; ground: number }).ground,
    );
    expect(resolved).toEqual([2, 4]);
    expect(JSON.stringify(ofType(ev, 'combat.resolved'))).not.toContain('H:M2');
  });
});

describe('8.31, 8.32 Tactical Air Wings', () => {
  const scene = (fields: Partial<Unit> = {}, space = 6) =>
    combatAt(
      'HUMAN',
      [
        unit('HUMAN', 'BASE', '0812', { id: 'H:B1', ...fields }),
        unit('HUMAN', 'MOBILE', '1009', { id: 'H:M1' }),
        unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1', attack: 3, defense: 4 }),
      ],
      space,
    );
  const p = plan({
    attacks: [{ targetHex: '1009', attackers: ['H:M1'], air: [{ installationId: 'H:B1', points: 2 }] }],
  });
  it('8.31: the air wing is never lost in a supported attack: an attacker loss takes ground units only, the Base stays', () => {
    const s = scene();
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    // 1-1 column (2 + 2 against 4), die 5: the attacker loses a unit.
    const ev = applyCombatPlan(s, 'HUMAN', p, new ScriptedDice([5]));
    const r = ofType(ev, 'combat.resolved')[0].data as { result: { attacker: number } };
    expect(r.result.attacker).toBeGreaterThan(0);
    expect(unitById(s, 'H:M1')!.box).toBe('DESTROYED');
    expect(unitById(s, 'H:B1')).toMatchObject({ box: 'MAP', hex: '0812' });
  });
  it('8.31: the air wing is never affected by Space Control: the same air support is legal at Human −6 as at +6', () => {
    expect(validateCombatPlan(scene({}, -6), 'HUMAN', p)).toEqual([]);
    expect(validateCombatPlan(scene({}, 6), 'HUMAN', p)).toEqual([]);
  });
  it('8.32: a Base that landed this very turn flies its air wing in the Combat Phase', () => {
    const s = scene({ landedOnTurn: 3 });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
  });
});

describe('8.61 Fleet fire has unlimited range', () => {
  it('8.61: Fleet points support an attack anywhere on the map, far from any own installation', () => {
    const s = combatAt('HUMAN', [
      unit('HUMAN', 'MOBILE', '1718', { id: 'H:M1' }),
      unit('CETIAN', 'INFANTRY', '1718', { id: 'C:I1' }),
      unit('HUMAN', 'BASE', '0605', { id: 'H:B1' }),
    ]);
    const p = plan({ attacks: [{ targetHex: '1718', attackers: ['H:M1'], fleet: 2 }] });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyCombatPlan(s, 'HUMAN', p, new ScriptedDice([4]));
    expect(ofType(ev, 'combat.resolved')[0].data).toMatchObject({ ground: 2, attack: 4 });
  });
});

describe('12.1 which units require supplies', () => {
  it('12.1: Infantry, Mobile, Heavy Weapons and Transport units need supplies; Bases, Spaceports, SF and E-Fields never', () => {
    const need = (cls: Unit['cls']) => needsSupply(unit('HUMAN', cls, '1009'));
    expect((['INFANTRY', 'MOBILE', 'HEAVY_WEAPONS', 'TRANSPORT'] as const).map(need)).toEqual([true, true, true, true]);
    expect((['BASE', 'SPACEPORT', 'SF', 'EFIELD'] as const).map(need)).toEqual([false, false, false, false]);
    expect(needsSupply(unit('CETIAN', 'INFANTRY', '1009', { sub: 'PROVISIONAL' }))).toBe(true);
  });
  it('12.1, 12.12: with no supplies at all, the units that need them flip; a Base without a factor stays as it is', () => {
    const s = stateAt({ turn: 5, segment: 'SUPPLY', phasing: 'HUMAN', space: 6 }, [
      unit('HUMAN', 'BASE', '1009', { id: 'H:B1', supplies: 0 }),
      unit('HUMAN', 'MOBILE', '1009', { id: 'H:M1' }),
      unit('HUMAN', 'TRANSPORT', '1009', { id: 'H:T1', defense: 1, movement: 6 }),
    ]);
    applySupplyPlan(s, 'HUMAN', SupplyPlanSchema.parse({ auto: false }));
    expect([
      unitById(s, 'H:M1')!.outOfSupply,
      unitById(s, 'H:T1')!.outOfSupply,
      unitById(s, 'H:B1')!.outOfSupply,
    ]).toEqual([true, true, false]);
  });
});
