/** Prefect Space's test kit for the platform's generic suites (docs/module-kit.md). */
import { defineKit } from '#engine/kit.js';
import { spaceData } from '../data/index.js';
import type { SpaceGameState } from './types.js';

export default defineKit<SpaceGameState>({
  scenario: 'hold-the-line',
  maxSteps: 30,
  platformSteps: 8,
  secrets: {
    extraSecrets: (s, side) => [
      // Real TF ids name counter numbers and creation turns; everyone sees aliases (H16).
      ...Object.values(s.tfs)
        .filter((t) => t.side !== side)
        .map((t) => t.id),
      ...(s.viewSecret ? [s.viewSecret] : []),
    ],
    // H18: missions and SD allocations are sealed; a TF's counter number is its owner's.
    // The scenario's order of battle names every unit for both players; where each is, and in
    // which Task Force, is hidden (H1).
    rosterPublic: true,
    // The sectors are printed on the map.
    publicWords: () => spaceData.map.sectors.map((x) => x.id),
    // H25: the survivors reach the chosen segment and the opponent places (reveals) its forces
    // there; combat shows the forces it engages (L1475-1487: committed units stay hidden until then),
    // and which of them retreat from it (L1581-1613).
    revealedBy: { SEGMENT_CHOSEN: 'L1675, H25', SEGMENT_PLACED: 'H25', COMBAT: 'L1475-1487', RETREAT: 'L1581-1613' },
    // H19: T-space exits are announced one by one, in the order the player gives them.
    orderedByRule: { 'map.arrivals': { rule: 'H19', fixed: false } },
    hiddenKeys: ['sdAllocation', 'mission', 'missionParams', 'counterNo'],
    variants: [
      {
        options: { spaceCombatPlay: 'interactive' },
        maxSteps: 60,
        why: 'D-91: the interactive Space Combat Phase asks its decisions mid-phase',
      },
    ],
  },
  bench: { engine: true },
});
