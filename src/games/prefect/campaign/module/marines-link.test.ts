/**
 * The Campaign's Marines (ground units aboard, L2307) make the space Marine assault
 * (L2045-2083, D-74) on a disorganised Legion base (stand-in, L2141, L2155): the cargo Marines
 * of a transport named in the Attack plan's `marines` count as its cohorts (L2049-2057); a capture
 * lands them at the base (L2077-2081, D-44 reconstructed), a failed one destroys them (L2083).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '../../../../engine/contract.js';
import { seededDice } from '../../../../engine/dice.js';
import { firstInBotPlay } from './testing.js';
import prefectCampaign from './index.js';
import { cargoMarines } from './marines-link.js';
import type { CampaignGameState } from './types.js';

/** Seed c1, turn 2, TOG's combat plan: its transport TF (Marines aboard tog-TRM-3) set to Attack, CW's GL2 (segment 4, alone there) disrupted. */
function setUp(): CampaignGameState {
  const s = firstInBotPlay('a Combat Phase plan with TOG cargo aboard', ({ prev: x, prompts }) => x.stage === 'SPACE' && x.space.step === 'COMBAT' && prompts.some((p) => p.side === 'TOG' && ((p.choices as { odCargo?: unknown[] }).odCargo ?? []).length > 0) && structuredClone(x));
  s.space.tfs['tog-tf2'].mission = 'ATTACK';
  s.planetary.bases['cw-gl2'].status = 'DISRUPTED';
  return s;
}
const plan = (transport: string, tf = 'tog-tf2'): Json => ({ kind: 'combat-plan', plan: { tfs: [{ tf, segment: 4, marines: [{ transport, base: 'legion-base:cw-gl2' }] }] } });
const toCw = (events: GameEvent[]): string => JSON.stringify(events.filter((e) => e.visibleTo === 'all' || (Array.isArray(e.visibleTo) && e.visibleTo.includes('CW'))));

describe('cargo Marines capture Legion bases (L2045-2083)', () => {
  const s = setUp();
  const marines = cargoMarines(s, 'tog-TRM-3');
  const cw = prefectCampaign.bot(s, 'CW', seededDice('m', 0));

  it('L2049-2057, L2063: the plan validates with the cargo Marines; bad plans are refused; nothing changes', () => {
    expect(marines).toEqual(['tog-marine-cohort-1', 'tog-marine-cohort-2']);
    const p = prefectCampaign.prompts(s).find((q) => q.side === 'TOG')!;
    expect((p.choices as { marineCargo: { transport: string; marines: string[] }[] }).marineCargo).toEqual([{ tf: expect.any(String), transport: 'tog-TRM-3', marines }]);
    expect(JSON.stringify(prefectCampaign.prompts(s).filter((q) => q.side === 'CW'))).not.toContain('tog-marine-cohort');
    const snap = JSON.stringify(s);
    expect(prefectCampaign.validate(s, 'TOG', plan('tog-TRM-3'))).toEqual([]);
    expect(prefectCampaign.validate(s, 'TOG', plan('tog-TRM-1'))[0]).toMatchObject({ code: 'NO_MARINES', rule: 'L2057' });
    const od = structuredClone(s);
    od.space.tfs['tog-tf2'].mission = 'ORBITAL_DROP';
    expect(prefectCampaign.validate(od, 'TOG', plan('tog-TRM-3')).map((e) => e.rule)).toContain('L2063');
    expect(JSON.stringify(s)).toBe(snap); // the count lent for validation is gone again
    expect(s.space.units['tog-TRM-3'].marines ?? 0).toBe(0);
  });

  it('L2077-2081: captured — the GL2 is TOG\'s, disrupted; the Marines land under it (D-44), off the transport; the units stay TOG\'s secret', () => {
    const r = prefectCampaign.resolve(s, { TOG: plan('tog-TRM-3'), CW: cw }, seededDice('m', 0));
    expect(r.events.find((e) => e.type === 'MARINE_ASSAULT')?.data).toMatchObject({ captured: true, attack: expect.any(Number) });
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

  it('L2083: the base saves — the attacking Marines are destroyed, their transport disrupted, the base stays CW\'s', () => {
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
