/**
 * Loading Marine cohorts off-system (L2049-2057): in the Supply Phase a transport in the off-system
 * zone takes cohorts from its side's off-system Marines (Hold the Line's `offSystemMarines`,
 * reconstructed in the data pack), within L2053's limit and 10 SP of room each (L2051). Refusals
 * are structured and change nothing; the load is on the owner's record sheet only.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { spaceScenario } from './data/index.js';
import prefectSpace from './module/index.js';
import { newGame } from './module/testing.js';
import type { SpaceGameState } from './module/types.js';
import { resolveMarineAssault } from './marines.js';

/** Hold the Line at turn 1's Supply Phase (TOG's tog-TRM-1 waits off-system in tog-tf3 with 40 SP). */
function atSupply(): SpaceGameState {
  const s = newGame('ml');
  s.step = 'SUPPLY';
  return s;
}
const order = (loadMarines: { unit: string; cohorts: number }[]): Json => ({
  kind: 'supply',
  rearm: [],
  reorganise: [],
  baseReorganise: [],
  transfers: [],
  load: [],
  loadMarines,
  unload: [],
});
const none = order([]);
const seenBy = (events: GameEvent[], side: string): string =>
  JSON.stringify(
    events.filter((e) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes(side))),
  );

describe('Marine cohorts loaded off-system (L2049-2057)', () => {
  it('L2055: Hold the Line gives each side its off-system cohorts (reconstructed, provenance in the pack)', () => {
    const sc = spaceScenario('hold-the-line')!;
    expect(sc.offSystemMarines).toEqual({ TOG: 2, CW: 1 });
    expect(sc.fieldProvenance?.offSystemMarines?.source).toBe('reconstructed');
    expect(atSupply().offSystemMarines).toEqual({ TOG: 2, CW: 1 });
  });

  it('L2051-2057: TOG loads 2 cohorts on tog-TRM-1 off-system — under the transport, 20 SP of room taken, its pool empty, CW never told', () => {
    const s = atSupply();
    expect(prefectSpace.validate(s, 'TOG', order([{ unit: 'tog-TRM-1', cohorts: 2 }]))).toEqual([]);
    const r = prefectSpace.resolve(
      s,
      { TOG: order([{ unit: 'tog-TRM-1', cohorts: 2 }]), CW: none },
      seededDice('ml', 1),
    );
    expect(r.state.units['tog-TRM-1']).toMatchObject({ marines: 2, supply: 40 });
    expect(r.state.offSystemMarines).toEqual({ TOG: 0, CW: 1 });
    const ev = r.events.find((e) => e.type === 'supply.marines-loaded');
    expect(ev).toMatchObject({ visibleTo: ['TOG'], data: { offSystemLeft: 0, rule: 'L2049-2057' } });
    expect(seenBy(r.events, 'CW')).not.toContain('marines-loaded');
    const tog = prefectSpace.view(r.state, 'TOG') as {
      own: { ledger: { id: string; max: number; marines: number }[]; offSystemMarines: number };
    };
    expect(tog.own.ledger.find((l) => l.id === 'tog-TRM-1')).toMatchObject({ max: 100 - 20, marines: 2 });
    expect(tog.own.offSystemMarines).toBe(0);
    expect((prefectSpace.view(r.state, 'CW') as { own: { offSystemMarines: number } }).own.offSystemMarines).toBe(1); // its own, not TOG's
    expect(JSON.stringify(prefectSpace.view(r.state, null))).not.toContain('offSystemMarines');
  });

  it('L2055: more cohorts than the off-system zone holds are refused (NO_MARINES_OFFSYSTEM); nothing changes', () => {
    const s = atSupply();
    const snap = JSON.stringify(s);
    expect(prefectSpace.validate(s, 'TOG', order([{ unit: 'tog-TRM-1', cohorts: 3 }]))[0]).toMatchObject({
      code: 'NO_MARINES_OFFSYSTEM',
      rule: 'L2055',
      path: ['loadMarines', 0],
    });
    expect(
      prefectSpace.validate(
        s,
        'TOG',
        order([
          { unit: 'tog-TRM-1', cohorts: 1 },
          { unit: 'tog-TRM-1', cohorts: 2 },
        ]),
      )[0],
    ).toMatchObject({ code: 'NO_MARINES_OFFSYSTEM', path: ['loadMarines', 1] });
    expect(JSON.stringify(s)).toBe(snap);
  });

  it('L2051: each cohort needs 10 SP of room (OVER_CAPACITY)', () => {
    const s = atSupply();
    s.units['tog-TRM-1'].supply = 90;
    expect(prefectSpace.validate(s, 'TOG', order([{ unit: 'tog-TRM-1', cohorts: 1 }]))).toEqual([]);
    expect(prefectSpace.validate(s, 'TOG', order([{ unit: 'tog-TRM-1', cohorts: 2 }]))[0]).toMatchObject({
      code: 'OVER_CAPACITY',
      rule: 'L2051',
    });
  });

  it('L2053: a light transport carries one cohort (MARINE_LIMIT); L2055/L1909: only off-system (NOT_OFFSYSTEM); L2049: only transports', () => {
    expect(prefectSpace.validate(atSupply(), 'CW', order([{ unit: 'cw-TRL-1', cohorts: 1 }]))[0]).toMatchObject({
      code: 'NOT_OFFSYSTEM',
      rule: 'L2055, L1909',
    });
    const s = atSupply(); // a fresh state: validation results are kept per state object
    s.tfs['cw-tf3'].place = { kind: 'OFFSYSTEM' };
    s.units['cw-TRL-1'].supply = 0;
    s.offSystemMarines = { TOG: 2, CW: 2 };
    expect(prefectSpace.validate(s, 'CW', order([{ unit: 'cw-TRL-1', cohorts: 1 }]))).toEqual([]);
    expect(prefectSpace.validate(s, 'CW', order([{ unit: 'cw-TRL-1', cohorts: 2 }]))[0]).toMatchObject({
      code: 'MARINE_LIMIT',
      rule: 'L2053',
    });
    expect(prefectSpace.validate(s, 'CW', order([{ unit: 'cw-P-1', cohorts: 1 }]))[0]).toMatchObject({
      code: 'NOT_A_TRANSPORT',
      rule: 'L2049',
    });
    expect(prefectSpace.validate(s, 'CW', order([{ unit: 'tog-TRM-1', cohorts: 1 }]))[0]).toMatchObject({
      code: 'NOT_A_TRANSPORT',
    });
    expect(prefectSpace.validate(s, 'CW', order([{ unit: 'cw-TRL-1', cohorts: 0 }]))[0]).toMatchObject({
      code: 'MALFORMED',
    });
  });

  it('L2063-2077: the loaded cohorts are the ones a later assault lands (attack 2 × 3 against a disrupted ON2)', () => {
    const r = prefectSpace.resolve(
      atSupply(),
      { TOG: order([{ unit: 'tog-TRM-1', cohorts: 2 }]), CW: none },
      seededDice('ml', 1),
    );
    const s = structuredClone(r.state);
    s.tfs['tog-tf3'].place = { kind: 'SECTOR', sector: s.bases['cw-on2-ku'].sector };
    s.tfs['tog-tf3'].mission = 'ATTACK';
    s.bases['cw-on2-ku'].status = 'DISRUPTED';
    for (const b of Object.values(s.bases))
      if (b.id !== 'cw-on2-ku' && b.segment === s.bases['cw-on2-ku'].segment) b.segment = 9;
    delete s.tfs['cw-tf1'];
    for (const u of Object.values(s.units)) if (u.tf === 'cw-tf1') delete u.tf;
    const a = resolveMarineAssault(s, seededDice('ml', 2), 'TOG', {
      tf: 'tog-tf3',
      transport: 'tog-TRM-1',
      base: 'cw-on2-ku',
    });
    expect(a).toMatchObject({ attack: 6, defence: 2 });
    expect(s.units['tog-TRM-1'].marines).toBe(0);
  });
});
