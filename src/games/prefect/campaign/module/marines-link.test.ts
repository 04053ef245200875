/**
 * The Campaign's Marines (ground units aboard, L2307) make the space Marine assault
 * (L2045-2083, D-74) on a disorganised Legion base (stand-in, L2141, L2155): the cargo Marines
 * of a transport named in the Attack plan's `marines` count as its cohorts (L2049-2057); a capture
 * lands them at the base (L2077-2081, D-44 reconstructed), a failed one destroys them (L2083).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { firstInBotPlay } from './testing.js';
import prefectCampaign from './index.js';
import { cargoMarines } from './marines-link.js';
import { stationedMarines } from './legion-bases-carry.js';
import { standIns } from './legion-bases.js';
import { freeCounter, newTaskForce } from '../../planetary/index.js';
import type { CampaignGameState } from './types.js';

/** Seed c1, turn 2, TOG's combat plan: its transport TF (Marines aboard tog-TRM-3) set to Attack, CW's GL2 (segment 4, alone there) disrupted. */
function setUp(): CampaignGameState {
  const s = firstInBotPlay(
    'a Combat Phase plan with TOG cargo aboard',
    ({ prev: x, prompts }) =>
      x.stage === 'SPACE' &&
      x.space.step === 'COMBAT' &&
      prompts.some((p) => p.side === 'TOG' && ((p.choices as { odCargo?: unknown[] }).odCargo ?? []).length > 0) &&
      structuredClone(x),
  );
  s.space.tfs['tog-tf2'].mission = 'ATTACK';
  s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
  return s;
}
const plan = (transport: string, tf = 'tog-tf2'): Json => ({
  kind: 'combat-plan',
  plan: { tfs: [{ tf, segment: 4, marines: [{ transport, base: 'legion-base:cw-gl2' }] }] },
});
const toCw = (events: GameEvent[]): string =>
  JSON.stringify(
    events.filter((e) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes('CW'))),
  );

describe('cargo Marines capture Legion bases (L2045-2083)', () => {
  const s = setUp();
  const marines = cargoMarines(s, 'tog-TRM-3');
  const cw = prefectCampaign.bot(s, 'CW', seededDice('m', 0));

  it('L2049-2057, L2063: the plan validates with the cargo Marines; bad plans are refused; nothing changes', () => {
    expect(marines).toEqual(['tog-marine-cohort-1', 'tog-marine-cohort-2']);
    const p = prefectCampaign.prompts(s).find((q) => q.side === 'TOG')!;
    expect((p.choices as { marineCargo: { transport: string; marines: string[] }[] }).marineCargo).toEqual([
      { tf: expect.any(String), transport: 'tog-TRM-3', marines },
    ]);
    expect(JSON.stringify(prefectCampaign.prompts(s).filter((q) => q.side === 'CW'))).not.toContain(
      'tog-marine-cohort',
    );
    const snap = JSON.stringify(s);
    expect(prefectCampaign.validate(s, 'TOG', plan('tog-TRM-3'))).toEqual([]);
    expect(prefectCampaign.validate(s, 'TOG', plan('tog-TRM-1'))[0]).toMatchObject({
      code: 'NO_MARINES',
      rule: 'L2057',
    });
    const od = structuredClone(s);
    od.space.tfs['tog-tf2'].mission = 'ORBITAL_DROP';
    expect(prefectCampaign.validate(od, 'TOG', plan('tog-TRM-3')).map((e) => e.rule)).toContain('L2063');
    expect(JSON.stringify(s)).toBe(snap); // the count lent for validation is gone again
    expect(s.space.units['tog-TRM-3'].marines ?? 0).toBe(0);
  });

  it("L2077-2081: captured — the GL2 is TOG's, disrupted; the Marines land under it (D-44), off the transport; the units stay TOG's secret", () => {
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-3'), CW: cw }, seededDice('m', 0));
    expect(r.events.find((e) => e.type === 'MARINE_ASSAULT')?.data).toMatchObject({
      captured: true,
      attack: expect.any(Number),
    });
    const b = r.state.planetary.bases['cw-gl2'];
    expect(b).toMatchObject({ side: 'TOG', status: 'DISRUPTED' });
    for (const u of marines) {
      expect(r.state.cargo[u]).toBeUndefined();
      expect(r.state.planetary.units[u]).toMatchObject({ status: 'ACTIVE', hex: b.hex, under: 'cw-gl2' });
    }
    expect(r.state.space.units['tog-TRM-3'].marines ?? 0).toBe(0);
    expect(Object.keys(r.state.space.bases).filter((id) => id.startsWith('legion-base:'))).toEqual([]);
    expect(r.events.find((e) => e.type === 'marines.landed')?.visibleTo).toEqual(['TOG']);
    expect(toCw(r.events)).not.toContain('tog-marine-cohort');
  });

  it("L2083: the base saves — the attacking Marines are destroyed, their transport disrupted, the base stays CW's", () => {
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-3'), CW: cw }, seededDice('m', 10));
    expect(r.events.find((e) => e.type === 'MARINE_ASSAULT')?.data).toMatchObject({ captured: false });
    expect(r.state.planetary.bases['cw-gl2'].side).toBe('CW');
    for (const u of marines) {
      expect(r.state.cargo[u]).toBeUndefined();
      expect(r.state.planetary.units[u].status).toBe('DESTROYED');
    }
    expect(r.state.space.units['tog-TRM-3'].status).toBe('DISORGANISED');
    expect(r.events.find((e) => e.type === 'marines.lost')?.visibleTo).toEqual(['TOG']);
    expect(toCw(r.events)).not.toContain('tog-marine-cohort');
  });

  it('L2057: a refused plan resolves as the default — no assault, the Marines stay aboard', () => {
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-1'), CW: cw }, seededDice('m', 0));
    expect(r.events.some((e) => e.type === 'MARINE_ASSAULT')).toBe(false);
    for (const u of marines) expect(r.state.cargo[u]?.transports).toContain('tog-TRM-3');
    expect(r.state.space.units['tog-TRM-3'].marines ?? 0).toBe(0);
  });
});

/** CW Marine ground units at cw-gl2: `under` the base counter, `inTf` alone in a CW TF in its hex, `off` disorganised there (L655: does not defend). */
function withDefenders(base: CampaignGameState): {
  s: CampaignGameState;
  under: string;
  inTf: string;
  tf: string;
  off: string;
} {
  const s = structuredClone(base);
  const ps = s.planetary;
  const b = ps.bases['cw-gl2'];
  const org = Object.values(ps.units).find((u) => u.side === 'CW')!.org;
  const n = freeCounter(ps, org)!;
  const tf = newTaskForce(ps, 'CW', org, b.hex, n).id;
  ps.units['cw-mar-a'] = {
    id: 'cw-mar-a',
    type: 'marine-cohort',
    side: 'CW',
    org,
    status: 'ACTIVE',
    hex: b.hex,
    under: 'cw-gl2',
  };
  ps.units['cw-mar-b'] = { id: 'cw-mar-b', type: 'marine-cohort', side: 'CW', org, status: 'ACTIVE', tf };
  ps.units['cw-mar-c'] = {
    id: 'cw-mar-c',
    type: 'marine-cohort',
    side: 'CW',
    org,
    status: 'DISORGANISED',
    hex: b.hex,
    under: 'cw-gl2',
  };
  return { s, under: 'cw-mar-a', inTf: 'cw-mar-b', tf, off: 'cw-mar-c' };
}
/** Seeds whose dice give each outcome against defence 4 (recorded in MARINE_ASSAULT's `rolls`). */
const CAPTURE_SEED = 0;
const SAVE_SEED = 10;
const assault = (events: GameEvent[]) =>
  events.find((e) => e.type === 'MARINE_ASSAULT')?.data as { captured: boolean; defence: number } | undefined;

describe('Marines defending a Legion base (L2059, L2071-2077, L2332)', () => {
  const base = setUp();
  const cw = prefectCampaign.bot(base, 'CW', seededDice('m', 0));

  it('L2071-2073: each active Marine stationed on the base (under it, or in a CW TF in its hex) adds 1 to the class', () => {
    const { s, under, inTf } = withDefenders(base);
    expect(stationedMarines(s, 'cw-gl2')).toEqual([under, inTf]);
    expect(standIns(s)['cw-gl2'].marines).toBe(2);
    expect(standIns(base)['cw-gl2'].marines).toBe(0);
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-3'), CW: cw }, seededDice('m', 0));
    expect(assault(r.events)?.defence).toBe(2 + 2); // GL2 stands in as GN2: class 2, + 2 cohorts
  });

  it("L2077: captured — the defending Marines are destroyed (a TF left empty goes); the disorganised one and the base's hex stay", () => {
    const { s, under, inTf, tf, off } = withDefenders(base);
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-3'), CW: cw }, seededDice('m', CAPTURE_SEED));
    expect(assault(r.events)?.captured).toBe(true);
    expect(r.state.planetary.bases['cw-gl2'].side).toBe('TOG');
    expect(r.state.planetary.units[under].status).toBe('DESTROYED');
    expect(r.state.planetary.units[inTf].status).toBe('DESTROYED');
    expect(r.state.planetary.tfs[tf]).toBeUndefined();
    expect(r.state.planetary.units[off].status).toBe('DISORGANISED');
    const lost = r.events.find((e) => e.type === 'marines.defenders-lost');
    expect(lost).toMatchObject({ visibleTo: ['CW'], data: { base: 'cw-gl2', units: [under, inTf], rule: 'L2077' } });
    expect(
      JSON.stringify(
        r.events.filter((e) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes('TOG'))),
      ),
    ).not.toContain('cw-mar-');
  });

  it('L2083: the base saves — its Marines stay where they were', () => {
    const { s, under, inTf, tf } = withDefenders(base);
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-3'), CW: cw }, seededDice('m', SAVE_SEED));
    expect(assault(r.events)?.captured).toBe(false);
    expect(r.state.planetary.bases['cw-gl2'].side).toBe('CW');
    expect(r.state.planetary.units[under]).toMatchObject({ status: 'ACTIVE', under: 'cw-gl2' });
    expect(r.state.planetary.units[inTf]).toMatchObject({ status: 'ACTIVE', tf });
    expect(r.events.some((e) => e.type === 'marines.defenders-lost')).toBe(false);
  });
});
