/**
 * The invasion scenario through one landing, with the library only (the phase machine is the
 * module's): TOG's transport TF reaches Ku Crassus on an orbital drop mission, drops into zone 5,
 * the Renegade GS fighters there attack the drop, TOG groups and lands at the end of Supply.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { prefectData } from '../planetary/index.js';
import { dropAttack, enterOdBox, groupDrops, landDrops, landingError } from './drops.js';
import { finishIndependentAttacks } from './independent.js';
import { enterGsBox } from './map-link.js';
import { newCampaignState } from './state.js';
import { enterSupplyStep } from './supply.js';
import { ok } from './testing.js';
import { campaignData } from './data/index.js';
import { invasionResult } from './victory.js';

describe('invasion: a drop into zone 5 (L2364-2396)', () => {
  it('drop, fighter attack, grouping, landing; the HQ lands with full supply and the Renegades still win at this point', () => {
    const cs = newCampaignState('invasion');
    const planet = { kind: 'SECTOR' as const, sector: 's3-4' };
    cs.space.tfs['tog-tf2'].place = planet;
    cs.space.tfs['tog-tf2'].mission = 'ORBITAL_DROP';
    cs.space.tfs['cw-tf1'].mission = 'GROUND_SUPPORT';
    ok(enterGsBox(cs, 'cw-tf1', 5));
    const heavy = ['tog-tog-heavy-cohort-1', 'tog-tog-heavy-cohort-2', 'tog-legion-hq-1'];
    ok(enterOdBox(cs, 'TOG', 'tog-TRM-1', 5, { units: heavy }));
    ok(enterOdBox(cs, 'TOG', 'tog-TRM-3', 5, { units: ['tog-marine-cohort-1'] }));
    expect(cs.zones[5].od.flatMap((e) => e.units)).toHaveLength(4);

    expect(finishIndependentAttacks(cs, 'TOG')).toBeNull();
    expect(finishIndependentAttacks(cs, 'CW')).toBeNull();
    const fighters = cs.zones[5].gs.filter((e) => cs.space.units[e.unit].type === 'cw-FL1').map((e) => e.unit);
    // 6 FL1 (A 12) vs Heavy D 8 + 8 + Marine D 5 = 21 → 1:2; roll 5; saves all pass on 1s.
    const ev = ok(dropAttack(cs, new ScriptedDice([5, 1, 1, 1]), 'CW', 5, fighters));
    expect(ev[0].data).toMatchObject({ attack: 12, defence: 21, column: '1:2' });

    ok(groupDrops(cs, 'TOG', [{ zone: 5, units: [...heavy, 'tog-marine-cohort-1'] }]));
    expect(enterSupplyStep(cs, 'ORBITAL_DROP')).toBeNull();
    const landing = ok(landDrops(cs, 'TOG', [{ group: cs.dropGroups[0].id, hex: legalHex(cs, 5) }]));
    expect(landing.find((e) => e.type === 'od.landed')?.visibleTo).toBe('all');
    expect(cs.planetary.hqSupply['tog-legion-hq-1']).toBe(20);
    expect(cs.planetary.units['tog-tog-heavy-cohort-1'].tf).toBeDefined();
    expect(invasionResult(cs, campaignData.scenarios.invasion).winner).toBe('CW');
  });
});

/** First hex of the zone where a TOG drop may land (L2390), in map order. */
function legalHex(cs: ReturnType<typeof newCampaignState>, zone: number): string {
  const h = prefectData.map.hexes.find((x) => x.zone === zone && !landingError(cs, 'TOG', zone, x.id, true));
  if (!h) throw new Error('no landing hex');
  return h.id;
}
