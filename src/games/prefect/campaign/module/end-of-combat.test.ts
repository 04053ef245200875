/**
 * Item 10 (L2256-2258, L2380-2386, D-80): independent GS attacks, the turn Attacker first, then
 * fighter attacks on the enemy's OD box after both sides are done; D-83 (once per turn).
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { zoneOfHex } from '../map-link.js';
import prefectCampaign from './index.js';
import { combatDeclarePosition, dropIntoOdBox, navalUnits, putInGsBox, toEndOfCombat } from './test-positions.js';
import type { CampaignGameState } from './types.js';

/**
 * Built by hand (test-positions.ts, no bot play): one TOG TF landed next to a CW TF, naval units
 * in the GS boxes of their zones (`tog`/`cw`: how many), the Ground Combat Phase run with no
 * attacks, so item 10 opens as the rules open it (sides with nothing in a GS box skipped, L2256).
 */
function endOfCombat(
  tog: number,
  cw: number,
): { s: CampaignGameState; togUnits: string[]; cwUnits: string[]; togTarget: string; cwTarget: string } {
  const {
    s,
    contacts: [c],
  } = combatDeclarePosition(1);
  const togUnits = navalUnits(s, 'TOG', 'FIGHTER').slice(0, tog);
  const cwUnits = navalUnits(s, 'CW', 'FIGHTER').slice(0, cw);
  putInGsBox(s, c.zone, togUnits); // the CW TF's zone
  putInGsBox(s, zoneOfHex(s.planetary.tfs[c.tog].hex), cwUnits); // the TOG TF's zone
  return { s: toEndOfCombat(s).s, togUnits, cwUnits, togTarget: c.cw, cwTarget: c.tog };
}

const attackOrder = (units: string[], tf: string): Json => ({
  kind: 'independent-attacks',
  attacks: [{ units, target: { tf } }],
  dropAttacks: [],
});

describe('prefect-campaign: end of the Ground Combat Phase (item 10)', () => {
  it('L2258: only the side with unused GS units is asked, the Attacker first; its units are used for the turn (D-83)', () => {
    // Only the Defender has GS units: the Attacker is skipped (L2256), the Defender is asked.
    const only = endOfCombat(0, 1);
    expect(only.s.stage).toBe('END_OF_COMBAT');
    expect(only.s.attacker).toBe('TOG');
    expect(prefectCampaign.prompts(only.s).map((p) => [p.side, p.kind])).toEqual([['CW', 'independent-attacks']]);
    expect(only.s.endOfCombat.independentDone).toEqual(['TOG']);
    // Both have: the turn Attacker first, then the Defender (L2258).
    const { s, togUnits, cwUnits, togTarget, cwTarget } = endOfCombat(1, 1);
    expect(prefectCampaign.prompts(s).map((p) => [p.side, p.kind])).toEqual([['TOG', 'independent-attacks']]);
    const order = attackOrder(togUnits, togTarget);
    expect(prefectCampaign.validate(s, 'TOG', order)).toEqual([]);
    const r = prefectCampaign.resolve(s, { TOG: order }, seededDice('e1', 1));
    expect(r.state.endOfCombat.independentDone).toContain('TOG');
    expect(r.events.some((e) => e.type === 'independent.detection' || e.type === 'independent.combat')).toBe(true);
    for (const u of togUnits) expect(r.state.gsUsed).toContain(u);
    expect(prefectCampaign.prompts(r.state).map((p) => [p.side, p.kind])).toEqual([['CW', 'independent-attacks']]);
    expect(r.state.gsUsed).not.toContain(cwUnits[0]);
    expect(prefectCampaign.validate(r.state, 'CW', attackOrder(cwUnits, cwTarget))).toEqual([]);
    // A second commitment of a used unit is refused (D-83), with the rule.
    const again = structuredClone(r.state);
    again.endOfCombat.independentDone = [];
    putInGsBox(again, zoneOfHex(again.planetary.tfs[togTarget].hex), togUnits);
    expect(prefectCampaign.prompts(again)[0].side).toBe('TOG');
    const errs = prefectCampaign.validate(again, 'TOG', attackOrder(togUnits, togTarget));
    expect(errs[0]).toMatchObject({ code: 'GS_USED', rule: 'D-83' });
  });

  it('L2380-2386, D-80: an enemy fighter in the GS box of a zone with dropped forces attacks them after the independent attacks', () => {
    const {
      s,
      contacts: [c],
    } = combatDeclarePosition(1);
    // Two TOG cohorts aboard one transport drop into the OD box of the CW TF's zone (L2368-2378).
    const transport = s.cargo[Object.keys(s.cargo).sort()[0]].transports[0];
    const aboard = Object.keys(s.cargo)
      .filter((u) => s.cargo[u].transports.includes(transport) && s.planetary.units[u].side === 'TOG')
      .sort()
      .slice(0, 2);
    dropIntoOdBox(s, c.zone, aboard);
    expect(s.zones[c.zone].od.some((e) => e.side === 'TOG')).toBe(true);
    const fighter = navalUnits(s, 'CW', 'FIGHTER')[0];
    putInGsBox(s, c.zone, [fighter]);
    const seen: string[] = [];
    const note = (stage: string, events: { type: string; visibleTo: unknown }[]) => {
      for (const e of events) seen.push(`${stage}:${e.type}:${JSON.stringify(e.visibleTo)}`);
    };
    let cur = toEndOfCombat(s).s;
    // TOG has no GS unit (skipped, L2256); CW orders its drop attack, held until both sides' independent attacks are done (D-80).
    expect(prefectCampaign.prompts(cur).map((p) => p.side)).toEqual(['CW']);
    const order = { kind: 'independent-attacks', attacks: [], dropAttacks: [{ zone: c.zone, fighters: [fighter] }] };
    expect(prefectCampaign.validate(cur, 'CW', order)).toEqual([]);
    const r = prefectCampaign.resolve(cur, { CW: order }, seededDice('d1', 1));
    note(cur.stage, r.events);
    cur = r.state;
    expect(['ADJUST', 'SUPPLY']).toContain(cur.stage);
    expect(seen).toContain('END_OF_COMBAT:od.attacked:"all"');
    expect(cur.gsUsed).toContain(fighter); // L2382: the fighters never save, and are used
    expect(cur.endOfCombat.dropAttacksDone).toBe(true);
  });

  it('malformed and illegal item-10 orders are refused with their rule', () => {
    const { s } = endOfCombat(1, 1);
    const side = prefectCampaign.prompts(s)[0].side;
    expect(
      prefectCampaign.validate(s, side, { kind: 'independent-attacks', attacks: 'all', dropAttacks: [] })[0],
    ).toMatchObject({ code: 'MALFORMED', rule: 'L2256-2258' });
    const notMine = Object.values(s.space.units).find((u) => u.side !== side)!.id;
    const tf = Object.values(s.planetary.tfs).find((t) => t.side !== side)!;
    const e = prefectCampaign.validate(s, side, {
      kind: 'independent-attacks',
      attacks: [{ units: [notMine], target: { tf: tf.id } }],
      dropAttacks: [],
    });
    expect(e[0].rule).toMatch(/L2214|D-83/);
    const d = prefectCampaign.validate(s, side, {
      kind: 'independent-attacks',
      attacks: [],
      dropAttacks: [{ zone: 1, fighters: [notMine] }],
    });
    expect(d[0]).toMatchObject({ rule: 'L2380, D-83' });
  });
});
