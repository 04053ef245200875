/**
 * 14.5 the Human bot's last-turn denial: a continent counts only for a side alone on it, so on the
 * last turn the Human puts units on each continent the Cetian holds alone, far from his units, and
 * one on each empty continent; through the game his moves weigh the enemy's reach (7.61).
 */
import { describe, expect, it } from 'vitest';
import {
  DENIAL_SPACING,
  campaignBonus,
  continentsToClaim,
  denialLandings,
  denialMoves,
  enemyReach,
  exposureCost,
  lastTurn,
} from './bot-human.js';
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
      // The empty continents are the Human's already.
      ...['BETA', 'NORTH_POLAR', 'EPSILON'].map((c, i) => unit('HUMAN', 'INFANTRY', on(c)[0], { id: `hx${i}` })),
      unit('HUMAN', 'TRANSPORT', null, { id: 'ht1', movement: 6, sub: 'REGULAR' }),
      unit('HUMAN', 'TRANSPORT', null, { id: 'ht2', movement: 6, sub: 'REGULAR' }),
      unit('HUMAN', 'MOBILE', null, { id: 'hm1' }),
    ];
    const s = stateAt({ turn: 12, segment: 'TRANSPORTATION', phasing: 'HUMAN' }, units);
    expect(lastTurn(s)).toBe(true);
    expect(continentsToClaim(s, 'HUMAN')).toEqual(['GAMMA', 'DELTA']);
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

  it('14.5 claims an empty continent (a Base only where no enemy stands) and sends up to three units, apart, where the Cetian stands', () => {
    const [gammaCetian] = on('GAMMA');
    const others = ['ALPHA', 'BETA', 'NORTH_POLAR', 'DELTA'].map((c, i) =>
      unit('HUMAN', 'INFANTRY', on(c)[0], { id: `hx${i}` }),
    );
    const base = unit('HUMAN', 'BASE', null, { id: 'hb' });
    const empty = stateAt({ turn: 12, segment: 'TRANSPORTATION', phasing: 'HUMAN' }, [
      unit('CETIAN', 'INFANTRY', gammaCetian, { id: 'c1' }),
      ...others,
      unit('HUMAN', 'INFANTRY', on('GAMMA').at(-1)!, { id: 'hg' }),
      base,
    ]);
    expect(continentsToClaim(empty, 'HUMAN')).toEqual(['EPSILON']);
    const claim = denialLandings(empty, 'HUMAN', 20).actions;
    expect(claim).toHaveLength(1);
    expect(claim[0].type === 'land' && [claim[0].unitId, continentOf(claim[0].hex)]).toEqual(['hb', 'EPSILON']);
    // The same Base is never sent where the Cetian stands; Transports go, three to GAMMA, 3 hexes apart.
    const transports = [1, 2, 3, 4].map((i) =>
      unit('HUMAN', 'TRANSPORT', null, { id: `ht${i}`, movement: 6, sub: 'REGULAR' }),
    );
    const contested = stateAt({ turn: 12, segment: 'TRANSPORTATION', phasing: 'HUMAN' }, [
      unit('CETIAN', 'INFANTRY', gammaCetian, { id: 'c1' }),
      ...others,
      unit('HUMAN', 'INFANTRY', on('EPSILON')[0], { id: 'he' }),
      base,
      ...transports,
    ]);
    const sent = denialLandings(contested, 'HUMAN', 20).actions.filter((a) => a.type === 'land');
    expect(sent.map((a) => a.type === 'land' && a.unitId)).toEqual(['ht1', 'ht2', 'ht3']);
    const map = mapFor(contested.options);
    const hexes = sent.map((a) => (a.type === 'land' ? a.hex : ''));
    for (const h of hexes) expect(continentOf(h)).toBe('GAMMA');
    for (let i = 0; i < hexes.length; i++)
      for (let j = i + 1; j < hexes.length; j++)
        expect(map.distance(hexes[i], hexes[j])).toBeGreaterThanOrEqual(DENIAL_SPACING);
  });

  it('14.5 moves a unit onto a Cetian-only continent it can reach, and none when no continent is the Cetian’s alone', () => {
    const [gamma1] = on('GAMMA');
    const target = on('GAMMA').find((h) => mapFor({}).distance(h, gamma1) >= 4)!;
    const c = unit('CETIAN', 'INFANTRY', gamma1, { id: 'c1' });
    const m = unit('HUMAN', 'MOBILE', on('ALPHA')[0], { id: 'm1' });
    const s = stateAt({ turn: 12, segment: 'MOVEMENT', phasing: 'HUMAN' }, [c, m]);
    const reach = () => [
      { hex: on('ALPHA')[1], path: [on('ALPHA')[1]] },
      { hex: target, path: [target] },
    ];
    expect(denialMoves(s, 'HUMAN', [m], reach)).toEqual([{ unitId: 'm1', path: [target] }]);
    const none = stateAt({ turn: 12, segment: 'MOVEMENT', phasing: 'HUMAN' }, [
      c,
      m,
      unit('HUMAN', 'INFANTRY', on('GAMMA').at(-1)!, { id: 'h2' }),
    ]);
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

describe('Human bot: exposure of stacks (7.2, 7.61, 8.63)', () => {
  it('7.2 counts the enemy attack that can reach a hex next turn, doubled for fire support; hidden units with a Mobile’s reach', () => {
    const map = mapFor({});
    const [from] = on('ALPHA');
    const at = (d: number) => landHexes().find((h) => map.distance(h, from) === d)!;
    const mobile = unit('CETIAN', 'MOBILE', from, { id: 'cm' });
    const s = stateAt({}, [mobile]);
    expect(enemyReach(s, 'HUMAN', at(7))).toBe(6); // 6 MP and attacks from next door
    expect(enemyReach(s, 'HUMAN', at(8))).toBe(0);
    const inf = stateAt({}, [unit('CETIAN', 'INFANTRY', from, { id: 'ci' })]);
    expect(enemyReach(inf, 'HUMAN', at(2))).toBe(6); // Infantry attacks in its own hex: 2 MP
    expect(enemyReach(inf, 'HUMAN', at(3))).toBe(0);
    const hidden = stateAt({}, [unit('CETIAN', 'INFANTRY', from, { id: 'ch', faceDown: true })]);
    expect(enemyReach(hidden, 'HUMAN', at(7))).toBe(6);
    const unsupplied = stateAt({}, [unit('CETIAN', 'MOBILE', from, { id: 'co', outOfSupply: true })]);
    expect(enemyReach(unsupplied, 'HUMAN', at(1))).toBe(0); // 12.12 flipped units do not attack
  });

  it('7.61 prices a stack by the odds the enemy could reach: lone Heavy Weapons dear, two Infantry free, never for the Cetian', () => {
    const [h] = on('ALPHA');
    const s = stateAt({});
    const hw = unit('HUMAN', 'HEAVY_WEAPONS', h, { attack: 4, defense: 1, movement: 6 });
    const inf = [unit('HUMAN', 'INFANTRY', h), unit('HUMAN', 'INFANTRY', h)];
    expect(exposureCost(s, 'HUMAN', h, [hw], 12)).toBe(9);
    expect(exposureCost(s, 'HUMAN', h, inf, 12)).toBe(0);
    expect(exposureCost(s, 'HUMAN', h, inf, 20)).toBe(5); // 2-1 on 10
    expect(exposureCost(s, 'HUMAN', h, inf, 15)).toBe(2); // 3-2
    expect(exposureCost(s, 'CETIAN', h, [hw], 12)).toBe(0);
    expect(exposureCost(s, 'HUMAN', h, [hw], 0)).toBe(0);
  });
});
