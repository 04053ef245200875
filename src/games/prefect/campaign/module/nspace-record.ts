/**
 * L2272: "If the attacking naval Task Force was not detected in N-space, the attacking force may
 * apply a column shift" (independent attack on a ground base). The space state keeps no record of
 * a TF's N-space detection, so the module notes it from the space procedure's own public events
 * — `NSPACE_DETECTION` (a roll: `detected` true/false, L1485-1495) and `NSPACE_NO_DETECTION` (no
 * enemy SD TF, no attempt: undetected, D-59) — for the TFs at the planet, this turn. The shift
 * is derived from that record only, never from the player's order.
 */
import type { GameEvent } from '#engine/contract.js';
import { tfAlias } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import type { CampaignState } from '../types.js';
import type { CampaignGameState } from './types.js';

/** Notes the N-space detection of every TF that approached the planet in these events (ids may be aliased). */
export function noteNSpace(cs: CampaignGameState, events: GameEvent[]): void {
  const planet = campaignData.rules.planetSector;
  let byAlias: Map<string, string> | null = null;
  for (const e of events) {
    if (e.type !== 'NSPACE_DETECTION' && e.type !== 'NSPACE_NO_DETECTION') continue;
    const d = e.data as { tf?: unknown; sector?: unknown; detected?: unknown } | null;
    if (!d || d.sector !== planet || typeof d.tf !== 'string') continue;
    byAlias ??= new Map(Object.keys(cs.space.tfs).map((id) => [tfAlias(cs.space as never, id), id]));
    const id = cs.space.tfs[d.tf] ? d.tf : byAlias.get(d.tf);
    if (!id) continue;
    if (cs.nspaceDetected?.turn !== cs.turn) cs.nspaceDetected = { turn: cs.turn, tfs: {} };
    cs.nspaceDetected.tfs[id] = e.type === 'NSPACE_DETECTION' && d.detected === true;
  }
}

/**
 * L2272: were all the naval TFs of these GS units undetected in N-space this turn? A unit whose TF
 * has no record this turn (it never approached the planet) counts as detected: no shift.
 */
export function undetectedInNSpace(
  cs: CampaignState & Pick<CampaignGameState, 'nspaceDetected'>,
  units: string[],
): boolean {
  const rec = cs.nspaceDetected?.turn === cs.turn ? cs.nspaceDetected.tfs : {};
  if (!units.length) return false;
  return units.every((u) => {
    const entry = Object.values(cs.zones)
      .flatMap((z) => z.gs)
      .find((e) => e.unit === u);
    const tf = entry?.tf ?? cs.space.units[u]?.tf;
    return !!tf && rec[tf] === false;
  });
}
