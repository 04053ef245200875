/**
 * The Campaign Supply Phase in the order given across both maps (L2286-2291): step 1 rearm and
 * reorganise, step 2 rebuild, step 3 transfers (naval and ground, then the links), judged and
 * resolved step by step, through the module (validate / resolve).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { prefect } from '../../planetary/index.js';
import { destroy, unitType } from '../../planetary/index.js';
import prefectCampaign from './index.js';
import { firstAtStage } from './testing.js';
import type { CampaignGameState } from './types.js';

const plain = firstAtStage('h13', 'SUPPLY');
const AUX = 'tf-cw-auxilia-1-1'; // one unit, on cw-gl1 (1317)

type Ground = {
  kind: 'supply';
  transfers?: unknown[];
  fatigue?: unknown[];
  reorganise?: unknown[];
  rebuild?: unknown[];
  build?: unknown[];
};
const cwDefault = (s: CampaignGameState): Record<string, Json> =>
  prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders as Record<string, Json>;
const withGround = (s: CampaignGameState, g: Omit<Ground, 'kind'>, naval?: Record<string, unknown>): Json => {
  const d = cwDefault(s);
  return {
    ...d,
    ground: { kind: 'supply', ...g },
    ...(naval ? { naval: { ...(d.naval as Record<string, unknown>), ...naval } } : {}),
  } as Json;
};
const validate = (s: CampaignGameState, o: Json) => prefectCampaign.validate(s, 'CW', o);
function resolveCw(s: CampaignGameState, cw: Json): { state: CampaignGameState; events: GameEvent[] } {
  return prefectCampaign.resolve(
    s,
    { TOG: prefectCampaign.bot(s, 'TOG', seededDice('tog', 1)), CW: cw },
    seededDice('x', 1),
  ) as { state: CampaignGameState; events: GameEvent[] };
}

/** cw-gl1 empty, the auxilia TF on it fatigued 2, and a CW base that may send 5 SP to cw-gl1 (LOC, L762). */
function emptyGl1(): { s: CampaignGameState; from: string } {
  const s = structuredClone(plain);
  s.planetary.bases['cw-gl1'].supply = 0;
  s.planetary.tfs[AUX].fatigue = 2;
  const from = ['cw-gl3', 'cw-gl4', 'cw-gl2'].find(
    (id) => validate(s, withGround(s, { transfers: [{ from: id, to: 'cw-gl1', amount: 5 }] })).length === 0,
  );
  if (!from) throw new Error('no CW base with a LOC to cw-gl1');
  return { s, from };
}

describe('campaign Supply Phase: the four steps in the order given across both maps (L2286-2291)', () => {
  it('L2286-2291: SP transferred in step 3 do not pay a step-1 fatigue removal of the same phase (the Planetary order would, L751-756)', () => {
    const { s, from } = emptyGl1();
    const g = {
      transfers: [{ from, to: 'cw-gl1', amount: 5 }],
      fatigue: [{ tf: AUX, levels: 2, sources: [{ id: 'cw-gl1', amount: 2 }] }],
    };
    // The Planetary game alone transfers first (L751-756): there the same order passes.
    expect(prefect.validate(s.planetary, 'CW', { kind: 'supply', ...g })).toEqual([]);
    const snap = JSON.stringify(s);
    const e = validate(s, withGround(s, g));
    expect(e[0]).toMatchObject({ code: 'not-enough-sp', path: ['ground', 'fatigue', 0, 'sources', 0, 'amount'] });
    expect(e[0].rule).toMatch(/L776; L2286-2291 \(step 1\)/);
    expect(JSON.stringify(s)).toBe(snap);
    // With the SP already there the fatigue removal passes.
    const t = structuredClone(s);
    t.planetary.bases['cw-gl1'].supply = 2;
    expect(validate(t, withGround(t, { fatigue: g.fatigue }))).toEqual([]);
  });

  it('L2289-2290: SP transferred in step 3 do not pay a step-2 rebuild; SP left after the rebuild may still be transferred', () => {
    const s = structuredClone(plain);
    const u = Object.values(s.planetary.units).find(
      (x) => x.tf === 'tf-cw-legion-1-4' && (unitType(x).rebuildCost ?? 0) > 0,
    )!;
    destroy(s.planetary, u);
    const cost = unitType(u).rebuildCost!;
    const gl4 = s.planetary.bases['cw-gl4'];
    gl4.supply = 0;
    const from = ['cw-gl3', 'cw-gl2', 'cw-gl1'].find(
      (id) => validate(s, withGround(s, { transfers: [{ from: id, to: 'cw-gl4', amount: cost }] })).length === 0,
    )!;
    expect(from).toBeDefined();
    const g = { transfers: [{ from, to: 'cw-gl4', amount: cost }], rebuild: [{ unit: u.id, base: 'cw-gl4' }] };
    expect(prefect.validate(s.planetary, 'CW', { kind: 'supply', ...g })).toEqual([]); // Planetary order: transfers first
    expect(validate(s, withGround(s, g))[0]).toMatchObject({
      code: 'not-enough-sp',
      path: ['ground', 'rebuild', 0, 'base'],
      rule: expect.stringMatching(/L2286-2291 \(step 2\)/),
    });
    // The other way round: the base rebuilds with its own SP in step 2, then sends what is left in step 3.
    gl4.supply = cost + 3;
    const back = { rebuild: [{ unit: u.id, base: 'cw-gl4' }], transfers: [{ from: 'cw-gl4', to: from, amount: 3 }] };
    expect(validate(s, withGround(s, back))).toEqual([]);
    const { state, events } = resolveCw(s, withGround(s, back));
    expect(state.planetary.units[u.id].status).not.toBe('DESTROYED');
    const rebuilt = events.findIndex((e) => e.type === 'supply.rebuilt');
    const sent = events.findIndex(
      (e) => e.type === 'supply.transfer' && (e.data as { from?: string }).from === 'cw-gl4',
    );
    expect(rebuilt).toBeGreaterThanOrEqual(0);
    expect(sent).toBeGreaterThan(rebuilt);
  });

  it('L2286-2291: resolution runs step 1 of both maps, then step 2, then the transfers of both maps (events in that order)', () => {
    const s = structuredClone(plain);
    s.planetary.tfs[AUX].fatigue = 1;
    s.planetary.bases['cw-gl1'].supply = 5;
    // CW's Supply TF is over segment 3 of the planet sector, where its GN2 stands (L1919-1921).
    Object.assign(s.space.tfs['cw-tf2'], {
      place: { kind: 'SECTOR', sector: 's3-4' },
      suppliedSegment: { segment: s.space.bases['cw-gn2'].segment, turn: s.space.turn },
    });
    s.space.bases['cw-gn2'].supply = 0;
    const o = withGround(
      s,
      { fatigue: [{ tf: AUX, levels: 1, sources: [{ id: 'cw-gl1', amount: 1 }] }] },
      { transfers: [{ from: 'cw-TRM-1', to: 'cw-gn2', amount: 10 }] },
    );
    expect(validate(s, o)).toEqual([]);
    const { state, events } = resolveCw(s, o);
    const rest = events.findIndex((e) => e.type === 'supply.rest');
    const naval3 = events.findIndex(
      (e) => e.type === 'supply.done' && ((e.data as { transfers?: unknown[] }).transfers ?? []).length > 0,
    );
    expect(rest).toBeGreaterThanOrEqual(0);
    expect(naval3).toBeGreaterThan(rest); // the naval transfers (step 3) after the ground rearming (step 1)
    expect(state.space.bases['cw-gn2'].supply).toBe(10);
    expect(state.planetary.tfs[AUX].fatigue).toBe(0);
  });

  it('L2286-2291: a step-1 naval rearm is judged before step-3 naval transfers bring SP to the base', () => {
    const s = structuredClone(plain);
    Object.assign(s.space.tfs['cw-tf2'], {
      place: { kind: 'SECTOR', sector: 's3-4' },
      suppliedSegment: { segment: s.space.bases['cw-gn2'].segment, turn: s.space.turn },
    });
    s.space.bases['cw-gn2'].supply = 0;
    s.space.tfs['cw-tf1'].fatigue = 1;
    const cost = Object.values(s.space.units).filter((u) => u.tf === 'cw-tf1').length; // L1941: 1 SP per unit
    const o = withGround(
      s,
      {},
      {
        rearm: [{ tf: 'cw-tf1', levels: 1, sources: [{ from: 'cw-gn2', sp: cost }] }],
        transfers: [{ from: 'cw-TRM-1', to: 'cw-gn2', amount: cost }],
      },
    );
    const e = validate(s, o);
    expect(e.length).toBeGreaterThan(0);
    expect(e[0].path[0]).toBe('naval');
    expect(e[0].rule).toMatch(/L2286-2291 \(step 1\)/);
    s.space.bases['cw-gn2'].supply = cost;
    expect(
      validate(s, withGround(s, {}, { rearm: [{ tf: 'cw-tf1', levels: 1, sources: [{ from: 'cw-gn2', sp: cost }] }] })),
    ).toEqual([]);
  });
});
