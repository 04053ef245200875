import { describe, expect, it } from 'vitest';
import { applyRebuild, freeCounter, groupDisorganised, rebuildErrors } from './adjustment.js';
import { sectorId } from './data/build-space.js';
import { missionOrderErrors } from './missions.js';
import { buildState, sector } from './testing.js';

const NM = sectorId(4, 9);

describe('grouping disorganised units (L1649, L1875)', () => {
  it("T-S11 aftermath: each side's disorganised units of the sector form one TF that must withdraw", () => {
    const s = buildState([
      {
        id: 'a',
        side: 'TOG',
        place: sector(NM),
        fatigue: 1,
        units: [
          ['tog-D', 1],
          ['tog-FM1', 2],
        ],
      },
      { id: 'b', side: 'TOG', place: sector(NM), fatigue: 2, units: [['tog-FH1', 1]] },
      { id: 'c', side: 'TOG', place: sector(sectorId(3, 4)), units: [['tog-FH1', 1]] },
    ]);
    s.units['a-tog-FM1-2'].status = 'DISORGANISED';
    s.units['b-tog-FH1-1'].status = 'DISORGANISED';
    s.units['c-tog-FH1-1'].status = 'DISORGANISED'; // another sector: not grouped here
    const g = groupDisorganised(s, 'TOG', NM);
    expect(typeof g).toBe('string');
    const tf = s.tfs[g as string];
    expect(tf).toMatchObject({
      units: ['a-tog-FM1-2', 'b-tog-FH1-1'],
      disorganisedGroup: true,
      fatigue: 2,
      counterNo: 4,
    });
    expect(s.tfs.b).toBeUndefined(); // emptied
    expect(s.tfs.a.units).toEqual(['a-tog-D-1', 'a-tog-FM1-1']);
    expect(s.units['a-tog-FM1-2'].tf).toBe(g);
    expect(
      missionOrderErrors(s, 'TOG', [
        { tf: 'a', mission: 'ATTACK' },
        { tf: 'c', mission: 'ATTACK' },
        { tf: g as string, mission: 'ATTACK' },
      ]).map((e) => e.code),
    ).toEqual(['MUST_WITHDRAW']);
    expect(groupDisorganised(s, 'TOG', NM)).toBe(g); // idempotent
    expect(groupDisorganised(s, 'CW', NM)).toBeNull();
  });

  it('no free counter of the twenty (L1068)', () => {
    const specs = Array.from({ length: 20 }, (_, i) => ({
      id: `t${i}`,
      side: 'TOG' as const,
      place: sector(NM),
      units: [['tog-D', 1]] as [string, number][],
    }));
    const s = buildState(specs);
    expect(freeCounter(s, 'TOG')).toBeNull();
    s.units['t0-tog-D-1'].status = 'DISORGANISED';
    const r = groupDisorganised(s, 'TOG', NM);
    expect(r && typeof r === 'object' && r.code).toBe('NO_FREE_COUNTER');
  });
});

describe('naval rebuild (L1975-1981)', () => {
  it('at most the limit per turn, only destroyed units, back to the Functional box', () => {
    const s = buildState([{ id: 'a', side: 'CW', place: { kind: 'OFFSYSTEM' }, units: [['cw-FL1', 5]] }]);
    for (const id of s.tfs.a.units) Object.assign(s.units[id], { status: 'DESTROYED', offSystemBox: 'DESTROYED' });
    s.units['a-cw-FL1-5'] = { ...s.units['a-cw-FL1-5'], status: 'ACTIVE', offSystemBox: 'FUNCTIONAL' };
    expect(
      rebuildErrors(s, 'CW', ['a-cw-FL1-1', 'a-cw-FL1-2', 'a-cw-FL1-3', 'a-cw-FL1-4'], 3).map((e) => e.code),
    ).toEqual(['REBUILD_LIMIT']);
    expect(rebuildErrors(s, 'CW', ['a-cw-FL1-1', 'a-cw-FL1-2'], 3, 2).map((e) => e.code)).toEqual(['REBUILD_LIMIT']);
    expect(rebuildErrors(s, 'CW', ['a-cw-FL1-5'], 3).map((e) => e.code)).toEqual(['NOT_DESTROYED']);
    expect(rebuildErrors(s, 'TOG', ['a-cw-FL1-1'], 3).map((e) => e.code)).toEqual(['NOT_DESTROYED']);
    expect(rebuildErrors(s, 'CW', ['a-cw-FL1-1', 'a-cw-FL1-2', 'a-cw-FL1-3'], 3)).toEqual([]);
    applyRebuild(s, ['a-cw-FL1-1']);
    expect(s.units['a-cw-FL1-1']).toMatchObject({ status: 'ACTIVE', offSystemBox: 'FUNCTIONAL' });
  });
});
