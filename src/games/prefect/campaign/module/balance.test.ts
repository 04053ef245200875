/**
 * Campaign balance (issue 10, H11): the invader's bot additions (bot-invader.ts) and the bot-v-bot
 * result of the `invasion` scenario over 20 fixed seeds (D-01), which prints its table line.
 */
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../../engine/dice.js';
import { distance } from '../../map.js';
import { campaignData } from '../data/index.js';
import { landingError } from '../drops.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import { prefectData } from '../../data/index.js';
import { invasionResult } from '../victory.js';
import { invaderGroups, invaderLandings, targetZone } from './bot-invader.js';
import prefectCampaign from './index.js';
import { newGame, playBots } from './testing.js';
import type { CampaignGameState } from './types.js';

const sc = campaignData.scenarios.invasion;

/** Bot-v-bot until `stop` holds (the state it holds in), or null at the end. */
function playUntil(seed: string, stop: (s: CampaignGameState) => boolean): CampaignGameState | null {
  let s = newGame(seed);
  for (let step = 1; step < 600; step++) {
    if (stop(s)) return s;
    const prompts = prefectCampaign.prompts(s);
    if (!prompts.length) return null;
    const orders = Object.fromEntries(prompts.map((p) => [p.side, prefectCampaign.bot(s, p.side, seededDice(`${seed}-bot-${p.side}`, step))]));
    s = prefectCampaign.resolve(s, orders, seededDice(seed, step)).state;
  }
  return null;
}

function results(seeds: string[]) {
  return seeds.map((seed) => invasionResult(playBots(seed), sc));
}

describe('invader bot (bot-invader.ts, L2364-2392, D-01)', () => {
  it('L1677/L2368: drops into the zone nearest the GL4 whose segment holds no enemy naval base', () => {
    const cs = newGame('h11-a');
    const zone = targetZone(cs, 'TOG')!;
    const guarded = Object.values(cs.space.bases).filter((b) => b.side === 'CW').map((b) => b.segment);
    expect(guarded.length).toBeGreaterThan(0);
    expect(guarded).not.toContain(segmentOfZone(zone));
    const gl4 = Object.values(cs.planetary.bases).find((b) => b.type === 'GL4')!;
    expect(zone).not.toBe(zoneOfHex(gl4.hex)); // the GL4's own zone shares the GN2's segment
    expect(distance(prefectData.map.hexes.filter((h) => h.zone === zone).map((h) => h.id).sort((a, b) => distance(a, gl4.hex) - distance(b, gl4.hex))[0], gl4.hex)).toBeLessThanOrEqual(3);
  });

  it('L2388: dropped units grouped in small TFs (≤ 3 combat units), every unit once; L2390: landings legal, apart, never on an objective', () => {
    const atAdjust = playUntil('h11-b', (s) => s.stage === 'ADJUST' && Object.values(s.zones).some((z) => z.od.some((e) => e.side === 'TOG')));
    expect(atAdjust).not.toBeNull();
    const cs = atAdjust!;
    const groups = invaderGroups(cs, 'TOG');
    const dropped = Object.values(cs.zones).flatMap((z) => z.od.filter((e) => e.side === 'TOG').flatMap((e) => e.units)).sort();
    expect(groups.flatMap((g) => g.units).sort()).toEqual(dropped);
    expect(groups.length).toBeGreaterThan(3);
    for (const g of groups) expect(g.units.filter((u) => cs.planetary.units[u].type.includes('cohort') && !u.includes('marine')).length).toBeLessThanOrEqual(3);

    const atSupply = playUntil('h11-b', (s) => s.stage === 'SUPPLY' && s.dropGroups.some((g) => g.side === 'TOG'));
    expect(atSupply).not.toBeNull();
    const ss = atSupply!;
    const landings = invaderLandings(ss, 'TOG');
    expect(landings.length).toBe(ss.dropGroups.filter((g) => g.side === 'TOG').length);
    expect(new Set(landings.map((l) => l.hex)).size).toBe(landings.length);
    const objectives = new Set([...Object.values(ss.planetary.bases).filter((b) => b.side === 'CW').map((b) => b.hex)]);
    for (const l of landings) {
      const g = ss.dropGroups.find((x) => x.id === l.group)!;
      expect(landingError(ss, 'TOG', g.zone, l.hex, g.units.some((u) => u.includes('marine')))).toBeNull();
      expect(objectives.has(l.hex)).toBe(false);
    }
    // The combat groups land near distinct objectives where the zone allows (measured: 1-2 hexes
    // without Legion bases in space combat, 3 with them, the drops then coming through later).
    const goals = [...objectives];
    expect(Math.min(...landings.map((l) => Math.min(...goals.map((h) => distance(h, l.hex)))))).toBeLessThanOrEqual(3);
  });
});

describe('invasion balance over 20 seeds (issue 10, D-01; ~20-40 s)', () => {
  // With Legion bases firing in space combat (L1767, the default) the invader wins 3/20 (without
  // them 6/20; before H11 0/20, 0.05 urban areas, 0 key bases): still lopsided, see the README.
  it('each side wins at least 3 of 20 bot-v-bot campaigns, and the invader takes key bases', () => {
    const seeds = Array.from({ length: 20 }, (_, i) => `b${i + 1}`);
    const r = results(seeds);
    const tog = r.filter((x) => x.winner === 'TOG').length;
    const line = (k: 'invaderUrban' | 'invaderBases') => (r.reduce((a, x) => a + x[k].held, 0) / r.length).toFixed(2);
    console.log(`invasion balance: TOG ${tog}/20, CW ${20 - tog}/20, mean urban ${line('invaderUrban')}/9, mean G3/G4 ${line('invaderBases')}/2`);
    expect(tog).toBeGreaterThanOrEqual(3);
    expect(20 - tog).toBeGreaterThanOrEqual(3);
    expect(r.reduce((a, x) => a + x.invaderBases.held, 0) / r.length).toBeGreaterThanOrEqual(0.5);
  }, 180_000);
});
