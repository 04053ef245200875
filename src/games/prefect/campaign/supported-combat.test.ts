/**
 * The supported-combat wrapper against a stand-in planetary `resolveCombat` with the same hooks
 * (extraAttack/extraDefence added to the totals, the cell reported through onCell) but one CRT
 * roll and no ground saves, so the scripted dice below drive only the naval saves: this pins
 * the wrapper's wiring. ground-support.test.ts runs T-C02 through the real planetary combat.
 */
import { describe, expect, it, vi } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';

// The Planetary surface is what the wrapper imports; the rest of it stays real.
vi.mock('../planetary/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../planetary/index.js')>();
  const { attackTotal, defenceTotal } = real;
  return {
    ...real,
    // Stand-in: totals + hook, one CRT roll, no saves of its own (the real one does those).
    resolveCombat: (
      state: never,
      dice: { roll: (s: number, l: string) => number },
      spec: {
        attackers: string[];
        target: { tf: string };
        extraAttack?: number;
        extraDefence?: number;
        onCell?: (c: unknown) => void;
      },
    ) => {
      const s = state as unknown as import('../planetary/index.js').PrefectState;
      const attack = attackTotal(s, spec.attackers) + (spec.extraAttack ?? 0);
      const defence = defenceTotal(s, spec.target.tf) + (spec.extraDefence ?? 0);
      const col = real.ratioColumn(attack, defence);
      const cell = real.crtCell(col, dice.roll(10, 'combat'));
      spec.onCell?.(cell);
      return [{ type: 'combat', visibleTo: 'all', data: { attack, defence, column: col } }];
    },
  };
});

const { resolveSupportedCombat } = await import('./supported-combat.js');
const { inGsBox, makeCampaign, ok, PLANET } = await import('./testing.js');

const spec = {
  attackers: ['tog1'],
  target: { tf: 'cw2' },
  context: 'COMBAT_PHASE' as const,
  shiftPolicy: { TOG: 'NONE' as const, CW: 'NONE' as const },
};

describe('resolveSupportedCombat with the hook (L2212-2252)', () => {
  it('T-C02 end to end: A 10 vs D 13 → 2:3, roll 8 → +1/−1; TOG fighters save at 3 + 1 − 1 ASD = 3; the P Sqn rolls (TOG has ASD) and fails only on 10', () => {
    const cs = makeCampaign({
      ground: {
        tfs: [
          {
            id: 'tog1',
            side: 'TOG',
            hex: '0615',
            units: ['tog-medium-cohort', 'tog-medium-cohort', 'asd-century'],
            detected: true,
          },
          { id: 'cw2', side: 'CW', hex: '0616', units: ['cw-medium-cohort', 'asd-century'], detected: true },
        ],
      },
      naval: [
        { id: 'tgs', side: 'TOG', place: PLANET, units: [['tog-FL1', 2]], mission: 'GROUND_SUPPORT' },
        { id: 'cgs', side: 'CW', place: PLANET, units: [['cw-P', 1]], mission: 'GROUND_SUPPORT' },
      ],
    });
    inGsBox(cs, 3, ['tgs-tog-FL1-1', 'tgs-tog-FL1-2', 'cgs-cw-P-1']);
    const ev = ok(
      resolveSupportedCombat(cs, new ScriptedDice([8, 3, 4, 9]), spec, {
        TOG: ['tgs-tog-FL1-1', 'tgs-tog-FL1-2'],
        CW: ['cgs-cw-P-1'],
      }),
    );
    expect(ev[0].data).toMatchObject({ attack: 10, defence: 13, column: 1 });
    const saves = ev
      .filter((e) => e.type === 'gs.saves')
      .map((e) => e.data as { side: string; saves: { target: number | null; roll: number; outcome: string }[] });
    expect(saves[0]).toMatchObject({
      side: 'TOG',
      saves: [
        { target: 3, roll: 3, outcome: 'UNHARMED' },
        { target: 3, roll: 4, outcome: 'DISORGANISED' },
      ],
    });
    expect(saves[1]).toMatchObject({ side: 'CW', saves: [{ target: null, roll: 9, outcome: 'UNHARMED' }] });
    expect(cs.gsUsed.sort()).toEqual(['cgs-cw-P-1', 'tgs-tog-FL1-1', 'tgs-tog-FL1-2']);
  });

  it('5.C.4: against an active base the attacking ships save normally and the base saves after the combat (L2246-2252)', () => {
    const cs = makeCampaign({
      ground: {
        tfs: [
          { id: 'tog1', side: 'TOG', hex: '0615', units: ['tog-heavy-cohort'] },
          { id: 'cw2', side: 'CW', hex: '0616', units: ['cw-medium-cohort'] },
        ],
        bases: [{ id: 'b', side: 'CW', type: 'GL2', hex: '0616' }],
      },
      naval: [{ id: 'tgs', side: 'TOG', place: PLANET, units: [['tog-CA', 1]], mission: 'GROUND_SUPPORT' }],
    });
    inGsBox(cs, 3, ['tgs-tog-CA-1']);
    // A 5 + 6 = 11 vs D 6 → 3:2; roll 10; the CA saves (no ASD in the TF, but an active base: L2246); base D 6 + cell.d.
    const ev = ok(resolveSupportedCombat(cs, new ScriptedDice([10, 1, 10]), spec, { TOG: ['tgs-tog-CA-1'] }));
    const gs = ev.find((e) => e.type === 'gs.saves')!.data as { airDefence: number; saves: { rolled: boolean }[] };
    expect(gs.airDefence).toBe(2); // the GL2 counts as 2 ASD Centuries (L2228, D-77)
    expect(gs.saves[0].rolled).toBe(true);
    expect(ev.find((e) => e.type === 'base.save')?.data).toMatchObject({ base: 'b', outcome: 'DISRUPTED' });
    expect(cs.planetary.bases.b.status).toBe('DISRUPTED');
  });
});
