/**
 * GL2+ Legion bases as naval supply sources in the Campaign Supply Phase (5.C.8, L2334-2346,
 * L1935 lifted), through the module (validate / resolve): the SP come off the Legion base, the
 * class limits and the Space rules (sector, organisation, amount) still hold, every refusal names
 * its rule and leaves the state as it was.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { LEGION_PREFIX, standInId } from './legion-bases.js';
import { legionSources, withLegionSources } from './legion-bases-supply.js';
import prefectCampaign from './index.js';
import { firstAtStage } from './testing.js';
import type { CampaignGameState } from './types.js';

const base = firstAtStage('supply-sources', 'SUPPLY');

const FTR = 'cw-test-ftr';
/**
 * A CW TF of two FL1 at Ku Crassus with `fatigue`, optionally disorganised, plus (ships) a P Sqn;
 * every CW Legion base active with 20 SP; the CW naval bases disrupted (so only Legion bases serve).
 */
function state(
  o: { fatigue?: number; disorganised?: boolean; ship?: boolean; sector?: string } = {},
): CampaignGameState {
  const s = structuredClone(base);
  const units = ['cw-h2-FL1-1', 'cw-h2-FL1-2', ...(o.ship ? ['cw-h2-P-1'] : [])];
  for (const id of units) {
    s.space.units[id] = {
      id,
      type: id.includes('-P-') ? 'cw-P' : 'cw-FL1',
      side: 'CW',
      status: o.disorganised ? 'DISORGANISED' : 'ACTIVE',
      tf: FTR,
    };
  }
  s.space.tfs[FTR] = {
    id: FTR,
    side: 'CW',
    counterNo: 99,
    place: { kind: 'SECTOR', sector: o.sector ?? 's3-4' },
    units,
    fatigue: (o.fatigue ?? 1) as 1,
  };
  for (const b of Object.values(s.planetary.bases))
    if (b.side === 'CW') Object.assign(b, { status: 'ACTIVE', supply: 20, deliveredThisTurn: 0 });
  for (const b of Object.values(s.space.bases)) if (b.side === 'CW') b.status = 'DISRUPTED';
  return s;
}

const cwDefault = (s: CampaignGameState): Record<string, Json> =>
  prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders as Record<string, Json>;
const naval = (x: Record<string, unknown>): Json =>
  ({
    kind: 'supply',
    rearm: [],
    reorganise: [],
    baseReorganise: [],
    transfers: [],
    load: [],
    unload: [],
    ...x,
  }) as Json;
const order = (s: CampaignGameState, n: Json): Json => ({ ...cwDefault(s), naval: n }) as Json;
const rearm = (from: string, sp: number, levels = 1) =>
  naval({ rearm: [{ tf: FTR, levels, sources: [{ from, sp }] }] });
const reorganise = (from: string, sp: number) => naval({ reorganise: [{ tf: FTR, sources: [{ from, sp }] }] });
function resolveCw(s: CampaignGameState, cw: Json): { state: CampaignGameState; events: GameEvent[] } {
  const tog = prefectCampaign.bot(s, 'TOG', seededDice('tog', 1));
  return prefectCampaign.resolve(s, { TOG: tog, CW: cw }, seededDice('x', 1)) as {
    state: CampaignGameState;
    events: GameEvent[];
  };
}
/** A Legion base's SP after the CW default order (urban production may add some, L2284). */
const afterDefault = (s: CampaignGameState, id: string): number =>
  resolveCw(s, cwDefault(s) as Json).state.planetary.bases[id].supply;

function expectRefused(s: CampaignGameState, o: Json, code: string, rule: RegExp): OrderError {
  const snap = JSON.stringify(s);
  const e = prefectCampaign.validate(s, 'CW', o);
  const hit = e.find((x) => x.code === code);
  expect(hit, JSON.stringify(e)).toBeDefined();
  expect(hit!.rule).toMatch(rule);
  expect(JSON.stringify(s)).toBe(snap);
  return hit!;
}

describe('Legion bases as naval supply sources (5.C.8, L2334-2346)', () => {
  it('L2342: a GL2 relieves one fatigue level of a fighter TF at 1 SP per squadron, paid from its SP', () => {
    const s = state();
    const o = order(s, rearm('cw-gl2', 2));
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const want = afterDefault(s, 'cw-gl2') - 2;
    const r = resolveCw(s, o);
    expect(r.state.space.tfs[FTR].fatigue).toBe(0);
    expect(r.state.planetary.bases['cw-gl2'].supply).toBe(want);
    expect(JSON.stringify(r.state.space)).not.toContain(LEGION_PREFIX);
    expect(JSON.stringify(s.space)).not.toContain(LEGION_PREFIX);
  });

  it('L1945, L1947: two levels from a GL4 and a GL2 of the same sector together', () => {
    const s = state({ fatigue: 2 });
    const o = order(
      s,
      naval({
        rearm: [
          {
            tf: FTR,
            levels: 2,
            sources: [
              { from: 'cw-gl4', sp: 3 },
              { from: 'cw-gl2', sp: 1 },
            ],
          },
        ],
      }),
    );
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const want = [afterDefault(s, 'cw-gl4') - 3, afterDefault(s, 'cw-gl2') - 1];
    const r = resolveCw(s, o);
    expect([
      r.state.space.tfs[FTR].fatigue,
      r.state.planetary.bases['cw-gl4'].supply,
      r.state.planetary.bases['cw-gl2'].supply,
    ]).toEqual([0, ...want]);
  });

  it('L2344, D-65b: a GL3 reorganises a disorganised fighter TF (2 SP per FL1)', () => {
    const s = state({ disorganised: true });
    const o = order(s, reorganise('cw-gl3', 4));
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const want = afterDefault(s, 'cw-gl3') - 4;
    const r = resolveCw(s, o);
    expect(r.state.space.units['cw-h2-FL1-1'].status).toBe('ACTIVE');
    expect(r.state.planetary.bases['cw-gl3'].supply).toBe(want);
  });

  it('L2340, L2342: a GL1 may not relieve fighters', () =>
    expectRefused(state(), order(state(), rearm('cw-gl1', 2)), 'BASE_LIMIT', /L2342/));
  it('L2344: a GL2 may not reorganise fighters', () =>
    expectRefused(state({ disorganised: true }), order(state(), reorganise('cw-gl2', 4)), 'BASE_LIMIT', /L2344/));
  it('L2346: no Legion base removes the fatigue of ships', () => {
    const s = state({ ship: true });
    expectRefused(s, order(s, rearm('cw-gl4', 3)), 'BASE_LIMIT', /L2346/);
  });
  it('L2297, L1927: a disorganised GL4 spends nothing', () => {
    const s = state();
    s.planetary.bases['cw-gl4'].status = 'DISRUPTED';
    expectRefused(s, order(s, rearm('cw-gl4', 2)), 'DISRUPTED_BASE', /L2295-2297/);
  });
  it('L1957: not more SP than the Legion base holds', () => {
    const s = state({ fatigue: 2 });
    s.planetary.bases['cw-gl2'].supply = 3;
    expectRefused(s, order(s, rearm('cw-gl2', 4, 2)), 'NOT_ENOUGH_SUPPLY', /L1957/);
  });
  it('L1947: only TFs in the Legion base\u2019s sector (Ku Crassus)', () => {
    const s = state({ sector: 's4-9' });
    expectRefused(s, order(s, rearm('cw-gl2', 2)), 'SOURCE_ELSEWHERE', /L1947/);
  });
  it('L1941-1943: the SP offered must equal the cost', () => {
    const s = state();
    expectRefused(s, order(s, rearm('cw-gl2', 3)), 'COST_MISMATCH', /L1941/);
  });
  it('L1935: the stand-in id may not be typed by hand', () => {
    const s = state();
    expectRefused(s, order(s, rearm(standInId('cw-gl2'), 2)), 'STAND_IN_ID', /L1935/);
  });
  it('L1955: a Legion source elsewhere in the order does not make a base for a reorganisation it does not pay', () => {
    const s = state({ disorganised: true });
    const other = 'cw-h2-x';
    s.space.units['cw-h2-FL1-9'] = { id: 'cw-h2-FL1-9', type: 'cw-FL1', side: 'CW', status: 'ACTIVE', tf: other };
    s.space.tfs[other] = {
      id: other,
      side: 'CW',
      counterNo: 98,
      place: { kind: 'SECTOR', sector: 's3-4' },
      units: ['cw-h2-FL1-9'],
      fatigue: 1,
    };
    const o = order(
      s,
      naval({
        rearm: [{ tf: other, levels: 1, sources: [{ from: 'cw-gl2', sp: 1 }] }],
        reorganise: [{ tf: FTR, sources: [{ from: 'cw-TRM-1', sp: 4 }] }],
      }),
    );
    const e = expectRefused(s, o, 'NO_BASE', /L1955/);
    expect(e.path).toEqual(['naval', 'reorganise', 0]);
  });
  it('a refused order resolves as the default: the Legion base keeps its SP', () => {
    const s = state();
    const r = resolveCw(s, order(s, rearm('cw-gl1', 2)));
    expect(r.state.planetary.bases['cw-gl1'].supply).toBe(afterDefault(s, 'cw-gl1'));
    expect(r.state.space.tfs[FTR].fatigue).toBe(1);
  });
  it('without a Legion source nothing is presented, and outside the Supply stage nothing is translated', () => {
    const s = state();
    let seen: string[] = [];
    withLegionSources(s, 'CW', naval({}), () => {
      seen = Object.keys(s.space.bases);
    });
    expect(seen.some((id) => id.startsWith(LEGION_PREFIX))).toBe(false);
    s.stage = 'ADJUST';
    expect(legionSources(s, 'CW', rearm('cw-gl2', 2)).size).toBe(0);
  });
});
