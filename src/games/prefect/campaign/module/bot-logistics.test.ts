/** The Campaign bot's cut of the Planetary bot's rebuilds to the 5.C.8 base limits and its SP lifts to naval bases (bot-logistics.ts). */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { baseLimitErrors } from './supply-limits.js';
import { seededDice } from '#engine/dice.js';
import { unitsIn } from '../../planetary/index.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { groundReserve, rebuildsWithinLimits, withNavalLift } from './bot-logistics.js';
import prefectCampaign from './index.js';
import { supplyStepsTrial } from './supply-steps.js';
import { firstAtStage, newGame } from './testing.js';
import type { CampaignGameState } from './types.js';

describe('rebuildsWithinLimits (L2295-2297)', () => {
  it('drops a rebuild at a disorganised Legion base and keeps the one at an active base', () => {
    const cs = newGame('bl-1');
    const bases = Object.values(cs.planetary.bases).filter((b) => b.side === 'CW');
    expect(bases.length).toBeGreaterThanOrEqual(2);
    const [hit, ok] = bases;
    hit.status = 'DISRUPTED';
    ok.status = 'ACTIVE';
    const unit = Object.values(cs.planetary.units).find((u) => u.side === 'CW')!.id;
    const ground = {
      kind: 'supply',
      transfers: [],
      fatigue: [],
      reorganise: [],
      rebuild: [
        { unit, base: hit.id },
        { unit, base: ok.id },
      ],
      build: [],
    } as unknown as Json;
    expect(baseLimitErrors(cs, 'CW', ground).map((e) => e.path)).toEqual([['ground', 'rebuild', 0, 'base']]);
    const kept = rebuildsWithinLimits(cs, 'CW', ground) as { rebuild: unknown[] };
    expect(kept.rebuild).toEqual([{ unit, base: ok.id }]);
    expect(baseLimitErrors(cs, 'CW', kept as unknown as Json)).toEqual([]);
    const none = { ...(ground as object), rebuild: [] } as unknown as Json;
    expect(rebuildsWithinLimits(cs, 'CW', none)).toBe(none);
  });
});

/** CW's first Supply Phase with cw-gn2 (a GN2, 60 SP storage) in cw-gl4's orbital segment holding `navalSp`, cw-gl4 `legionSp`. */
function liftPosition(navalSp: number, legionSp: number): CampaignGameState {
  const s = structuredClone(firstSupply);
  s.space.bases['cw-gn2'].segment = segmentOfZone(zoneOfHex(s.planetary.bases['cw-gl4'].hex));
  s.space.bases['cw-gn2'].supply = navalSp;
  Object.assign(s.planetary.bases['cw-gl4'], { supply: legionSp, deliveredThisTurn: 0, status: 'ACTIVE' });
  return s;
}
const emptySupply = (s: CampaignGameState): Json =>
  prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders as Json;
const liftsOf = (o: Json): { base: string; to: string; sp: number }[] => (o as { lift?: [] }).lift ?? [];
const firstSupply = firstAtStage('bl-lift', 'SUPPLY');

describe('withNavalLift (L2290, L1919-1923)', () => {
  it('L2290, L1923: a naval base short of SP is filled from the Legion base of its segment, beyond the ground reserve', () => {
    const s = liftPosition(10, 90);
    const reserve = groundReserve(s, 'CW', 'cw-gl4');
    expect(reserve).toBeGreaterThan(0);
    expect(90 - reserve).toBeGreaterThan(50); // enough spare to fill the 50 SP of room
    const o = withNavalLift(s, 'CW', emptySupply(s));
    expect(liftsOf(o)).toEqual([{ base: 'cw-gl4', to: 'cw-gn2', sp: 50 }]); // to its 60 SP storage (L1907)
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const r = prefectCampaign.resolve(
      s,
      { TOG: prefectCampaign.bot(s, 'TOG', seededDice('tog', 1)), CW: o },
      seededDice('x', 1),
    );
    expect(r.state.space.bases['cw-gn2'].supply).toBe(60);
    expect(r.events.filter((e) => e.type === 'supply.lifted').map((e) => e.data)).toMatchObject([
      { base: 'cw-gl4', to: 'cw-gn2', sp: 50 },
    ]);
  });

  it('L782, L762: the Legion base keeps its ground reserve; a fatigued TF with a LOC to it raises the reserve', () => {
    const s = liftPosition(0, 40);
    const reserve = groundReserve(s, 'CW', 'cw-gl4');
    // what the lift sees: the base after the phase's earlier steps (urban production adds SP, L2284)
    const seen = supplyStepsTrial(s, 'CW', emptySupply(s)).trial.planetary.bases['cw-gl4'];
    expect(seen.supply - reserve).toBeLessThan(60);
    expect(seen.supply - reserve).toBeLessThanOrEqual(seen.supply - seen.deliveredThisTurn);
    expect(liftsOf(withNavalLift(s, 'CW', emptySupply(s)))).toEqual([
      { base: 'cw-gl4', to: 'cw-gn2', sp: seen.supply - reserve },
    ]);
    const tf = Object.values(s.planetary.tfs).find(
      (t) => t.side === 'CW' && t.hex === s.planetary.bases['cw-gl4'].hex,
    )!;
    tf.fatigue += 1;
    expect(groundReserve(s, 'CW', 'cw-gl4')).toBe(reserve + unitsIn(s.planetary, tf.id).length);
    expect(liftsOf(withNavalLift(s, 'CW', emptySupply(s)))[0].sp).toBe(
      seen.supply - reserve - unitsIn(s.planetary, tf.id).length,
    );
  });

  it('no lift when nothing is spare: SP within the reserve, SP delivered this turn (L770), a disorganised base (L1927)', () => {
    const within = liftPosition(0, 0);
    const added = supplyStepsTrial(within, 'CW', emptySupply(within)).trial.planetary.bases['cw-gl4'].supply;
    within.planetary.bases['cw-gl4'].supply = groundReserve(within, 'CW', 'cw-gl4') - added;
    expect(liftsOf(withNavalLift(within, 'CW', emptySupply(within)))).toEqual([]);
    within.planetary.bases['cw-gl4'].supply += 1;
    expect(liftsOf(withNavalLift(within, 'CW', emptySupply(within)))).toEqual([
      { base: 'cw-gl4', to: 'cw-gn2', sp: 1 },
    ]);
    const delivered = liftPosition(0, 90);
    delivered.planetary.bases['cw-gl4'].deliveredThisTurn = 90;
    expect(liftsOf(withNavalLift(delivered, 'CW', emptySupply(delivered)))).toEqual([]);
    const disorganised = liftPosition(0, 90);
    disorganised.planetary.bases['cw-gl4'].status = 'DISRUPTED';
    expect(liftsOf(withNavalLift(disorganised, 'CW', emptySupply(disorganised)))).toEqual([]);
  });

  it('no lift to a full naval base (L1907) or one of another orbital segment (L1923)', () => {
    const full = liftPosition(60, 90);
    expect(liftsOf(withNavalLift(full, 'CW', emptySupply(full)))).toEqual([]);
    const away = liftPosition(0, 90);
    away.space.bases['cw-gn2'].segment += 1;
    expect(liftsOf(withNavalLift(away, 'CW', emptySupply(away)))).toEqual([]);
  });

  it("the Campaign bot's whole Supply order carries the lift and still validates", () => {
    const s = liftPosition(0, 90);
    const o = prefectCampaign.bot(s, 'CW', seededDice('cw', 1));
    const lifts = liftsOf(o);
    expect(lifts.length).toBeGreaterThan(0);
    expect(lifts.every((l) => l.base === 'cw-gl4' && l.to === 'cw-gn2')).toBe(true);
    expect(prefectCampaign.validate(s, 'CW', o)).toEqual([]);
    const before = structuredClone(s);
    const r = prefectCampaign.resolve(
      s,
      { TOG: prefectCampaign.bot(s, 'TOG', seededDice('tog', 1)), CW: o },
      seededDice('x', 1),
    );
    expect(r.state.space.bases['cw-gn2'].supply).toBeGreaterThanOrEqual(lifts.reduce((a, l) => a + l.sp, 0));
    expect(s).toEqual(before);
  });
});
