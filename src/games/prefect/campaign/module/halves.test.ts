import { describe, expect, it } from 'vitest';
import { prefect } from '../../index.js';
import { planetaryScenarios, rulesData } from '../../rules-data.js';
import { spaceData, spaceScenario } from '../../space/data/index.js';
import { prefectSpace } from '../../space/module/index.js';
import { campaignData, navalScenario } from '../data/index.js';
import './halves.js';

describe('campaign halves: derived scenarios are lookup sources, the packs stay as shipped', () => {
  const invasion = Object.values(campaignData.scenarios)[0];
  const navalId = navalScenario(invasion).id;

  it('the Space module finds the naval half by id; its pack and offered scenarios do not hold it', () => {
    expect(spaceScenario(navalId).id).toBe(navalId);
    expect(spaceData.scenarios[navalId]).toBeUndefined();
    expect(prefectSpace.scenarios.map((s) => s.id)).not.toContain(navalId);
  });

  it('the Planetary module finds the ground half (no deliveries, no planetary victory); its pack does not hold it', () => {
    const ground = planetaryScenarios.get(invasion.id);
    expect(ground.units).toBe(invasion.ground.units);
    expect(ground.supply).toEqual([]);
    expect(ground.victory).toEqual([]);
    expect(rulesData().scenarios[invasion.id]).toBeUndefined();
    expect(prefect.scenarios.map((s) => s.id)).not.toContain(invasion.id);
  });

  it('an unknown id is still unknown', () => {
    expect(planetaryScenarios.get('no-such-scenario')).toBeUndefined();
    expect(spaceScenario('no-such-scenario')).toBeUndefined();
  });
});
