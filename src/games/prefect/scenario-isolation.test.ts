import { describe, expect, it, vi } from 'vitest';
import { seededDice } from '#engine/dice.js';
import type { GameModule } from '#engine/contract.js';
import { campaignData, navalScenario } from './campaign/data/index.js';

/**
 * Every id a Prefect module might be asked for: its own pack's, and the ones the campaign derives
 * for its naval and ground halves (the campaign's data pack alone, not its module, is imported here).
 */
const campaignIds = Object.values(campaignData.scenarios).flatMap((sc) => [sc.id, navalScenario(sc).id]);

/** The scenarios a module offers and, of `candidates`, the ids it can set up. */
function known(module: GameModule, candidates: string[]) {
  const setsUp = (id: string) => {
    try {
      module.setup(id, {}, seededDice(`isolation-${id}`));
      return true;
    } catch {
      return false;
    }
  };
  return { offered: module.scenarios.map((s) => s.id), setsUp: [...new Set(candidates)].filter(setsUp) };
}

async function fresh(beforeCampaign: boolean) {
  vi.resetModules();
  if (beforeCampaign) await import('./campaign/module/index.js');
  const space = (await import('./space/module/index.js')).prefectSpace as unknown as GameModule;
  const planetary = (await import('./planetary/module/index.js')).prefect as unknown as GameModule;
  return {
    space: known(space, [...space.scenarios.map((s) => s.id), ...campaignIds]),
    planetary: known(planetary, [...planetary.scenarios.map((s) => s.id), ...campaignIds]),
  };
}

describe('Prefect modules know the same scenarios whatever was imported before them', () => {
  it('prefect-space and prefect: imported alone or after the campaign, the same scenarios offered and set up', async () => {
    const alone = await fresh(false);
    const afterCampaign = await fresh(true);
    expect(afterCampaign).toEqual(alone);
    // Sanity: the shipped scenarios set up, the campaign's derived halves do not.
    expect(alone.space.setsUp).toEqual(alone.space.offered);
    expect(alone.planetary.setsUp).toEqual(alone.planetary.offered);
  }, 120_000);
});
