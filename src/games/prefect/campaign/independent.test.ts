import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { spaceData } from '../space/index.js';
import {
  finishIndependentAttacks,
  independentAttackOnBase,
  independentAttackOnTf,
  navalDetectionEsm,
} from './independent.js';
import { inGsBox, makeCampaign, ok, PLANET } from './testing.js';
import type { RuleError } from './types.js';

// T-C03: 2 fighters (ESM 1) + 1 CA (ESM 5) against an undetected TF of Sig 2 in clear terrain (0616, zone 3).
const tc03 = (detected = false) => {
  const cs = makeCampaign({
    ground: { tfs: [{ id: 'cw2', side: 'CW', hex: '0616', units: ['cw-medium-cohort'], detected }] },
    naval: [
      {
        id: 'gs',
        side: 'TOG',
        place: PLANET,
        units: [
          ['tog-FL1', 2],
          ['tog-CA', 1],
        ],
        mission: 'GROUND_SUPPORT',
      },
    ],
  });
  inGsBox(cs, 3, ['gs-tog-FL1-1', 'gs-tog-FL1-2', 'gs-tog-CA-1']);
  return cs;
};
const units = ['gs-tog-FL1-1', 'gs-tog-FL1-2', 'gs-tog-CA-1'];

describe('5.C.5 independent attacks on a TF (L2260-2268)', () => {
  it('T-C03: ESM = 1 + 1 + (5 − 2) = 5; target = 5 + Sig 2 + clear 0 = 7; a failed roll means no attack', () => {
    const cs = tc03();
    expect(navalDetectionEsm(cs, units)).toBe(5);
    const ev = ok(independentAttackOnTf(cs, new ScriptedDice([8]), { side: 'TOG', units, target: 'cw2' }));
    expect(ev).toHaveLength(1);
    expect(ev[0].data).toMatchObject({ esm: 5, targetNumber: 7, roll: 8, success: false });
    // L2268: back to the box — used for the turn (D-83); the TF is untouched.
    expect(cs.gsUsed.sort()).toEqual([...units].sort());
    expect(cs.zones[3].gs).toEqual([]);
    expect(cs.planetary.tfs.cw2.fatigue).toBe(0);
  });

  it('T-C03: a successful detection (roll 7) flips the TF and the attack follows: A 10 vs D 6 → 3:2, no shift (L2270)', () => {
    const cs = tc03();
    const ev = ok(independentAttackOnTf(cs, new ScriptedDice([7, 5, 5, 1, 1]), { side: 'TOG', units, target: 'cw2' }));
    expect(cs.planetary.tfs.cw2.detected).toBe(true); // roll 5 at 3:2 has no flag: the TF stays, now detected (L505)
    const combat = ev.find((e) => e.type === 'independent.combat')!;
    expect(combat.data).toMatchObject({ attack: 10, defence: 6, column: '3:2' });
    // The CA makes no save: the Renegade TF has no air defence (L2230).
    const saves = ev.find((e) => e.type === 'gs.saves')!.data as { saves: { type: string; rolled: boolean }[] };
    expect(saves.saves.find((s) => s.type === 'tog-CA')?.rolled).toBe(false);
  });

  it("D-19 STRICT: everyone sees the announced ESM and the outcome; the target number and roll go to the target's owner", () => {
    const cs = tc03();
    cs.planetary.options.revealMode = 'STRICT';
    const ev = ok(independentAttackOnTf(cs, new ScriptedDice([8]), { side: 'TOG', units, target: 'cw2' }));
    expect(ev[0]).toMatchObject({ visibleTo: 'all', data: { esm: 5, success: false } });
    expect(JSON.stringify(ev[0])).not.toMatch(/targetNumber|"roll"/);
    expect(ev[1]).toMatchObject({ visibleTo: ['CW'], data: { targetNumber: 7, roll: 8 } });
  });

  it('a TF detected this turn is attacked without a detection roll (L2260)', () => {
    const cs = tc03(true);
    const ev = ok(independentAttackOnTf(cs, new ScriptedDice([5, 5, 1, 1]), { side: 'TOG', units, target: 'cw2' }));
    expect(ev.some((e) => e.type === 'independent.detection')).toBe(false);
  });

  it('an announced ESM out of 1..max is refused and changes nothing (D-18)', () => {
    const cs = tc03();
    const before = JSON.stringify(cs);
    expect(
      (independentAttackOnTf(cs, new ScriptedDice([1]), { side: 'TOG', units, target: 'cw2', esm: 6 }) as RuleError)
        .rule,
    ).toBe('D-18');
    expect(JSON.stringify(cs)).toBe(before);
  });

  it('the turn Attacker resolves all his independent attacks first (L2258)', () => {
    const cs = tc03();
    cs.attacker = 'CW';
    expect(
      (independentAttackOnTf(cs, new ScriptedDice([1]), { side: 'TOG', units, target: 'cw2' }) as RuleError).code,
    ).toBe('ATTACKER_FIRST');
    expect(finishIndependentAttacks(cs, 'CW')).toBeNull();
    expect(finishIndependentAttacks(cs, 'CW')?.code).toBe('INDEPENDENT_DONE');
    ok(independentAttackOnTf(cs, new ScriptedDice([8]), { side: 'TOG', units, target: 'cw2' }));
  });
});

describe('5.C.5 independent attacks on a ground base (L2270-2276)', () => {
  const baseCase = (status: 'ACTIVE' | 'DISRUPTED' = 'ACTIVE') => {
    const cs = makeCampaign({
      ground: {
        bases: [{ id: 'gl3', side: 'CW', type: 'GL3', hex: '0616', status }],
        tfs: [{ id: 'cw2', side: 'CW', hex: '0616', units: ['cw-medium-cohort', 'asd-century', 'asd-century'] }],
      },
      naval: [
        {
          id: 'gs',
          side: 'TOG',
          place: PLANET,
          units: [
            ['tog-FH1', 2],
            ['tog-CA', 1],
          ],
          mission: 'GROUND_SUPPORT',
        },
      ],
    });
    inGsBox(cs, 3, ['gs-tog-FH1-1', 'gs-tog-FH1-2', 'gs-tog-CA-1']);
    return cs;
  };
  const atk = ['gs-tog-FH1-1', 'gs-tog-FH1-2', 'gs-tog-CA-1'];

  it('Space combat vs the base only: A 4+4+6 = 14 vs GL3 D 8 → 3:2; every attacker −1 per ASD Century at the base, fighters add no base Value (L2272)', () => {
    const cs = baseCase();
    const ev = ok(
      independentAttackOnBase(cs, new ScriptedDice([5, 1, 1, 1, 1]), {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        undetectedInNSpace: false,
      }),
    );
    const d = ev[0].data as {
      column: string;
      asdAtBase: number;
      saves: { type: string; target: number }[];
      cell: { a: number };
    };
    expect(d.column).toBe('3:2');
    expect(d.asdAtBase).toBe(2);
    const cell = spaceData.crt.rows[4][spaceData.crt.columns.indexOf('3:2')];
    expect(d.saves.map((s) => s.target)).toEqual([7 + cell.a - 2, 7 + cell.a - 2, 8 + cell.a - 2]);
    // Only the base is attacked: the TF in the hex is untouched (L2276).
    expect(cs.planetary.tfs.cw2.fatigue).toBe(0);
  });

  it('the base is always detected: the attacker may shift right only if undetected in N-space (L2270-2272, L1547)', () => {
    const cs = baseCase();
    const before = structuredClone(cs);
    const dice = new ScriptedDice([5]);
    expect(
      independentAttackOnBase(cs, dice, {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        shiftRight: true,
        undetectedInNSpace: false,
      }),
    ).toMatchObject({ code: 'SHIFT_NOT_ALLOWED', rule: 'L2272' });
    expect(cs).toEqual(before); // refused before any roll: no state change
    expect(dice.log).toEqual([]);
    const ev = ok(
      independentAttackOnBase(cs, new ScriptedDice([5, 1, 1, 1, 1]), {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        shiftRight: true,
        undetectedInNSpace: true,
      }),
    );
    expect(ev[0].data).toMatchObject({ column: '2:1', shifted: true });
  });

  it('a disrupted base that fails is destroyed, and every unit of the TF there is disorganised (L2274-2276)', () => {
    const cs = baseCase('DISRUPTED');
    ok(
      independentAttackOnBase(cs, new ScriptedDice([5, 1, 1, 1, 10]), {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        undetectedInNSpace: false,
      }),
    );
    expect(cs.planetary.bases.gl3).toBeUndefined();
    expect(cs.planetary.tfs.cw2).toBeUndefined();
    expect(
      Object.values(cs.planetary.units)
        .filter((u) => u.side === 'CW')
        .every((u) => u.status === 'DISORGANISED' && u.hex === '0616'),
    ).toBe(true);
  });

  it('an active base that fails is only disrupted, whatever the flags (L2274)', () => {
    const cs = baseCase();
    ok(
      independentAttackOnBase(cs, new ScriptedDice([10, 1, 1, 1, 10]), {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        undetectedInNSpace: false,
      }),
    );
    expect(cs.planetary.bases.gl3.status).toBe('DISRUPTED');
    expect(cs.planetary.tfs.cw2).toBeDefined();
  });

  it("D-19 STRICT: the base's fate is public; the attacker's roll and saves go to him, the base save to its owner", () => {
    const cs = baseCase();
    cs.planetary.options.revealMode = 'STRICT';
    const ev = ok(
      independentAttackOnBase(cs, new ScriptedDice([10, 1, 1, 1, 10]), {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        undetectedInNSpace: false,
      }),
    );
    expect(ev[0]).toMatchObject({ visibleTo: 'all', data: { baseOutcome: 'DISRUPTED', asdAtBase: 2 } });
    expect(JSON.stringify(ev[0].data)).not.toMatch(/"roll"|saves/);
    expect(ev.filter((e) => e.type === 'independent.base.detail').map((e) => e.visibleTo)).toEqual([['TOG'], ['CW']]);
  });

  it("own bases and units outside the zone's GS box are refused", () => {
    const cs = baseCase();
    expect(
      (
        independentAttackOnBase(cs, new ScriptedDice([]), {
          side: 'CW',
          units: [],
          base: { legion: 'gl3' },
          undetectedInNSpace: false,
        }) as RuleError
      ).code,
    ).toBe('ATTACKER_FIRST');
    cs.zones[3].gs = [];
    expect(
      (
        independentAttackOnBase(cs, new ScriptedDice([]), {
          side: 'TOG',
          units: atk,
          base: { legion: 'gl3' },
          undetectedInNSpace: false,
        }) as RuleError
      ).code,
    ).toBe('NOT_IN_GS_BOX');
  });
});
