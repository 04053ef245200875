import { describe, expect, it } from 'vitest';
import { spaceScenario } from './data/index.js';
import { buildState } from './testing.js';
import type { SpaceScenario } from './types.js';
import { recordMission, spaceWinner, victoryPoints } from './victory.js';

const sc = spaceScenario('hold-the-line');
const KU = sc.victory.perMissionCompleted.sector;
const uncapped: SpaceScenario = {
  ...sc,
  victory: { ...sc.victory, perMissionCompleted: { ...sc.victory.perMissionCompleted, maxPerTurn: undefined } },
};

describe('D-01 victory points (victory.ts)', () => {
  it('D-01, L1807: GS/OD at Ku Crassus score at most maxPerTurn a turn per side (reconstructed cap); elsewhere nothing', () => {
    const s = buildState([]);
    for (const turn of [1, 1, 1, 2]) {
      s.turn = turn;
      recordMission(s, 'TOG', 'GROUND_SUPPORT', KU);
    }
    s.turn = 2;
    recordMission(s, 'TOG', 'ORBITAL_DROP', KU); // same turn, same side: capped
    recordMission(s, 'CW', 'GROUND_SUPPORT', KU); // the other side has its own cap
    recordMission(s, 'TOG', 'GROUND_SUPPORT', 's4-9'); // not the scenario's sector
    expect(victoryPoints(s, sc)).toEqual({ TOG: 2, CW: 1 });
    expect(victoryPoints(s, uncapped)).toEqual({ TOG: 5, CW: 1 });
  });

  it('D-01: the cap is reconstructed data with its measurement; the winner adds the bonus, a tie goes to CW', () => {
    expect(sc.victory.provenance.source).toBe('reconstructed');
    expect(JSON.stringify(sc.victory.provenance)).toMatch(/maxPerTurn.*51 \/ 9.*22 \/ 38/);
    const s = buildState([]);
    recordMission(s, 'TOG', 'GROUND_SUPPORT', KU);
    s.turn = 2;
    recordMission(s, 'TOG', 'GROUND_SUPPORT', KU);
    expect(spaceWinner(s, sc)).toMatchObject({ winner: 'CW', vp: { TOG: 2, CW: 0 } }); // 2 vs 0 + CW 2: tie to CW
  });
});
