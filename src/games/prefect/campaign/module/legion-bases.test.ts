import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../../engine/contract.js';
import { seededDice } from '../../../../engine/dice.js';
import { prefectData } from '../../data/index.js';
import { KU, kuCrassusGs, reactions } from '../../space/resolution/fixtures.js';
import { opposingSegments, resolveOpposingSegment } from '../../space/opposing-sd.js';
import { resolveCombatPhase, type CombatPhasePlan } from '../../space/resolution/index.js';
import { LEGION_PREFIX, standInClass, standInId, withLegionBases } from './legion-bases.js';
import { resolveSpace, spaceBot, spacePrompts } from './halves.js';
import { newGame, playBots } from './testing.js';
import type { CampaignGameState } from './types.js';

const ZONE3 = prefectData.map.hexes.find((h) => h.zone === 3)!.id;

/** A CW GL3 in zone 3 (segment 3, L2141) and the space fixture's TOG GS TF at Ku Crassus, in the Combat Phase. */
function setup(type: 'GL1' | 'GL3' = 'GL3'): CampaignGameState {
  const cs = newGame('h15');
  Object.assign(cs.space, kuCrassusGs());
  cs.space.step = 'COMBAT';
  const proto = Object.values(cs.planetary.bases)[0];
  cs.planetary.bases = { gl: { ...proto, id: 'gl', side: 'CW', originalSide: 'CW', type, hex: ZONE3, status: 'ACTIVE', supply: 37 } };
  return cs;
}

function run(cs: CampaignGameState, plan: CombatPhasePlan, policy: 'ALL' | 'NONE', seed: string): GameEvent[] {
  return withLegionBases(cs, () => {
    const events = resolveCombatPhase(cs.space, 'TOG', plan, reactions({ protectedAttack: { default: policy } }), seededDice(seed, 0));
    return { state: cs.space, events: events as unknown as GameEvent[] };
  }).events;
}

const segmentFights = (ev: GameEvent[]) => ev.filter((e) => e.type === 'COMBAT' && (e.data as { kind: string; segment?: number }).kind === 'SEGMENT' && (e.data as { segment?: number }).segment === 3);
const toSeg3: CombatPhasePlan = { tfs: [{ tf: 'tog', segment: 3 }] };

describe('Legion ground bases in the space combat (L1767, L1867, L2141, L2155)', () => {
  it('L2155: a GL n stands in as the GN n of equal attack, defence and ESM', () => {
    expect(['GL1', 'GL2', 'GL3', 'GL4'].map((t) => standInClass(t as 'GL1'))).toEqual(['GN1', 'GN2', 'GN3', 'GN4']);
  });

  it('L1767: with the ALL reaction the GL3 of zone 3 fires at the GS TF entering segment 3', () => {
    const ev = run(setup(), toSeg3, 'ALL', 's1');
    expect(segmentFights(ev)).toHaveLength(1);
    expect(ev.find((e) => e.type === 'SEGMENT_PLACED' && (e.data as { segment: number }).segment === 3)?.data).toMatchObject({ bases: [standInId('gl')] });
  });

  it('L1743: with NONE it does not fire', () => {
    const ev = run(setup(), toSeg3, 'NONE', 's1');
    expect(segmentFights(ev)).toEqual([]);
    expect(ev.some((e) => e.type === 'NOT_ATTACKED')).toBe(true);
  });

  it('the stand-ins are gone afterwards and the planetary base keeps its SP', () => {
    const cs = setup();
    run(cs, toSeg3, 'ALL', 's2');
    expect(Object.keys(cs.space.bases).filter((id) => id.startsWith(LEGION_PREFIX))).toEqual([]);
    expect(Object.keys(cs.space.bases)).toEqual(['gn2']);
    expect(cs.planetary.bases.gl.supply).toBe(37);
  });

  it('outside the Combat Phase nothing is added', () => {
    const cs = setup();
    cs.space.step = 'MOVE';
    let seen: string[] = [];
    withLegionBases(cs, () => { seen = Object.keys(cs.space.bases); return { state: cs.space, events: [] }; });
    expect(seen).toEqual(['gn2']);
  });

  it('L1803, L2252: a disrupting GS strike on the stand-in reaches the planetary base', () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const cs = setup('GL1');
      const ev = run(cs, { tfs: [{ tf: 'tog', segment: 3, gsTarget: standInId('gl') }] }, 'NONE', `d${i}`);
      const save = ev.flatMap((e) => (e.type === 'COMBAT' ? (e.data as { saves: { id: string; outcome: string }[] }).saves : [])).find((x) => x.id === standInId('gl'));
      const b = cs.planetary.bases.gl;
      expect(b ? b.status : 'DESTROYED').toBe({ UNHARMED: 'ACTIVE', DISORGANISED: 'DISRUPTED', DESTROYED: 'DESTROYED' }[save?.outcome ?? 'UNHARMED']);
      if (save) outcomes.add(save.outcome);
    }
    expect(outcomes.has('DISORGANISED')).toBe(true); // a base save's DISORGANISED is a disrupted base (L2252)
  });

  it('a destroyed stand-in removes the planetary base and its supply (L2252)', () => {
    for (let i = 0; i < 80; i++) {
      const cs = setup('GL1');
      cs.planetary.bases.gl.status = 'DISRUPTED';
      run(cs, { tfs: [{ tf: 'tog', segment: 3, gsTarget: standInId('gl') }] }, 'NONE', `x${i}`);
      if (!cs.planetary.bases.gl) return;
    }
    throw new Error('no seed destroyed the disrupted base');
  });

  it('is deterministic', () => {
    const a = setup(); const b = setup();
    expect(run(a, toSeg3, 'ALL', 's3')).toEqual(run(b, toSeg3, 'ALL', 's3'));
    expect(a.planetary.bases).toEqual(b.planetary.bases);
  });

  it('no event shows the base\u2019s SP (bases are public on the map, their SP are not)', () => {
    const ev = run(setup(), { tfs: [{ tf: 'tog', segment: 3, gsTarget: standInId('gl') }] }, 'ALL', 's4');
    expect(JSON.stringify(ev)).not.toContain('37');
    for (const e of ev) expect(JSON.stringify(e.data)).not.toMatch(/"supply":\s*[1-9]/);
  });

  it('L1867: in opposing SD the GL3 attacks the SD units of its segment and is never harmed', () => {
    let seen = 0;
    for (let i = 0; i < 10; i++) {
      const cs = setup();
      const tog = cs.space.tfs.tog;
      tog.mission = 'SECTOR_DEFENCE';
      tog.sdAllocation = { 3: [...tog.units] };
      withLegionBases(cs, () => {
        const f = opposingSegments(cs.space, KU).find((x) => x.segment === 3)!;
        expect(f.bases.CW).toEqual([standInId('gl')]);
        const r = resolveOpposingSegment(cs.space, seededDice(`o${i}`, 0), KU, 3);
        if (!('code' in r)) seen++;
        return { state: cs.space, events: [] };
      });
      expect(cs.planetary.bases.gl.status).toBe('ACTIVE');
    }
    expect(seen).toBe(10);
  });

  it('at every bot-v-bot space combat the stand-ins are placed, then never stay in the space state or its sightings', () => {
    let placed = 0;
    let n = 0;
    playBots('h15-bots', ({ prev }) => {
      if (prev.stage !== 'SPACE' || prev.space.step !== 'COMBAT') return;
      const cs = structuredClone(prev);
      n++;
      const orders = Object.fromEntries(spacePrompts(cs.space).map((p) => [p.side, spaceBot(cs.space, p.side, seededDice('h15-o', n))]));
      const r = withLegionBases(cs, () => resolveSpace(cs.space, orders, seededDice('h15-r', n)));
      placed += r.events.filter((e) => e.type === 'SEGMENT_PLACED' && JSON.stringify(e.data).includes(LEGION_PREFIX)).length;
      expect(JSON.stringify(r.state)).not.toContain(LEGION_PREFIX);
      expect(JSON.stringify(cs.space)).not.toContain(LEGION_PREFIX);
    });
    expect(placed).toBeGreaterThan(0);
  });
});
