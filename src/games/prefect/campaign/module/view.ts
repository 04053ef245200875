/**
 * What one side (or a spectator) sees of a campaign (§4.6, H39): the Planetary view of the ground
 * half and the Space view of the naval half (each with its own secrets: record sheets, missions,
 * SD allocations, T-space track, hidden units and TF aliases), the GS/OD boxes per the
 * `boxVisibility` option (H39, ../map-link.ts boxesView), the viewer's own cargo (which
 * transport carries which ground unit is on his record sheet only, L2307), and his prompts.
 */
import type { Json, Viewer } from '#engine/contract.js';
import { viewOf as groundViewOf } from '../../planetary/index.js';
import { aliasTfIds as spaceAlias, viewOf as spaceViewOf } from '../../space/index.js';
import { boxesView } from '../map-link.js';
import { buildPrompts } from './prompts.js';
import { owedAt } from './sequence.js';
import { navalGroundBasesView } from './supply-link.js';
import type { CampaignGameState, Side } from './types.js';

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;

/** A spectator sees each side's boxes as that side's enemy does. */
function spectatorBoxes(cs: CampaignGameState): Json {
  const asTog = boxesView(cs, 'TOG') as Record<number, { enemy: Json }>;
  const asCw = boxesView(cs, 'CW') as Record<number, { enemy: Json }>;
  const out: Record<string, Json> = {};
  for (const z of Object.keys(asTog)) out[z] = { TOG: asCw[Number(z)].enemy, CW: asTog[Number(z)].enemy };
  return out;
}

function ownCargo(cs: CampaignGameState, side: Side): Json {
  return Object.entries(cs.cargo)
    .filter(([u]) => cs.planetary.units[u]?.side === side)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([unit, c]) => ({ unit, type: cs.planetary.units[unit].type, transports: [...c.transports] }));
}

export function campaignView(cs: CampaignGameState, viewer: Viewer): Json {
  const mine = viewer === null ? [] : buildPrompts(cs).filter((p) => p.side === viewer);
  const owed = owedAt(cs).map((o) => ({ side: o.side, kind: o.kind, secret: o.secret }));
  return j({
    game: 'prefect-campaign',
    viewer,
    scenario: cs.scenario,
    turn: cs.turn,
    maxTurns: cs.maxTurns,
    attacker: cs.attacker,
    stage: cs.stage,
    options: cs.options,
    ground: groundViewOf(cs.planetary, viewer),
    space: spaceViewOf(cs.space, viewer),
    boxes: spaceAlias(cs.space, viewer === null ? spectatorBoxes(cs) : j(boxesView(cs, viewer as Side))),
    cargo: viewer === null ? null : ownCargo(cs, viewer as Side),
    navalGroundBases: navalGroundBasesView(cs),
    prompts: j(mine),
    owed: j(owed),
    result: cs.result ?? null,
  });
}
