/**
 * Item 10 (L2256-2258, L2380-2386, D-80): independent GS attacks, the turn Attacker first, then
 * fighter attacks on the enemy's OD box after both sides are done; D-83 (once per turn).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../../engine/contract.js';
import { seededDice } from '../../../../engine/dice.js';
import { stats } from '../../space/state.js';
import prefectCampaign from './index.js';
import { playBots } from './testing.js';
import type { CampaignGameState } from './types.js';

const states: CampaignGameState[] = [];
playBots('c1', ({ prev }) => { states.push(prev); });

const step = (s: CampaignGameState, seed: string) => {
  const orders: Record<string, Json> = {};
  for (const p of prefectCampaign.prompts(s)) orders[p.side] = prefectCampaign.bot(s, p.side, seededDice(seed, 1));
  return prefectCampaign.resolve(s, orders, seededDice(seed, 2));
};

describe('prefect-campaign: end of the Ground Combat Phase (item 10)', () => {
  it('L2258: only the side with unused GS units is asked, the Attacker first; its units are used for the turn (D-83)', () => {
    const s = states.find((x) => x.stage === 'END_OF_COMBAT')!;
    expect(s).toBeDefined();
    const [p] = prefectCampaign.prompts(s);
    const owner = p.side as 'TOG' | 'CW';
    const units = Object.values(s.zones).flatMap((z) => z.gs.filter((e) => e.side === owner).map((e) => e.unit));
    expect(units.length).toBeGreaterThan(0);
    const r = step(s, 'e1');
    expect(r.state.endOfCombat.independentDone).toContain(owner);
    const used = r.events.some((e) => e.type === 'independent.detection' || e.type === 'independent.combat');
    expect(used).toBe(true);
    for (const u of (prefectCampaign.bot(s, owner, seededDice('e1', 1)) as { attacks: { units: string[] }[] }).attacks.flatMap((a) => a.units)) expect(r.state.gsUsed).toContain(u);
    // A second commitment of a used unit is refused (D-83), with the rule.
    const again = structuredClone(r.state);
    again.stage = 'END_OF_COMBAT';
    again.endOfCombat.independentDone = [];
    const used1 = r.state.gsUsed[0];
    const zone = Number(Object.entries(s.zones).find(([, z]) => z.gs.some((e) => e.unit === used1))![0]);
    again.zones[zone].gs.push({ unit: used1, tf: s.space.units[used1].tf!, side: owner });
    const tf = Object.values(again.planetary.tfs).find((t) => t.side !== owner)!;
    if (again.attacker === owner) {
      const errs = prefectCampaign.validate(again, owner, { kind: 'independent-attacks', attacks: [{ units: [used1], target: { tf: tf.id } }], dropAttacks: [] });
      expect(errs[0]).toMatchObject({ code: 'GS_USED', rule: 'D-83' });
    }
  });

  it('L2380-2386, D-80: an enemy fighter in the GS box of a zone with dropped forces attacks them after the independent attacks', () => {
    const g = states.find((x) => x.stage === 'GROUND' && Object.values(x.zones).some((z) => z.od.some((e) => e.side === 'TOG')))!;
    expect(g).toBeDefined();
    const s = structuredClone(g);
    const zone = Number(Object.entries(s.zones).find(([, z]) => z.od.some((e) => e.side === 'TOG'))![0]);
    const fighter = Object.values(s.space.units).find((u) => u.side === 'CW' && u.status === 'ACTIVE' && u.tf && stats(u).kind === 'FIGHTER')!;
    s.space.tfs[fighter.tf!].mission = 'GROUND_SUPPORT';
    s.zones[zone].gs.push({ unit: fighter.id, tf: fighter.tf!, side: 'CW' });
    let cur = s;
    const seen: string[] = [];
    for (let i = 0; i < 6 && !['ADJUST', 'SUPPLY'].includes(cur.stage); i++) {
      const before = cur.stage;
      const r = step(cur, `d${i}`);
      for (const e of r.events) seen.push(`${before}:${e.type}:${JSON.stringify(e.visibleTo)}`);
      cur = r.state;
    }
    expect(seen).toContain('END_OF_COMBAT:od.attacked:"all"');
    expect(cur.gsUsed).toContain(fighter.id); // L2382: the fighters never save, and are used
    expect(cur.endOfCombat.dropAttacksDone).toBe(true);
  });

  it('malformed and illegal item-10 orders are refused with their rule', () => {
    const s = states.find((x) => x.stage === 'END_OF_COMBAT')!;
    const side = prefectCampaign.prompts(s)[0].side;
    expect(prefectCampaign.validate(s, side, { kind: 'independent-attacks', attacks: 'all', dropAttacks: [] })[0]).toMatchObject({ code: 'MALFORMED', rule: 'L2256-2258' });
    const notMine = Object.values(s.space.units).find((u) => u.side !== side)!.id;
    const tf = Object.values(s.planetary.tfs).find((t) => t.side !== side)!;
    const e = prefectCampaign.validate(s, side, { kind: 'independent-attacks', attacks: [{ units: [notMine], target: { tf: tf.id } }], dropAttacks: [] });
    expect(e[0].rule).toMatch(/L2214|D-83/);
    const d = prefectCampaign.validate(s, side, { kind: 'independent-attacks', attacks: [], dropAttacks: [{ zone: 1, fighters: [notMine] }] });
    expect(d[0]).toMatchObject({ rule: 'L2380, D-83' });
  });
});
