/**
 * Module test kits: what a generic platform test needs to know about a module that the kernel
 * contract does not say. `secretProbe(state, side)` names strings the rules hide from `side` in
 * `state` (the secrets test, test/secrets/modules.test.ts, proves none reaches that side by any
 * path). `decorate` may mark a side's orders with unique text so a leak of them is findable.
 * A module registered without a kit is still fuzzed (src/engine/fuzz.ts); add its kit here to
 * bring it under the secrets test.
 */
import type { Json, Side } from '../../src/engine/contract.js';
import type { CerberusState } from '../../src/games/cerberus/state.js';
import type { PrefectState } from '../../src/games/prefect/types.js';
import type { SpaceGameState } from '../../src/games/prefect/space/module/types.js';
import type { CampaignGameState } from '../../src/games/prefect/campaign/module/types.js';
import type { SealedBidState } from '../fixtures/sealed-bid.js';

export interface ModuleKit {
  /** Scenario to play (default: the module's first). */
  scenario?: string;
  /** Steps to walk (a long game need not be played to the end to cover every path). */
  maxSteps: number;
  secretProbe(state: any, side: Side): string[];
  decorate?(state: any, side: Side, step: number, orders: Json): Json;
}

/** Prefect units each game has shown face up so far (by the game's view secret). */
const prefectShown = new Map<string, Set<string>>();

export const kits: Record<string, ModuleKit> = {
  'sealed-bid': {
    maxSteps: 20,
    // The other side's private notes (never revealed, rules of the fixture).
    secretProbe: (s: SealedBidState, side) => Object.entries(s.notes).filter(([k]) => k !== side).flatMap(([, notes]) => notes),
    decorate: (s: SealedBidState, side, step, orders) => (s.phase === 'bid' ? { ...(orders as object), note: `SECRET-${side}-${step}-${s.round}` } : orders),
  },
  cerberus: {
    scenario: 'campaign',
    maxSteps: 10,
    secretProbe: (s: CerberusState, side) => [
      // The face-down enemy units on the map are known only by opaque ids (14.12); quoted, as ids appear in JSON.
      ...s.units.filter((u) => u.box === 'MAP' && u.faceDown && u.side !== side).map((u) => JSON.stringify(u.id)),
      // The key of every side's opaque ids: no one may see it.
      ...(s.viewSecret ? [s.viewSecret] : []),
    ],
  },
  prefect: {
    scenario: 'liberation',
    maxSteps: 24,
    secretProbe: (s: PrefectState, side) => {
      const enemyTfs = Object.values(s.tfs).filter((t) => t.side !== side);
      const hiddenTf = new Set(enemyTfs.filter((t) => !t.independent).map((t) => t.id));
      // A unit once shown face up on the map (disorganised, H36) stays known after it is
      // reorganised into a TF, as at the table: the probe is called at every step in order.
      const game = s.viewSecret ?? s.scenario;
      const shown = prefectShown.get(game) ?? new Set<string>();
      prefectShown.set(game, shown);
      for (const u of Object.values(s.units)) if (u.status === 'DISORGANISED') shown.add(u.id);
      return [
        // H1: which units an enemy Task Force holds (record sheets); disorganised units and
        // independent non-gravitic counters are on the map and public (H35, H36).
        ...Object.values(s.units).filter((u) => u.status === 'ACTIVE' && u.tf && hiddenTf.has(u.tf) && !shown.has(u.id)).map((u) => JSON.stringify(u.id)),
        // Real TF ids name organisation, counter and creation order; everyone sees aliases.
        // (An independent unit's own counter is public, H35.)
        ...enemyTfs.filter((t) => !t.independent).map((t) => JSON.stringify(t.id)),
        ...(s.viewSecret ? [s.viewSecret] : []),
      ];
    },
  },
  'prefect-space': {
    scenario: 'hold-the-line',
    maxSteps: 30,
    secretProbe: (s: SpaceGameState, side) => [
      // Real TF ids name counter numbers and creation turns; everyone sees aliases (H16).
      ...Object.values(s.tfs).filter((t) => t.side !== side).map((t) => JSON.stringify(t.id)),
      // An enemy SD allocation (H18) as the view would print it, and the key of the aliases.
      ...Object.values(s.tfs).filter((t) => t.side !== side && t.sdAllocation).map((t) => JSON.stringify(t.sdAllocation)),
      ...(s.viewSecret ? [s.viewSecret] : []),
    ],
  },
  'prefect-campaign': {
    scenario: 'invasion',
    maxSteps: 30,
    secretProbe: (s: CampaignGameState, side) => [
      // Both maps' real TF ids (counter numbers, organisation, creation turn): everyone sees aliases (H1, H16).
      ...Object.values(s.space.tfs).filter((t) => t.side !== side).map((t) => JSON.stringify(t.id)),
      ...Object.values(s.planetary.tfs).filter((t) => t.side !== side && !t.independent).map((t) => JSON.stringify(t.id)),
      // L2307: the enemy's units aboard and in the OD boxes are known by type at most (H39), never by id.
      ...Object.keys(s.cargo).filter((u) => s.planetary.units[u]?.side !== side).map((u) => JSON.stringify(u)),
      ...Object.values(s.zones).flatMap((z) => z.od.filter((e) => e.side !== side).flatMap((e) => e.units.map((u) => JSON.stringify(u)))),
      // An enemy SD allocation (H18) and every key of the aliases.
      ...Object.values(s.space.tfs).filter((t) => t.side !== side && t.sdAllocation).map((t) => JSON.stringify(t.sdAllocation)),
      ...[s.viewSecret, s.space.viewSecret, s.planetary.viewSecret].filter((x): x is string => !!x),
    ],
  },
};
