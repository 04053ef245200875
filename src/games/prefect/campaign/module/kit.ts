/** Prefect Campaign's test kit for the platform's generic suites (docs/module-kit.md). */
import { defineKit } from '#engine/kit.js';
import { spaceData } from '../../space/index.js';
import type { CampaignGameState } from './types.js';

export default defineKit<CampaignGameState>({
  scenario: 'invasion',
  maxSteps: 30,
  platformSteps: 6,
  secrets: {
    extraSecrets: (s, side) => [
      // Both maps' real TF ids (counter numbers, organisation, creation turn): everyone sees aliases (H1, H16).
      ...Object.values(s.space.tfs)
        .filter((t) => t.side !== side)
        .map((t) => t.id),
      ...Object.values(s.planetary.tfs)
        .filter((t) => t.side !== side && !t.independent)
        .map((t) => t.id),
      ...[s.viewSecret, s.space.viewSecret, s.planetary.viewSecret].filter((x): x is string => !!x),
    ],
    // The scenario's order of battle names every unit for both players; where each is, and in
    // which Task Force, is hidden (H1).
    rosterPublic: true,
    // The sectors are printed on the map.
    publicWords: () => spaceData.map.sectors.map((x) => x.id),
    // H25: the survivors reach the chosen segment and the opponent places (reveals) its forces
    // there; combat shows the forces it engages (L1475-1487: committed units stay hidden until then),
    // and which of them retreat from it (L1581-1613). Naval ground support committed to a ground
    // combat is revealed once used (L2214, D-76): the unit types that support a TF or an attack.
    revealedBy: {
      SEGMENT_CHOSEN: 'L1675, H25',
      SEGMENT_PLACED: 'H25',
      COMBAT: 'L1475-1487',
      RETREAT: 'L1581-1613',
      'gs.committed': 'L2214, D-76',
      'gs.revealed': 'L2204-2214, D-76',
    },
    // H19: T-space exits are announced one by one, in the order the player gives them.
    orderedByRule: { 'space.map.arrivals': { rule: 'H19', fixed: false } },
    hiddenKeys: ['org', 'counter', 'fatigue', 'units', 'sdAllocation', 'mission', 'missionParams', 'counterNo'],
  },
  bench: { engine: true },
});
