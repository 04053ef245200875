/**
 * The Campaign's Marines in the space Marine assault (L2045-2083, D-74).
 *
 * In the Space Game a transport carries a count of Marine cohorts (L2049-2057) and lands them on a
 * disorganised enemy base from an Attack mission (L2063-2067; space/marines.ts). In the Campaign
 * the Marines are ground units aboard transports (`cargo`, L2307). The link: for the phasing side's
 * combat plan, each transport named in a `marines` entry carries, for that phase, one cohort per
 * Marine unit whose load it holds (first carrier, as a shared load drops with it, L2322); the
 * Space module checks and resolves the assault as usual. Afterwards:
 * - base captured (L2077-2081): the Marine units leave the transport and land at the base's hex —
 *   into a friendly TF there, else (Legion base) waiting under the base, active, to join a TF in
 *   the next TF Adjustment (D-44 applied to a captured base: reconstructed, the text is silent);
 *   a naval base on the map without a friendly TF gets a new TF if a counter is free. A naval base
 *   with no place on the planetary map cannot receive ground units: the Marines stay aboard and
 *   the base holds no garrison (reconstructed; the Space Game's own garrison count would count
 *   them twice).
 * - base saved (L2083): the attacking Marines are destroyed (their transport is disrupted by the
 *   library).
 * - no assault (cancelled, transport lost): the count goes back; the cargo is untouched (a
 *   destroyed transport's cargo goes with it, L2316, `destroyLostCargo`).
 * The defending side's Marines stationed on a Legion base add to its defence and die with its
 * capture (L2071-2077): legion-bases-carry.ts `stationedMarines`, `carryCapture`.
 * Events: the assault itself is public (space module); which units landed or died goes to the
 * owner only (his record sheet, D-19 STRICT details / H14).
 */
import type { GameEvent, Json } from '#engine/contract.js';
import { destroy, freeCounter, newTaskForce, tfsAt, unitType } from '../../planetary/index.js';
import { resolveAliases, tfAlias } from '../../space/index.js';
import type { SpaceState } from '../../space/index.js';
import type { Side } from '../../common/types.js';
import { LEGION_PREFIX } from './legion-bases.js';
import type { CampaignGameState } from './types.js';

/** `before`: the transport's own naval cohort count (absent = none), put back when the cargo Marines did not land. */
export interface MarineBridge {
  transport: string;
  units: string[];
  before?: number;
}

const restore = (u: { marines?: number }, before: number | undefined): void => {
  if (before === undefined) delete u.marines;
  else u.marines = before;
};

/** L2049, L2322: the Marine units whose load `transport` holds (its first carrier). */
export function cargoMarines(cs: CampaignGameState, transport: string): string[] {
  return Object.entries(cs.cargo)
    .filter(
      ([u, c]) =>
        c.transports[0] === transport &&
        cs.planetary.units[u]?.status !== 'DESTROYED' &&
        unitType(cs.planetary.units[u]).flags.includes('MARINE'),
    )
    .map(([u]) => u)
    .sort();
}

/** Transports named in a combat plan's `marines` entries (L2063), TF and unit aliases resolved. */
function namedTransports(cs: CampaignGameState, raw: unknown): string[] {
  const o = resolveAliases(cs.space, raw) as {
    kind?: unknown;
    plan?: { tfs?: { marines?: { transport?: unknown }[] }[] };
  } | null;
  if (!o || o.kind !== 'combat-plan' || !Array.isArray(o.plan?.tfs)) return [];
  const out = new Set<string>();
  for (const t of o.plan!.tfs!)
    for (const m of Array.isArray(t?.marines) ? t.marines : [])
      if (typeof m?.transport === 'string') out.add(m.transport);
  return [...out].sort();
}

/** L2049-2057: each named transport of `side` carries its cargo Marines as cohorts for this Combat Phase. */
export function bridgeMarines(cs: CampaignGameState, side: Side, raw: unknown): MarineBridge[] {
  if (cs.space.step !== 'COMBAT') return [];
  const out: MarineBridge[] = [];
  for (const t of namedTransports(cs, raw)) {
    const u = cs.space.units[t];
    if (!u || u.side !== side) continue;
    const units = cargoMarines(cs, t);
    if (!units.length) continue;
    out.push({ transport: t, units, before: u.marines });
    u.marines = (u.marines ?? 0) + units.length;
  }
  return out;
}

export function unbridge(space: SpaceState, bridges: MarineBridge[]): void {
  for (const b of bridges) if (space.units[b.transport]) restore(space.units[b.transport], b.before);
}

/** Validation of a combat plan with the cargo Marines counted (L2057 `NO_MARINES` otherwise); nothing stays changed. */
export function withCargoMarines<T>(cs: CampaignGameState, side: Side, raw: unknown, check: () => T): T {
  const bridges = bridgeMarines(cs, side, raw);
  try {
    return check();
  } finally {
    unbridge(cs.space, bridges);
  }
}

/** Where captured base `baseId` (space id) lies on the planetary map: its Legion base id (if any) and hex. */
function placeOf(cs: CampaignGameState, baseId: string): { legion?: string; hex?: string } {
  if (baseId.startsWith(LEGION_PREFIX)) {
    const legion = baseId.slice(LEGION_PREFIX.length);
    return { legion, hex: cs.planetary.bases[legion]?.hex };
  }
  return { hex: cs.navalBaseHexes[baseId] };
}

/** L2077-2083 after the phase's combat: land the Marines of a capture, destroy those of a failed assault. */
export function marinesAfterCombat(
  cs: CampaignGameState,
  side: Side,
  bridges: MarineBridge[],
  events: GameEvent[],
): GameEvent[] {
  const out: GameEvent[] = [];
  for (const br of bridges) {
    const t = cs.space.units[br.transport];
    const a = events.find(
      (e) => e.type === 'MARINE_ASSAULT' && (e.data as { transport?: string }).transport === br.transport,
    );
    if (!a || !t) {
      if (t) restore(t, br.before);
      continue;
    }
    const d = a.data as { base: string; captured: boolean };
    const units = br.units.filter((u) => cs.cargo[u]);
    if (!d.captured) {
      for (const u of units) {
        destroy(cs.planetary, cs.planetary.units[u]);
        delete cs.cargo[u];
      }
      out.push({ type: 'marines.lost', visibleTo: [side], data: { transport: br.transport, units, rule: 'L2083' } });
      continue;
    }
    const at = placeOf(cs, d.base);
    const ps = cs.planetary;
    const friend = at.hex ? tfsAt(ps, at.hex).find((x) => x.side === side && !x.independent) : undefined;
    let into: string | undefined = friend?.id;
    if (!into && at.hex && !at.legion) {
      const org = ps.units[units[0]]?.org;
      const n = org ? freeCounter(ps, org) : null;
      if (n !== null && org) into = newTaskForce(ps, side, org, at.hex, n).id;
    }
    if (!at.hex || (!into && !at.legion)) {
      // No place on the ground map (or no TF counter): the Marines stay aboard; the base keeps no garrison.
      restore(t, br.before);
      if (cs.space.bases[d.base]) cs.space.bases[d.base].marines = 0;
      out.push({
        type: 'marines.stay-aboard',
        visibleTo: [side],
        data: { transport: br.transport, units, base: d.base, rule: 'L2077-2081 (reconstructed)' },
      });
      continue;
    }
    for (const u of units) {
      const g = ps.units[u];
      g.status = 'ACTIVE';
      delete cs.cargo[u];
      if (into) {
        g.tf = into;
        delete g.hex;
        delete g.under;
      } else {
        delete g.tf;
        g.hex = at.hex;
        g.under = at.legion;
      }
    }
    if (cs.space.bases[d.base]) cs.space.bases[d.base].marines = 0; // the cohorts are now ground units on the map
    out.push({
      type: 'marines.landed',
      visibleTo: [side],
      data: {
        transport: br.transport,
        units,
        base: at.legion ?? d.base,
        hex: at.hex,
        tf: into ?? null,
        rule: into ? 'L2077-2081' : 'L2077-2081, D-44 (reconstructed)',
      },
    });
  }
  return out;
}

/** The combat-plan prompt's `marineCargo` (owner only): transports of the side's Attack TFs with cargo Marines (L2049, L2063). */
export function marineCargoChoices(cs: CampaignGameState, side: string): Json {
  const out = Object.values(cs.space.tfs)
    .filter((t) => t.side === side && t.mission === 'ATTACK')
    .flatMap((t) =>
      t.units.map((u) => ({ tf: tfAlias(cs.space as never, t.id), transport: u, marines: cargoMarines(cs, u) })),
    )
    .filter((x) => x.marines.length);
  return JSON.parse(JSON.stringify(out)) as Json;
}
