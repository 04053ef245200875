/**
 * Legion ground bases in the Campaign's space combat (L1767, L1867, L2141, L2155).
 *
 * In the Campaign a Legion base in planetary zone n belongs to orbital segment n (L2141, L2145) and
 * its attack, defence and ESM count against space forces (L2155). The space procedure sees only
 * `space.bases`, so for one space combat phase every Legion base on Ku Crassus stands in as a
 * ground naval base of its side (GL n ↔ GN n: the pack's `legionBaseCombat` values are the GN
 * values, `reconstructed` there, L2336). The procedure then lets it join attacks on Supply / GS /
 * OD TFs (L1767) and attack without opposition in opposing SD (L1867), never as a target of those
 * (space/opposing-sd.ts). Afterwards its outcome goes back to the planetary base and the stand-ins
 * are removed, so nothing else ever sees them.
 */
import type { GameEvent } from '#engine/contract.js';
import { spaceData } from '../../space/index.js';
import type { SpaceGameState } from '../../space/index.js';
import type { NavalBase, NavalBaseClass } from '../../space/index.js';
import type { LegionBaseClass } from '../../planetary/index.js';
import { campaignData } from '../data/index.js';
import { carryCapture, creditTransfers, stationedMarines } from './legion-bases-carry.js';
import { segmentOfZone, zoneOfHex } from '../map-link.js';
import type { CampaignGameState } from './types.js';

/** Stand-in ids carry this prefix; a naval base id never does (checked before adding). */
export const LEGION_PREFIX = 'legion-base:';
export const standInId = (legionId: string): string => `${LEGION_PREFIX}${legionId}`;

/**
 * The GN class a GL base stands in as: GL n → GN n, and only when every combat value is equal to
 * the pack's `legionBaseCombat` entry (L2155); otherwise the base cannot be presented faithfully.
 */
export function standInClass(type: LegionBaseClass): NavalBaseClass | null {
  const v = campaignData.rules.legionBaseCombat[type];
  const gn = `GN${type.slice(2)}` as NavalBaseClass;
  const t = spaceData.baseTypes[gn];
  if (!v || !t || t.orbital) return null;
  return t.attack === v.attack && t.defence === v.defence && t.esm === v.esm ? gn : null;
}

/**
 * L2141, L2155: stand-ins for the Legion bases, by planetary id. SP stay on the planetary base (0
 * here: never shown; SP handed to a stand-in are credited to it afterwards, legion-bases-carry.ts).
 * Its `marines` are the Marine ground units stationed on the base (L2071-2073, legion-bases-carry.ts).
 */
export function standIns(cs: CampaignGameState): Record<string, NavalBase> {
  const out: Record<string, NavalBase> = {};
  const sector = campaignData.rules.planetSector;
  for (const b of Object.values(cs.planetary.bases)) {
    const type = standInClass(b.type);
    if (!type) continue;
    const id = standInId(b.id);
    if (cs.space.bases[id]) throw new Error(`naval base id ${id} collides with a Legion stand-in`);
    out[b.id] = {
      id,
      side: b.side,
      type,
      status: b.status,
      sector,
      segment: segmentOfZone(zoneOfHex(b.hex)),
      supply: 0,
      marines: stationedMarines(cs, b.id).length,
    };
  }
  return out;
}

/** Removes the stand-ins from a space state (the one given to the procedure and the one it returns), sightings included (H25: the planetary map shows Legion bases already). */
export function strip(space: SpaceGameState): void {
  for (const id of Object.keys(space.bases)) if (id.startsWith(LEGION_PREFIX)) delete space.bases[id];
  for (const s of space.sightings ?? []) s.bases = s.bases.filter((b) => !b.id.startsWith(LEGION_PREFIX));
}

/**
 * Runs `run` (one space step) with the Legion bases present when the step is the Combat Phase,
 * then carries their outcome back: SP a Supply TF handed over are credited (L1749, L2280); a Marine
 * capture changes the base's owner (L2077-2081); disrupted → the planetary base is disrupted;
 * destroyed → it is gone with all its supply (L2252). The stand-ins are removed from both states
 * before returning; the carry-back's own events are appended.
 */
export function withLegionBases<R extends { state: SpaceGameState; events: GameEvent[] }>(
  cs: CampaignGameState,
  run: () => R,
  earlier: GameEvent[] = [],
): R {
  if (cs.space.step !== 'COMBAT') return run();
  const added = standIns(cs);
  for (const nb of Object.values(added)) cs.space.bases[nb.id] = nb;
  let r: R;
  try {
    r = run();
  } catch (e) {
    strip(cs.space);
    throw e;
  }
  if (r.state.external?.pending) {
    // D-87: the phase paused at a Leviathan battle. The stand-ins live on in the pause's snapshot
    // (replayed from it); their outcome is carried back once, when the phase is over (`earlier`:
    // the phase events sent before the pauses, external-link.ts).
    strip(r.state);
    strip(cs.space);
    return r;
  }
  const extra: GameEvent[] = [];
  const phaseEvents = earlier.length ? [...earlier, ...r.events] : r.events;
  for (const [legionId, nb] of Object.entries(added)) {
    const after = r.state.bases[nb.id];
    if (!after || !cs.planetary.bases[legionId]) continue;
    // L1749 then L2077: SP handed over first (they go with a base captured later in the phase).
    extra.push(...creditTransfers(cs, r.state, legionId, nb.id, phaseEvents));
    extra.push(...carryCapture(cs, legionId, after));
    const b = cs.planetary.bases[legionId];
    if (after.status === 'DESTROYED') delete cs.planetary.bases[legionId];
    else if (after.status === 'DISRUPTED') b.status = 'DISRUPTED';
  }
  // The procedure may return the state it was given or a copy: strip both.
  strip(r.state);
  strip(cs.space);
  return extra.length ? { ...r, events: [...r.events, ...extra] } : r;
}

/**
 * Validation of a Combat Phase plan sees the stand-ins too (a Supply TF may name one in
 * `transfers`, L1749; Marines one in `marines`, L2063), then they are removed. Outside the Combat
 * Phase, or with the option `legionBasesInSpace` off, `check` runs as it is.
 */
export function legionBasesPresent<T>(cs: CampaignGameState, check: () => T): T {
  if (cs.space.step !== 'COMBAT' || cs.options.legionBasesInSpace === false) return check();
  for (const nb of Object.values(standIns(cs))) cs.space.bases[nb.id] = nb;
  try {
    return check();
  } finally {
    strip(cs.space);
  }
}
