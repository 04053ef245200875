/** Prefect (planetary)'s test kit for the platform's generic suites (docs/module-kit.md). */
import { defineKit } from '#engine/kit.js';
import type { PrefectState } from '../types.js';

export default defineKit<PrefectState>({
  scenario: 'liberation',
  maxSteps: 24,
  platformSteps: 6,
  secrets: {
    extraSecrets: (s, side) => [
      // Real TF ids name organisation, counter and creation order; every view shows aliases (H1).
      // (An independent unit's own counter is public, H35.)
      ...Object.values(s.tfs)
        .filter((t) => t.side !== side && !t.independent)
        .map((t) => t.id),
      ...(s.viewSecret ? [s.viewSecret] : []),
    ],
    // H1: a TF's record sheet (organisation, counter, fatigue, units) is its owner's.
    // The scenario's order of battle names every unit for both players; where each is, and in
    // which Task Force, is hidden (H1).
    rosterPublic: true,
    hiddenKeys: ['org', 'counter', 'fatigue', 'units'],
  },
  bench: { engine: true },
});
