import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { spaceData } from '../data/index.js';
import { buildState, sector } from '../testing.js';
import type { NavalBase } from '../types.js';
import { victoryPoints } from '../victory.js';
import { KU, NM, TOG_F, kuCrassusGs, newMandella, ofType, reactions } from './fixtures.js';
import { resolveCombatPhase } from './index.js';

const scenario = Object.values(spaceData.scenarios)[0];

describe('HS Attack end to end (L1717-1725)', () => {
  it('T-S06 to T-S12: detected at 9, DSI by 5 undetected fighters at 2:3 (shifted), roll 6; survivors hit segment 3 at 1:1, roll 4', () => {
    const s = newMandella();
    // N-space 5 (≤ 9, detected); interceptor detection 7 (> 5, D-79); DSI roll 6 and the printed saves;
    // segment roll 4; TOG saves 7, 8, 8; the cruiser 9; the ONI station does not roll (friendly naval units, L1639).
    const dice = new ScriptedDice([5, 7, 6, 5, 2, 8, 10, 7, 7, 9, 3, 4, 10, 4, 7, 8, 8, 9]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'tog', commit: TOG_F, segment: 3 }] }, reactions(), dice);
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'NSPACE_DETECTION')[0]).toMatchObject({ esm: 12, sig: 0, target: 9, roll: 5, detected: true }); // T-S06
    expect(ofType(ev, 'DSI_INTERCEPTORS')[0]).toMatchObject({
      interceptors: ['cw-cw-FL1-1', 'cw-cw-FL1-2', 'cw-cw-FL1-3', 'cw-cw-FM1-1', 'cw-cw-FM1-2'],
      target: 5,
      detected: false,
    }); // T-S07, T-S08
    const [dsi, seg] = ofType(ev, 'COMBAT');
    expect(dsi).toMatchObject({
      kind: 'DSI',
      attacker: 'CW',
      attack: 12,
      defence: 33,
      column: '2:3',
      roll: 6,
      cell: { a: 1, d: 0 },
    }); // T-S09 to T-S11
    expect(ofType(ev, 'SEGMENT_PLACED')[0]).toMatchObject({ segment: 3, units: ['cw-cw-CA-1'], bases: ['oni'] });
    expect(seg).toMatchObject({
      kind: 'SEGMENT',
      segment: 3,
      attacker: 'TOG',
      attack: 11,
      defence: 11,
      column: '1:1',
      roll: 4,
      cell: { a: -1, d: 1 },
    }); // T-S12
    expect((seg.saves as { id: string }[]).map((x) => x.id)).toEqual([
      'tog-tog-FM1-1',
      'tog-tog-FH1-1',
      'tog-tog-FH1-2',
      'cw-cw-CA-1',
    ]);
    expect([s.units['tog-tog-FH1-3'].status, s.units['cw-cw-FL1-3'].status, s.bases.oni.status]).toEqual([
      'DISORGANISED',
      'DISORGANISED',
      'ACTIVE',
    ]);
    expect(s.units['cw-cw-FL1-1'].interceptedTurn).toBe(1); // L1515
    expect([s.tfs.tog.missionStatus, s.tfs.tog.fatigue, s.tfs.cw.fatigue]).toEqual(['DONE', 1, 1]);
    // the P and D squadrons were not committed: no roll, no combat (L1479)
    expect(JSON.stringify(ev)).not.toContain('tog-tog-P-1');
  });
});

describe('Ground Support end to end', () => {
  it('T-S14: detected but not intercepted, the GS TF is attacked in segment 4 by FH + GN2 at 1:2 (0/+2, no shift), then strikes the GN2 at 1:1: D Sqn and GN2 disorganised', () => {
    const s = kuCrassusGs();
    const dice = new ScriptedDice([2, 5, 3, 4, 6, 5, 8, 3, 9]);
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'tog', segment: 4, gsTarget: 'gn2' }] },
      reactions({ intercept: { default: 'NONE' } }),
      dice,
    );
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'NSPACE_DETECTION')[0]).toMatchObject({ esm: 1, target: 3, detected: true }); // ESM: the FH; GN2 is a ground base (L1485)
    expect(ofType(ev, 'NO_INTERCEPTION')).toHaveLength(1);
    const [first, strike] = ofType(ev, 'COMBAT');
    expect(first).toMatchObject({
      kind: 'SEGMENT',
      attacker: 'CW',
      attack: 5,
      defence: 12,
      column: '1:2',
      cell: { a: 0, d: 2 },
    });
    expect((first.saves as { id: string; target: number }[]).map((x) => [x.id, x.target])).toEqual([
      ['cw-cw-FH1-1', 9],
      ['tog-tog-D-1', 7],
      ['tog-tog-FH1-1', 9],
    ]);
    expect(strike).toMatchObject({
      kind: 'GS_VS_GROUND_BASE',
      attacker: 'TOG',
      attack: 7,
      defence: 6,
      column: '1:1',
      cell: { a: 0, d: 0 },
    });
    expect([s.units['tog-tog-D-1'].status, s.bases.gn2.status]).toEqual(['DISORGANISED', 'DISRUPTED']);
    expect(s.record?.missionsCompleted).toEqual([{ side: 'TOG', mission: 'GROUND_SUPPORT', sector: KU, turn: 1 }]);
    expect(victoryPoints(s, scenario).TOG).toBe(1); // D-01: GS at Ku Crassus scores
    expect([s.tfs.tog.fatigue, s.tfs.cw.fatigue]).toEqual([1, 1]);
  });

  it('L1743: with the NONE policy nobody fires; a GS target that is not an enemy ground base is reported to its owner only', () => {
    const s = kuCrassusGs();
    const dice = new ScriptedDice([10]);
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'tog', segment: 4, gsTarget: 'nothing' }] },
      reactions({ protectedAttack: { default: 'NONE' } }),
      dice,
    );
    expect(ofType(ev, 'COMBAT')).toEqual([]);
    expect(ev.find((e) => e.type === 'GS_NO_TARGET')?.visibleTo).toEqual(['TOG']);
    expect([s.tfs.tog.missionStatus, s.tfs.tog.fatigue, s.tfs.cw.fatigue]).toEqual(['DONE', 1, 0]);
  });
});

function supplyState() {
  const tb: NavalBase = { id: 'tb', side: 'TOG', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 2, supply: 0 };
  const s = buildState(
    [
      { id: 'sup', side: 'TOG', place: sector(NM), mission: 'SUPPLY', units: [['tog-TRM', 1, { supply: 20 }]] },
      { id: 'cw', side: 'CW', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ],
    [tb],
  );
  s.tfs.cw.sdAllocation = { 2: ['cw-cw-FL1-1'] };
  return s;
}

describe('Supply end to end (L1737-1753)', () => {
  const plan = { tfs: [{ tf: 'sup', segment: 2, transfers: [{ from: 'sup-tog-TRM-1', to: 'tb', amount: 15 }] }] };

  it('not attacked (NONE): the TF is in segment 2 this turn, hands 15 SP to the base, and nobody tires (L1833)', () => {
    const s = supplyState();
    const ev = resolveCombatPhase(
      s,
      'TOG',
      plan,
      reactions({ protectedAttack: { default: 'NONE' } }),
      new ScriptedDice([10]),
    );
    expect(ofType(ev, 'NSPACE_DETECTION')[0]).toMatchObject({ esm: 1, target: 4, detected: false });
    expect(s.tfs.sup.suppliedSegment).toEqual({ segment: 2, turn: 1 });
    expect([s.bases.tb.supply, s.units['sup-tog-TRM-1'].supply]).toEqual([15, 5]);
    expect(ev.find((e) => e.type === 'TRANSFER')?.visibleTo).toEqual(['TOG']); // H14
    expect([s.tfs.sup.fatigue, s.tfs.cw.fatigue]).toEqual([0, 0]);
  });

  it('attacked (ALL): the SD fighter attacks with +2 to its save (L1751), no shift (D-60); combat tires both TFs (L1835)', () => {
    const s = supplyState();
    const ev = resolveCombatPhase(s, 'TOG', plan, reactions(), new ScriptedDice([10, 5, 1, 1]));
    const c = ofType(ev, 'COMBAT')[0] as {
      attacker: string;
      column: string;
      cell: { a: number };
      saves: { id: string; target: number }[];
    };
    expect([c.attacker, c.column]).toEqual(['CW', '1:2']);
    expect(c.saves[0]).toMatchObject({ id: 'cw-cw-FL1-1', target: 3 + c.cell.a + 2 });
    expect(s.bases.tb.supply).toBe(15);
    expect([s.tfs.sup.fatigue, s.tfs.cw.fatigue]).toEqual([1, 1]);
  });

  it('L1585-1587: a transport disorganised on the way transfers nothing; the mission fails', () => {
    const s = supplyState();
    const ev = resolveCombatPhase(s, 'TOG', plan, reactions(), new ScriptedDice([10, 5, 1, 10]));
    expect(s.units['sup-tog-TRM-1'].status).toBe('DISORGANISED');
    expect([s.bases.tb.supply, s.tfs.sup.missionStatus, s.tfs.sup.suppliedSegment]).toEqual([0, 'FAILED', undefined]);
    expect(ofType(ev, 'MISSION_RESULT')[0]).toMatchObject({ tf: 'sup', status: 'FAILED' });
  });
});

describe('Supply carrying a base (L2095-2109)', () => {
  function carrying() {
    const s = supplyState();
    s.tfs.sup.units.push('sup-TRM-2');
    s.units['sup-TRM-2'] = { id: 'sup-TRM-2', type: 'tog-TRM', side: 'TOG', status: 'ACTIVE', tf: 'sup' };
    s.bases.nb = {
      id: 'nb',
      side: 'TOG',
      type: 'ON1',
      status: 'ACTIVE',
      sector: NM,
      segment: 1,
      supply: 0,
      carriedBy: 'sup',
    };
    for (const id of ['sup-tog-TRM-1', 'sup-TRM-2']) s.units[id].baseLoad = { base: 'nb', sp: 10 };
    return s;
  }

  it('unharmed, the base is unloaded in the segment reached and announced to both (L2109)', () => {
    const s = carrying();
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'sup', segment: 3, unloadBases: ['nb'] }] },
      reactions({ protectedAttack: { default: 'NONE' } }),
      new ScriptedDice([10]),
    );
    expect(ev.find((e) => e.type === 'BASE_UNLOADED')).toMatchObject({
      visibleTo: 'all',
      data: { base: 'nb', sector: NM, segment: 3 },
    });
    expect(s.bases.nb).toMatchObject({ segment: 3, status: 'DISRUPTED', placedTurn: 1 });
    expect(s.bases.nb.carriedBy).toBeUndefined();
  });

  it('L2101: one carrier disorganised in the fight disorganises both; only the owner is told about the base', () => {
    const s = carrying();
    // N-space 10; FL attacks at 1:2, roll 5; FL save 1, first TRM 10 (disorganised), second TRM 1
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'sup', segment: 2, unloadBases: ['nb'] }] },
      reactions(),
      new ScriptedDice([10, 5, 1, 10, 1]),
    );
    expect(ev.find((e) => e.type === 'CARRIED_BASE_DAMAGED')).toMatchObject({
      visibleTo: ['TOG'],
      data: { base: 'nb', outcome: 'DISRUPTED' },
    });
    expect([s.units['sup-TRM-2'].status, s.tfs.sup.missionStatus, s.bases.nb.carriedBy]).toEqual([
      'DISORGANISED',
      'FAILED',
      'sup',
    ]);
  });
});

describe('Orbital Drop end to end (L1811-1829)', () => {
  it('no enemy SD TF: no detection (D-59), not attacked, the drop scores at Ku Crassus only (L1829, D-01) and tires the TF', () => {
    const s = buildState([
      { id: 'od', side: 'TOG', place: sector(KU), mission: 'ORBITAL_DROP', units: [['tog-TRL', 1]] },
    ]);
    const dice = new ScriptedDice([]);
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'od', segment: 6 }] }, reactions(), dice);
    expect(ofType(ev, 'NSPACE_NO_DETECTION')).toHaveLength(1);
    expect(ofType(ev, 'SEGMENT_CHOSEN')[0]).toMatchObject({ segment: 6 });
    expect([s.tfs.od.missionStatus, s.tfs.od.fatigue, victoryPoints(s, scenario).TOG]).toEqual(['DONE', 1, 1]);
  });
});

describe('Attack end to end, Marines (L1699-1715, L2033-2083)', () => {
  function marineState() {
    const on2: NavalBase = {
      id: 'on2',
      side: 'CW',
      type: 'ON2',
      status: 'DISRUPTED',
      sector: KU,
      segment: 4,
      supply: 25,
      marines: 1,
    };
    const s = buildState(
      [
        {
          id: 'atk',
          side: 'TOG',
          place: sector(KU),
          mission: 'ATTACK',
          units: [
            ['tog-D', 1],
            ['tog-TRL', 1, { marines: 1 }],
          ],
        },
        { id: 'csd', side: 'CW', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
      ],
      [on2],
    );
    s.tfs.csd.sdAllocation = { 1: ['csd-cw-FL1-1'] };
    return s;
  }
  const plan = { tfs: [{ tf: 'atk', segment: 4, marines: [{ transport: 'atk-tog-TRL-1', base: 'on2' }] }] };

  it('T-S16: undetected, the attack on the lone disrupted ON2 shifts right (L1709); it survives, then the Marines (3 vs class 2 + 1 cohort) capture it', () => {
    const s = marineState();
    // N-space 10 (undetected); attack roll 5; D, TRL and the base save on 1; Marine combat 5, base save 7 (fails)
    const dice = new ScriptedDice([10, 5, 1, 1, 1, 5, 7]);
    const ev = resolveCombatPhase(s, 'TOG', plan, reactions(), dice);
    expect(dice.remaining).toBe(0);
    const c = ofType(ev, 'COMBAT')[0];
    expect(c).toMatchObject({ kind: 'SEGMENT', attacker: 'TOG', attack: 3, defence: 5, column: '2:3' });
    expect(ofType(ev, 'MARINE_ASSAULT')[0]).toMatchObject({
      base: 'on2',
      captured: true,
      attack: spaceData.marines.cohortAttack,
      defence: 3,
      column: '1:1',
      saveTarget: 3,
      saveRoll: 7,
    });
    expect([s.bases.on2.side, s.record?.basesCaptured.TOG, s.tfs.csd.fatigue]).toEqual(['TOG', 1, 0]);
  });

  it('an empty segment: no combat, the attacker still tires and the SD TF does not (L1713); Marines with no base there are cancelled privately', () => {
    const s = marineState();
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ ...plan.tfs[0], segment: 7 }] },
      reactions({ intercept: { default: 'NONE' } }),
      new ScriptedDice([3]),
    );
    expect(ofType(ev, 'EMPTY_SEGMENT')).toHaveLength(1);
    expect(ev.find((e) => e.type === 'MARINE_ASSAULT_CANCELLED')?.visibleTo).toEqual(['TOG']);
    expect([s.tfs.atk.fatigue, s.tfs.csd.fatigue, s.tfs.atk.missionStatus]).toEqual([1, 0, 'DONE']);
  });

  it('T-S18 (L1841): a TF already at fatigue 3 that tires again is disorganised', () => {
    const s = marineState();
    s.tfs.atk.fatigue = 3;
    resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'atk', segment: 7 }] },
      reactions({ intercept: { default: 'NONE' } }),
      new ScriptedDice([3]),
    );
    expect([s.tfs.atk.fatigue, s.units['atk-tog-D-1'].status]).toEqual([3, 'DISORGANISED']);
  });
});
