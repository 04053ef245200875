import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import type { GameEvent } from '#engine/contract.js';
import { crtCell, ratioColumn, resolveCombat, type ShiftChoice } from './combat.js';
import { packData, rulesData, useRulesData } from './rules-data.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { Side } from './types.js';
import { checkOrder } from './module/validate.js';

const NONE: Record<Side, ShiftChoice> = { TOG: 'NONE', CW: 'NONE' };
const combatEvent = (ev: GameEvent[]) => ev.find((e) => e.type === 'combat')!.data as Record<string, any>;
const col = (label: string) => rulesData().crt.columns.indexOf(label);
const C = hx(4, 4); // fixture centre; neighbours 0303 0304 0403 0405 0503 0504

beforeEach(() => {
  useFixtureMap({ terrain: { [C]: ['forest'] }, urban: { city: [hx(6, 4)] } });
});
afterEach(() => useRulesData(null));

describe('CRT fixture cells in the data pack (D-02)', () => {
  it('T-P09 / L629: 2:3, roll 3 = −2 AR / +2', () => {
    const crt = packData().crt;
    expect(crt.rows[2][crt.columns.indexOf('2:3')]).toEqual({ a: -2, aFlag: 'AR', d: 2 });
  });
  it('T-P10 / L661, D-84: 1:1, roll 8 = +1 / −1 DR', () => {
    const crt = packData().crt;
    expect(crt.rows[7][crt.columns.indexOf('1:1')]).toEqual({ a: 1, d: -1, dFlag: 'DR' });
  });
  it('T-C02 / L2222: 2:3, roll 8 = +1 / −1, and 10:13 reads the 2:3 column', () => {
    const crt = packData().crt;
    expect(crt.rows[7][crt.columns.indexOf('2:3')]).toEqual({ a: 1, d: -1 });
    expect(crtCell(col('2:3'), 8)).toEqual({ a: 1, d: -1 }); // and the fixture table agrees
    expect(rulesData().crt.columns[ratioColumn(10, 13)]).toBe('2:3');
  });
});

describe('combat ratio and detection shift (L573-593)', () => {
  it('T-P07 / L583: two Medium Cohorts (6) vs a Light Cohort (4) in urban (DF 3) = 6:7, column 2:3', () => {
    const city = hx(6, 4);
    const s = makeTestState({
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(5, 4), units: ['tog-medium-cohort', 'tog-medium-cohort'] },
        { id: 'cw', side: 'CW', hex: city, units: ['cw-light-cohort'] },
      ],
    });
    const ev = resolveCombat(s, new ScriptedDice([5, 5, 5, 5]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    const c = combatEvent(ev);
    expect([c.attack, c.defence, c.ratioColumn, c.column]).toEqual([6, 7, '2:3', '2:3']);
    expect(rulesData().crt.columns[ratioColumn(12, 11)]).toBe('1:1'); // L629 rounding
  });

  it('T-P08 / L591-593: only TOG detected, CW may pick 1:2 (left) or 1:1 (right); symmetric for TOG', () => {
    const columnFor = (togDet: boolean, cwDet: boolean, policy: Record<Side, ShiftChoice>) => {
      const s = makeTestState({
        tfs: [
          {
            id: 'tog',
            side: 'TOG',
            hex: hx(5, 4),
            units: ['tog-medium-cohort', 'tog-medium-cohort'],
            detected: togDet,
          },
          { id: 'cw', side: 'CW', hex: hx(6, 4), units: ['cw-light-cohort'], detected: cwDet },
        ],
      });
      return combatEvent(
        resolveCombat(s, new ScriptedDice([5, 5, 5, 5]), {
          attackers: ['tog'],
          target: { tf: 'cw' },
          context: 'COMBAT_PHASE',
          shiftPolicy: policy,
        }),
      ).column;
    };
    expect(columnFor(true, false, { TOG: 'RIGHT', CW: 'LEFT' })).toBe('1:2');
    expect(columnFor(true, false, { TOG: 'LEFT', CW: 'RIGHT' })).toBe('1:1');
    expect(columnFor(false, true, { TOG: 'RIGHT', CW: 'LEFT' })).toBe('1:1');
    expect(columnFor(false, true, { TOG: 'LEFT', CW: 'RIGHT' })).toBe('1:2');
    expect(columnFor(true, true, { TOG: 'RIGHT', CW: 'LEFT' })).toBe('2:3'); // both detected: no shift
    expect(columnFor(false, false, { TOG: 'RIGHT', CW: 'LEFT' })).toBe('2:3');
    expect(columnFor(true, false, { TOG: 'NONE', CW: 'FAVOURABLE' })).toBe('1:2');
  });
});

describe('T-P09 combined attack (L623-635)', () => {
  it('12 vs 9+2 in forest = 1:1, defender shifts left to 2:3, roll 3: −2 AR / +2, attackers retreat apart, +1 fatigue', () => {
    const [a1, a2, a3] = [hx(3, 3), hx(3, 4), hx(4, 3)];
    const s = makeTestState({
      tfs: [
        { id: 'A5', side: 'TOG', hex: a1, units: ['tog-heavy-cohort'], detected: true },
        { id: 'A4', side: 'TOG', hex: a2, units: ['tog-light-cohort', 'tog-light-cohort'] },
        { id: 'A3', side: 'TOG', hex: a3, units: ['tog-medium-cohort'] },
        { id: 'D', side: 'CW', hex: C, units: ['cw-light-cohort', 'infantry-cohort'] },
      ],
    });
    const dice = new ScriptedDice([3, 1, 1, 1, 1, 1, 1]);
    const ev = resolveCombat(s, dice, {
      attackers: ['A5', 'A4', 'A3'],
      target: { tf: 'D' },
      context: 'COMBAT_PHASE',
      shiftPolicy: { TOG: 'RIGHT', CW: 'LEFT' },
      defenderAdvance: 'auto',
    });
    const c = combatEvent(ev);
    expect([c.attack, c.defence, c.ratioColumn, c.column, c.roll]).toEqual([12, 11, '1:1', '2:3', 3]);
    expect(c.cell).toEqual({ a: -2, aFlag: 'AR', d: 2, dFlag: null });
    const targets = (c.saves as { side: Side; target: number }[]).map((x) => `${x.side}${x.target}`);
    expect(targets).toEqual(['TOG6', 'TOG2', 'TOG2', 'TOG4', 'CW6', 'CW7']); // D−2 for the attacker, D+2 for the defender
    const former = new Set([a1, a2, a3]);
    for (const [id, from] of [
      ['A5', a1],
      ['A4', a2],
      ['A3', a3],
    ] as const) {
      const to = s.tfs[id].hex;
      expect(rulesData().hex(from).neighbours).toContain(to);
      expect(former.has(to)).toBe(false); // L633
      expect(to).not.toBe(C);
      expect(s.tfs[id].fatigue).toBe(1); // D-33
    }
    expect(s.tfs.D.fatigue).toBe(1);
    expect(former.has(s.tfs.D.hex)).toBe(true); // D-32: the defender advanced into a vacated hex
    expect(dice.remaining).toBe(0);
  });
});

describe('L635: the defender picks which vacated hex to advance into', () => {
  const [a1, a2, a3] = [hx(3, 3), hx(3, 4), hx(4, 3)];
  const run = (defenderAdvance: 'none' | 'auto' | { hexes: string[] }) => {
    const s = makeTestState({
      tfs: [
        { id: 'A5', side: 'TOG', hex: a1, units: ['tog-heavy-cohort'], detected: true },
        { id: 'A4', side: 'TOG', hex: a2, units: ['tog-light-cohort', 'tog-light-cohort'] },
        { id: 'A3', side: 'TOG', hex: a3, units: ['tog-medium-cohort'] },
        { id: 'D', side: 'CW', hex: C, units: ['cw-light-cohort', 'infantry-cohort'] },
      ],
    });
    resolveCombat(s, new ScriptedDice([3, 1, 1, 1, 1, 1, 1]), {
      attackers: ['A5', 'A4', 'A3'],
      target: { tf: 'D' },
      context: 'COMBAT_PHASE',
      shiftPolicy: { TOG: 'RIGHT', CW: 'LEFT' },
      defenderAdvance,
    });
    return s.tfs.D.hex;
  };
  it('−2 AR: ranked hexes put D in the first listed vacated hex, not the first vacated one; none stays', () => {
    expect(run('auto')).toBe(a1);
    expect(run({ hexes: [a3, a1] })).toBe(a3);
    expect(run({ hexes: [hx(0, 0), a2] })).toBe(a2); // a hex nobody vacated is passed over
    expect(run('none')).toBe(C);
  });
});

describe('L565: all units of an attacking Task Force are involved in the battle', () => {
  it('the attack is the whole TF\u2019s total and every one of its units rolls a save; a declaration cannot name a part of a TF', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'tog',
          side: 'TOG',
          hex: hx(3, 3),
          units: [
            { id: 'h', type: 'tog-heavy-cohort' },
            { id: 'm', type: 'tog-medium-cohort' },
            { id: 'l', type: 'tog-light-cohort' },
          ],
        },
        { id: 'cw', side: 'CW', hex: C, units: ['cw-light-cohort'] },
      ],
    });
    const whole = ['h', 'm', 'l'].reduce((a, u) => a + (rulesData().unitTypes[s.units[u].type].attack ?? 0), 0);
    const c = combatEvent(
      resolveCombat(s, new ScriptedDice([5, 1, 1, 1, 1]), {
        attackers: ['tog'],
        target: { tf: 'cw' },
        context: 'COMBAT_PHASE',
        shiftPolicy: NONE,
      }),
    );
    expect(c.attack).toBe(whole);
    expect(
      (c.saves as { side: Side; type: string }[])
        .filter((x) => x.side === 'TOG')
        .map((x) => x.type)
        .sort(),
    ).toEqual(['tog-heavy-cohort', 'tog-light-cohort', 'tog-medium-cohort']);
    s.step = 'COMBAT_DECLARE';
    s.combat = { attacks: [], order: [], resolved: [] };
    const part = checkOrder(s, 'TOG', {
      kind: 'combat-declare',
      attacks: [{ target: { tf: 'cw' }, attackers: ['tog'], units: ['h'] }],
    });
    expect(part.errors[0].code).toMatch(/MALFORMED/i);
  });
});

describe('T-P10 (L661, D-24, D-84)', () => {
  it('undetected TOG shifts right 2:3 → 1:1, roll 8: +1 / −1 DR; Manus HQ does not roll; CW retreats; TOG advances and takes the city', () => {
    const city = hx(6, 4);
    const s = makeTestState({
      urban: { city: 'CW' },
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(5, 4), units: ['tog-medium-cohort', 'tog-medium-cohort', 'signals-century'] },
        {
          id: 'cw',
          side: 'CW',
          hex: city,
          units: [
            { id: 'light', type: 'cw-light-cohort' },
            { id: 'manus', type: 'manus-hq' },
          ],
          detected: true,
        },
      ],
    });
    const dice = new ScriptedDice([8, 7, 7, 4]);
    const ev = resolveCombat(s, dice, {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: { TOG: 'RIGHT', CW: 'NONE' },
      advance: 'tog',
    });
    const c = combatEvent(ev);
    expect([c.attack, c.defence, c.ratioColumn, c.column]).toEqual([6, 7, '2:3', '1:1']);
    expect(c.cell).toEqual({ a: 1, aFlag: null, d: -1, dFlag: 'DR' });
    expect((c.saves as { type: string; target: number }[]).map((x) => [x.type, x.target])).toEqual([
      ['tog-medium-cohort', 7],
      ['tog-medium-cohort', 7],
      ['cw-light-cohort', 3],
    ]);
    expect(dice.remaining).toBe(0); // 3 saves only: the Manus HQ did not roll
    const cwHex = s.tfs.cw.hex;
    expect(rulesData().hex(city).neighbours).toContain(cwHex);
    expect(Object.values(s.tfs).some((t) => t.side === 'TOG' && t.hex === cwHex)).toBe(false);
    expect(s.units.light).toMatchObject({ status: 'DISORGANISED', hex: cwHex }); // failed on 4 > 3, retreated along (L681)
    expect(s.units.manus.tf).toBe('cw');
    expect(s.tfs.tog.hex).toBe(city);
    expect(s.urban.city).toBe('TOG'); // L900-902
    expect([s.tfs.tog.fatigue, s.tfs.cw.fatigue]).toEqual([1, 1]);
  });
});

describe('T-P11 retreat onto a friendly TF (L673-685)', () => {
  it('TF1 merges into TF2 with the higher fatigue; against TF4 only TF2’s own units defend but TF1’s units roll', () => {
    const s = makeTestState({
      tfs: [
        { id: 'TF1', side: 'CW', hex: hx(2, 2), units: [{ id: 'm1', type: 'cw-medium-cohort' }] },
        { id: 'TF2', side: 'CW', hex: hx(2, 3), units: [{ id: 'l2', type: 'cw-light-cohort' }] },
        { id: 'TF3', side: 'TOG', hex: hx(1, 2), units: ['tog-medium-cohort', 'tog-medium-cohort'] },
        { id: 'TF4', side: 'TOG', hex: hx(2, 4), units: ['tog-heavy-cohort'] },
      ],
    });
    resolveCombat(s, new ScriptedDice([8, 1, 1, 1]), {
      attackers: ['TF3'],
      target: { tf: 'TF1' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
      retreats: { TF1: hx(2, 3) },
    });
    expect(s.tfs.TF1).toBeUndefined();
    expect(s.units.m1.tf).toBe('TF2');
    expect(s.tfs.TF2.fatigue).toBe(1); // L613, L719: the higher of 1 and 0
    const ev = resolveCombat(s, new ScriptedDice([5, 1, 1, 1]), {
      attackers: ['TF4'],
      target: { tf: 'TF2' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    const c = combatEvent(ev);
    expect(c.defence).toBe(3); // light 4 − fatigue 1; the merged medium adds nothing (L675)
    expect((c.saves as { side: Side }[]).filter((x) => x.side === 'CW')).toHaveLength(2); // both roll (L677, L685)
  });
});

describe('saving throws and special results', () => {
  it('L567: a support-only defender is destroyed outright, no BT, attackers +1 fatigue and may advance', () => {
    const s = makeTestState({
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(3, 4), units: ['tog-light-cohort'] },
        { id: 'cw', side: 'CW', hex: C, units: [{ id: 'sig', type: 'signals-century' }] },
      ],
    });
    const dice = new ScriptedDice([]);
    const ev = resolveCombat(s, dice, {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
      advance: 'tog',
    });
    expect(ev[0].type).toBe('combat.support-only');
    expect(s.units.sig.status).toBe('DESTROYED');
    expect(s.tfs.cw).toBeUndefined();
    expect(s.tempo).toEqual({ TOG: 0, CW: 0 });
    expect(s.tfs.tog).toMatchObject({ hex: C, fatigue: 1 });
  });

  it('L669: artillery does not save unless it is the only combat unit; L932: a non-gravitic unit that fails is destroyed', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'tog',
          side: 'TOG',
          hex: hx(3, 4),
          units: [
            { id: 'art', type: 'artillery-cohort' },
            { id: 'med', type: 'tog-medium-cohort' },
          ],
        },
        { id: 'cw', side: 'CW', hex: hx(4, 5), units: [{ id: 'mar', type: 'marine-cohort' }] },
        { id: 'tog2', side: 'TOG', hex: hx(3, 5), units: [{ id: 'art2', type: 'artillery-cohort' }] },
      ],
    });
    // A = 4 + 3 + 4 = 11 vs marine 5 → 2:1; roll 1 → −1 AR / +1. Saves: med, art2 (alone), marine.
    const ev = resolveCombat(s, new ScriptedDice([1, 1, 1, 10]), {
      attackers: ['tog', 'tog2'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    const saves = combatEvent(ev).saves as { type: string; outcome: string }[];
    expect(saves.map((x) => x.type)).toEqual(['tog-medium-cohort', 'artillery-cohort', 'marine-cohort']);
    expect(s.units.mar.status).toBe('DESTROYED');
    expect(s.destroyedCombat.TOG).toBe(1);
  });

  it('BT (L605, L649, L731-733, D-35, D-37): every defending unit saves to avoid destruction, hex-mates destroyed, TF removed, units retreat, BT credited', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'tog',
          side: 'TOG',
          hex: hx(3, 4),
          units: ['tog-heavy-cohort', 'tog-heavy-cohort', 'tog-heavy-cohort', 'tog-heavy-cohort'],
        },
        {
          id: 'cw',
          side: 'CW',
          hex: hx(4, 5),
          units: [
            { id: 'l', type: 'cw-light-cohort' },
            { id: 'hq', type: 'manus-hq' },
          ],
        },
      ],
      disorganised: [{ id: 'old', type: 'cw-medium-cohort', side: 'CW', hex: hx(4, 5) }],
    });
    // 20 vs 4 = 5:1; roll 6 → 2 / −2 BT. Attacker saves 4×, defender: light (target 2) rolls 1, HQ (target 1) rolls 5.
    const ev = resolveCombat(s, new ScriptedDice([6, 1, 1, 1, 1, 1, 5]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
      advance: 'tog',
    });
    expect(combatEvent(ev).cell.dFlag).toBe('BT');
    expect(s.tfs.cw).toBeUndefined();
    expect(s.units.old.status).toBe('DESTROYED'); // D-35: no friendly base in the hex
    expect(s.units.hq.status).toBe('DESTROYED');
    expect(s.units.l.status).toBe('DISORGANISED');
    expect(rulesData().hex(hx(4, 5)).neighbours).toContain(s.units.l.hex);
    expect(s.tempo.TOG).toBe(1);
    expect(s.tfs.tog.hex).toBe(hx(4, 5)); // D-32 advance after BT
  });

  it('CA (L607, D-37): the attacking TF’s units save to avoid destruction and the CA is credited to the combat defender', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'tog',
          side: 'TOG',
          hex: hx(3, 4),
          units: [
            { id: 'l', type: 'tog-light-cohort' },
            { id: 'ce', type: 'combat-engineer-century' },
          ],
        },
        { id: 'cw', side: 'CW', hex: hx(4, 5), units: ['cw-heavy-cohort'] },
      ],
    });
    // 2 vs 8 = 1:2 (clamped); roll 1 → −3 CA / +3.
    resolveCombat(s, new ScriptedDice([1, 2, 10, 1]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    expect(s.tfs.tog).toBeUndefined();
    expect(s.units.l.status).toBe('DISORGANISED'); // target 4 − 3 + 1 (engineer, D-29) = 2, rolled 2
    expect(s.units.ce.status).toBe('DESTROYED');
    expect(s.tempo).toEqual({ TOG: 0, CW: 1 });
  });

  it('L645, D-28: +2 to the save target of attacking units that moved in LAF this turn; D-29 literal engineers −1', () => {
    const s = makeTestState({
      options: { engineerLiteral: true },
      tfs: [
        {
          id: 'tog',
          side: 'TOG',
          hex: hx(3, 4),
          units: [
            { id: 'm', type: 'tog-medium-cohort' },
            { id: 'ce', type: 'combat-engineer-century' },
          ],
          movedLafThisTurn: true,
        },
        { id: 'cw', side: 'CW', hex: hx(4, 5), units: ['cw-medium-cohort'] },
      ],
    });
    const ev = resolveCombat(s, new ScriptedDice([5, 1, 1]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
      engineers: [{ engineer: 'ce', unit: 'm' }],
    });
    // 3 vs 6 = 1:2, roll 5 → −1 AR / +1: medium 6 − 1 + 2 (LAF) − 1 (literal CE) = 6.
    expect((combatEvent(ev).saves as { target: number }[])[0].target).toBe(6);
  });

  it('D-19 STRICT: totals, roll and unit saves are not public; each side sees its own', () => {
    const s = makeTestState({
      options: { revealMode: 'STRICT' },
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(3, 4), units: ['tog-medium-cohort'] },
        { id: 'cw', side: 'CW', hex: hx(4, 5), units: ['cw-medium-cohort'] },
      ],
    });
    const ev = resolveCombat(s, new ScriptedDice([5, 1, 1]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    const pub = ev.filter((e) => e.visibleTo === 'all');
    for (const e of pub) {
      expect(JSON.stringify(e.data)).not.toMatch(/"(attack|defence|roll|saves)"/);
      expect(e.rolls ?? []).toHaveLength(0);
    }
    const cwDetail = ev.find(
      (e) => e.type === 'combat.detail' && Array.isArray(e.visibleTo) && e.visibleTo[0] === 'CW',
    )!;
    expect(cwDetail.data).toMatchObject({ defence: 6 });
    expect(JSON.stringify(cwDetail.data)).not.toContain('"attack"');
  });
});

describe('L934: a mixed TF forced to retreat into water loses only its non-gravitic units', () => {
  const run = (waterAt: string[]) => {
    useFixtureMap({ water: Object.fromEntries(waterAt.map((h) => [h, 'FULL' as const])) });
    const s = makeTestState({
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(0, 1), units: ['tog-heavy-cohort', 'tog-heavy-cohort', 'tog-heavy-cohort'] },
        {
          id: 'cw',
          side: 'CW',
          hex: hx(0, 0),
          units: [
            { id: 'g', type: 'garrison-legion' },
            { id: 'l', type: 'cw-light-cohort' },
          ],
        },
      ],
    });
    // 15 vs 7+4 = 1:1, roll 8: +1 / −1 DR; every save rolls 1 (unharmed), so only the retreat can cost units.
    const ev = resolveCombat(s, new ScriptedDice([8, 1, 1, 1, 1, 1]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    return { s, ev };
  };
  it('only water behind it: into the water, the garrison is destroyed, the light cohort goes on', () => {
    const { s, ev } = run([hx(1, 0)]);
    expect(ev.find((e) => e.type === 'retreat')!.data).toMatchObject({ tf: 'cw', to: hx(1, 0) });
    expect(s.units.g.status).toBe('DESTROYED');
    expect(s.units.l.status).not.toBe('DESTROYED');
    expect(s.tfs.cw.hex).toBe(hx(1, 0));
    expect(ev.find((e) => e.type === 'retreat.water-losses')).toMatchObject({
      visibleTo: ['CW'],
      data: { destroyed: ['g'], rule: 'L934' },
    });
  });
  it('a dry hex is open: the TF keeps off the water and keeps its garrison (L928)', () => {
    const { s } = run([]);
    // 0000's neighbours are 0001 (the attacker) and 0100, now dry.
    expect(s.tfs.cw.hex).toBe(hx(1, 0));
    expect(s.units.g.status).not.toBe('DESTROYED');
  });
});

describe('retreat limits (L613, L934, D-31)', () => {
  it('a TF with no legal retreat hex is destroyed; a non-gravitic TF may not retreat into water', () => {
    // 0000 has two neighbours, 0001 and 0100: enemy TF in one, water in the other.
    useFixtureMap({ water: { [hx(1, 0)]: 'FULL' } });
    const s = makeTestState({
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(0, 1), units: ['tog-heavy-cohort', 'tog-heavy-cohort'] },
        { id: 'cw', side: 'CW', hex: hx(0, 0), units: [{ id: 'g', type: 'garrison-legion' }] },
      ],
    });
    // 10 vs 7 = 1:1 (clear); roll 8 → +1 / −1 DR; garrison target 6, rolls 1 (unharmed) but cannot retreat.
    const ev = resolveCombat(s, new ScriptedDice([8, 1, 1, 1]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
      advance: 'tog',
    });
    expect(ev.find((e) => e.type === 'retreat')!.data).toMatchObject({ to: null, destroyed: true });
    expect(s.units.g.status).toBe('DESTROYED');
    expect(s.tfs.cw).toBeUndefined();
    expect(s.tfs.tog.hex).toBe(hx(0, 0));
    const g = makeTestState({
      tfs: [
        { id: 'tog', side: 'TOG', hex: hx(0, 1), units: ['tog-heavy-cohort', 'tog-heavy-cohort'] },
        { id: 'cw', side: 'CW', hex: hx(0, 0), units: [{ id: 'l', type: 'cw-light-cohort' }] },
      ],
    });
    resolveCombat(g, new ScriptedDice([8, 1, 1, 1]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
    });
    expect(g.tfs.cw.hex).toBe(hx(1, 0)); // a gravitic TF may go over water
  });
});

describe('D-35: disorganised units in a friendly base hex when their TF suffers a BT', () => {
  it('each saves (defence + CRT modifier, fatigue 0): failure destroys, success keeps it disorganised (and it retreats)', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 'tog',
          side: 'TOG',
          hex: hx(3, 4),
          units: ['tog-heavy-cohort', 'tog-heavy-cohort', 'tog-heavy-cohort', 'tog-heavy-cohort'],
        },
        { id: 'cw', side: 'CW', hex: hx(4, 5), units: [{ id: 'l', type: 'cw-light-cohort' }] },
      ],
      disorganised: [
        { id: 'ok', type: 'cw-heavy-cohort', side: 'CW', hex: hx(4, 5) },
        { id: 'ko', type: 'cw-light-cohort', side: 'CW', hex: hx(4, 5) },
      ],
      bases: [{ id: 'b', side: 'CW', type: 'GL1', hex: hx(4, 5), supply: 3 }],
    });
    // 20 vs 4 = 5:1, roll 6 → 2 / −2 BT. TOG 4 saves; light (target 2) rolls 1; hex-mates: heavy 8−2=6 rolls 6, light 4−2=2 rolls 3.
    resolveCombat(s, new ScriptedDice([6, 1, 1, 1, 1, 1, 6, 3]), {
      attackers: ['tog'],
      target: { tf: 'cw' },
      context: 'COMBAT_PHASE',
      shiftPolicy: NONE,
      advance: 'tog',
    });
    expect([s.units.ok.status, s.units.ko.status, s.units.l.status]).toEqual([
      'DISORGANISED',
      'DESTROYED',
      'DISORGANISED',
    ]);
    expect(s.units.ok.hex).toBe(s.units.l.hex);
    expect(s.tfs.tog.hex).toBe(hx(4, 5));
    expect(s.bases.b).toMatchObject({ side: 'TOG', supply: 3 }); // L906: BT → supply captured
  });
});
