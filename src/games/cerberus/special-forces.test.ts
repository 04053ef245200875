import { describe, expect, it } from 'vitest';
import { ScriptedDice, seededDice } from '#engine/dice.js';
import { SpecialForcesPlanSchema, type SpecialForcesPlan } from './orders.js';
import {
  destroySf,
  lookupDisruption,
  lookupRaid,
  placeSfPairs,
  returnUnusedSf,
  sfAfterAttack,
  sfCapRemaining,
  sfCombatShift,
  sfInFleet,
  sfReturnTurn,
  specialForcesSegment,
  startSpecialForcesSegment,
  validatePlanSpecialForces,
  validateSpecialForcesPlan,
} from './special-forces.js';
import { newPhaseScratch, unitById, type CerberusState } from './state.js';
import { sfTeam, stateAt, unit } from './testing.js';

const plan = (p: Partial<SpecialForcesPlan>): SpecialForcesPlan => SpecialForcesPlanSchema.parse(p);

/** Human SF segment on `turn` at Space State `space`, against a Cetian Base (8 supplies) at 1109. */
function humanSfScene(turn = 5, space = 6): { s: CerberusState; baseId: string } {
  const base = unit('CETIAN', 'BASE', '1109', { id: 'C:B1' });
  const s = stateAt({ turn, segment: 'SPECIAL_FORCES', phasing: 'HUMAN', space }, [base, ...sfTeam('HUMAN', 4)]);
  s.phaseScratch = newPhaseScratch('HUMAN');
  return { s, baseId: base.id };
}

describe('10.41 SF versus Spaceport table', () => {
  it('T24: 3 SF, die 1 = D2: the target is disrupted and 2 SF are destroyed', () => {
    expect(lookupDisruption(3, 1)).toEqual({ disrupted: true, sfLost: 2 });
    const { s, baseId } = humanSfScene(5);
    const ev = specialForcesSegment(
      s,
      'HUMAN',
      plan({ disrupt: [{ targetId: baseId, sfIds: ['H:SF1', 'H:SF2', 'H:SF3'] }] }),
      new ScriptedDice([1]),
    );
    expect(unitById(s, baseId)!.disrupted).toEqual({ by: 'HUMAN', turn: 5 });
    expect(ev.find((e) => e.type === 'sf.disruption')!.data).toMatchObject({ die: 1, disrupted: true, sfLost: 2 });
    // 10.3: destroyed on turn 5, back on turns 7 and 8 (one SF reinforcement per turn).
    expect(s.units.filter((u) => u.box === 'TURN_TRACK').map((u) => u.due)).toEqual([7, 8]);
    expect(unitById(s, 'H:SF1')!.sfStatus).toBe('SPENT');
    expect(s.players.HUMAN.sfUsedThisTurn).toBe(3);
  });
  it('10.41: the table as printed, with row 6 read as no effect (blank in the source)', () => {
    expect([1, 2, 3, 4].map((n) => lookupDisruption(n, 1))).toEqual([
      { disrupted: true, sfLost: 1 },
      { disrupted: true, sfLost: 1 },
      { disrupted: true, sfLost: 2 },
      { disrupted: true, sfLost: 3 },
    ]);
    expect(lookupDisruption(2, 2)).toEqual({ disrupted: true, sfLost: 0 });
    expect(lookupDisruption(1, 2)).toEqual({ disrupted: false, sfLost: 0 });
    expect(lookupDisruption(4, 5)).toEqual({ disrupted: true, sfLost: 0 });
    for (let n = 1; n <= 4; n++) expect(lookupDisruption(n, 6)).toEqual({ disrupted: false, sfLost: 0 });
    expect(() => lookupDisruption(5, 1)).toThrow(RangeError);
  });
  it('10.41: a cell never destroys more SF than took part', () => {
    for (let n = 1; n <= 4; n++)
      for (let d = 1; d <= 6; d++) expect(lookupDisruption(n, d).sfLost).toBeLessThanOrEqual(n);
  });
  it('10.41, G15 (option sfDisruptionLimit = every-installation): any installation may be attacked for disruption once per game turn', () => {
    const { s, baseId } = humanSfScene();
    s.options = { sfDisruptionLimit: 'every-installation' };
    specialForcesSegment(
      s,
      'HUMAN',
      plan({ disrupt: [{ targetId: baseId, sfIds: ['H:SF1'] }] }),
      new ScriptedDice([5]),
    );
    const again = validateSpecialForcesPlan(s, 'HUMAN', plan({ disrupt: [{ targetId: baseId, sfIds: ['H:SF2'] }] }));
    expect(again.map((e) => e.code)).toContain('sf.target-once');
    const other = humanSfScene().s;
    other.options = { sfDisruptionLimit: 'every-installation' };
    const twice = validateSpecialForcesPlan(
      other,
      'HUMAN',
      plan({
        disrupt: [
          { targetId: 'C:B1', sfIds: ['H:SF1'] },
          { targetId: 'C:B1', sfIds: ['H:SF2'] },
        ],
      }),
    );
    expect(twice.map((e) => e.code)).toContain('sf.target-once');
  });
  it('10.41 (default, as written): only a Spaceport is limited to one disruption attack per turn; a Base may be attacked twice', () => {
    const { s, baseId } = humanSfScene();
    const errs = validateSpecialForcesPlan(
      s,
      'HUMAN',
      plan({
        disrupt: [
          { targetId: baseId, sfIds: ['H:SF1'] },
          { targetId: baseId, sfIds: ['H:SF2'] },
        ],
      }),
    );
    expect(errs).toEqual([]);
  });
  it('10.41: only Spaceports, Bases and E-Fields may be disrupted; 10.42: only Bases and Spaceports raided', () => {
    const { s } = humanSfScene();
    s.units.push(unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3' }), unit('CETIAN', 'EFIELD', '1010', { id: 'C:E1' }));
    expect(
      validateSpecialForcesPlan(s, 'HUMAN', plan({ disrupt: [{ targetId: 'C:1/3', sfIds: ['H:SF1'] }] }))[0].code,
    ).toBe('sf.bad-target');
    expect(validateSpecialForcesPlan(s, 'HUMAN', plan({ disrupt: [{ targetId: 'C:E1', sfIds: ['H:SF1'] }] }))).toEqual(
      [],
    );
    expect(validateSpecialForcesPlan(s, 'HUMAN', plan({ raid: [{ targetId: 'C:E1', sfId: 'H:SF1' }] }))[0].code).toBe(
      'sf.bad-target',
    );
  });
});

describe('10.411-10.412 disruption lasts until the disrupting player’s next SF Segment', () => {
  it('10.411: disrupted by the Human on turn 3, still disrupted in the Cetian phase, lifted in the Human SF Segment of turn 4', () => {
    const { s, baseId } = humanSfScene(3);
    unitById(s, baseId)!.disrupted = { by: 'HUMAN', turn: 3 };
    startSpecialForcesSegment(s, 'CETIAN');
    expect(unitById(s, baseId)!.disrupted).not.toBeNull();
    s.turn = 4;
    startSpecialForcesSegment(s, 'CETIAN');
    expect(unitById(s, baseId)!.disrupted).not.toBeNull();
    const ev = startSpecialForcesSegment(s, 'HUMAN');
    expect(unitById(s, baseId)!.disrupted).toBeNull();
    expect(ev[0].type).toBe('sf.disruption-lifted');
  });
});

describe('10.42 raids on stockpiles', () => {
  it('10.421: each SF rolls separately; all raids are declared before any is resolved; the stockpile floors at 0', () => {
    const { s, baseId } = humanSfScene();
    const ev = specialForcesSegment(
      s,
      'HUMAN',
      plan({
        raid: [
          { targetId: baseId, sfId: 'H:SF1' },
          { targetId: baseId, sfId: 'H:SF2' },
        ],
      }),
      new ScriptedDice([3, 2]),
    );
    expect(ev.map((e) => e.type)).toEqual(['sf.raids-declared', 'sf.raid', 'sf.raid']);
    expect(ev[1].data).toMatchObject({ die: 3, destroyed: 7, left: 1 });
    expect(ev[2].data).toMatchObject({ die: 2, destroyed: 1, left: 0 });
    expect(unitById(s, baseId)!.supplies).toBe(0);
  });
  it('10.421: die 4 destroys the SF and no supplies; die 6 destroys 2 supplies and the SF; die 5 nothing', () => {
    expect(lookupRaid(4)).toEqual({ destroyed: 0, sfLost: true });
    expect(lookupRaid(6)).toEqual({ destroyed: 2, sfLost: true });
    expect(lookupRaid(5)).toEqual({ destroyed: 0, sfLost: false });
    const { s, baseId } = humanSfScene(5);
    specialForcesSegment(
      s,
      'HUMAN',
      plan({
        raid: [
          { targetId: baseId, sfId: 'H:SF1' },
          { targetId: baseId, sfId: 'H:SF2' },
        ],
      }),
      new ScriptedDice([6, 4]),
    );
    expect(unitById(s, baseId)!.supplies).toBe(6);
    expect(s.units.filter((u) => u.box === 'TURN_TRACK').map((u) => u.due)).toEqual([7, 8]);
  });
});

describe('10.43 SF supporting ground combat', () => {
  function combatScene() {
    const { s } = humanSfScene(5);
    s.units.push(unit('CETIAN', 'INFANTRY', '0918', { id: 'C:2/3' }));
    specialForcesSegment(s, 'HUMAN', plan({ hold: ['H:SF1', 'H:SF2', 'H:SF3'] }), new ScriptedDice([]));
    s.segment = 'COMBAT';
    return s;
  }
  it('10.43: SF are held in the SF Segment, then placed in pairs at the start of the Ground Combat Segment', () => {
    const s = combatScene();
    expect(sfInFleet(s, 'HUMAN', 'HELD')).toHaveLength(3);
    const ev = placeSfPairs(s, 'HUMAN', [{ hex: '0918', sfIds: ['H:SF1', 'H:SF2'] }]);
    expect(ev[0].type).toBe('sf.pair-placed');
    expect(s.players.HUMAN.sfUsedThisTurn).toBe(2);
  });
  it('10.433: a pair shifts the odds one column to the right; no pair, no shift', () => {
    const s = combatScene();
    placeSfPairs(s, 'HUMAN', [{ hex: '0918', sfIds: ['H:SF1', 'H:SF2'] }]);
    expect(sfCombatShift(s, 'HUMAN', '0918')).toBe(1);
    expect(sfCombatShift(s, 'HUMAN', '1109')).toBe(0);
  });
  it('T25 10.434: survival dice 2 and 5: the first SF is eliminated (returns as a reinforcement), the second goes back to the Fleet', () => {
    const s = combatScene();
    placeSfPairs(s, 'HUMAN', [{ hex: '0918', sfIds: ['H:SF1', 'H:SF2'] }]);
    const ev = sfAfterAttack(s, 'HUMAN', '0918', new ScriptedDice([2, 5]));
    expect(ev[0].data).toMatchObject({
      results: [
        { id: 'H:SF1', die: 2, eliminated: true },
        { id: 'H:SF2', die: 5, eliminated: false },
      ],
    });
    expect(unitById(s, 'H:SF1')).toMatchObject({ box: 'TURN_TRACK', due: 7, arrivesAt: 'FLEET_SF' });
    expect(unitById(s, 'H:SF2')).toMatchObject({ box: 'FLEET_SF', sfStatus: 'SPENT' });
    expect(sfCombatShift(s, 'HUMAN', '0918')).toBe(0);
  });
  it('10.432: exactly two SF per attack, no more than one pair on a combat hex, only on hexes with enemy units', () => {
    const s = combatScene();
    const errs = validatePlanSpecialForces(s, 'HUMAN', {
      combat: {
        suppress: [],
        attacks: [
          {
            targetHex: '0918',
            attackers: ['x'],
            air: [],
            missiles: [],
            fleet: 0,
            sfPair: ['H:SF1', 'H:SF1'],
            advance: 'none',
            attackerLosses: [],
            ifChanged: 'proceed',
          },
          {
            targetHex: '0101',
            attackers: ['y'],
            air: [],
            missiles: [],
            fleet: 0,
            sfPair: ['H:SF3', 'H:SF4'],
            advance: 'none',
            attackerLosses: [],
            ifChanged: 'proceed',
          },
        ],
      },
    });
    expect(errs.map((e) => e.code)).toEqual(
      expect.arrayContaining(['sf.pair', 'sf.twice', 'sf.not-held', 'sf.pair-target']),
    );
    expect(errs.find((e) => e.code === 'sf.pair-target')!.path).toEqual(['combat', 'attacks', 1, 'targetHex']);
  });
  it('G13: a pair whose hex is not attacked returns without a survival roll, still spent', () => {
    const s = combatScene();
    placeSfPairs(s, 'HUMAN', [{ hex: '0918', sfIds: ['H:SF1', 'H:SF2'] }]);
    const ev = returnUnusedSf(s, 'HUMAN');
    expect(ev[0].type).toBe('sf.pair-returned');
    expect(sfInFleet(s, 'HUMAN', 'SPENT').map((u) => u.id)).toEqual(['H:SF1', 'H:SF2', 'H:SF3']);
  });
});

describe('10.4 and 13.71 limits', () => {
  it('10.4: an SF may take part in one mission per friendly Player Phase', () => {
    const { s, baseId } = humanSfScene();
    const errs = validateSpecialForcesPlan(
      s,
      'HUMAN',
      plan({ disrupt: [{ targetId: baseId, sfIds: ['H:SF1'] }], raid: [{ targetId: baseId, sfId: 'H:SF1' }] }),
    );
    expect(errs.map((e) => e.code)).toContain('sf.twice');
    specialForcesSegment(s, 'HUMAN', plan({ raid: [{ targetId: baseId, sfId: 'H:SF1' }] }), new ScriptedDice([5]));
    expect(validateSpecialForcesPlan(s, 'HUMAN', plan({ hold: ['H:SF1'] }))[0].code).toBe('sf.already-used');
  });
  it('13.71: the Effects Chart caps the SF used in a turn (Cetian at -6: none; Human at +3: three)', () => {
    const base = unit('HUMAN', 'BASE', '0605', { id: 'H:B1' });
    const s = stateAt({ turn: 3, space: 6, phasing: 'CETIAN', segment: 'SPECIAL_FORCES' }, [
      base,
      ...sfTeam('CETIAN', 1),
    ]);
    expect(sfCapRemaining(s, 'CETIAN')).toBe(0);
    expect(validateSpecialForcesPlan(s, 'CETIAN', plan({ raid: [{ targetId: 'H:B1', sfId: 'C:SF1' }] }))[0].code).toBe(
      'sf.cap',
    );
    const { s: h, baseId } = humanSfScene(5, 3);
    const four = plan({ disrupt: [{ targetId: baseId, sfIds: ['H:SF1', 'H:SF2', 'H:SF3', 'H:SF4'] }] });
    expect(validateSpecialForcesPlan(h, 'HUMAN', four).map((e) => e.code)).toEqual(['sf.cap']);
  });
  it('G17: SF sent against a face-down counter that is not an installation waste the mission and reveal it', () => {
    const { s } = humanSfScene();
    s.units.push(unit('CETIAN', 'MOBILE', '1009', { id: 'C:1/3', faceDown: true }));
    const p = plan({ disrupt: [{ targetId: 'C:1/3', sfIds: ['H:SF1'] }] });
    expect(validateSpecialForcesPlan(s, 'HUMAN', p)).toEqual([]);
    const ev = specialForcesSegment(s, 'HUMAN', p, new ScriptedDice([]));
    expect(ev.map((e) => e.type)).toEqual(['unit.revealed', 'sf.mission-wasted']);
    expect(unitById(s, 'C:1/3')!.faceDown).toBe(false);
  });
  it('15.72: no SF may operate in a hex under Intensity 3 weather', () => {
    const { s, baseId } = humanSfScene();
    const errs = validateSpecialForcesPlan(
      s,
      'HUMAN',
      plan({ disrupt: [{ targetId: baseId, sfIds: ['H:SF1'] }] }),
      0,
      (h) => (h === '1109' ? 3 : 0),
    );
    expect(errs[0].code).toBe('sf.storm');
  });
});

describe('10.3 the return schedule', () => {
  it('T23 10.3: an SF destroyed on turn 5 returns on turn 7; two destroyed on turn 5 return on 7 and 8', () => {
    const { s } = humanSfScene(5);
    expect(sfReturnTurn(s, 'HUMAN', 5)).toBe(7);
    destroySf(s, unitById(s, 'H:SF1')!);
    expect(sfReturnTurn(s, 'HUMAN', 5)).toBe(8);
    destroySf(s, unitById(s, 'H:SF2')!);
    expect(s.units.filter((u) => u.box === 'TURN_TRACK').map((u) => u.due)).toEqual([7, 8]);
    expect(sfReturnTurn(s, 'CETIAN', 5)).toBe(7);
  });
  it('10.3, 14.22: a Cetian SF destroyed on turn 2 waits for turn 5, the scheduled SF arriving on turn 4 (option sfReturnQueueIncludesScheduled)', () => {
    const sched = sfTeam('CETIAN', 2).map((u, i) => ({
      ...u,
      box: 'TURN_TRACK' as const,
      due: 4 + 2 * i,
      arrivesAt: 'FLEET_SF' as const,
      sfStatus: null,
    }));
    const s = stateAt({ turn: 2 }, sched);
    expect(sfReturnTurn(s, 'CETIAN', 2)).toBe(5);
    s.options = { sfReturnQueueIncludesScheduled: false };
    expect(sfReturnTurn(s, 'CETIAN', 2)).toBe(4);
  });
});

describe('property: SF are never used twice', () => {
  it('random plans: whatever validates never uses an SF twice, never exceeds the cap, and never loses an SF', () => {
    for (let seed = 0; seed < 300; seed++) {
      const dice = seededDice(`sf-${seed}`);
      const space = dice.roll(13, 'space') - 7;
      const { s, baseId } = humanSfScene(5, space);
      s.units.push(unit('CETIAN', 'SPACEPORT', '1313', { id: 'C:SP' }));
      const pick = () => `H:SF${dice.d6('sf') > 4 ? 1 : dice.roll(4, 'sf')}`;
      const target = () => (dice.d6('t') <= 3 ? baseId : 'C:SP');
      for (let turn = 5; turn < 10; turn++) {
        s.turn = turn;
        s.players.HUMAN.sfUsedThisTurn = 0;
        s.turnScratch.disruptionTargets = [];
        startSpecialForcesSegment(s, 'HUMAN');
        for (const u of s.units)
          if (u.box === 'TURN_TRACK' && u.due! <= turn)
            Object.assign(u, { box: 'FLEET_SF', due: null, sfStatus: 'READY' });
        const p = plan({
          disrupt: Array.from({ length: dice.roll(3, 'n') - 1 }, () => ({
            targetId: target(),
            sfIds: Array.from({ length: dice.roll(2, 'k') }, pick),
          })),
          raid: Array.from({ length: dice.roll(3, 'n') - 1 }, () => ({ targetId: target(), sfId: pick() })),
          hold: Array.from({ length: dice.roll(3, 'n') - 1 }, pick),
        });
        const ok = validateSpecialForcesPlan(s, 'HUMAN', p).length === 0;
        const ids = [...p.disrupt.flatMap((m) => m.sfIds), ...p.raid.map((m) => m.sfId), ...p.hold];
        if (ok) expect(new Set(ids).size).toBe(ids.length);
        const cap = sfCapRemaining(s, 'HUMAN');
        const ev = specialForcesSegment(s, 'HUMAN', p, dice);
        if (ok) expect(ev.some((e) => e.type === 'sf.mission-skipped')).toBe(false);
        expect(s.players.HUMAN.sfUsedThisTurn).toBeLessThanOrEqual(cap);
        const sent = ev.flatMap((e) =>
          e.type === 'sf.raids-declared' ? (e.data as { raids: { sfId: string }[] }).raids.map((r) => r.sfId) : [],
        );
        expect(new Set(sent).size).toBe(sent.length);
        expect(s.units.filter((u) => u.cls === 'SF' && (u.box === 'FLEET_SF' || u.box === 'TURN_TRACK'))).toHaveLength(
          4,
        );
        const dues = s.units.filter((u) => u.box === 'TURN_TRACK').map((u) => u.due);
        expect(new Set(dues).size).toBe(dues.length);
      }
    }
  });
  it('within one phase, a second plan cannot reuse an SF the first one used', () => {
    for (let seed = 0; seed < 100; seed++) {
      const dice = seededDice(`reuse-${seed}`);
      const { s, baseId } = humanSfScene(5, 6);
      const first = `H:SF${dice.roll(4, 'a')}`;
      specialForcesSegment(s, 'HUMAN', plan({ raid: [{ targetId: baseId, sfId: first }] }), dice);
      const errs = validateSpecialForcesPlan(s, 'HUMAN', plan({ hold: [first] }));
      expect(errs.length).toBeGreaterThan(0);
    }
  });
});
