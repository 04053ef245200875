import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { sectorId } from './data/build-space.js';
import { engage, type EngagementResult } from './engagement.js';
import { buildState, sector } from './testing.js';
import type { NavalBase, RuleError } from './types.js';

const NM = sectorId(4, 9);
const KU = sectorId(3, 4);
const ok = (r: EngagementResult | RuleError): EngagementResult => {
  if ('code' in r) throw new Error(r.message);
  return r;
};

function newMandella() {
  const oni: NavalBase = { id: 'oni', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 3, supply: 0 };
  return buildState(
    [
      {
        id: 'tog',
        side: 'TOG',
        place: sector(NM),
        mission: 'HS_ATTACK',
        units: [
          ['tog-P', 1],
          ['tog-D', 1],
          ['tog-FM1', 2],
          ['tog-FH1', 3],
        ],
      },
      {
        id: 'cw',
        side: 'CW',
        place: sector(NM),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['cw-CA', 1],
          ['cw-FL1', 3],
          ['cw-FM1', 2],
        ],
      },
    ],
    [oni],
  );
}
const TOG_F = ['tog-tog-FM1-1', 'tog-tog-FM1-2', 'tog-tog-FH1-1', 'tog-tog-FH1-2', 'tog-tog-FH1-3'];
const CW_F = ['cw-cw-FL1-1', 'cw-cw-FL1-2', 'cw-cw-FL1-3', 'cw-cw-FM1-1', 'cw-cw-FM1-2'];

describe('the New Mandella example end to end (L1497-1725)', () => {
  it('T-S09 → T-S11: DSI 12 vs 33, undetected interceptors shift to 2:3, roll 6, saves as printed', () => {
    const s = newMandella();
    // the attacker (interceptors) saves first: FL 5, 2, 8; FM 10, 7; then TOG FM 7, 9; FH 3, 4, 10
    const dice = new ScriptedDice([6, 5, 2, 8, 10, 7, 7, 9, 3, 4, 10]);
    const r = ok(
      engage(s, dice, {
        kind: 'DSI',
        phasing: 'TOG',
        phasingMission: 'HS_ATTACK',
        phasingUnits: TOG_F,
        opponentUnits: CW_F,
        attackerUndetected: true,
        shiftRight: true,
      }),
    );
    expect([r.attacker, r.attack, r.defence, r.column, r.cell]).toEqual(['CW', 12, 33, '2:3', { a: 1, d: 0 }]);
    expect(r.saves.map((x) => x.target)).toEqual([6, 6, 6, 10, 10, 8, 8, 9, 9, 9]);
    expect(r.saves.filter((x) => x.outcome === 'DISORGANISED').map((x) => x.id)).toEqual([
      'cw-cw-FL1-3',
      'cw-cw-FM1-1',
      'tog-tog-FM1-2',
      'tog-tog-FH1-3',
    ]);
    expect(s.units['tog-tog-FH1-3'].status).toBe('DISORGANISED');
    expect([r.retreats, r.tempo, dice.remaining]).toEqual([[], null, 0]);
  });

  it('T-S12: survivors (FM + 2 FH = 11) hit segment 3 (CA + ONI = 11), detected: 1:1, roll 4, −1/+1; the station does not roll', () => {
    const s = newMandella();
    const dice = new ScriptedDice([4, 7, 8, 8, 9]); // combat 4; TOG saves 7, 8, 8; the CA (target 11) rolls 9
    const r = ok(
      engage(s, dice, {
        kind: 'SEGMENT',
        phasing: 'TOG',
        phasingMission: 'HS_ATTACK',
        phasingUnits: ['tog-tog-FM1-1', 'tog-tog-FH1-1', 'tog-tog-FH1-2'],
        opponentUnits: ['cw-cw-CA-1'],
        opponentBases: ['oni'],
        attackerUndetected: false,
        shiftRight: false,
      }),
    );
    expect([r.attacker, r.attack, r.defence, r.column, r.cell]).toEqual(['TOG', 11, 11, '1:1', { a: -1, d: 1 }]);
    expect(r.saves.map((x) => [x.id, x.target, x.outcome])).toEqual([
      ['tog-tog-FM1-1', 7, 'UNHARMED'],
      ['tog-tog-FH1-1', 8, 'UNHARMED'],
      ['tog-tog-FH1-2', 8, 'UNHARMED'],
      ['cw-cw-CA-1', 11, 'UNHARMED'],
    ]);
    expect(s.bases.oni.status).toBe('ACTIVE');
  });

  it('a detected attacker asking for the shift is refused (L1547)', () => {
    const s = newMandella();
    const r = engage(s, new ScriptedDice([4]), {
      kind: 'SEGMENT',
      phasing: 'TOG',
      phasingMission: 'HS_ATTACK',
      phasingUnits: ['tog-tog-FM1-1'],
      opponentUnits: ['cw-cw-CA-1'],
      attackerUndetected: false,
      shiftRight: true,
    });
    expect('code' in r && r.rule).toBe('L1547, D-60');
  });
});

describe('T-S14 end to end: GS at Ku Crassus segment 4 (L2025)', () => {
  const setup = () =>
    buildState(
      [
        {
          id: 'tog',
          side: 'TOG',
          place: sector(KU),
          mission: 'GROUND_SUPPORT',
          units: [
            ['tog-D', 1],
            ['tog-FH1', 1],
          ],
        },
        { id: 'cw', side: 'CW', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['cw-FH1', 1]] },
      ],
      [{ id: 'gn2', side: 'CW', type: 'GN2', status: 'ACTIVE', sector: KU, segment: 4, supply: 10 }],
    );
  it('Renegade FH + GN2 (5) vs 12 → 1:2, 0/+2, Renegade saves +2, the GN2 does not roll; then 7 vs 6 → 1:1, 0/0, D Sqn and GN2 disorganised', () => {
    const s = setup();
    const first = ok(
      engage(s, new ScriptedDice([5, 3, 4, 6]), {
        kind: 'SEGMENT',
        phasing: 'TOG',
        phasingMission: 'GROUND_SUPPORT',
        phasingUnits: ['tog-tog-D-1', 'tog-tog-FH1-1'],
        opponentUnits: ['cw-cw-FH1-1'],
        opponentBases: ['gn2'],
        attackerUndetected: true,
        shiftRight: false,
      }),
    );
    expect([first.attacker, first.attack, first.defence, first.column, first.cell]).toEqual([
      'CW',
      5,
      12,
      '1:2',
      { a: 0, d: 2 },
    ]);
    expect(first.saves.map((x) => [x.id, x.target])).toEqual([
      ['cw-cw-FH1-1', 9],
      ['tog-tog-D-1', 7],
      ['tog-tog-FH1-1', 9],
    ]);
    expect(first.saves.every((x) => x.outcome === 'UNHARMED')).toBe(true);
    const second = ok(
      engage(s, new ScriptedDice([5, 8, 3, 9]), {
        kind: 'GS_VS_GROUND_BASE',
        phasing: 'TOG',
        phasingMission: 'GROUND_SUPPORT',
        phasingUnits: ['tog-tog-D-1', 'tog-tog-FH1-1'],
        opponentUnits: [],
        opponentBases: ['gn2'],
        attackerUndetected: false,
        shiftRight: false,
      }),
    );
    expect([second.attacker, second.attack, second.defence, second.column, second.cell]).toEqual([
      'TOG',
      7,
      6,
      '1:1',
      { a: 0, d: 0 },
    ]);
    expect(second.saves.map((x) => [x.id, x.target, x.outcome])).toEqual([
      ['tog-tog-D-1', 5, 'DISORGANISED'],
      ['tog-tog-FH1-1', 7, 'UNHARMED'],
      ['gn2', 6, 'DISORGANISED'],
    ]);
    expect([s.units['tog-tog-D-1'].status, s.bases.gn2.status]).toEqual(['DISORGANISED', 'DISRUPTED']);
  });

  it('a BT destroys failing defenders (to the Destroyed box, cargo lost) and scores for the attacker (L1597, L1603, L1669)', () => {
    const s = setup();
    s.units['cw-cw-FH1-1'].status = 'DISORGANISED';
    // 40 attack vs 7 defence at 5:1, roll 10 → BT; CW FH fails (destroyed), attacker +2 vs disorganised
    s.units['tog-tog-D-1'].overrides = { attack: 40 };
    const r = ok(
      engage(s, new ScriptedDice([10, 1, 1, 10]), {
        kind: 'SEGMENT',
        phasing: 'TOG',
        phasingMission: 'ATTACK',
        phasingUnits: ['tog-tog-D-1', 'tog-tog-FH1-1'],
        opponentUnits: ['cw-cw-FH1-1'],
        attackerUndetected: false,
        shiftRight: false,
      }),
    );
    expect([r.column, r.cell.dFlag, r.tempo, r.retreats]).toEqual(['5:1', 'BT', 'TOG', ['CW']]);
    expect(r.saves.map((x) => x.target)).toEqual([5 + 3 + 2, 7 + 3 + 2, 7 - 3]);
    expect(s.units['cw-cw-FH1-1']).toMatchObject({ status: 'DESTROYED', offSystemBox: 'DESTROYED' });
    expect(s.tfs.cw.units).toEqual([]);
    expect(s.tempo).toEqual({ TOG: 1, CW: 0 });
  });
});
