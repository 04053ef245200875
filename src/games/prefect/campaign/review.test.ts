/**
 * Review findings on the Campaign library: errors that told an enemy unit from a made-up id
 * (H16, H39 OWNER), a drop attack counting a fighter twice (L2380), GS/OD hand-offs from a TF that
 * never came through (L1585-1587, L1695, L2200), malformed drop loads (L2378, L2398), and the
 * game-over predicate after the last Tempo Phase (L2175).
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { campaignData } from './data/index.js';
import { dropAttack, enterOdBox } from './drops.js';
import { gsCommitErrors } from './ground-support.js';
import { supportedBaseSave } from './supported-combat.js';
import { independentAttackOnBase, independentAttackOnTf } from './independent.js';
import { enterGsBox } from './map-link.js';
import { campaignTempo } from './tempo.js';
import { aboard, inGsBox, makeCampaign, ok, PLANET } from './testing.js';
import type { RuleError } from './types.js';
import { campaignOver } from './victory.js';

const T1 = 'od-tog-TRM-1';
const dropSetup = (visibility: 'PUBLIC' | 'OWNER' = 'PUBLIC') => {
  const cs = makeCampaign({
    options: { boxVisibility: visibility },
    naval: [
      { id: 'od', side: 'TOG', place: PLANET, units: [['tog-TRM', 1]], mission: 'ORBITAL_DROP' },
      { id: 'cgs', side: 'CW', place: PLANET, units: [['cw-FL1', 2]], mission: 'GROUND_SUPPORT' },
      { id: 'tgs', side: 'TOG', place: PLANET, units: [['tog-FL1', 1]], mission: 'GROUND_SUPPORT' },
    ],
  });
  aboard(cs, 'l1', 'tog-light-cohort', 'TOG', [T1]);
  aboard(cs, 'l2', 'tog-light-cohort', 'TOG', [T1]);
  inGsBox(cs, 3, ['cgs-cw-FL1-1', 'cgs-cw-FL1-2', 'tgs-tog-FL1-1']);
  return cs;
};

describe('errors do not tell an enemy GS unit from a made-up id (H16, H39 OWNER)', () => {
  it('gsCommitErrors: an enemy unit already used this turn gets NOT_IN_GS_BOX, like an unknown id', () => {
    const cs = dropSetup('OWNER');
    cs.zones[3].gs = cs.zones[3].gs.filter((e) => e.unit !== 'cgs-cw-FL1-1');
    cs.gsUsed.push('cgs-cw-FL1-1');
    const code = (id: string) => gsCommitErrors(cs, 'TOG', 3, [id])[0].code;
    expect(code('cgs-cw-FL1-1')).toBe(code('no-such-unit'));
    // his own used unit is still told apart (D-83)
    cs.zones[3].gs = cs.zones[3].gs.filter((e) => e.unit !== 'tgs-tog-FL1-1');
    cs.gsUsed.push('tgs-tog-FL1-1');
    expect(code('tgs-tog-FL1-1')).toBe('GS_USED');
  });

  it('dropAttack: the same', () => {
    const cs = dropSetup('OWNER');
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    cs.zones[3].gs = cs.zones[3].gs.filter((e) => e.unit !== 'tgs-tog-FL1-1');
    cs.gsUsed.push('tgs-tog-FL1-1');
    const code = (id: string) => (dropAttack(cs, new ScriptedDice([]), 'CW', 3, [id]) as RuleError).code;
    expect(code('tgs-tog-FL1-1')).toBe(code('no-such-unit'));
  });
});

describe('drop attack (L2380): each fighter once', () => {
  it('a squadron listed twice is refused and nothing changes', () => {
    const cs = dropSetup();
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    const before = JSON.stringify(cs);
    const dice = new ScriptedDice([5, 5]);
    expect((dropAttack(cs, dice, 'CW', 3, ['cgs-cw-FL1-1', 'cgs-cw-FL1-1']) as RuleError).code).toBe('TWICE');
    expect([JSON.stringify(cs), dice.log.length]).toEqual([before, 0]);
  });
});

describe('GS and OD hand-offs need a TF that came through (L1585-1587, L1695, L2200)', () => {
  for (const status of ['FAILED', 'INTERRUPTED'] as const) {
    it(`${status}: no GS box, no OD box, nothing changes`, () => {
      const cs = dropSetup();
      cs.space.tfs.tgs.missionStatus = status;
      cs.space.tfs.od.missionStatus = status;
      const before = JSON.stringify(cs);
      expect((enterGsBox(cs, 'tgs', 4) as RuleError).code).toBe('NOT_THROUGH');
      expect((enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }) as RuleError).code).toBe('NOT_THROUGH');
      expect(JSON.stringify(cs)).toBe(before);
    });
  }

  it('DONE (or not yet resolved) still enters', () => {
    const cs = dropSetup();
    cs.space.tfs.tgs.missionStatus = 'DONE';
    ok(enterGsBox(cs, 'tgs', 4));
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
  });
});

describe('malformed drop loads are refused (L2378, L2398)', () => {
  it('a unit listed twice, negative or fractional SP', () => {
    const cs = dropSetup();
    const before = JSON.stringify(cs);
    expect((enterOdBox(cs, 'TOG', T1, 3, { units: ['l1', 'l1'] }) as RuleError).code).toBe('TWICE');
    expect((enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'], supply: -5 }) as RuleError).code).toBe('BAD_SUPPLY');
    expect((enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'], supply: 2.5 }) as RuleError).code).toBe('BAD_SUPPLY');
    expect(JSON.stringify(cs)).toBe(before);
  });
});

describe('game over (L2175, D-01)', () => {
  it('campaignOver is true once the last Tempo Phase has set the result', () => {
    const cs = makeCampaign();
    cs.turn = cs.maxTurns;
    expect(campaignOver(cs)).toBe(false);
    campaignTempo(cs, campaignData.scenarios.invasion);
    expect(cs.result).toBeTruthy();
    expect(campaignOver(cs)).toBe(true);
  });
});

describe('independent attack on a TF: every roll travels in an event (L2260-2262, L655)', () => {
  it("a BT in a base hex: the loose disorganised unit's save roll is in the combat event too", () => {
    const cs = makeCampaign({
      ground: {
        tfs: [{ id: 'cw2', side: 'CW', hex: '0616', units: ['cw-medium-cohort'], detected: true }],
        bases: [{ id: 'b', side: 'CW', type: 'GL1', hex: '0616' }],
        disorganised: [{ id: 'loose', type: 'cw-light-cohort', side: 'CW', hex: '0616' }],
      },
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
    const atk = ['gs-tog-FL1-1', 'gs-tog-FL1-2', 'gs-tog-CA-1'];
    inGsBox(cs, 3, atk);
    // A 10 vs D 6 → 3:2, roll 10 = +2 / −2 BT; the cohort's save, the loose unit's save, then the naval saves.
    const dice = new ScriptedDice([10, 1, 3, 1, 1, 1]);
    const ev = ok(independentAttackOnTf(cs, dice, { side: 'TOG', units: atk, target: 'cw2' }));
    const combat = ev.find((e) => e.type === 'independent.combat')!;
    expect(combat.data).toMatchObject({ column: '3:2', cell: { dFlag: 'BT' }, hexMates: 1 });
    const inEvents = ev.flatMap((e) => e.rolls ?? []);
    expect(inEvents.map((r) => r.value)).toEqual(dice.log.map((r) => r.value));
    expect(combat.rolls?.some((r) => r.label === 'save cw-light-cohort' && r.value === 3)).toBe(true);
  });
});

describe('independent attack on a ground base: the base save roll travels in the event (L2274)', () => {
  it("combat, attackers' saves and the base save: all in the event's rolls", () => {
    const cs = makeCampaign({
      ground: { bases: [{ id: 'gl3', side: 'CW', type: 'GL3', hex: '0616' }] },
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
    const atk = ['gs-tog-FH1-1', 'gs-tog-FH1-2', 'gs-tog-CA-1'];
    inGsBox(cs, 3, atk);
    const dice = new ScriptedDice([5, 1, 1, 1, 4]);
    const ev = ok(
      independentAttackOnBase(cs, dice, {
        side: 'TOG',
        units: atk,
        base: { legion: 'gl3' },
        undetectedInNSpace: false,
      }),
    );
    expect(dice.log.map((r) => r.label).at(-1)).toBe('base save');
    expect(ev.flatMap((e) => e.rolls ?? []).map((r) => r.value)).toEqual(dice.log.map((r) => r.value));
  });
});

describe("drop attack: the fighters' TF fatigue lowers their attack (L1839, L2380-2382)", () => {
  it('two FL (A 2) of a TF at fatigue 1 attack with 2, not 4', () => {
    const cs = dropSetup();
    ok(enterOdBox(cs, 'TOG', T1, 3, { units: ['l1'] }));
    cs.endOfCombat.independentDone = ['TOG', 'CW'];
    cs.space.tfs.cgs.fatigue = 1;
    const ev = ok(dropAttack(cs, new ScriptedDice([5, 5]), 'CW', 3, ['cgs-cw-FL1-1', 'cgs-cw-FL1-2']));
    expect(ev[0].data).toMatchObject({ attack: 2, defence: 4 });
  });
});

describe('GS box, PUBLIC option: the public event shows counter types, like the view (H16, H39)', () => {
  it('no unit id in what the enemy receives; the owner gets the ids and the TF', () => {
    const cs = dropSetup();
    const ev = ok(enterGsBox(cs, 'tgs', 4));
    const pub = ev.filter((e) => e.visibleTo === 'all');
    expect(pub).toHaveLength(1);
    expect(pub[0].data).toMatchObject({ side: 'TOG', zone: 4, units: [{ type: 'tog-FL1' }] });
    expect(JSON.stringify(pub)).not.toContain('tgs-tog-FL1-1');
    expect(ev.find((e) => e.type === 'gs.entered.detail')).toMatchObject({
      visibleTo: ['TOG'],
      data: { tf: 'tgs', units: ['tgs-tog-FL1-1'] },
    });
  });
});

describe('supported attack on a base: D-19 STRICT splits the base save like every campaign combat event', () => {
  it("public: the outcome; the target (which carries the CRT number) and the roll: the base's owner only", () => {
    const cs = makeCampaign({
      ground: { bases: [{ id: 'b', side: 'CW', type: 'GL2', hex: '0616' }], options: { revealMode: 'STRICT' } },
    });
    const ev = supportedBaseSave(cs, new ScriptedDice([7]), 'b', -1);
    const pub = ev.filter((e) => e.visibleTo === 'all');
    expect(pub.map((e) => e.data)).toEqual([{ base: 'b', hex: '0616', outcome: 'DISRUPTED', rule: 'L2250-2252' }]);
    expect(JSON.stringify(pub)).not.toMatch(/target|roll/);
    expect(ev.find((e) => e.type === 'base.save.detail')).toMatchObject({
      visibleTo: ['CW'],
      data: { target: 5, roll: 7 },
    });
  });
});
