/**
 * 14.5 the Human bot's last-turn denial: a continent counts only for a side alone on it, so on the
 * last turn the Human puts a unit on each continent the Cetian holds alone, far from his units.
 */
import { describe, expect, it } from 'vitest';
import { campaignBonus, denialLandings, denialMoves, enemyOnlyContinents, lastTurn } from './bot-human.js';
import { continentOf, mapFor } from './map.js';
import { landHexes } from './prompts-transport.js';
import type { HexId } from './state.js';
import { stateAt, unit } from './testing.js';

const on = (c: string): HexId[] => landHexes().filter((h) => continentOf(h) === c);

describe('Human bot: last-turn continent denial (14.5)', () => {
  it('14.5 lands the cheapest unit (a Transport) on each continent only the Cetian holds, far from his units, within the STP', () => {
    const [gammaCetian] = on('GAMMA');
    const [deltaCetian] = on('DELTA');
    const [alphaHuman] = on('ALPHA');
    const units = [
      unit('CETIAN', 'INFANTRY', gammaCetian, { id: 'c1' }),
      unit('CETIAN', 'INFANTRY', deltaCetian, { id: 'c2' }),
      unit('HUMAN', 'INFANTRY', alphaHuman, { id: 'h1' }),
      unit('HUMAN', 'TRANSPORT', null, { id: 'ht1', movement: 6, sub: 'REGULAR' }),
      unit('HUMAN', 'TRANSPORT', null, { id: 'ht2', movement: 6, sub: 'REGULAR' }),
      unit('HUMAN', 'MOBILE', null, { id: 'hm1' }),
    ];
    const s = stateAt({ turn: 12, segment: 'TRANSPORTATION', phasing: 'HUMAN' }, units);
    expect(lastTurn(s)).toBe(true);
    expect(enemyOnlyContinents(s, 'HUMAN')).toEqual(['GAMMA', 'DELTA']);
    const { actions, cost } = denialLandings(s, 'HUMAN', 2);
    expect(actions.map((a) => a.type === 'land' && a.unitId).sort()).toEqual(['ht1', 'ht2']);
    expect(cost).toBe(2); // 11.12, 11.145 from the Fleet: 2 − 1 each
    const map = mapFor(s.options);
    for (const a of actions) {
      if (a.type !== 'land') continue;
      const c = continentOf(a.hex)!;
      expect(['GAMMA', 'DELTA']).toContain(c);
      expect(map.distance(a.hex, c === 'GAMMA' ? gammaCetian : deltaCetian)).toBeGreaterThanOrEqual(3);
    }
    expect(denialLandings(s, 'HUMAN', 0).actions).toEqual([]); // no STP, no landing
  });

  it('14.5 moves a unit onto a Cetian-only continent it can reach, and none when no continent is the Cetian’s alone', () => {
    const [gamma1] = on('GAMMA');
    const target = on('GAMMA').find((h) => mapFor({}).distance(h, gamma1) >= 4)!;
    const c = unit('CETIAN', 'INFANTRY', gamma1, { id: 'c1' });
    const m = unit('HUMAN', 'MOBILE', on('ALPHA')[0], { id: 'm1' });
    const s = stateAt({ turn: 12, segment: 'MOVEMENT', phasing: 'HUMAN' }, [c, m]);
    const reach = () => [{ hex: on('ALPHA')[1], path: [on('ALPHA')[1]] }, { hex: target, path: [target] }];
    expect(denialMoves(s, 'HUMAN', [m], reach)).toEqual([{ unitId: 'm1', path: [target] }]);
    const none = stateAt({ turn: 12, segment: 'MOVEMENT', phasing: 'HUMAN' }, [c, m, unit('HUMAN', 'INFANTRY', on('GAMMA').at(-1)!, { id: 'h2' })]);
    expect(denialMoves(none, 'HUMAN', [m], reach)).toEqual([]);
    expect(lastTurn(stateAt({ turn: 11 }))).toBe(false);
  });
});

describe('Human bot: campaign plan (issue 3)', () => {
  it('favours ALPHA for the Human (full weight there, less with distance, nothing beyond 6 hexes) and never the Cetian', () => {
    const s = stateAt({});
    const [alpha] = on('ALPHA');
    expect(campaignBonus(s, 'HUMAN', alpha, 10)).toBe(10);
    expect(campaignBonus(s, 'CETIAN', alpha, 10)).toBe(0);
    const map = mapFor(s.options);
    const dist = (h: HexId) => Math.min(...on('ALPHA').map((a) => map.distance(h, a)));
    for (const h of landHexes().filter((x) => continentOf(x) !== 'ALPHA')) {
      const b = campaignBonus(s, 'HUMAN', h, 10);
      expect(b).toBeLessThan(10);
      expect(b).toBeCloseTo(5 * Math.max(0, 1 - dist(h) / 6));
    }
  });
});
