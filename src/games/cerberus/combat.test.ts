import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#engine/contract.js';
import { ScriptedDice } from '#engine/dice.js';
import { applyCombatPlan, combatOdds, combatSegmentHandler, legalAttacks, validateCombatPlan } from './combat.js';
import { CombatPlanSchema, PhasePlanOrderSchema, type CombatPlan } from './orders.js';
import { advance } from './sequence.js';
import { destroyUnit, newPhaseScratch, unitById, type CerberusState, type Side, type Unit } from './state.js';
import { sfTeam, stateAt, unit } from './testing.js';

const plan = (p: unknown): CombatPlan => CombatPlanSchema.parse(p);
const codes = (errs: { code: string }[]) => errs.map((e) => e.code);
const ofType = (ev: GameEvent[], type: string) => ev.filter((e) => e.type === type);
const data = (e: GameEvent | undefined) => e?.data as Record<string, unknown>;

/** A Ground Combat Segment of `side` on turn 3 (before the Minimum Garrison is enforced, 14.4) at Space State `space`. */
function combatAt(
  side: Side,
  units: Unit[],
  fields: { space?: number; options?: Record<string, string | boolean> } = {},
): CerberusState {
  const s = stateAt(
    { turn: 3, segment: 'COMBAT', phasing: side, space: fields.space ?? 6, options: fields.options },
    units,
  );
  s.phaseScratch = newPhaseScratch(side);
  return s;
}

/** The 7.9 combat example: Humans at 0920, 0918 (Inf), 0919, 1017, 1119 (Mob); Cetians at 0919 (Inf), 0818 (Mob), 0918 (Base). */
function example79(): CerberusState {
  return combatAt('HUMAN', [
    unit('HUMAN', 'INFANTRY', '0920', { id: 'H:I0920' }),
    unit('HUMAN', 'INFANTRY', '0918', { id: 'H:I0918' }),
    unit('HUMAN', 'MOBILE', '0919', { id: 'H:M0919' }),
    unit('HUMAN', 'MOBILE', '1017', { id: 'H:M1017' }),
    unit('HUMAN', 'MOBILE', '1119', { id: 'H:M1119' }),
    unit('CETIAN', 'INFANTRY', '0919', { id: 'C:I0919' }),
    unit('CETIAN', 'MOBILE', '0818', { id: 'C:M0818' }),
    unit('CETIAN', 'BASE', '0918', { id: 'C:B0918' }),
  ]);
}

describe('7.6, 7.61 odds', () => {
  it('T12 CRT notes: 23 attack factors against 6 defense factors is 3 to 1 (fractions dropped)', () => {
    expect(combatOdds(23, 6).column).toBe('3-1');
    expect(combatOdds(23, 6).legal).toBe(true);
  });
  it('7.61 notes: odds less than 1 to 4 are not allowed; higher than 4 to 1 equals 4 to 1', () => {
    expect(combatOdds(3, 14).legal).toBe(false);
    expect(combatOdds(20, 2)).toMatchObject({ column: '4-1', legal: true });
    expect(combatOdds(1, 4)).toMatchObject({ column: '1-4', legal: true });
  });
  it('T12 worked through a whole attack: 18 ground + 5 Fleet points against two 3-3-6 is read on 3-1; die 2 gives -/2', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M2' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
      unit('HUMAN', 'HEAVY_WEAPONS', '0909', { id: 'H:HW1', attack: 4, defense: 1, movement: 6 }),
      unit('HUMAN', 'HEAVY_WEAPONS', '1010', { id: 'H:HW2', attack: 4, defense: 1, movement: 6 }),
      unit('HUMAN', 'MOBILE', '1008', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '0910', { id: 'H:M2' }),
    ]);
    const p = plan({
      attacks: [
        { targetHex: '1009', attackers: ['H:I1', 'H:I2', 'H:HW1', 'H:HW2', 'H:M1', 'H:M2'], fleet: 5, advance: 'all' },
      ],
    });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    const dice = new ScriptedDice([2]);
    const ev = applyCombatPlan(s, 'HUMAN', p, dice);
    const r = ofType(ev, 'combat.resolved')[0];
    expect(data(r)).toMatchObject({
      ground: 18,
      attack: 23,
      defense: 6,
      column: '3-1',
      die: 2,
      result: { attacker: 0, defender: 2 },
    });
    expect(r.rolls).toEqual([{ label: 'combat 1009', sides: 6, value: 2 }]);
    expect(unitById(s, 'C:M1')!.box).toBe('DESTROYED');
    expect(unitById(s, 'C:M2')!.box).toBe('DESTROYED');
    expect(s.phaseScratch!.fleetFireUsed).toBe(5);
    // 7.9 + 6.2/6.3: with two Infantry battalions in the hex only one Heavy Weapons company fits.
    expect(data(ofType(ev, 'combat.advance')[0])).toMatchObject({ units: [{ unitId: 'H:HW1', from: '0909' }] });
    expect(data(ofType(ev, 'combat.advance-refused')[0])).toMatchObject({ unitIds: ['H:HW2', 'H:M1', 'H:M2'] });
    expect(dice.remaining).toBe(0);
  });
  it('18.0 player notes: the attack stack of two 2-4-8 and a 4-1-6 (8 factors) with a little support gets 2-1 on any single Cetian battalion', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:G', sub: 'GUARDS', attack: 4, defense: 5 }),
      unit('HUMAN', 'MOBILE', '1008', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '1008', { id: 'H:M2' }),
      unit('HUMAN', 'HEAVY_WEAPONS', '1008', { id: 'H:HW', attack: 4, defense: 1, movement: 6 }),
    ]);
    const [la] = legalAttacks(s, 'HUMAN');
    expect(la).toMatchObject({
      targetHex: '1009',
      groundAttack: 8,
      defense: 5,
      oddsColumn: '3-2',
      supportCap: 8,
      bestColumn: '3-1',
    });
    expect(combatOdds(8 + 2, 5).column).toBe('2-1');
  });
});

describe('7.2, 7.9 the combat example', () => {
  it('T11 7.9 example: only the Infantry in 0918 and the Mobile in 1017 may attack the Base; 3 + 2 against 4 is 1-1', () => {
    const s = example79();
    const legal = legalAttacks(s, 'HUMAN');
    expect(legal.map((l) => l.targetHex)).toEqual(['0918', '0919']);
    const base = legal[0];
    expect(base.attackers.map((a) => a.unitId).sort()).toEqual(['H:I0918', 'H:M1017']);
    expect(base).toMatchObject({ groundAttack: 5, defense: 4, oddsColumn: '1-1', supportCap: 5 });
    expect(legal[1].attackers.map((a) => a.unitId)).toEqual(['H:M0919']);
  });
  it('T11 7.2: Infantry attacks only its own hex; a unit sharing a hex with the enemy only that hex; a unit must be adjacent', () => {
    const s = example79();
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '0918', attackers: ['H:I0920', 'H:M0919', 'H:M1119', 'H:I0918', 'H:M1017'] }] }),
    );
    expect(errs.map((e) => [e.code, e.path, e.rule])).toEqual([
      ['combat.same-hex-only', ['combat', 'attacks', 0, 'attackers', 0], '7.2'],
      ['combat.engaged', ['combat', 'attacks', 0, 'attackers', 1], '7.2'],
      ['combat.not-adjacent', ['combat', 'attacks', 0, 'attackers', 2], '7.2'],
    ]);
    expect(errs[0].message).toMatch(/\(7\.2\)/);
  });
  it('T11 7.9: the Base eliminated, the Mobile that attacked from 1017 advances into 0918', () => {
    const s = example79();
    const p = plan({ attacks: [{ targetHex: '0918', attackers: ['H:I0918', 'H:M1017'], advance: ['H:M1017'] }] });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = applyCombatPlan(s, 'HUMAN', p, new ScriptedDice([2]));
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({
      column: '1-1',
      result: { attacker: 0, defender: 1 },
    });
    expect(unitById(s, 'C:B0918')!.box).toBe('DESTROYED');
    expect(unitById(s, 'H:M1017')!.hex).toBe('0918');
    expect(unitById(s, 'H:I0918')!.hex).toBe('0918');
  });
  it('7.9: only adjacent Mobile/HW participants may be named to advance', () => {
    const s = example79();
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '0918', attackers: ['H:I0918', 'H:M1017'], advance: ['H:I0918'] }] }),
    );
    expect(codes(errs)).toEqual(['advance.not-eligible']);
  });
  it('7.9: no advance while a defender survives (a reduced Spaceport is still there)', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP' }),
      unit('HUMAN', 'MOBILE', '1008', { id: 'H:M1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
    ]);
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1', 'H:I1', 'H:I2'], advance: 'all' }] }),
      new ScriptedDice([2]),
    );
    expect(unitById(s, 'C:SP')!.reduced).toBe(true);
    expect(ofType(ev, 'combat.advance')).toEqual([]);
  });
});

describe('7.3, 7.7, 12.12 who attacks and defends', () => {
  it('7.3: no hex attacked twice, no unit attacking twice, in one Ground Combat Segment', () => {
    const s = example79();
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({
        attacks: [
          { targetHex: '0918', attackers: ['H:I0918'] },
          { targetHex: '0918', attackers: ['H:M1017'] },
          { targetHex: '0919', attackers: ['H:M0919', 'H:M0919'] },
        ],
      }),
    );
    expect(codes(errs)).toEqual(['combat.hex-attacked-twice', 'combat.unit-attacks-twice']);
  });
  it('7.2, 7.1: a 0-attack unit never attacks; someone else’s unit is not yours to order', () => {
    const s = example79();
    s.units.push(unit('HUMAN', 'TRANSPORT', '0918', { id: 'H:T1', defense: 1 }));
    const errs = validateCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '0918', attackers: ['H:T1', 'C:M0818', 'nope'] }] }),
    );
    expect(codes(errs)).toEqual(['combat.no-attack-factor', 'combat.not-your-unit', 'combat.not-your-unit']);
  });
  it('T33 12.12: an unsupplied 3-5-1 defends as 3 (halved, rounded up) and cannot attack', () => {
    const s = combatAt(
      'CETIAN',
      [
        unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1', outOfSupply: true }),
        unit('HUMAN', 'INFANTRY', '1110', { id: 'H:I2', outOfSupply: true }),
        unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
        unit('CETIAN', 'MOBILE', '1110', { id: 'C:M1', outOfSupply: true }),
      ],
      { space: -6 },
    );
    expect(legalAttacks(s, 'CETIAN').find((l) => l.targetHex === '1009')).toMatchObject({
      defense: 3,
      oddsColumn: '1-1',
    });
    expect(
      codes(validateCombatPlan(s, 'CETIAN', plan({ attacks: [{ targetHex: '1110', attackers: ['C:M1'] }] }))),
    ).toEqual(['combat.out-of-supply']);
  });
  it('7.61: a plan below 1-4 is refused with the odds; fire support may lift it (8.1)', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'SPACEPORT', '1009', { id: 'C:SP' }),
      unit('CETIAN', 'BASE', '1009', { id: 'C:B' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
    ]);
    const low = validateCombatPlan(s, 'HUMAN', plan({ attacks: [{ targetHex: '1009', attackers: ['H:I1'] }] }));
    expect(low).toMatchObject([{ code: 'combat.odds-below-minimum', path: ['combat', 'attacks', 0], rule: '7.61' }]);
    expect(
      validateCombatPlan(s, 'HUMAN', plan({ attacks: [{ targetHex: '1009', attackers: ['H:I1'], fleet: 3 }] })),
    ).toEqual([]);
  });
  it('7.7: the attacker’s losses come from the units named in his plan, then his standing order; never a 0-attack unit in the hex', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
      unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I2' }),
      unit('HUMAN', 'MOBILE', '1008', { id: 'H:M1' }),
      unit('HUMAN', 'TRANSPORT', '1009', { id: 'H:T1', defense: 1 }),
    ]);
    // 2 against 8 is 1-4; die 2 is 1/1.
    applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1'], attackerLosses: ['H:M1'] }] }),
      new ScriptedDice([2]),
    );
    expect(unitById(s, 'H:M1')!.box).toBe('DESTROYED');
    expect(unitById(s, 'H:T1')!.box).toBe('MAP');
    expect(s.units.filter((u) => u.side === 'CETIAN' && u.box === 'DESTROYED')).toHaveLength(1);
  });
});

describe('7.8, 10.433, 15.7 column shifts', () => {
  const mountainScene = () =>
    combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1028', { id: 'C:M1' }),
      unit('HUMAN', 'MOBILE', '0928', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '1027', { id: 'H:M2' }),
      unit('HUMAN', 'MOBILE', '1029', { id: 'H:M3' }),
      ...sfTeam('HUMAN', 2).map((u) => ({ ...u, sfStatus: 'HELD' as const })),
    ]);
  it('T15 7.8: attacking a Mountain hex from clear hexes is still shifted one column left (2-1 read as 3-2)', () => {
    const s = mountainScene();
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1028', attackers: ['H:M1', 'H:M2', 'H:M3'] }] }),
      new ScriptedDice([1]),
    );
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({
      baseColumn: '2-1',
      column: '3-2',
      shifts: [{ id: 'MOUNTAIN_DEFENDER', shift: -1, rule: '7.8' }],
    });
  });
  it('10.433: two SF supporting the attack shift one column right; their survival dice follow the attack (10.434)', () => {
    const s = mountainScene();
    const dice = new ScriptedDice([1, 2, 5]);
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1028', attackers: ['H:M1', 'H:M2', 'H:M3'], sfPair: ['H:SF1', 'H:SF2'] }] }),
      dice,
    );
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({ baseColumn: '2-1', column: '2-1' });
    expect(ev.map((e) => e.type)).toContain('sf.survival');
    expect(unitById(s, 'H:SF1')!.box).toBe('TURN_TRACK');
    expect(unitById(s, 'H:SF2')!.sfStatus).toBe('SPENT');
    expect(dice.remaining).toBe(0);
  });
  it('T14 15.7: an attack on a unit in a storm hex is one column to the right (3-1 becomes 4-1); 15.72: no adjacent attack out of Intensity 3', () => {
    const s = combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
      unit('HUMAN', 'HEAVY_WEAPONS', '1010', { id: 'H:HW', attack: 4, defense: 1, movement: 6 }),
    ]);
    const intensityAt = (h: string) => (h === '1009' ? 1 : h === '1010' ? 3 : 0);
    const p = plan({ attacks: [{ targetHex: '1009', attackers: ['H:I1', 'H:I2', 'H:HW'] }] });
    expect(validateCombatPlan(s, 'HUMAN', p, { intensityAt })).toMatchObject([{ code: 'combat.storm', rule: '15.72' }]);
    const ok = plan({ attacks: [{ targetHex: '1009', attackers: ['H:I1', 'H:I2'], fleet: 3 }] });
    const ev = applyCombatPlan(s, 'HUMAN', ok, new ScriptedDice([1]), { intensityAt });
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({
      attack: 9,
      defense: 3,
      baseColumn: '3-1',
      column: '4-1',
    });
  });
});

describe('14.12, G17 face-down defenders', () => {
  const hiddenScene = (options: Record<string, string> = {}) =>
    combatAt(
      'HUMAN',
      [
        unit('CETIAN', 'INFANTRY', '1009', { id: 'C:G', sub: 'GUARDS', attack: 4, defense: 5, faceDown: true }),
        unit('CETIAN', 'BASE', '1009', { id: 'C:B', faceDown: true }),
        unit('HUMAN', 'MOBILE', '1008', { id: 'H:M1' }),
      ],
      { options },
    );
  it('14.12: the view gives no odds against face-down units and validation does not betray their factors', () => {
    const s = hiddenScene();
    expect(legalAttacks(s, 'HUMAN')[0]).toMatchObject({
      targetHex: '1009',
      defenders: 2,
      defense: null,
      oddsColumn: null,
      bestColumn: null,
    });
    expect(validateCombatPlan(s, 'HUMAN', plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1'] }] }))).toEqual([]);
  });
  it('14.12: attacked face-down units are turned up; at 2 against 9 (below 1-4) the attack is called off but committed (G17)', () => {
    const s = hiddenScene();
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1'] }] }),
      new ScriptedDice([]),
    );
    expect(ofType(ev, 'unit.revealed').map((e) => [data(e).unitId, e.visibleTo])).toEqual([
      ['C:G', 'all'],
      ['C:B', 'all'],
    ]);
    expect(data(ofType(ev, 'combat.called-off')[0])).toMatchObject({ attack: 2, defense: 9 });
    expect(s.phaseScratch!.attackers).toEqual(['H:M1']);
    expect(unitById(s, 'C:G')!.faceDown).toBe(false);
  });
  it('option belowMinimumAfterReveal = resolve-at-1-4: the revealed attack is fought on 1-4', () => {
    const s = hiddenScene({ belowMinimumAfterReveal: 'resolve-at-1-4' });
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1'] }] }),
      new ScriptedDice([1]),
    );
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({ column: '1-4', die: 1 });
  });
});

describe('a plan written in advance (7.1; ifChanged)', () => {
  const scene = () =>
    combatAt('HUMAN', [
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('HUMAN', 'MOBILE', '1008', { id: 'H:M1' }),
      unit('HUMAN', 'MOBILE', '1010', { id: 'H:M2' }),
    ]);
  it('before the COMBAT segment only what cannot change is checked; positions are judged at resolution', () => {
    const s = scene();
    s.segment = 'SPECIAL_FORCES';
    const p = plan({ attacks: [{ targetHex: '0918', attackers: ['H:M1'] }] });
    expect(validateCombatPlan(s, 'HUMAN', p)).toEqual([]);
    expect(codes(validateCombatPlan(s, 'HUMAN', p, { positional: true }))).toEqual([
      'combat.no-enemy',
      'combat.not-adjacent',
    ]);
  });
  it('a unit lost before its attack comes up: "proceed" attacks with the rest, "skip" drops the attack, with an event to the attacker only', () => {
    const s = scene();
    destroyUnit(unitById(s, 'H:M2')!, 5, 'supply');
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1', 'H:M2'] }] }),
      new ScriptedDice([1]),
    );
    expect(data(ofType(ev, 'combat.attack-changed')[0])).toMatchObject({
      dropped: [{ unitId: 'H:M2', reason: 'combat.unit-lost' }],
    });
    expect(ofType(ev, 'combat.attack-changed')[0].visibleTo).toEqual(['HUMAN']);
    expect(data(ofType(ev, 'combat.resolved')[0])).toMatchObject({ attackers: ['H:M1'], column: '2-3' });

    const t = scene();
    destroyUnit(unitById(t, 'H:M2')!, 5, 'supply');
    const ev2 = applyCombatPlan(
      t,
      'HUMAN',
      plan({ attacks: [{ targetHex: '1009', attackers: ['H:M1', 'H:M2'], ifChanged: 'skip' }] }),
      new ScriptedDice([]),
    );
    expect(ev2.map((e) => [e.type, e.visibleTo])).toEqual([['combat.attack-skipped', ['HUMAN']]]);
    expect(t.phaseScratch!.attackers).toEqual([]);
  });
  it('an attack whose every unit is gone, or whose odds fell under 1-4, is skipped, not an error', () => {
    const s = scene();
    unitById(s, 'H:M1')!.outOfSupply = true;
    s.units.push(unit('CETIAN', 'SPACEPORT', '1110', { id: 'C:SP' }));
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({
        attacks: [
          { targetHex: '1009', attackers: ['H:M1'] },
          { targetHex: '1110', attackers: ['H:M2'] },
        ],
      }),
      new ScriptedDice([]),
    );
    expect(ev.map((e) => [e.type, data(e).reason])).toEqual([
      ['combat.attack-skipped', 'combat.no-attackers'],
      ['combat.attack-skipped', 'combat.odds-below-minimum'],
    ]);
  });
});

describe('7.7 interactive loss choice and the segment handler', () => {
  const scene = (options: Record<string, string> = {}) => {
    const s = combatAt(
      'HUMAN',
      [
        unit('CETIAN', 'INFANTRY', '1009', { id: 'C:I1' }),
        unit('CETIAN', 'TRANSPORT', '1009', { id: 'C:T1', defense: 1 }),
        unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
        unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
      ],
      { options },
    );
    s.plan = {
      side: 'HUMAN',
      through: 'TRANSPORTATION',
      order: PhasePlanOrderSchema.parse({
        kind: 'phase-plan',
        combat: { attacks: [{ targetHex: '1009', attackers: ['H:I1', 'H:I2'] }] },
      }),
    };
    return s;
  };
  it('the handler resolves the stored plan; the defender loses the unit his standing order puts first (default: fewest VP, the Transport)', () => {
    const s = scene();
    combatSegmentHandler()(s, { dice: new ScriptedDice([2]), orders: {} });
    expect(unitById(s, 'C:T1')!.box).toBe('DESTROYED');
    expect(unitById(s, 'C:I1')!.box).toBe('MAP');
    expect(s.phaseScratch!.combatCursor).toBe(1);
  });
  it('option lossChoice = interactive: the defender is asked, then the attack finishes with his choice', () => {
    const s = scene({ lossChoice: 'interactive' });
    const ev = combatSegmentHandler()(s, { dice: new ScriptedDice([2]), orders: {} });
    expect(ev.at(-1)!.type).toBe('combat.losses-awaited');
    expect(s.pending).toMatchObject([{ side: 'CETIAN', kind: 'losses', payload: { count: 1, hex: '1009' } }]);
    const decisionId = s.pending[0].id;
    const ev2 = advance(s, { CETIAN: { kind: 'losses', decisionId, unitIds: ['C:I1'] } }, new ScriptedDice([]), {
      COMBAT: combatSegmentHandler(),
    });
    expect(unitById(s, 'C:I1')!.box).toBe('DESTROYED');
    expect(unitById(s, 'C:T1')!.box).toBe('MAP');
    expect(ev2.some((e) => e.type === 'combat.unit-eliminated')).toBe(true);
    expect(s.segment).not.toBe('COMBAT');
  });
});

describe('14.4 the Minimum Garrison after each attack', () => {
  it('14.4: a combat that drops the Cetian below the Minimum Garrison ends the game at once; later attacks are not resolved', () => {
    const cetians = [
      unit('CETIAN', 'BASE', '1109', { id: 'C:B1' }),
      ...[1, 2, 3, 4].map((n) => unit('CETIAN', 'INFANTRY', '0128', { id: `C:I${n}` })),
    ];
    const s = combatAt('HUMAN', [
      ...cetians,
      unit('CETIAN', 'MOBILE', '1009', { id: 'C:M1' }),
      unit('CETIAN', 'MOBILE', '1110', { id: 'C:M2' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I1' }),
      unit('HUMAN', 'INFANTRY', '1009', { id: 'H:I2' }),
      unit('HUMAN', 'INFANTRY', '1110', { id: 'H:I3' }),
      unit('HUMAN', 'SPACEPORT', '1313', { id: 'H:SP' }),
      ...[1, 2, 3, 4, 5].map((n) => unit('HUMAN', 'MOBILE', '1313', { id: `H:M${n}` })),
    ]);
    s.turn = 5;
    // 1 Base + 6 battalions (D) before; 1 Base + 5 after the first attack.
    const ev = applyCombatPlan(
      s,
      'HUMAN',
      plan({
        attacks: [
          { targetHex: '1009', attackers: ['H:I1', 'H:I2'] },
          { targetHex: '1110', attackers: ['H:I3'] },
        ],
      }),
      new ScriptedDice([2]),
    );
    expect(ofType(ev, 'garrison.failed').map(data)).toMatchObject([{ loser: 'CETIAN', rule: '14.4' }]);
    expect(s.result).toMatchObject({ winner: 'HUMAN', reason: 'GARRISON' });
    expect(ofType(ev, 'combat.resolved')).toHaveLength(1);
  });
});
