import { describe, expect, it } from 'vitest';
import { sectorId } from './data/build-space.js';
import { spaceData } from './data/index.js';
import {
  bothSealed,
  missionOrderErrors,
  missionView,
  revealMissions,
  sealMissions,
  tfsNeedingMission,
} from './missions.js';
import { newSpaceState } from './state.js';
import type { MissionOrder, SpaceState } from './types.js';

const KU = sectorId(3, 4);
const fresh = (): SpaceState => newSpaceState(spaceData.scenarios['hold-the-line']);
const allIn = (s: SpaceState, tf: string, seg = 1): Record<number, string[]> => ({ [seg]: [...s.tfs[tf].units] });
const cwOrders = (s: SpaceState): MissionOrder[] => [
  {
    tf: 'cw-tf1',
    mission: 'SECTOR_DEFENCE',
    sdAllocation: { 1: s.tfs['cw-tf1'].units.slice(0, 3), 4: s.tfs['cw-tf1'].units.slice(3) },
  },
  { tf: 'cw-tf2', mission: 'SECTOR_DEFENCE', sdAllocation: allIn(s, 'cw-tf2', 3) },
  { tf: 'cw-tf3', mission: 'SUPPLY' },
];
const togOrders: MissionOrder[] = [
  { tf: 'tog-tf1', mission: 'HS_ATTACK' },
  { tf: 'tog-tf2', mission: 'ATTACK' },
  { tf: 'tog-tf3', mission: 'GROUND_SUPPORT' },
];
const codes = (s: SpaceState, side: 'TOG' | 'CW', o: MissionOrder[]) =>
  missionOrderErrors(s, side, o).map((e) => `${e.code} ${e.rule}`);

describe('mission assignment: legal orders (L1210-1296)', () => {
  it('Hold the Line turn 1: every TF needs one; both sides legal', () => {
    const s = fresh();
    expect(tfsNeedingMission(s, 'TOG').map((t) => t.id)).toEqual(['tog-tf1', 'tog-tf2', 'tog-tf3']);
    expect(missionOrderErrors(s, 'CW', cwOrders(s))).toEqual([]);
    expect(missionOrderErrors(s, 'TOG', togOrders)).toEqual([]);
  });
});

describe('mission assignment: rejected orders name the rule', () => {
  it('missing, duplicate, enemy or unknown TFs', () => {
    const s = fresh();
    expect(codes(s, 'TOG', togOrders.slice(0, 2))).toEqual(['MISSING_MISSION L1212']);
    expect(codes(s, 'TOG', [...togOrders, togOrders[0]])).toEqual(['ONE_MISSION L1218']);
    expect(codes(s, 'TOG', [...togOrders, { tf: 'cw-tf1', mission: 'ATTACK' }])).toEqual(['UNKNOWN_TF L1068']);
    expect(missionOrderErrors(s, 'TOG', [...togOrders, { tf: 'cw-tf1', mission: 'ATTACK' }])[0].message).toBe(
      missionOrderErrors(s, 'TOG', [...togOrders, { tf: 'zz', mission: 'ATTACK' }])[0].message.replace('zz', 'cw-tf1'),
    );
  });

  it('T-space TFs keep their mission (L1222); they are not required either', () => {
    const s = fresh();
    s.tfs['tog-tf2'].place = { kind: 'TSPACE', turns: 1 };
    expect(codes(s, 'TOG', togOrders)).toEqual(['IN_TSPACE L1222']);
    expect(missionOrderErrors(s, 'TOG', [togOrders[0], togOrders[2]])).toEqual([]);
  });

  it('sector defence: on the map, no transports, one per sector, every unit in a real segment (L1250-1258)', () => {
    const s = fresh();
    expect(
      codes(s, 'TOG', [
        { tf: 'tog-tf1', mission: 'SECTOR_DEFENCE', sdAllocation: allIn(s, 'tog-tf1') },
        ...togOrders.slice(1),
      ]),
    ).toEqual(['SD_NOT_IN_SYSTEM L1250, L1759']);
    const o = cwOrders(s);
    expect(
      codes(s, 'CW', [o[0], o[1], { tf: 'cw-tf3', mission: 'SECTOR_DEFENCE', sdAllocation: allIn(s, 'cw-tf3') }]),
    ).toEqual(['SD_TRANSPORT L1258']);
    expect(codes(s, 'CW', [{ ...o[0], sdAllocation: { 11: s.tfs['cw-tf1'].units } }, o[1], o[2]])).toEqual([
      'NO_SUCH_SEGMENT L1002, L1050-1062',
    ]);
    expect(codes(s, 'CW', [{ ...o[0], sdAllocation: { 1: s.tfs['cw-tf1'].units.slice(1) } }, o[1], o[2]])).toEqual([
      'SD_ALLOCATION L1252, L1176',
    ]);
    expect(codes(s, 'CW', [{ ...o[0], sdAllocation: undefined }, o[1], o[2]])).toEqual(['SD_ALLOCATION L1252']);
    // a second SD TF in the same sector
    s.tfs['cw-tf2'].place = { kind: 'SECTOR', sector: KU };
    expect(codes(s, 'CW', [o[0], { ...o[1], sdAllocation: allIn(s, 'cw-tf2', 2) }, o[2]])).toEqual([
      'ONE_SD_PER_SECTOR L1250, L1176',
    ]);
  });

  it('withdrawal: off-system or to a friendly-base sector; never from off-system (L1272, L1787)', () => {
    const s = fresh();
    const o = cwOrders(s);
    expect(
      codes(s, 'CW', [o[0], o[1], { tf: 'cw-tf3', mission: 'WITHDRAWAL', params: { destination: 'OFFSYSTEM' } }]),
    ).toEqual([]);
    expect(codes(s, 'CW', [o[0], o[1], { tf: 'cw-tf3', mission: 'WITHDRAWAL', params: { destination: KU } }])).toEqual(
      [],
    );
    expect(
      codes(s, 'CW', [o[0], o[1], { tf: 'cw-tf3', mission: 'WITHDRAWAL', params: { destination: sectorId(6, 1) } }]),
    ).toEqual(['WITHDRAW_DESTINATION L1272']);
    expect(
      codes(s, 'TOG', [
        { tf: 'tog-tf1', mission: 'WITHDRAWAL', params: { destination: 'OFFSYSTEM' } },
        ...togOrders.slice(1),
      ]),
    ).toEqual(['WITHDRAW_OFFSYSTEM L1787']);
  });

  it('D-73: a TF of grouped disorganised units must withdraw, even if it cannot move', () => {
    const s = fresh();
    s.tfs['cw-tf3'].disorganisedGroup = true;
    const o = cwOrders(s);
    expect(codes(s, 'CW', o)).toEqual(['MUST_WITHDRAW L1875, D-73']);
    expect(
      codes(s, 'CW', [o[0], o[1], { tf: 'cw-tf3', mission: 'WITHDRAWAL', params: { destination: 'OFFSYSTEM' } }]),
    ).toEqual([]);
  });
});

describe('simultaneous secret assignment (H17-H18)', () => {
  it('sealed orders stay hidden from the opponent and apply only when both are in', () => {
    const s = fresh();
    expect(sealMissions(s, 'CW', cwOrders(s))).toEqual([]);
    expect(bothSealed(s)).toBe(false);
    expect(revealMissions(s)).toBe(false);
    expect(s.tfs['cw-tf1'].mission).toBeUndefined();
    // TOG sees nothing of the CW orders, CW sees his own sealed orders
    expect(JSON.stringify(missionView(s, 'TOG'))).not.toMatch(/SECTOR_DEFENCE|cw-tf/);
    expect(missionView(s, 'CW')['cw-tf1']).toMatchObject({ mission: 'SECTOR_DEFENCE', sealed: true });
    // an illegal TOG set is refused and seals nothing
    expect(sealMissions(s, 'TOG', togOrders.slice(1)).length).toBe(1);
    expect(bothSealed(s)).toBe(false);
    expect(sealMissions(s, 'TOG', togOrders)).toEqual([]);
    expect(revealMissions(s)).toBe(true);
    expect([s.tfs['cw-tf1'].mission, s.tfs['tog-tf1'].mission, s.tfs['cw-tf2'].sdAllocation?.[3]?.length]).toEqual([
      'SECTOR_DEFENCE',
      'HS_ATTACK',
      6,
    ]);
    expect(s.sealedMissions).toEqual({});
    expect(JSON.stringify(missionView(s, 'TOG'))).not.toMatch(/SECTOR_DEFENCE/);
  });
});

describe('set-up from Hold the Line (L1154-1178)', () => {
  it('TFs on the map began the turn in the system; off-system TFs did not; bases placed active', () => {
    const s = fresh();
    expect(s.tfs['cw-tf1']).toMatchObject({
      place: { kind: 'SECTOR', sector: KU },
      beganTurnInSystem: true,
      fatigue: 0,
    });
    expect(s.tfs['tog-tf1']).toMatchObject({ place: { kind: 'OFFSYSTEM' }, beganTurnInSystem: false });
    expect(Object.values(s.bases).every((b) => b.status === 'ACTIVE')).toBe(true);
    expect([s.attacker, s.turn]).toEqual(['TOG', 1]);
  });
});
