/**
 * D-87 in the Campaign, a ground combat paused for Centurion (centurion-setup.ts): the defender's
 * Legion and naval ground bases' installations (L2630-2646, L2796) and the committed naval support
 * at full or half strength (L2622-2626, L2670-2688), on hand-built positions (test-positions.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { hiddenIds } from '../../planetary/index.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { combatDeclarePosition, declareAttacks, navalUnits, putInGsBox } from './test-positions.js';
import type { CampaignGameState, Side } from './types.js';

const CEN = { externalCombat: 'CENTURION' } as Record<string, Json>;

/** TOG attacks a CW TF; `prep` edits the position (bases, detection) before the Combat Phase; TOG commits `gs` ships/fighters; paused. */
function pausedWith(
  prep: (s: CampaignGameState, target: string) => void,
  gs: 'SHIP' | 'FIGHTER' | null = 'FIGHTER',
): { s: CampaignGameState; target: string } {
  const { s: s0, contacts } = combatDeclarePosition(1, CEN);
  let s = declareAttacks(s0, contacts).s;
  const a = s.planetary.combat!.attacks[0];
  const target = (a.target as { tf: string }).tf;
  // One base per hex (L2416): the test puts its own.
  for (const b of Object.values(s.planetary.bases))
    if (b.hex === s.planetary.tfs[target].hex) delete s.planetary.bases[b.id];
  prep(s, target);
  const unit = gs ? navalUnits(s, 'TOG', gs)[0] : null;
  if (unit) putInGsBox(s, zoneOfHex(s.planetary.tfs[target].hex), [unit]);
  const detect = prefectCampaign.prompts(s).find((p) => p.side === 'CW')!.defaultOrders;
  s = prefectCampaign.resolve(s, { CW: detect }, seededDice('cs-detect', 1)).state;
  if (unit)
    s = prefectCampaign.resolve(
      s,
      { TOG: { kind: 'gs-commitment', commitments: [{ attack: a.id, units: [unit] }] } },
      seededDice('cs-commit', 1),
    ).state;
  expect(s.planetary.combat?.external?.attack).toBe(a.id);
  return { s, target };
}

const entry = (s: CampaignGameState, side: Side, extra: Record<string, Json> = {}): Json => ({
  kind: 'external-result',
  attack: s.planetary.combat!.external!.attack,
  destroyed: [],
  leftMap: [],
  ...extra,
});
const choices = (s: CampaignGameState, side: Side) =>
  prefectCampaign.prompts(s).find((p) => p.side === side)!.choices as Record<string, Json>;

describe('Centurion set-up in the campaign (L2622-2688, L2796, D-87)', () => {
  it('L2630, L2796: a CW Legion base in the defending TF\u2019s hex is on the map; 2 of its 3 installations lost disorganise it, and no supported-base save is rolled (L2250 replaced)', () => {
    const { s } = pausedWith((cs, target) => {
      cs.planetary.bases['lb-test'] = {
        id: 'lb-test',
        side: 'CW',
        originalSide: 'CW',
        type: 'GL2',
        hex: cs.planetary.tfs[target].hex,
        status: 'ACTIVE',
        supply: 5,
        deliveredThisTurn: 0,
        rebuildsThisTurn: 0,
      };
    });
    for (const side of ['TOG', 'CW'] as Side[])
      expect((choices(s, side).setUp as { installations: Json }).installations).toMatchObject({
        bases: [{ base: 'lb-test', type: 'GL2', installations: 3 }],
      });
    const e = { installations: [{ base: 'lb-test', lost: 2 }] };
    const r = prefectCampaign.resolve(s, { TOG: entry(s, 'TOG', e), CW: entry(s, 'CW', e) }, seededDice('cs-agree', 1));
    expect(r.events.find((x) => x.type === 'external.agreed')!.data).toMatchObject({
      bases: [{ base: 'lb-test', lost: 2, disorganised: true }],
    });
    expect(r.events.some((x) => x.type === 'gs.saves')).toBe(true); // the committed fighter still saves (L2226-2236)
    expect(r.events.filter((x) => x.type === 'base.save')).toEqual([]);
    expect(r.state.planetary.bases['lb-test'].status).toBe('DISRUPTED');
    // Nothing lost on the map: the base is unharmed, and still no save (its fate was the Centurion game's).
    const r0 = prefectCampaign.resolve(s, { TOG: entry(s, 'TOG'), CW: entry(s, 'CW') }, seededDice('cs-agree', 1));
    expect(r0.events.filter((x) => x.type === 'base.save')).toEqual([]);
    expect(r0.state.planetary.bases['lb-test'].status).toBe('ACTIVE');
    // The Prefect fallback of the same attack rolls the supported-base save as usual (L2250).
    const rp = prefectCampaign.resolve(
      s,
      { TOG: entry(s, 'TOG', { prefect: true }), CW: entry(s, 'CW') },
      seededDice('cs-agree', 1),
    );
    expect(rp.events.filter((x) => x.type === 'base.save')).toHaveLength(1);
  });

  it('L2630, L2641, L2796: a CW naval ground base (GN3) placed in that hex puts 2 installations on the map; 1 lost (50 %) disrupts the space base', () => {
    const { s } = pausedWith((cs, target) => {
      const src = Object.values(cs.space.bases).find((b) => b.side === 'CW')!;
      cs.space.bases['gn-test'] = { ...structuredClone(src), id: 'gn-test', side: 'CW', type: 'GN3', status: 'ACTIVE' };
      cs.navalBaseHexes['gn-test'] = cs.planetary.tfs[target].hex;
    });
    expect((choices(s, 'CW').setUp as { installations: Json }).installations).toMatchObject({
      bases: [{ base: 'gn-test', type: 'GN3', installations: 2 }],
      total: 2,
    });
    expect(
      prefectCampaign
        .validate(s, 'TOG', entry(s, 'TOG', { installations: [{ base: 'gn-test', lost: 3 }] }))
        .map((x) => x.rule),
    ).toEqual(['L2636-2644, L2796']);
    const e = { installations: [{ base: 'gn-test', lost: 1 }] };
    const r = prefectCampaign.resolve(s, { TOG: entry(s, 'TOG', e), CW: entry(s, 'CW', e) }, seededDice('cs-gn', 1));
    expect(r.events.find((x) => x.type === 'external.agreed')!.data).toMatchObject({
      bases: [{ base: 'gn-test', naval: true, installations: 2, lost: 1, disorganised: true }],
    });
    expect(r.state.space.bases['gn-test'].status).toBe('DISRUPTED');
  });

  it('L2622-2626, L2674, L2688: the support\u2019s numbers follow the supporter\u2019s strength — full when neither side is detected, halved when only TOG\u2019s attacker is; both prompts alike', () => {
    const full = pausedWith(() => undefined).s;
    const half = pausedWith((cs) => {
      for (const id of cs.planetary.combat!.attacks[0].attackers) cs.planetary.tfs[id].detected = true;
    }).s;
    const ns = (cs: CampaignGameState) => {
      const [t, c] = [choices(cs, 'TOG').navalSupport, choices(cs, 'CW').navalSupport];
      expect(t).toEqual(c);
      return t as { TOG: { units: { type: string; fighters: number }[]; use: Record<string, Json> } };
    };
    expect(ns(full).TOG.units).toEqual([expect.objectContaining({ fighters: 2 })]);
    expect(ns(full).TOG.use).toMatchObject({
      halfStrength: false,
      fighters: 2,
      laserMissions: 0,
      cingulum: 0,
      fireControl: null,
    });
    expect(ns(half).TOG.use).toMatchObject({ halfStrength: true, fighters: 1 });
    expect((choices(half, 'CW').setUp as { halfStrength: Json }).halfStrength).toEqual({ TOG: true, CW: false });
  });

  it('L2676-2678, L2684-2688: a committed TOG ship gives laser missions and a Romulus fire-control officer; no enemy real id shown (H16)', () => {
    const { s } = pausedWith(() => undefined, 'SHIP');
    const use = (choices(s, 'CW').navalSupport as { TOG: { use: { laserMissions: number; fireControl: Json } } }).TOG
      .use;
    expect(use.laserMissions).toBeGreaterThan(0);
    expect(use.fireControl).toEqual({ vehicle: 'Romulus', count: 1 });
    const cwPrompt = JSON.stringify(prefectCampaign.prompts(s).find((p) => p.side === 'CW'));
    for (const id of hiddenIds(s.planetary, 'CW').keys()) expect(cwPrompt.includes(JSON.stringify(id))).toBe(false);
  });
});
