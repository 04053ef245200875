import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import {
  combatAttacker,
  resolveSpaceCombat,
  shiftAllowed,
  spaceColumn,
  totalAttack,
  totalDefence,
  type SpaceCombatRoll,
} from './combat.js';
import { sectorId } from './data/build-space.js';
import { canPlaceOrbitalBase, evenlyFilled, orbitalCounts } from './ofat.js';
import { baseSaveRule, navalSaveOutcome, rollNavalSave, saveTarget } from './saves.js';
import { sectorById, stats } from './state.js';
import type { NavalBase, NavalUnit, RuleError } from './types.js';

const unit = (type: string, extra: Partial<NavalUnit> = {}): NavalUnit => ({
  id: type,
  type,
  side: type.startsWith('tog') ? 'TOG' : 'CW',
  status: 'ACTIVE',
  ...extra,
});
const force = (types: string[], fatigue = 0) => ({ units: types.map((t) => ({ stats: stats(unit(t)), fatigue })) });
const ok = (r: SpaceCombatRoll | RuleError): SpaceCombatRoll => {
  if ('code' in r) throw new Error(r.message);
  return r;
};
const base = (
  id: string,
  type: NavalBase['type'],
  segment: number,
  status: NavalBase['status'] = 'ACTIVE',
): NavalBase => ({ id, side: 'CW', type, status, sector: sectorId(3, 4), segment, supply: 0 });

describe('space combat ratio and shift (L1533-1567)', () => {
  const tog = force(['tog-FM1', 'tog-FM1', 'tog-FH1', 'tog-FH1', 'tog-FH1']);
  const cw = force(['cw-FL1', 'cw-FL1', 'cw-FL1', 'cw-FM1', 'cw-FM1']);

  it('T-S09: TOG D 33 vs Renegade interceptors A 12 → "1:2 (or less)" (L1567)', () => {
    expect([totalDefence(tog), totalAttack(cw)]).toEqual([33, 12]);
    expect(combatAttacker('DSI', 'HS_ATTACK')).toBe('OPPONENT');
    const c = spaceColumn(12, 33, false, true);
    expect('code' in c ? null : c.column).toBe('1:2');
  });

  it('T-S10: undetected interceptors shift right to 2:3; roll 6 → +1/0 (L1617)', () => {
    expect(shiftAllowed('DSI', 'HS_ATTACK', true)).toBe(true);
    const r = ok(resolveSpaceCombat(new ScriptedDice([6]), 12, 33, true, true));
    expect([r.ratioColumn, r.column, r.roll, r.cell]).toEqual(['1:2', '2:3', 6, { a: 1, d: 0 }]);
  });

  it('a detected attacker may not shift (L1547)', () => {
    expect(shiftAllowed('DSI', 'HS_ATTACK', false)).toBe(false);
    const r = resolveSpaceCombat(new ScriptedDice([6]), 12, 33, true, false);
    expect('code' in r && r.rule).toBe('L1547, D-60');
  });

  it('fatigue takes 1 from each unit (L1561); disrupted bases attack 0 but defend fully (L1653)', () => {
    expect(totalAttack(force(['cw-FL1', 'cw-FM1'], 2))).toBe(1); // (2−2) + (3−2)
    expect(totalDefence(force(['cw-FL1', 'cw-FM1'], 1))).toBe(8);
    expect(totalAttack({ units: [], bases: [base('b', 'GN2', 4, 'DISRUPTED')] })).toBe(0);
    expect(totalDefence({ units: [], bases: [base('b', 'GN2', 4, 'DISRUPTED')] })).toBe(6);
  });
});

describe('T-S11: saves after T-S10 (L1655)', () => {
  const m = { highSpeed: true, attackingProtectedMission: false, attackingDisorganised: false };
  it('TOG (HS +2, CRT 0): FM 8, FH 9; Renegade (CRT +1, HS +2): FL 6, FM 10', () => {
    expect(saveTarget(6, { ...m, crt: 0 })).toBe(8);
    expect(saveTarget(7, { ...m, crt: 0 })).toBe(9);
    expect(saveTarget(3, { ...m, crt: 1 })).toBe(6);
    expect(saveTarget(7, { ...m, crt: 1 })).toBe(10);
  });
  it('rolls FM 7, 9; FH 3, 4, 10; FL 5, 2, 8; FM 10, 7 → one FM, one FH, one FL, one FM disorganised', () => {
    const dice = new ScriptedDice([7, 9, 3, 4, 10, 5, 2, 8, 10, 7]);
    const targets = [8, 8, 9, 9, 9, 6, 6, 6, 10, 10];
    const out = targets.map((t, i) => rollNavalSave(dice, `u${i}`, t, 'ACTIVE', false).outcome);
    expect(out).toEqual([
      'UNHARMED',
      'DISORGANISED',
      'UNHARMED',
      'UNHARMED',
      'DISORGANISED',
      'UNHARMED',
      'UNHARMED',
      'DISORGANISED',
      'DISORGANISED',
      'UNHARMED',
    ]);
  });
  it('outcomes: disorganised and failing → destroyed (L1667); BT/CA → disorganised, fail destroyed (L1633-1635)', () => {
    expect(navalSaveOutcome(false, 'DISORGANISED', false)).toBe('DESTROYED');
    expect(navalSaveOutcome(true, 'ACTIVE', true)).toBe('DISORGANISED');
    expect(navalSaveOutcome(false, 'ACTIVE', true)).toBe('DESTROYED');
  });
  it('+2 for attacking Supply/GS/OD/Withdrawal forces and +2 more against disorganised units (L1627, L1665)', () => {
    expect(
      saveTarget(5, { crt: -1, highSpeed: false, attackingProtectedMission: true, attackingDisorganised: true }),
    ).toBe(8);
  });
});

describe('T-S12: segment 3 of New Mandella (L1725)', () => {
  it('TOG 11 vs CA 8 + ONI 3 = 11 → 1:1; detected so no 3:2; roll 4 → −1/+1', () => {
    const att = totalAttack(force(['tog-FM1', 'tog-FH1', 'tog-FH1']));
    const def = totalDefence({ ...force(['cw-CA']), bases: [base('oni', 'ON1', 3)] });
    expect([att, def]).toEqual([11, 11]);
    expect(combatAttacker('SEGMENT', 'HS_ATTACK')).toBe('PHASING');
    const undetected = spaceColumn(att, def, true, shiftAllowed('SEGMENT', 'HS_ATTACK', true));
    expect('code' in undetected ? null : undetected.column).toBe('3:2');
    const r = ok(
      resolveSpaceCombat(new ScriptedDice([4]), att, def, false, shiftAllowed('SEGMENT', 'HS_ATTACK', false)),
    );
    expect([r.column, r.cell]).toEqual(['1:1', { a: -1, d: 1 }]);
    const m = { highSpeed: true, attackingProtectedMission: false, attackingDisorganised: false };
    expect(saveTarget(6, { ...m, crt: r.cell.a }) - 6).toBe(1);
    expect(saveTarget(8, { ...m, crt: r.cell.d }) - 8).toBe(3);
  });
  it('the orbital station does not save: the cruiser shields it (L1639, L1725)', () => {
    expect(
      baseSaveRule(true, 'SEGMENT_ATTACKED', { friendlyNaval: true, severe: false, disorganised: false }).rolls,
    ).toBe(false);
    expect(
      baseSaveRule(true, 'SEGMENT_ATTACKED', { friendlyNaval: false, severe: false, disorganised: false }),
    ).toMatchObject({ rolls: true, onFail: 'DISORGANISED' });
    expect(
      baseSaveRule(true, 'SEGMENT_ATTACKED', { friendlyNaval: false, severe: true, disorganised: false }),
    ).toMatchObject({ rolls: true, autoDisorganised: true, onFail: 'DESTROYED' });
    expect(
      baseSaveRule(true, 'SEGMENT_ATTACKED', { friendlyNaval: true, severe: true, disorganised: false }),
    ).toMatchObject({ rolls: true, autoDisorganised: false, onFail: 'DISORGANISED' });
    expect(
      baseSaveRule(false, 'SEGMENT_ATTACKED', {
        friendlyNaval: false,
        severe: true,
        disorganised: false,
        opposingSd: true,
      }).rolls,
    ).toBe(false);
  });
});

describe('T-S13: Sizzle Stone, 5 orbital bases (L1441)', () => {
  const ss = sectorById(sectorId(5, 2))!;
  it('allocation 2/1/1/1 is even; a 6th may not join the segment with 2', () => {
    expect(orbitalCounts(ss, [1, 1, 2, 3, 4])).toEqual([2, 1, 1, 1]);
    expect(evenlyFilled(orbitalCounts(ss, [1, 1, 2, 3, 4]))).toBe(true);
    expect(evenlyFilled(orbitalCounts(ss, [1, 1, 2, 3]))).toBe(false);
    expect(canPlaceOrbitalBase(ss, [1, 1, 2, 3, 4], 1)?.code).toBe('EVEN_FILL');
    expect(canPlaceOrbitalBase(ss, [1, 1, 2, 3, 4], 2)).toBeNull();
    expect(canPlaceOrbitalBase(ss, [], 5)?.code).toBe('NO_SUCH_SEGMENT');
  });
});

describe('T-S14: ground support against the GN2 in Ku Crassus segment 4 (L2025)', () => {
  it('Renegade FH + GN2 attack 5 vs TOG D Sqn + FH 12 → 1:2, no shift; 0/+2; Renegade +2; the GN2 does not save', () => {
    const cw = { ...force(['cw-FH1']), bases: [base('gn2', 'GN2', 4)] };
    const tog = force(['tog-D', 'tog-FH1']);
    expect([totalAttack(cw), totalDefence(tog), totalAttack(tog)]).toEqual([5, 12, 7]);
    expect(combatAttacker('SEGMENT', 'GROUND_SUPPORT')).toBe('OPPONENT');
    expect(shiftAllowed('SEGMENT', 'GROUND_SUPPORT', true)).toBe(false);
    const r = ok(resolveSpaceCombat(new ScriptedDice([5]), 5, 12, false, false));
    expect([r.column, r.cell]).toEqual(['1:2', { a: 0, d: 2 }]);
    expect(
      saveTarget(7, { crt: r.cell.a, highSpeed: false, attackingProtectedMission: true, attackingDisorganised: false }),
    ).toBe(9);
    expect(
      baseSaveRule(false, 'BASE_SIDE_ATTACKS_PROTECTED', { friendlyNaval: true, severe: false, disorganised: false })
        .rolls,
    ).toBe(false);
  });
  it('then TOG 7 vs GN2 D 6 → 1:1, roll 5 → 0/0; the D Sqn and the base fail and are disorganised', () => {
    expect(combatAttacker('GS_VS_GROUND_BASE', 'GROUND_SUPPORT')).toBe('PHASING');
    const r = ok(
      resolveSpaceCombat(
        new ScriptedDice([5]),
        7,
        totalDefence({ units: [], bases: [base('gn2', 'GN2', 4)] }),
        false,
        false,
      ),
    );
    expect([r.column, r.cell]).toEqual(['1:1', { a: 0, d: 0 }]);
    const gs = baseSaveRule(false, 'GS_STRIKES_GROUND_BASE', {
      friendlyNaval: false,
      severe: false,
      disorganised: false,
    });
    expect(gs).toMatchObject({ rolls: true, onFail: 'DISORGANISED' });
    const dice = new ScriptedDice([7, 8]);
    expect(
      rollNavalSave(
        dice,
        'tog-D',
        saveTarget(5, { crt: 0, highSpeed: false, attackingProtectedMission: false, attackingDisorganised: false }),
        'ACTIVE',
        false,
      ).outcome,
    ).toBe('DISORGANISED');
  });
});

describe('who attacks (§5.B.11)', () => {
  it('opposing SD: higher total attack, tie to the turn Attacker (L1857, D-70); withdrawal: the interceptors', () => {
    expect(combatAttacker('OPPOSING_SD', 'SECTOR_DEFENCE', { phasingAttack: 5, opponentAttack: 9 })).toBe('OPPONENT');
    expect(
      combatAttacker('OPPOSING_SD', 'SECTOR_DEFENCE', {
        phasingAttack: 9,
        opponentAttack: 9,
        phasingIsTurnAttacker: true,
      }),
    ).toBe('PHASING');
    expect(combatAttacker('WITHDRAWAL_INTERCEPT', 'WITHDRAWAL')).toBe('OPPONENT');
    expect(() => combatAttacker('SEGMENT', 'RECON')).toThrow(/L1557-1559/);
  });
});
