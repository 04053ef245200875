import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { packData } from '../planetary/index.js';
import {
  airDefenceFacing,
  applyNavalSupportSaves,
  gsCommitErrors,
  gsCommitmentView,
  revealedCommitments,
  sealGsCommitment,
  supportedCell,
  supportedTotals,
} from './ground-support.js';
import { finishIndependentAttacks, independentAttackOnBase } from './independent.js';
import { returnFromGsBox } from './map-link.js';
import { resolveSupportedCombat, supportedBaseSave } from './supported-combat.js';
import { inGsBox, makeCampaign, ok, PLANET } from './testing.js';
import type { RuleError } from './types.js';

// T-C02 forces: TOG TF1 (2 Medium, A3 each) at 0615 attacks Renegade TF2 (1 Medium, D6) at 0616, zone 3.
const tc02 = (asd = 0) => {
  const cs = makeCampaign({
    ground: {
      tfs: [
        { id: 'tog1', side: 'TOG', hex: '0615', units: ['tog-medium-cohort', 'tog-medium-cohort'], detected: true },
        {
          id: 'cw2',
          side: 'CW',
          hex: '0616',
          units: ['cw-medium-cohort', ...Array(asd).fill('asd-century')],
          detected: true,
        },
      ],
    },
    naval: [
      { id: 'tgs', side: 'TOG', place: PLANET, units: [['tog-FL1', 2]], mission: 'GROUND_SUPPORT' },
      { id: 'cgs', side: 'CW', place: PLANET, units: [['cw-P', 1]], mission: 'GROUND_SUPPORT' },
    ],
  });
  inGsBox(cs, 3, ['tgs-tog-FL1-1', 'tgs-tog-FL1-2', 'cgs-cw-P-1']);
  return cs;
};

describe('5.C.3 naval combat support (L2212-2238)', () => {
  it('T-C02: A = 3+3+2+2 = 10, D = 6+7 = 13 (only the P Sqn attack value, L2220) → 2:3; roll 8 → +1/−1 on the planetary CRT', () => {
    const cs = tc02();
    const t = supportedTotals(cs, ['tog1'], 'cw2', { TOG: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'], CW: ['cgs-cw-P-1'] });
    expect([t.attack, t.defence, t.column]).toEqual([10, 13, '2:3']);
    expect(supportedCell(t.columnIndex, 8)).toEqual({ a: 1, d: -1 });
    // The data pack's CRT itself, not a fixture copy (D-02 fixture T-C02).
    expect(packData().crt.rows[7][packData().crt.columns.indexOf('2:3')]).toMatchObject({ a: 1, d: -1 });
  });

  it.each([
    [0, 4],
    [1, 3],
    [2, 2],
  ])(
    'T-C02: TOG fighters save at defence 3 +1, −1 per Renegade ASD Century (%i ASD → target %i, L2226-2234)',
    (asd, target) => {
      const cs = tc02(asd);
      const r = applyNavalSupportSaves(cs, new ScriptedDice([1, 1]), {
        side: 'TOG',
        units: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'],
        crtMod: 1,
        severe: false,
        airDefence: asd,
      });
      expect(r.lines.map((l) => l.target)).toEqual([target, target]);
      // H30: ASD is announced only when it changes the save.
      expect(r.events.some((e) => e.type === 'gs.air-defence-announced')).toBe(asd > 0);
    },
  );

  it('T-C02: the Renegade P Sqn rolls only if the TOG TF has air defence, and then fails only on a 10 (L2230-2232)', () => {
    const cs = tc02();
    const none = applyNavalSupportSaves(cs, new ScriptedDice([]), {
      side: 'CW',
      units: ['cgs-cw-P-1'],
      crtMod: -5,
      severe: true,
      airDefence: 0,
    });
    expect(none.lines[0]).toMatchObject({ rolled: false, outcome: 'UNHARMED' });
    const cs2 = tc02();
    const nine = applyNavalSupportSaves(cs2, new ScriptedDice([9]), {
      side: 'CW',
      units: ['cgs-cw-P-1'],
      crtMod: -5,
      severe: true,
      airDefence: 1,
    });
    expect(nine.lines[0]).toMatchObject({ rolled: true, roll: 9, outcome: 'UNHARMED' });
    const cs3 = tc02();
    const ten = applyNavalSupportSaves(cs3, new ScriptedDice([10]), {
      side: 'CW',
      units: ['cgs-cw-P-1'],
      crtMod: 3,
      severe: false,
      airDefence: 1,
    });
    expect(ten.lines[0].outcome).toBe('DISORGANISED');
    expect(cs3.space.units['cgs-cw-P-1'].status).toBe('DISORGANISED');
  });

  it('a fighter that fails is disorganised; on a BT/CA against its side success disorganises and failure destroys (D-83)', () => {
    const cs = tc02();
    const r = applyNavalSupportSaves(cs, new ScriptedDice([9, 2]), {
      side: 'TOG',
      units: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'],
      crtMod: 0,
      severe: true,
      airDefence: 0,
    });
    expect(r.lines.map((l) => l.outcome)).toEqual(['DESTROYED', 'DISORGANISED']);
  });

  it("D-19 STRICT: everyone sees each unit's outcome; targets and rolls go to the owner only", () => {
    const cs = tc02(1);
    cs.planetary.options.revealMode = 'STRICT';
    const r = applyNavalSupportSaves(cs, new ScriptedDice([1, 9]), {
      side: 'TOG',
      units: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'],
      crtMod: 1,
      severe: false,
      airDefence: 1,
    });
    const pub = r.events.find((e) => e.type === 'gs.saves')!;
    expect(pub).toMatchObject({
      visibleTo: 'all',
      data: { saves: [{ outcome: 'UNHARMED' }, { outcome: 'DISORGANISED' }] },
    });
    expect(JSON.stringify(pub)).not.toMatch(/target|roll/);
    expect(r.events.find((e) => e.type === 'gs.saves.detail')?.visibleTo).toEqual(['TOG']);
  });

  it('after the combat the units leave the GS box and are used for the turn (L2236, D-83)', () => {
    const cs = tc02();
    applyNavalSupportSaves(cs, new ScriptedDice([1, 1]), {
      side: 'TOG',
      units: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'],
      crtMod: 0,
      severe: false,
      airDefence: 0,
    });
    expect(cs.zones[3].gs.map((e) => e.unit)).toEqual(['cgs-cw-P-1']);
    expect(gsCommitErrors(cs, 'TOG', 3, ['tgs-tog-FL1-1'])[0].rule).toBe('D-83');
  });

  it('only own units in the GS box of the combat zone may be committed (L2214)', () => {
    const cs = tc02();
    expect(gsCommitErrors(cs, 'TOG', 3, ['cgs-cw-P-1'])[0].code).toBe('NOT_IN_GS_BOX');
    expect(gsCommitErrors(cs, 'TOG', 4, ['tgs-tog-FL1-1'])[0].code).toBe('NOT_IN_GS_BOX');
    expect(gsCommitErrors(cs, 'TOG', 3, ['tgs-tog-FL1-1', 'tgs-tog-FL1-1'])[0].code).toBe('TWICE');
    expect(gsCommitErrors(cs, 'TOG', 3, ['tgs-tog-FL1-1'])).toEqual([]);
  });
});

describe('D-76 sealed GS commitments (H29)', () => {
  it('SIMUL: the first seal is private, the reveal shows both at once', () => {
    const cs = tc02();
    const first = ok(sealGsCommitment(cs, 'c1', 3, 'TOG', 'TOG', ['tgs-tog-FL1-1']));
    expect(JSON.stringify(first.filter((e) => e.visibleTo === 'all'))).not.toContain('FL1');
    expect(revealedCommitments(cs, 'c1')).toBeNull();
    expect(gsCommitmentView(cs, 'CW')).toEqual({ combat: 'c1', mine: null, enemySealed: true });
    expect(JSON.stringify(gsCommitmentView(cs, 'CW'))).not.toContain('FL1');
    const second = ok(sealGsCommitment(cs, 'c1', 3, 'CW', 'TOG', ['cgs-cw-P-1']));
    expect(second.find((e) => e.type === 'gs.committed')?.visibleTo).toBe('all');
    expect(revealedCommitments(cs, 'c1')).toEqual({ TOG: ['tgs-tog-FL1-1'], CW: ['cgs-cw-P-1'] });
  });

  it("ATTACKER_FIRST option: the defender cannot commit before the combat attacker; the attacker's commitment is public", () => {
    const cs = tc02();
    cs.options.gsCommitMode = 'ATTACKER_FIRST';
    expect((sealGsCommitment(cs, 'c1', 3, 'CW', 'TOG', ['cgs-cw-P-1']) as RuleError).code).toBe('ATTACKER_FIRST');
    const a = ok(sealGsCommitment(cs, 'c1', 3, 'TOG', 'TOG', []));
    expect(a.some((e) => e.type === 'gs.committed' && e.visibleTo === 'all')).toBe(true);
  });

  it('a second seal by the same side and a wrong unit are refused and change nothing', () => {
    const cs = tc02();
    ok(sealGsCommitment(cs, 'c1', 3, 'TOG', 'TOG', []));
    const before = JSON.stringify(cs);
    expect((sealGsCommitment(cs, 'c1', 3, 'TOG', 'TOG', []) as RuleError).rule).toBe('D-76');
    expect((sealGsCommitment(cs, 'c1', 3, 'CW', 'TOG', ['tgs-tog-FL1-1']) as RuleError).rule).toBe('L2214');
    expect(JSON.stringify(cs)).toBe(before);
  });
});

describe('T-C01 (L2210): each GS unit used once — support, defence, independent attack', () => {
  it('two FL and a P Sqn of the Renegade Defender in zone 1', () => {
    const cs = makeCampaign({
      ground: { bases: [{ id: 'tog-gl2', side: 'TOG', type: 'GL2', hex: '0702' }] },
      naval: [
        {
          id: 'rgs',
          side: 'CW',
          place: PLANET,
          units: [
            ['cw-FL1', 2],
            ['cw-P', 1],
          ],
          mission: 'GROUND_SUPPORT',
        },
      ],
    });
    inGsBox(cs, 1, ['rgs-cw-FL1-1', 'rgs-cw-FL1-2', 'rgs-cw-P-1']);
    // FL#1 supports a counter-attack; FL#2 the defence of an attacked TF.
    expect(gsCommitErrors(cs, 'CW', 1, ['rgs-cw-FL1-1'])).toEqual([]);
    returnFromGsBox(cs, ['rgs-cw-FL1-1']);
    expect(gsCommitErrors(cs, 'CW', 1, ['rgs-cw-FL1-1'])).toHaveLength(1);
    expect(gsCommitErrors(cs, 'CW', 1, ['rgs-cw-FL1-2'])).toEqual([]);
    returnFromGsBox(cs, ['rgs-cw-FL1-2']);
    // The P Sqn attacks the TOG GL2 at the end of the Combat Phase, after the turn Attacker (L2258).
    expect(
      (
        independentAttackOnBase(cs, new ScriptedDice([5, 5, 5]), {
          side: 'CW',
          units: ['rgs-cw-P-1'],
          base: { legion: 'tog-gl2' },
          undetectedInNSpace: false,
        }) as RuleError
      ).code,
    ).toBe('ATTACKER_FIRST');
    expect(finishIndependentAttacks(cs, 'TOG')).toBeNull();
    ok(
      independentAttackOnBase(cs, new ScriptedDice([5, 5, 5]), {
        side: 'CW',
        units: ['rgs-cw-P-1'],
        base: { legion: 'tog-gl2' },
        undetectedInNSpace: false,
      }),
    );
    expect(cs.gsUsed.sort()).toEqual(['rgs-cw-FL1-1', 'rgs-cw-FL1-2', 'rgs-cw-P-1']);
    expect(cs.zones[1].gs).toEqual([]);
  });
});

describe('5.C.4 supported attacks against bases (L2240-2252, D-77)', () => {
  it('an active base in the defender hex counts as ASD equal to its Value; a disrupted one does not (L2228, D-77)', () => {
    const cs = makeCampaign({
      ground: {
        bases: [{ id: 'cw-b', side: 'CW', type: 'GL3', hex: '0616' }],
        tfs: [{ id: 'cw2', side: 'CW', hex: '0616', units: ['cw-medium-cohort', 'asd-century'] }],
      },
    });
    expect(airDefenceFacing(cs, ['cw2'], '0616', 'CW')).toBe(1 + 3);
    cs.planetary.bases['cw-b'].status = 'DISRUPTED';
    expect(airDefenceFacing(cs, ['cw2'], '0616', 'CW')).toBe(1);
    // A TOG base in the hex is no air defence for the Renegade TF.
    cs.planetary.bases['cw-b'] = { ...cs.planetary.bases['cw-b'], side: 'TOG', status: 'ACTIVE' };
    expect(airDefenceFacing(cs, ['cw2'], '0616', 'CW')).toBe(1);
  });

  it('the attacked base saves: failure disrupts it; an already disrupted base is destroyed with its supply (L2250-2252)', () => {
    const cs = makeCampaign({ ground: { bases: [{ id: 'b', side: 'CW', type: 'GL2', hex: '0616', supply: 12 }] } });
    // GL2 fights at D 6 (L2153, reconstructed as GN2): target 6 − 1 = 5; roll 7 fails.
    const e1 = supportedBaseSave(cs, new ScriptedDice([7]), 'b', -1);
    expect(e1[0].data).toMatchObject({ target: 5, outcome: 'DISRUPTED' });
    supportedBaseSave(cs, new ScriptedDice([9]), 'b', -1);
    expect(cs.planetary.bases.b).toBeUndefined();
  });

  it('T-C02 through the planetary combat: the naval attack joins the totals (2:3), the cell reaches the saves; unsupported combats go straight through', () => {
    const spec = {
      attackers: ['tog1'],
      target: { tf: 'cw2' },
      context: 'COMBAT_PHASE' as const,
      shiftPolicy: { TOG: 'NONE' as const, CW: 'NONE' as const },
    };
    const cs = tc02();
    const ev = ok(
      resolveSupportedCombat(cs, new ScriptedDice([8, ...Array(30).fill(1)]), spec, {
        TOG: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'],
        CW: ['cgs-cw-P-1'],
      }),
    );
    expect(ev.find((e) => e.type === 'combat')?.data).toMatchObject({ attack: 10, defence: 13, column: '2:3' });
    expect(ev.filter((e) => e.type === 'gs.saves').map((e) => (e.data as { side: string }).side)).toEqual([
      'TOG',
      'CW',
    ]);
    const plain = ok(resolveSupportedCombat(tc02(), new ScriptedDice([8, ...Array(30).fill(5)]), spec, {}));
    expect(plain.find((e) => e.type === 'combat')?.data).toMatchObject({ attack: 6, defence: 6 });
  });

  it('committing a unit of another zone to a supported combat is refused (L2214)', () => {
    const cs = tc02();
    cs.zones[3].gs = cs.zones[3].gs.filter((e) => e.unit !== 'cgs-cw-P-1');
    cs.zones[4].gs.push({ unit: 'cgs-cw-P-1', tf: 'cgs', side: 'CW' });
    const spec = {
      attackers: ['tog1'],
      target: { tf: 'cw2' },
      context: 'COMBAT_PHASE' as const,
      shiftPolicy: { TOG: 'NONE' as const, CW: 'NONE' as const },
    };
    expect((resolveSupportedCombat(cs, new ScriptedDice([]), spec, { CW: ['cgs-cw-P-1'] }) as RuleError).code).toBe(
      'NOT_IN_GS_BOX',
    );
  });
});
