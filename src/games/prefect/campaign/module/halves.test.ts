import { describe, expect, it } from 'vitest';
import { prefect } from '../../planetary/index.js';
import { planetaryScenarios, rulesData } from '../../planetary/index.js';
import { spaceData, spaceScenario } from '../../space/index.js';
import { prefectSpace } from '../../space/index.js';
import { campaignData, navalScenario } from '../data/index.js';
import { withCampaignScenarios } from './halves.js';

describe('campaign halves: derived scenarios are lookup sources while the campaign runs, the packs stay as shipped', () => {
  const invasion = Object.values(campaignData.scenarios)[0];
  const navalId = navalScenario(invasion).id;

  it('the Space module finds the naval half by id within the campaign; its pack and offered scenarios do not hold it', () => {
    expect(withCampaignScenarios(() => spaceScenario(navalId)).id).toBe(navalId);
    expect(spaceData.scenarios[navalId]).toBeUndefined();
    expect(prefectSpace.scenarios.map((s) => s.id)).not.toContain(navalId);
  });

  it('the Planetary module finds the ground half within the campaign (no deliveries, no planetary victory); its pack does not hold it', () => {
    const ground = withCampaignScenarios(() => planetaryScenarios.get(invasion.id));
    expect(ground.units).toBe(invasion.ground.units);
    expect(ground.supply).toEqual([]);
    expect(ground.victory).toEqual([]);
    expect(rulesData().scenarios[invasion.id]).toBeUndefined();
    expect(prefect.scenarios.map((s) => s.id)).not.toContain(invasion.id);
  });

  it('outside the campaign the halves are unknown to the other modules', () => {
    expect(spaceScenario(navalId)).toBeUndefined();
    expect(planetaryScenarios.get(invasion.id)).toBeUndefined();
  });

  it('an unknown id is still unknown', () => {
    withCampaignScenarios(() => {
      expect(planetaryScenarios.get('no-such-scenario')).toBeUndefined();
      expect(spaceScenario('no-such-scenario')).toBeUndefined();
    });
    expect(planetaryScenarios.get('no-such-scenario')).toBeUndefined();
    expect(spaceScenario('no-such-scenario')).toBeUndefined();
  });
});
