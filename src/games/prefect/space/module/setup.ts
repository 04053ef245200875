/**
 * Set-up (L1146-1178, digest §4.3). "Hold the Line" fixes every TF's units and place and every
 * base's segment (its data pack), so no set-up choice is left to the players: the record sheets
 * and TF placements of §4.3 steps 2-4 come from the scenario, and the SD allocations of step 4
 * are made with the first Mission Assignment (L1252). The game opens at turn 1, phase 1.
 */
import type { Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { spaceScenario } from '../data/index.js';
import { newSpaceState } from '../state.js';
import { spaceOptions } from './options.js';
import type { SpaceGameState } from './types.js';

const HEX = '0123456789abcdef';

export function initialState(scenarioId: string, rawOptions: Record<string, Json>, dice: Dice): SpaceGameState {
  const sc = spaceScenario(scenarioId);
  if (!sc) throw new RangeError(`prefect-space has no scenario '${scenarioId}'`);
  const options = spaceOptions(rawOptions);
  let secret = '';
  for (let i = 0; i < 32; i++) secret += HEX[dice.roll(16, 'view secret') - 1];
  dice.drain(); // the secret's rolls are never shown
  return {
    ...newSpaceState(sc),
    record: { basesCaptured: { TOG: 0, CW: 0 }, missionsCompleted: [] },
    module: 'prefect-space',
    scenario: sc.id,
    options,
    viewSecret: secret,
    step: 'MISSIONS',
    half: 1,
    arrivals: [],
    announcedBases: [],
    sightings: [],
  };
}
