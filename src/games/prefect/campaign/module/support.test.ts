/**
 * Naval ground support in the Ground Combat Phase (L2204-2252, D-76, D-83): commitments per
 * declared combat, sealed together (SIMUL) or the turn Attacker first (ATTACKER_FIRST), then
 * the Combat Phase with the naval attack added (resolveSupportedCombat).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../../engine/contract.js';
import { seededDice } from '../../../../engine/dice.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { playBots } from './testing.js';
import type { CampaignGameState } from './types.js';

function detectState(options = {}): CampaignGameState {
  let found: CampaignGameState | null = null;
  playBots('c1', ({ prev }) => { if (!found && prev.stage === 'GROUND' && prev.planetary.step === 'COMBAT_DETECT') found = prev; }, options);
  return found!;
}

/** A copy where `side` has one naval unit waiting in the GS box of the first declared combat's zone. */
function withGs(s0: CampaignGameState, side: 'TOG' | 'CW'): { s: CampaignGameState; unit: string; attack: string } {
  const s = structuredClone(s0);
  const a = s.planetary.combat!.attacks.find((x) => 'tf' in x.target)!;
  const zone = zoneOfHex(s.planetary.tfs[(a.target as { tf: string }).tf].hex);
  const u = Object.values(s.space.units).find((x) => x.side === side && x.status === 'ACTIVE' && x.tf)!;
  s.space.tfs[u.tf!].mission = 'GROUND_SUPPORT';
  s.zones[zone].gs.push({ unit: u.id, tf: u.tf!, side });
  return { s, unit: u.id, attack: a.id };
}

const step = (s: CampaignGameState, seed: string) => {
  const orders: Record<string, Json> = {};
  for (const p of prefectCampaign.prompts(s)) orders[p.side] = prefectCampaign.bot(s, p.side, seededDice(seed, 1));
  return prefectCampaign.resolve(s, orders, seededDice(seed, 2));
};

describe('prefect-campaign: naval support offered in the Ground Combat Phase', () => {
  const base = detectState();

  it('no GS unit in a combat zone: the Combat Phase resolves at once (as the planetary module)', () => {
    expect(base).toBeDefined();
    const r = step(base, 'n0');
    expect(prefectCampaign.prompts(r.state).some((p) => p.kind === 'gs-commitment')).toBe(false);
    expect(r.state.planetary.combat!.resolved.length).toBe(base.planetary.combat!.attacks.length);
  });

  for (const side of ['TOG', 'CW'] as const) {
    it(`L2204-2220, D-76 SIMUL: ${side}'s GS unit in the zone is offered, sealed, revealed, and used once (D-83)`, () => {
      const { s, unit, attack } = withGs(base, side);
      const r1 = step(s, 'n1');
      const prompts = prefectCampaign.prompts(r1.state);
      expect(prompts.map((p) => [p.side, p.kind, p.secret])).toEqual([[side, 'gs-commitment', true]]);
      const choice = (prompts[0].choices as { combats: { units: { id: string }[] }[] }).combats;
      expect(choice[0].units.map((u) => u.id)).toContain(unit);
      expect(prefectCampaign.validate(r1.state, side, { kind: 'gs-commitment', commitments: [{ attack: 'no-such', units: [unit] }] })[0]).toMatchObject({ code: 'NO_COMBAT', rule: 'L2204, D-76' });
      const enemyUnit = Object.values(s.space.units).find((u) => u.side !== side)!.id;
      expect(prefectCampaign.validate(r1.state, side, { kind: 'gs-commitment', commitments: [{ attack, units: [enemyUnit] }] })[0].code).toBe('NOT_IN_GS_BOX');
      const r2 = prefectCampaign.resolve(r1.state, { [side]: { kind: 'gs-commitment', commitments: [{ attack, units: [unit] }] } }, seededDice('n2', 1));
      const types = r2.events.map((e) => e.type);
      expect(types).toContain('gs.revealed');
      expect(r2.state.gsUsed).toContain(unit);
      expect(Object.values(r2.state.zones).some((z) => z.gs.some((e) => e.unit === unit))).toBe(false); // L2236: back to its TF
      expect(r2.state.planetary.combat!.resolved.length).toBe(s.planetary.combat!.attacks.length);
      expect(r2.state.pendingSupport).toBeUndefined();
    });
  }

  it('D-76 SIMUL: a sealed commitment is in no view of the other side until the phase resolves', () => {
    const tog = withGs(base, 'TOG');
    const both = withGs(tog.s, 'CW');
    const r1 = step(both.s, 'n3');
    expect(prefectCampaign.prompts(r1.state).map((p) => p.side).sort()).toEqual(['CW', 'TOG']);
    const committed = structuredClone(r1.state);
    committed.pendingSupport!.sealed.TOG = [{ attack: tog.attack, units: [tog.unit] }];
    const none = structuredClone(r1.state);
    none.pendingSupport!.sealed.TOG = [];
    expect(prefectCampaign.view(committed, 'CW')).toEqual(prefectCampaign.view(none, 'CW'));
    expect(prefectCampaign.view(committed, null)).toEqual(prefectCampaign.view(none, null));
    expect(prefectCampaign.prompts(committed)).toEqual(prefectCampaign.prompts(none));
  });

  it('D-76 ATTACKER_FIRST: the turn Attacker commits first, and the Defender sees his commitments', () => {
    const s0 = detectState({ gsCommitMode: 'ATTACKER_FIRST' });
    const one = withGs(s0, s0.attacker);
    const both = withGs(one.s, s0.attacker === 'TOG' ? 'CW' : 'TOG');
    const r1 = step(both.s, 'n4');
    expect(prefectCampaign.prompts(r1.state).map((p) => [p.side, p.secret])).toEqual([[s0.attacker, false]]);
    const r2 = step(r1.state, 'n5');
    const p = prefectCampaign.prompts(r2.state);
    expect(p.map((x) => x.side)).toEqual([s0.attacker === 'TOG' ? 'CW' : 'TOG']);
    expect((p[0].choices as { enemyCommitments: unknown[] }).enemyCommitments).toEqual([{ attack: one.attack, units: [one.s.space.units[one.unit].type] }]);
  });
});
