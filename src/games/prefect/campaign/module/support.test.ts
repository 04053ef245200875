/**
 * Naval ground support in the Ground Combat Phase (L2204-2252, D-76, D-83): commitments per
 * declared combat, sealed together (SIMUL) or the turn Attacker first (ATTACKER_FIRST), then
 * the Combat Phase with the naval attack added (resolveSupportedCombat).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { tfAlias } from '../../planetary/index.js';
import { gsSupportValue } from '../ground-support.js';
import { seededDice } from '#engine/dice.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { combatDeclarePosition, declareAttacks, navalUnits, putInGsBox } from './test-positions.js';
import type { CampaignGameState } from './types.js';

/** A COMBAT_DETECT state built by hand (test-positions.ts, no bot play): TOG declared two attacks on CW TFs, GS boxes empty. */
function detectState(options = {}): CampaignGameState {
  const { s, contacts } = combatDeclarePosition(2, options);
  return declareAttacks(s, contacts).s;
}

/** A copy where `side` has one naval unit waiting in the GS box of the first declared combat's zone. */
function withGs(s0: CampaignGameState, side: 'TOG' | 'CW'): { s: CampaignGameState; unit: string; attack: string } {
  const s = structuredClone(s0);
  const a = s.planetary.combat!.attacks.find((x) => 'tf' in x.target)!;
  const zone = zoneOfHex(s.planetary.tfs[(a.target as { tf: string }).tf].hex);
  const unit = navalUnits(s, side)[0];
  putInGsBox(s, zone, [unit]);
  return { s, unit, attack: a.id };
}

/** The step's owed orders as each prompt's default (the Defender's detections), so no bot policy decides the path. */
const step = (s: CampaignGameState, seed: string) => {
  const orders: Record<string, Json> = {};
  for (const p of prefectCampaign.prompts(s)) orders[p.side] = p.defaultOrders;
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
      expect(
        prefectCampaign.validate(r1.state, side, {
          kind: 'gs-commitment',
          commitments: [{ attack: 'no-such', units: [unit] }],
        })[0],
      ).toMatchObject({ code: 'NO_COMBAT', rule: 'L2204, D-76' });
      const enemyUnit = Object.values(s.space.units).find((u) => u.side !== side)!.id;
      expect(
        prefectCampaign.validate(r1.state, side, {
          kind: 'gs-commitment',
          commitments: [{ attack, units: [enemyUnit] }],
        })[0].code,
      ).toBe('NOT_IN_GS_BOX');
      const r2 = prefectCampaign.resolve(
        r1.state,
        { [side]: { kind: 'gs-commitment', commitments: [{ attack, units: [unit] }] } },
        seededDice('n2', 1),
      );
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
    expect(
      prefectCampaign
        .prompts(r1.state)
        .map((p) => p.side)
        .sort(),
    ).toEqual(['CW', 'TOG']);
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
    const r2 = prefectCampaign.resolve(
      r1.state,
      { [s0.attacker]: { kind: 'gs-commitment', commitments: [{ attack: one.attack, units: [one.unit] }] } },
      seededDice('n5', 1),
    );
    const p = prefectCampaign.prompts(r2.state);
    expect(p.map((x) => x.side)).toEqual([s0.attacker === 'TOG' ? 'CW' : 'TOG']);
    expect((p[0].choices as { enemyCommitments: unknown[] }).enemyCommitments).toEqual([
      { attack: one.attack, units: [one.s.space.units[one.unit].type] },
    ]);
  });
});

describe('D-76 / L2214: one sealed commitment order covers every declared combat', () => {
  it('L2214 ("one or more of their Task Forces"), L2222: a single sealed order commits GS units to two combats; both get their naval attack', () => {
    const s = detectState();
    const side = s.attacker;
    const [a1, a2] = s.planetary.combat!.attacks.filter((a) => 'tf' in a.target);
    const free = navalUnits(s, side, 'FIGHTER');
    const target = (a: typeof a1) => (a.target as { tf: string }).tf;
    const put = (a: typeof a1, i: number) => {
      putInGsBox(s, zoneOfHex(s.planetary.tfs[target(a)].hex), [free[i]]);
      return free[i];
    };
    const u1 = put(a1, 0);
    const u2 = put(a2, 1);
    const defender = side === 'TOG' ? 'CW' : 'TOG';
    const detect = prefectCampaign.prompts(s).find((p) => p.side === defender)!.defaultOrders;
    const r1 = prefectCampaign.resolve(s, { [defender]: detect }, seededDice('once-1', 1));
    expect(prefectCampaign.prompts(r1.state).map((p) => [p.side, p.kind])).toEqual([[side, 'gs-commitment']]);
    const order = {
      kind: 'gs-commitment',
      commitments: [
        { attack: a1.id, units: [u1] },
        { attack: a2.id, units: [u2] },
      ],
    } as Json;
    expect(prefectCampaign.validate(r1.state, side, order)).toEqual([]);
    const withIt = prefectCampaign.resolve(r1.state, { [side]: order }, seededDice('once-2', 1));
    const without = prefectCampaign.resolve(
      r1.state,
      { [side]: { kind: 'gs-commitment', commitments: [] } },
      seededDice('once-2', 1),
    );
    expect(
      withIt.events.filter((e) => e.type === 'gs.revealed').map((e) => (e.data as { attack: string }).attack),
    ).toEqual([a1.id, a2.id]);
    expect(withIt.state.gsUsed.sort()).toEqual([u1, u2].sort());
    // Each combat gets exactly its own naval attack added (L2216, L2222); the totals are taken before any roll,
    // and the two combats are in different zones with different TFs, so the earlier one's dice do not touch the later one's totals.
    const combats = (ev: GameEvent[]) =>
      ev.filter((e) => e.type === 'combat').map((e) => e.data as { attack: number; target: string });
    const inOrder = s.planetary.combat!.order.map((id) => (id === a1.id ? { a: a1, u: u1 } : { a: a2, u: u2 }));
    expect(combats(withIt.events).map((c) => c.target)).toEqual(inOrder.map((x) => tfAlias(s.planetary, target(x.a))));
    expect(combats(without.events).map((c) => c.target)).toEqual(inOrder.map((x) => tfAlias(s.planetary, target(x.a))));
    inOrder.forEach((x, i) => {
      expect(gsSupportValue(r1.state, [x.u])).toBeGreaterThan(0);
      expect(combats(withIt.events)[i].attack - combats(without.events)[i].attack).toBe(
        gsSupportValue(r1.state, [x.u]),
      );
    });
  });
});
