/**
 * Step 3 (L2290) both ways: SP up from a Legion base to a transport of a Supply TF that entered its
 * orbital segment, or to a naval base of that segment (L1919-1927, L2141), through the module.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { stats } from '../../space/index.js';
import prefectCampaign from './index.js';
import { firstAtStage } from './testing.js';
import type { CampaignGameState } from './types.js';

const plain = firstAtStage('h13', 'SUPPLY');
const T = 'cw-TRM-1';
const segOf = (s: CampaignGameState, base: string): number => segmentOfZone(zoneOfHex(s.planetary.bases[base].hex));

/** CW's Supply TF over cw-gl4's segment with `sp` SP aboard; cw-gn2 moved to that segment and emptied. */
function over(sp = 0): CampaignGameState {
  const s = structuredClone(plain);
  const seg = segOf(s, 'cw-gl4');
  Object.assign(s.space.tfs['cw-tf2'], {
    place: { kind: 'SECTOR', sector: 's3-4' },
    suppliedSegment: { segment: seg, turn: s.space.turn },
  });
  s.space.units[T].supply = sp;
  Object.assign(s.space.bases['cw-gn2'], { segment: seg, supply: 0 });
  return s;
}
const cwDefault = (s: CampaignGameState): Record<string, Json> =>
  prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders as Record<string, Json>;
const order = (s: CampaignGameState, lift: unknown[]): Json => ({ ...cwDefault(s), lift }) as Json;
function resolveCw(s: CampaignGameState, cw: Json): { state: CampaignGameState; events: GameEvent[] } {
  return prefectCampaign.resolve(
    s,
    { TOG: prefectCampaign.bot(s, 'TOG', seededDice('tog', 1)), CW: cw },
    seededDice('x', 1),
  ) as { state: CampaignGameState; events: GameEvent[] };
}
function expectRefused(s: CampaignGameState, o: Json, code: string, rule: RegExp): void {
  const snap = JSON.stringify(s);
  const e = prefectCampaign.validate(s, 'CW', o);
  expect(e[0]).toMatchObject({ code, path: ['lift', 0] });
  expect(e[0].rule).toMatch(rule);
  expect(resolveCw(s, o).state).toEqual(resolveCw(s, cwDefault(s) as Json).state);
  expect(JSON.stringify(s)).toBe(snap);
}

describe('campaign supply: SP up from a Legion base (L2290, L1919-1927)', () => {
  it('L2290, L1919-1921: a Legion base sends SP up to a transport whose Supply TF entered its segment; the owner alone sees it', () => {
    const s = over(5);
    const o = order(s, [{ base: 'cw-gl4', to: T, sp: 20 }]);
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const base = resolveCw(s, cwDefault(s) as Json).state;
    const { state, events } = resolveCw(s, o);
    expect(state.planetary.bases['cw-gl4'].supply).toBe(base.planetary.bases['cw-gl4'].supply - 20);
    expect(state.space.units[T].supply).toBe(base.space.units[T].supply! + 20);
    expect(state.offSystemSp?.[T] ?? 0).toBe(base.offSystemSp?.[T] ?? 0); // L2362: never "direct"
    const lifted = events.filter((e) => e.type === 'supply.lifted');
    expect(lifted).toHaveLength(1);
    expect(lifted[0].visibleTo).toEqual(['CW']);
    expect(lifted[0].data).toMatchObject({ base: 'cw-gl4', to: T, sp: 20 });
  });

  it('L1923, L2141: a Legion base sends SP to a naval base of its orbital segment, even a disorganised one (L1927)', () => {
    const s = over();
    s.space.bases['cw-gn2'].status = 'DISRUPTED';
    const o = order(s, [{ base: 'cw-gl4', to: 'cw-gn2', sp: 12 }]);
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    expect(resolveCw(s, o).state.space.bases['cw-gn2'].supply).toBe(12);
  });

  it('L2286-2291: SP lifted in step 3 are not there for the step-1 naval rearming of the same phase', () => {
    const s = over();
    s.space.tfs['cw-tf1'].fatigue = 1;
    const cost = Object.values(s.space.units).filter((u) => u.tf === 'cw-tf1').length;
    const o = {
      ...cwDefault(s),
      naval: {
        ...(cwDefault(s).naval as object),
        rearm: [{ tf: 'cw-tf1', levels: 1, sources: [{ from: 'cw-gn2', sp: cost }] }],
      },
      lift: [{ base: 'cw-gl4', to: 'cw-gn2', sp: cost }],
    } as Json;
    const e = prefectCampaign.validate(s, 'CW', o);
    expect(e[0]?.path.slice(0, 2)).toEqual(['naval', 'rearm']);
  });

  it('refused with the rule: a disorganised base (L1927, L2295-2297), SP delivered this turn (L770), more than it holds', () => {
    const d = over();
    d.planetary.bases['cw-gl4'].status = 'DISRUPTED';
    expectRefused(d, order(d, [{ base: 'cw-gl4', to: T, sp: 5 }]), 'DISRUPTED_BASE', /L1927/);
    const n = over();
    const b = n.planetary.bases['cw-gl4'];
    b.deliveredThisTurn = b.supply - 4;
    expectRefused(n, order(n, [{ base: 'cw-gl4', to: T, sp: 5 }]), 'NOT_ENOUGH_SP', /L770/);
    expectRefused(over(), order(over(), [{ base: 'cw-gl3x', to: T, sp: 5 }]), 'BAD_BASE', /L2290/);
  });

  it('refused with the rule: a transport not over the segment (L1921), disrupted (L1925), full (L2328), an enemy holder', () => {
    const away = over();
    away.space.tfs['cw-tf2'].suppliedSegment = { segment: segOf(away, 'cw-gl4') + 1, turn: away.space.turn };
    expectRefused(away, order(away, [{ base: 'cw-gl4', to: T, sp: 5 }]), 'NOT_AT_BASE', /L1921/);
    const dis = over();
    dis.space.units[T].status = 'DISORGANISED';
    expectRefused(dis, order(dis, [{ base: 'cw-gl4', to: T, sp: 5 }]), 'DISRUPTED_TRANSPORT', /L1925/);
    const full = over(stats(plain.space.units[T]).carry - 10);
    expectRefused(full, order(full, [{ base: 'cw-gl4', to: T, sp: 20 }]), 'NO_ROOM', /L2328/);
    const tog = Object.values(plain.space.units).find((u) => u.side === 'TOG')!.id;
    expectRefused(over(), order(over(), [{ base: 'cw-gl4', to: tog, sp: 5 }]), 'BAD_DESTINATION', /L1919/);
  });

  it('refused with the rule: a naval base of another segment (L1923) or in transit (L2093)', () => {
    const s = over();
    s.space.bases['cw-gn2'].segment = segOf(s, 'cw-gl4') + 1;
    expectRefused(s, order(s, [{ base: 'cw-gl4', to: 'cw-gn2', sp: 5 }]), 'DIFFERENT_SEGMENT', /L1923/);
    const t = over();
    t.space.bases['cw-gn2'].carriedBy = 'cw-tf2';
    expectRefused(t, order(t, [{ base: 'cw-gl4', to: 'cw-gn2', sp: 5 }]), 'BASE_NOT_ON_MAP', /L2093/);
  });
});
