/** Cerberus's test kit for the platform's generic suites (docs/module-kit.md). */
import { defineKit } from '#engine/kit.js';
import type { CerberusState } from './state.js';

export default defineKit<CerberusState>({
  scenario: 'campaign',
  maxSteps: 14,
  platformSteps: 5,
  secrets: {
    // The key of every side's opaque ids (14.12): no view shows it, no one may receive it.
    extraSecrets: (s) => (s.viewSecret ? [s.viewSecret] : []),
    // 14.12: a face-down unit shows neither type nor values; its side is public.
    // A side's face-up units keep the data pack's counter order (public); face-down ones are
    // listed apart, by opaque id.
    orderedByRule: {
      'sides.HUMAN.units': { rule: 'the counter mix order (data/units.json)', fixed: true },
      'sides.CETIAN.units': { rule: 'the counter mix order (data/units.json)', fixed: true },
    },
    hiddenKeys: ['typeId', 'designation', 'attack', 'defense', 'movement'],
  },
  // A full 12-turn game takes seconds: bench/cerberus.ts measures it on its own.
  bench: { engine: false, reason: 'a full game takes seconds; bench/cerberus.ts has its own entry' },
});
