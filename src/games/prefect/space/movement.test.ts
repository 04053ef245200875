import { describe, expect, it } from 'vitest';
import { sectorId } from './data/build-space.js';
import { baseComponentsSP, marineAssaultDefence, rearmCost, transportsNeededForBase } from './logistics.js';
import {
  applyMove,
  moveErrors,
  withdrawalDetectionTarget,
  withdrawalInterceptors,
  withdrawalUnopposed,
} from './movement.js';
import { buildState, sector } from './testing.js';
import type { NavalBase } from './types.js';

const KU = sectorId(3, 4);
const TR = sectorId(6, 7);
const ku = (segment: number, status: NavalBase['status'] = 'ACTIVE'): NavalBase => ({
  id: `b${segment}`,
  side: 'CW',
  type: 'ON2',
  status,
  sector: KU,
  segment,
  supply: 0,
});

function world() {
  const s = buildState(
    [
      { id: 'trav1', side: 'CW', place: sector(TR), mission: 'ATTACK', units: [['cw-P', 1]] },
      {
        id: 'trav2',
        side: 'CW',
        place: sector(TR),
        mission: 'WITHDRAWAL',
        units: [
          ['cw-CA', 1],
          ['cw-FL1', 2],
        ],
      },
      { id: 'sd', side: 'CW', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['cw-CA', 1]] },
      {
        id: 'tog',
        side: 'TOG',
        place: sector(TR),
        mission: 'WITHDRAWAL',
        units: [
          ['tog-D', 1],
          ['tog-FM1', 5],
        ],
      },
      {
        id: 'togsd',
        side: 'TOG',
        place: sector(TR),
        mission: 'SECTOR_DEFENCE',
        units: [
          ['tog-CA', 1],
          ['tog-FM1', 2],
          ['tog-FH1', 1],
        ],
      },
    ],
    [ku(1), ku(2, 'DISRUPTED')],
    'CW',
  );
  for (const t of Object.values(s.tfs)) t.beganTurnInSystem = true;
  return s;
}

describe('intra-system movement (L1405-1425)', () => {
  it('T-S05 (second half): three Renegade TFs may move Traverse → Ku Crassus with no reaction (L1413)', () => {
    const s = world();
    expect(moveErrors(s, 'CW', 'trav1', KU)).toEqual([]);
    expect(moveErrors(s, 'CW', 'trav2', KU)).toEqual([]);
    applyMove(s, 'trav1', KU);
    expect(s.tfs.trav1.place).toEqual(sector(KU));
  });

  it('SD TFs, arrivals and overloaded TFs stay; only withdrawals leave, to a base or off-system (L1409, L1419, L1326)', () => {
    const s = world();
    expect(moveErrors(s, 'CW', 'sd', TR).map((e) => e.rule)).toEqual(['L1409']);
    s.tfs.trav1.arrivedThisTurn = true;
    expect(moveErrors(s, 'CW', 'trav1', KU).map((e) => e.rule)).toEqual(['L1407']);
    expect(moveErrors(s, 'TOG', 'tog', 'OFFSYSTEM').map((e) => e.rule)).toEqual(['L1326']);
    expect(moveErrors(s, 'CW', 'trav2', sectorId(2, 1)).map((e) => e.code)).toEqual(['WITHDRAW_DESTINATION']);
    s.tfs.trav1.arrivedThisTurn = false;
    expect(moveErrors(s, 'CW', 'trav1', 'OFFSYSTEM').map((e) => e.code)).toEqual(['OFFSYSTEM_NEEDS_WITHDRAWAL']);
  });

  it('L1308: neither disorganised units (its own or the enemy\u2019s) nor fatigue hinder a move', () => {
    const s = world();
    s.tfs.trav1.fatigue = 3;
    s.units['trav1-cw-P-1'].status = 'DISORGANISED';
    s.tfs.tog.units.forEach((id) => {
      s.units[id].status = 'DISORGANISED';
    }); // enemy disorganised units in Traverse
    s.bases.b1.status = 'DISRUPTED';
    expect(moveErrors(s, 'CW', 'trav1', KU)).toEqual([]);
    expect(moveErrors(s, 'CW', 'trav1', sectorId(2, 1))).toEqual([]);
    applyMove(s, 'trav1', KU);
    expect(s.tfs.trav1).toMatchObject({ place: sector(KU), fatigue: 3 });
  });

  it('withdrawing off-system dissolves the TF into the Functional box, restored (L1421)', () => {
    const s = world();
    s.units['trav2-cw-FL1-1'].status = 'DISORGANISED';
    applyMove(s, 'trav2', 'OFFSYSTEM');
    expect(s.tfs.trav2).toBeUndefined();
    expect(s.units['trav2-cw-FL1-1']).toMatchObject({ status: 'ACTIVE', offSystemBox: 'FUNCTIONAL' });
    expect(s.units['trav2-cw-FL1-1'].tf).toBeUndefined();
  });

  it('withdrawal interception: ESM of non-disorganised SD units and bases + withdrawing Sig; thrust limit (L1781-1783, D-62)', () => {
    const s = world();
    expect(withdrawalUnopposed(s, 'CW', KU)).toBe(true);
    expect(withdrawalUnopposed(s, 'CW', TR)).toBe(false);
    // TOG SD at Traverse: CA ESM 5 (designed) + 3 fighters ESM 1 = 8, + CW CA Sig 3 + 2 FL Sig 0
    expect(withdrawalDetectionTarget(s, 'TOG', TR, 'trav2')).toBe(8 + 3);
    s.units['togsd-tog-FM1-1'].interceptedTurn = 1;
    s.units['togsd-tog-FH1-1'].status = 'DISORGANISED';
    expect(withdrawalDetectionTarget(s, 'TOG', TR, 'trav2')).toBe(6 + 3);
    // lowest withdrawing thrust is the CW CA's 3: the TOG CA (3) and the remaining FM (7) qualify
    expect(withdrawalInterceptors(s, 'TOG', TR, 'trav2').sort()).toEqual(['togsd-tog-CA-1', 'togsd-tog-FM1-2']);
    expect(withdrawalInterceptors(s, 'TOG', TR, 'trav2', new Set(['togsd-tog-CA-1']))).toEqual(['togsd-tog-FM1-2']);
    // CW at Ku Crassus: CA ESM 5 + the active ON2 (ESM 3; the disrupted one adds nothing) + TOG D Sig 2 + 5 FM Sig 0
    expect(withdrawalDetectionTarget(s, 'CW', KU, 'tog')).toBe(5 + 3 + 2);
    expect(withdrawalDetectionTarget(s, 'TOG', KU, 'trav2')).toBeNull();
  });
});

describe('supply and base arithmetic', () => {
  it('T-S15: BB + destroyer + 2 D Sqn + 7 fighters = 11 SP per fatigue level (L1943)', () => {
    expect(rearmCost(1 + 1 + 2 + 7, 1)).toBe(11);
    expect(rearmCost(11, 2)).toBe(22);
  });
  it('T-S16: an ON2 with one Marine cohort defends at 3 (L2073)', () => expect(marineAssaultDefence('ON2', 1)).toBe(3));
  it('T-S17: ON3 moves 60 SP, ON4 80 SP, never on a single transport (L2097-2099)', () => {
    expect([baseComponentsSP('ON3'), baseComponentsSP('ON4')]).toEqual([60, 80]);
    expect(transportsNeededForBase('ON3', [100])).toBe(false);
    expect(transportsNeededForBase('ON3', [100, 10])).toBe(true);
    expect(transportsNeededForBase('ON3', [10, 10])).toBe(false);
  });
});
