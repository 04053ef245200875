import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { MARINE_COHORT_ATTACK } from '../marines.js';
import { spaceData } from '../data/index.js';
import { buildState, sector } from '../testing.js';
import type { SpaceState } from '../types.js';
import { KU, NM, newMandella, reactions } from './fixtures.js';
import { combatPlanErrors, defaultCombatPlan, defaultReactions, reactionErrors, resolveCombatPhase } from './index.js';

const codes = (errs: { code: string; rule: string }[]) => errs.map((e) => `${e.code} ${e.rule}`);

/** TOG: HS (hs), Attack with a Marine transport (atk), Supply (sup), GS (gs), Recon (rec) in NM; Attack (far) at Ku; SD (tsd). CW: SD in NM. */
function many(): SpaceState {
  const s = buildState(
    [
      { id: 'hs', side: 'TOG', place: sector(NM), mission: 'HS_ATTACK', units: [['tog-FL1', 2]] },
      {
        id: 'atk',
        side: 'TOG',
        place: sector(NM),
        mission: 'ATTACK',
        units: [
          ['tog-D', 1],
          ['tog-TRL', 1, { marines: 1 }],
          ['tog-TRM', 1],
        ],
      },
      { id: 'sup', side: 'TOG', place: sector(NM), mission: 'SUPPLY', units: [['tog-TRM', 1, { supply: 10 }]] },
      { id: 'gs', side: 'TOG', place: sector(NM), mission: 'GROUND_SUPPORT', units: [['tog-FH1', 1]] },
      { id: 'rec', side: 'TOG', place: sector(NM), mission: 'RECON', units: [['tog-FG', 1]] },
      { id: 'far', side: 'TOG', place: sector(KU), mission: 'ATTACK', units: [['tog-FG', 1]] },
      { id: 'tsd', side: 'TOG', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['tog-FL1', 1]] },
      { id: 'cw', side: 'CW', place: sector(NM), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ],
    [
      { id: 'tb', side: 'TOG', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 2, supply: 0 },
      { id: 'cb', side: 'CW', type: 'ON1', status: 'ACTIVE', sector: NM, segment: 4, supply: 0 },
    ],
  );
  s.tfs.cw.sdAllocation = { 1: ['cw-cw-FL1-1'] };
  s.tfs.tsd.sdAllocation = { 1: ['tsd-tog-FL1-1'] };
  return s;
}

describe('combatPlanErrors: every rejection names its rule and changes nothing', () => {
  const cases: [string, unknown, string[]][] = [
    ['not an object', 'attack!', ['BAD_SHAPE L1455-1459']],
    ['an unknown field', { tfs: [], bogus: 1 }, ['BAD_SHAPE L1455-1459']],
    ['a wrong type', { tfs: [{ tf: 'hs', segment: 'three' }] }, ['BAD_SHAPE L1455-1459']],
    ['an enemy TF', { tfs: [{ tf: 'cw' }] }, ['UNKNOWN_TF L1068']],
    ['a missing TF', { tfs: [{ tf: 'nope' }] }, ['UNKNOWN_TF L1068']],
    ['a TF twice', { tfs: [{ tf: 'hs' }, { tf: 'hs' }] }, ['DUPLICATE_TF L1459']],
    ['an SD TF', { tfs: [{ tf: 'tsd' }] }, ['NOT_RESOLVABLE L1451']],
    [
      'a sector left and come back to',
      { tfs: [{ tf: 'hs' }, { tf: 'far' }, { tf: 'atk' }] },
      ['SECTOR_ORDER L1455-1459'],
    ],
    ['a unit of another TF committed', { tfs: [{ tf: 'hs', commit: ['rec-tog-FG-1'] }] }, ['COMMIT_UNIT L1477, L1647']],
    ['part of a Supply TF', { tfs: [{ tf: 'gs', commit: [] }] }, ['COMMIT_EMPTY L1477']],
    ['a segment that does not exist', { tfs: [{ tf: 'far', segment: 11 }] }, ['NO_SUCH_SEGMENT L1681']],
    ['a recon choice off recon', { tfs: [{ tf: 'hs', reconSegment: 'HIGHEST_SIG' }] }, ['NOT_RECON L1731']],
    [
      'a recon segment that does not exist',
      { tfs: [{ tf: 'rec', reconSegment: { segment: 0 } }] },
      ['NO_SUCH_SEGMENT L1681, L1731'],
    ],
    [
      'Marines from HS',
      { tfs: [{ tf: 'hs', marines: [{ transport: 'hs-tog-FL1-1', base: 'cb' }] }] },
      ['HS_NO_MARINES L2063', 'NOT_A_TRANSPORT L2049, L2063'],
    ],
    [
      'Marines from Supply',
      { tfs: [{ tf: 'sup', marines: [{ transport: 'sup-tog-TRM-1', base: 'cb' }] }] },
      ['NOT_ATTACK L2063', 'NO_MARINES L2057'],
    ],
    [
      'Marines left behind',
      { tfs: [{ tf: 'atk', commit: ['atk-tog-D-1'], marines: [{ transport: 'atk-tog-TRL-1', base: 'cb' }] }] },
      ['NOT_COMMITTED L1477, L2065'],
    ],
    [
      'Marines on an own base',
      { tfs: [{ tf: 'atk', marines: [{ transport: 'atk-tog-TRL-1', base: 'tb' }] }] },
      ['OWN_BASE L2035'],
    ],
    ['a GS target off GS', { tfs: [{ tf: 'hs', gsTarget: 'cb' }] }, ['NOT_GS L1803']],
    ['a GS strike on an own base', { tfs: [{ tf: 'gs', gsTarget: 'tb' }] }, ['OWN_BASE L1803']],
    [
      'transfers off Supply',
      { tfs: [{ tf: 'atk', transfers: [{ from: 'atk-tog-TRM-1', to: 'tb', amount: 1 }] }] },
      ['NOT_SUPPLY L1749'],
    ],
    [
      'a transfer from another TF',
      { tfs: [{ tf: 'sup', transfers: [{ from: 'atk-tog-TRM-1', to: 'tb', amount: 1 }] }] },
      ['NOT_IN_TF L1749'],
    ],
    [
      'a transfer to an enemy base',
      { tfs: [{ tf: 'sup', transfers: [{ from: 'sup-tog-TRM-1', to: 'cb', amount: 1 }] }] },
      ['NOT_FRIENDLY_BASE L1749'],
    ],
    [
      'a zero transfer',
      { tfs: [{ tf: 'sup', transfers: [{ from: 'sup-tog-TRM-1', to: 'tb', amount: 0 }] }] },
      ['BAD_SHAPE L1455-1459'],
    ],
    ['unloading a base not carried', { tfs: [{ tf: 'sup', unloadBases: ['tb'] }] }, ['NOT_CARRIED L2095']],
    ['unloading off Supply', { tfs: [{ tf: 'atk', unloadBases: ['tb'] }] }, ['NOT_SUPPLY L2103', 'NOT_CARRIED L2095']],
  ];
  for (const [what, plan, want] of cases) {
    it(`${what} → ${want.join(', ')}`, () => {
      const s = many();
      const before = JSON.stringify(s);
      expect(codes(combatPlanErrors(s, 'TOG', plan))).toEqual(want);
      expect(() => resolveCombatPhase(s, 'TOG', plan as never, reactions(), new ScriptedDice([]))).toThrow(
        /invalid submissions/,
      );
      expect(JSON.stringify(s)).toBe(before);
    });
  }

  it('an enemy TF and a missing one get the same answer (H16)', () => {
    const s = many();
    const msg = (tf: string) => combatPlanErrors(s, 'TOG', { tfs: [{ tf }] })[0].message.replace(tf, 'X');
    expect(msg('cw')).toBe(msg('nope'));
  });

  it('the defaults are always legal, and a full legal plan passes', () => {
    const s = many();
    expect(combatPlanErrors(s, 'TOG', defaultCombatPlan(s, 'TOG'))).toEqual([]);
    expect(reactionErrors(s, 'CW', defaultReactions(s, 'CW'))).toEqual([]);
    expect(
      combatPlanErrors(s, 'TOG', {
        tfs: [
          { tf: 'far', segment: 10 },
          {
            tf: 'atk',
            commit: ['atk-tog-D-1', 'atk-tog-TRL-1'],
            segment: 4,
            marines: [{ transport: 'atk-tog-TRL-1', base: 'cb' }],
          },
          { tf: 'sup', segment: 2, transfers: [{ from: 'sup-tog-TRM-1', to: 'tb', amount: 10 }] },
          { tf: 'rec', reconSegment: { segment: 4 } },
          { tf: 'hs', interrupt: true },
          { tf: 'gs', gsTarget: 'anything' },
        ],
      }),
    ).toEqual([]);
  });
});

describe('reactionErrors', () => {
  const base = () => defaultReactions({} as SpaceState, 'CW');
  const cases: [string, unknown, string[]][] = [
    ['not an object', null, ['BAD_SHAPE L1511, L1743, L1777']],
    [
      'a policy name that does not exist',
      { ...base(), intercept: { default: 'SOME' } },
      ['BAD_SHAPE L1511, L1743, L1777'],
    ],
    [
      'a sector that does not exist',
      { ...base(), withdrawalIntercept: { default: 'ALL', bySector: { 's9-1': 'NONE' } } },
      ['NO_SUCH_SECTOR L984'],
    ],
    ['an enemy unit', { ...base(), intercept: { default: { units: ['tsd-tog-FL1-1'] } } }, ['NOT_SD_UNIT L1511-1515']],
    [
      'a unit of another sector',
      { ...base(), intercept: { default: 'ALL', bySector: { [KU]: { units: ['cw-cw-FL1-1'] } } } },
      ['NOT_SD_UNIT L1511-1515'],
    ],
    [
      'a withdrawal interceptor not in SD',
      { ...base(), withdrawalIntercept: { default: { units: ['nope'] } } },
      ['NOT_SD_UNIT L1783'],
    ],
    [
      'an enemy base firing',
      { ...base(), protectedAttack: { default: { units: [], bases: ['tb'] } } },
      ['NOT_YOUR_BASE L1743, L1767'],
    ],
    [
      'a base of another sector',
      { ...base(), protectedAttack: { default: 'ALL', bySector: { [KU]: { units: [], bases: ['cb'] } } } },
      ['NOT_YOUR_BASE L1743, L1767'],
    ],
  ];
  for (const [what, r, want] of cases) {
    it(`${what} → ${want.join(', ')}`, () => {
      const s = many();
      const before = JSON.stringify(s);
      expect(codes(reactionErrors(s, 'CW', r))).toEqual(want);
      expect(() => resolveCombatPhase(s, 'TOG', defaultCombatPlan(s, 'TOG'), r as never, new ScriptedDice([]))).toThrow(
        /invalid submissions/,
      );
      expect(JSON.stringify(s)).toBe(before);
    });
  }

  it('an enemy unit and a missing one get the same answer (H16)', () => {
    const s = many();
    const msg = (u: string) =>
      reactionErrors(s, 'CW', { ...base(), intercept: { default: { units: [u] } } })[0].message.replace(u, 'X');
    expect(msg('tsd-tog-FL1-1')).toBe(msg('nope'));
  });

  it('a listed unit that is not eligible at the time is simply not sent (the choice was sealed in advance)', () => {
    const s = newMandella();
    // the cruiser (thrust 3) cannot reach fighters (thrust 6+): only the listed FL intercepts
    const r = reactions({ intercept: { default: { units: ['cw-cw-CA-1', 'cw-cw-FL1-1'] } } });
    expect(reactionErrors(s, 'CW', r)).toEqual([]);
    const ev = resolveCombatPhase(
      s,
      'TOG',
      { tfs: [{ tf: 'tog', commit: ['tog-tog-FH1-1'], segment: 9 }] },
      r,
      new ScriptedDice([1, 10, 5, 1, 1]),
    );
    expect(ev.find((e) => e.type === 'DSI_INTERCEPTORS')?.data).toMatchObject({ interceptors: ['cw-cw-FL1-1'] });
  });
});

describe('D-74 in the data pack', () => {
  it('the Marine cohort attack is read from naval.json and tagged reconstructed', () => {
    expect(MARINE_COHORT_ATTACK).toBe(spaceData.marines.cohortAttack);
    expect(spaceData.marines.provenance).toMatchObject({ source: 'reconstructed' });
    expect(JSON.stringify(spaceData.marines.provenance)).toContain('D-74');
  });
});
