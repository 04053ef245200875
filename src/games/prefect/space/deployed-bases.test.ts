import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { sectorId } from './data/build-space.js';
import { spaceData } from './data/index.js';
import { deployedBasesIn } from './deployed-bases.js';
import { engage } from './engagement.js';
import { marineAssaultErrors, resolveMarineAssault } from './marines.js';
import { leaveSegmentErrors, opposingSegments } from './opposing-sd.js';
import { applyBaseReorganise } from './rearm.js';
import { defaultReactions } from './resolution/defaults.js';
import { resolveCombatPhase } from './resolution/index.js';
import { deployTransport } from './tf-adjust.js';
import { buildState, sector } from './testing.js';
import type { SpaceState } from './types.js';
import { victoryPoints } from './victory.js';

const KU = sectorId(3, 4);
const TRM = 'cwt-cw-TRM-1';
const scenario = Object.values(spaceData.scenarios)[0];
const codes = (r: unknown) => (r as { code: string; rule: string }[]).map((x) => `${x.code} ${x.rule}`);
const ofType = (ev: { type: string; data: unknown }[], t: string) =>
  ev.filter((e) => e.type === t).map((e) => e.data as Record<string, unknown>);

/** A TOG TF at Ku Crassus with `mission`; a CW TRM (40 SP) deployed as a base in segment 2 (L2111-2113), nothing else of CW's there. */
function withDeployed(
  mission: 'ATTACK' | 'GROUND_SUPPORT',
  extra: [string, number, Record<string, unknown>?][] = [],
  trmOverrides?: { attack: number },
): SpaceState {
  const s = buildState([
    { id: 'atk', side: 'TOG', place: sector(KU), mission, units: [['tog-CA', 1], ...extra] },
    {
      id: 'cwt',
      side: 'CW',
      place: sector(KU),
      units: [['cw-TRM', 1, { supply: 40, ...(trmOverrides ? { overrides: trmOverrides } : {}) }]],
    },
  ]);
  expect(deployTransport(s, 'CW', TRM, 2)).toMatchObject({ sector: KU, segment: 2 });
  return s;
}

describe('a transport deployed as a base fights as a base (L2115)', () => {
  it('L2115, L1701, D-64: a segment Attack fights it with its own defence (reconstructed); unshielded it saves, fails, is disrupted, then destroyed (1 VP, D-01)', () => {
    const s = withDeployed('ATTACK');
    const spec = {
      kind: 'SEGMENT' as const,
      phasing: 'TOG' as const,
      phasingMission: 'ATTACK' as const,
      phasingUnits: ['atk-tog-CA-1'],
      opponentUnits: [],
      opponentBases: [TRM],
      attackerUndetected: false,
      shiftRight: false,
    };
    // CA 6 vs TRM 5 = 1:1, roll 4 = -1/+1 (no flag); CA saves on 1; the TRM fails on 10
    const r1 = engage(s, new ScriptedDice([4, 1, 10]), spec);
    expect(r1).toMatchObject({ attack: 6, defence: spaceData.unitTypes['cw-TRM'].defence, column: '1:1' });
    expect(!('code' in r1) && r1.saves.find((x) => x.id === TRM)).toMatchObject({
      base: true,
      target: 5 + 1,
      outcome: 'DISORGANISED',
    });
    expect(s.units[TRM].status).toBe('DISORGANISED'); // L1637, L1641: an unshielded base that fails is disrupted
    const r2 = engage(s, new ScriptedDice([4, 1, 10]), spec);
    expect(!('code' in r2) && r2.saves.find((x) => x.id === TRM)?.outcome).toBe('DESTROYED'); // D-64: a disrupted base that fails is destroyed
    expect(s.units[TRM]).toMatchObject({ status: 'DESTROYED', offSystemBox: 'DESTROYED', supply: 0 }); // L1669: cargo lost
    expect(s.units[TRM].deployedAsBase).toBeUndefined();
    expect(deployedBasesIn(s, 'CW', KU)).toEqual([]);
    expect(victoryPoints(s, scenario).TOG).toBe(scenario.victory.perNavalUnitDestroyed);
  });

  it('L2115, L1703, L1713: an Attack into its segment places it and fights it: no EMPTY_SEGMENT', () => {
    const s = withDeployed('ATTACK');
    const dice = new ScriptedDice([4, 1, 1]); // no CW SD TF: no detection, no DSI (D-59); combat, then two saves
    const ev = resolveCombatPhase(s, 'TOG', { tfs: [{ tf: 'atk', segment: 2 }] }, defaultReactions(s, 'CW'), dice);
    expect(dice.remaining).toBe(0);
    expect(ofType(ev, 'SEGMENT_PLACED')[0]).toMatchObject({ segment: 2, units: [], bases: [TRM] });
    expect(ofType(ev, 'EMPTY_SEGMENT')).toEqual([]);
    expect(ofType(ev, 'COMBAT')[0]).toMatchObject({ kind: 'SEGMENT', attacker: 'TOG', attack: 6, defence: 5 });
  });

  it('L1743, L1767, L2115: it fires on a GS TF in its segment only if it has weapons (a TRM has attack 0, reconstructed); with attack 2 it does', () => {
    const quiet = withDeployed('GROUND_SUPPORT');
    const ev1 = resolveCombatPhase(
      quiet,
      'TOG',
      { tfs: [{ tf: 'atk', segment: 2 }] },
      defaultReactions(quiet, 'CW'),
      new ScriptedDice([]),
    );
    expect(ofType(ev1, 'NOT_ATTACKED')).toHaveLength(1);
    const armed = withDeployed('GROUND_SUPPORT', [], { attack: 2 });
    const ev2 = resolveCombatPhase(
      armed,
      'TOG',
      { tfs: [{ tf: 'atk', segment: 2 }] },
      defaultReactions(armed, 'CW'),
      new ScriptedDice([4, 1]),
    );
    expect(ofType(ev2, 'COMBAT')[0]).toMatchObject({ kind: 'SEGMENT', attacker: 'CW', attack: 2 });
    expect((ofType(ev2, 'COMBAT')[0].saves as { id: string }[]).map((x) => x.id)).toEqual(['atk-tog-CA-1']); // L1747: a firing base makes no save
  });

  it("L2035-2037, L2077-2081, L2115: Marines capture a disrupted transport-as-base alone in its segment: the captor's TRM, SP kept, disrupted, 2 VP", () => {
    const s = withDeployed('ATTACK', [['tog-TRL', 1, { marines: 1 }]]);
    const order = { tf: 'atk', transport: 'atk-tog-TRL-1', base: TRM };
    expect(codes(marineAssaultErrors(s, 'TOG', order))).toEqual(['BASE_ORGANISED L2035, L2067']);
    s.units[TRM].status = 'DISORGANISED';
    // Marines 3 vs class 1 (reconstructed) = 3:1, roll 5 = +1/-1; save target 1 - 1 = 0; roll 7 fails
    const r = resolveMarineAssault(s, new ScriptedDice([5, 7]), 'TOG', order);
    expect(r).toMatchObject({ defence: 1, column: '3:1', captured: true });
    expect(s.units[TRM]).toMatchObject({
      side: 'TOG',
      type: 'tog-TRM',
      status: 'DISORGANISED',
      supply: 40,
      marines: 1,
      deployedAsBase: { sector: KU, segment: 2 },
    });
    expect(s.record?.basesCaptured.TOG).toBe(1);
    expect(victoryPoints(s, scenario).TOG).toBe(scenario.victory.perBaseDestroyedOrCaptured);
  });

  it('L2037: another CW transport-as-base in the segment protects it from Marines', () => {
    const s = withDeployed('ATTACK', [['tog-TRL', 1, { marines: 1 }]]);
    s.units[TRM].status = 'DISORGANISED';
    s.units.other = {
      id: 'other',
      type: 'cw-TRL',
      side: 'CW',
      status: 'ACTIVE',
      deployedAsBase: { sector: KU, segment: 2, turn: 1 },
    };
    expect(codes(marineAssaultErrors(s, 'TOG', { tf: 'atk', transport: 'atk-tog-TRL-1', base: TRM }))).toEqual([
      'SEGMENT_HELD L2037',
    ]);
  });

  it("L1855, L1863, L2115: in opposing sector defences it is one of its segment's bases, and it cannot leave the segment", () => {
    const s = withDeployed('ATTACK');
    s.tfs.atk.mission = 'SECTOR_DEFENCE';
    s.tfs.atk.sdAllocation = { 2: ['atk-tog-CA-1'] };
    const cwSd = buildState([
      { id: 'csd', side: 'CW', place: sector(KU), mission: 'SECTOR_DEFENCE', units: [['cw-FL1', 1]] },
    ]);
    Object.assign(s.units, cwSd.units);
    s.tfs.csd = { ...cwSd.tfs.csd, counterNo: 9, sdAllocation: { 5: ['csd-cw-FL1-1'] } };
    expect(opposingSegments(s, KU).find((f) => f.segment === 2)).toMatchObject({
      units: { TOG: ['atk-tog-CA-1'], CW: [] },
      bases: { CW: [TRM] },
    });
    expect(codes(leaveSegmentErrors(s, 'CW', KU, 2, [TRM]))).toEqual(['BASE_CANNOT_MOVE L1863, L2115']);
  });

  it('L1965, L2115, D-65b: a disrupted transport-as-base reorganises itself as a base does, from its own SP at its own cost (reconstructed)', () => {
    const s = withDeployed('ATTACK');
    const cost = spaceData.unitTypes['cw-TRM'].reorgCost;
    expect(codes(applyBaseReorganise(s, 'CW', { base: TRM, sources: [{ from: TRM, sp: cost }] }))).toEqual([
      'NOT_DISRUPTED L1965',
    ]);
    s.units[TRM].status = 'DISORGANISED';
    expect(codes(applyBaseReorganise(s, 'CW', { base: TRM, sources: [{ from: TRM, sp: cost + 1 }] }))[0]).toMatch(
      /COST_MISMATCH/,
    );
    expect(s.units[TRM]).toMatchObject({ status: 'DISORGANISED', supply: 40 }); // refused: unchanged
    expect(applyBaseReorganise(s, 'CW', { base: TRM, sources: [{ from: TRM, sp: cost }] })).toEqual([]);
    expect(s.units[TRM]).toMatchObject({ status: 'ACTIVE', supply: 40 - cost });
  });
});
