/**
 * What one side (or a spectator) may see of a Prefect Planetary game (§4.6 H1–H15, H34–H36,
 * D-19). Public (H34): TF counters and their positions, LAF markers, "Moved" markers, detected
 * flags, the TF-movement track, the BT/CA track, urban markers, bases and their owner; an
 * independent non-gravitic unit's own counter (H35); disorganised units on the map (H36; their
 * type only in TABLETOP reveal mode, D-19). Hidden from the other side (H1, H14): what is in a
 * TF, its fatigue, HQ and base SP, sealed plans and standing counter-orders, the contents of a
 * reaction window, units not yet arrived or destroyed. A spectator sees only what both see.
 * A last pass replaces every real id of a unit hidden from the viewer by its opaque id.
 */
import { createHmac } from 'node:crypto';
import type { GameEvent, Json, Viewer } from '#engine/contract.js';
import {
  isOpaqueId,
  mapEventText,
  mapStrings,
  mapText,
  opaqueId,
  pathsNaming,
  resolveOpaqueId,
} from '#engine/redact.js';
import { byShownId } from '../../common/public-order.js';
import type { GroundUnit, PrefectState, Side } from '../types.js';

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;
const secretOf = (s: PrefectState): string => s.viewSecret || `prefect-test|${s.scenario}`;

/**
 * TF ids made by the rules (`tf-<org>-<counter>-<seq>`) tell the organisation, counter and
 * creation order; the id every player and spectator sees is a per-game alias instead ('tf_' + 16
 * hex), the same for everyone so views, prompts and events agree. Orders may use either.
 */
const TF_ID = /tf-[a-z0-9-]+?-\d+-\d+(?![a-z0-9-])/g;
export const tfAlias = (s: PrefectState, tfId: string): string =>
  `tf_${createHmac('sha256', secretOf(s)).update(`prefect-tf|${tfId}`).digest('hex').slice(0, 16)}`;
const aliasText = (s: PrefectState, text: string): string =>
  text.includes('tf-') ? text.replace(TF_ID, (id) => tfAlias(s, id)) : text;

/** Every TF id in `v` (values, keys and inside texts such as roll labels) replaced by its alias. */
export const aliasTfIds = (s: PrefectState, v: Json): Json => mapText(v, (t) => aliasText(s, t));

/** Events as players and spectators receive them: TF ids aliased (data and roll labels). */
export const aliasEvents = (s: PrefectState, events: GameEvent[]): GameEvent[] =>
  mapEventText(events, (t) => aliasText(s, t));

/** May `viewer` see this unit's identity (id and type)? */
export function unitVisible(s: PrefectState, viewer: Viewer, u: GroundUnit): boolean {
  if (viewer !== null && u.side === viewer) return true;
  if (u.status === 'ACTIVE' && u.tf && s.tfs[u.tf]?.independent) return true; // H35
  if (u.status === 'DISORGANISED' && u.hex && !u.under) return s.options.revealMode === 'TABLETOP'; // H36, D-19
  return false;
}

/** Real id → opaque id of every unit whose identity `viewer` may not see. */
export function hiddenIds(s: PrefectState, viewer: Viewer): Map<string, string> {
  const out = new Map<string, string>();
  for (const u of Object.values(s.units))
    if (!unitVisible(s, viewer, u)) out.set(u.id, opaqueId(secretOf(s), viewer, u.id));
  return out;
}

function redact(v: Json, hidden: Map<string, string>): Json {
  if (typeof v === 'string') return hidden.get(v) ?? v;
  if (Array.isArray(v)) return v.map((x) => redact(x, hidden));
  if (v && typeof v === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[hidden.get(k) ?? k] = redact(x, hidden);
    return out;
  }
  return v;
}

/** Deep copy with hidden unit ids replaced by the viewer's opaque ids and TF ids aliased (prompts and views). */
export const redactFor = (s: PrefectState, viewer: Viewer, v: unknown): Json =>
  aliasTfIds(s, redact(j(v), hiddenIds(s, viewer)));

/** Opaque ids in an order turned back into the real ids of units hidden from `side`; TF aliases into TF ids. */
export function resolveOrderIds(s: PrefectState, side: Side, raw: unknown): unknown {
  const text = JSON.stringify(raw ?? null);
  if (!text.includes('opq_') && !text.includes('tf_')) return raw;
  const candidates = [...hiddenIds(s, side).keys()];
  const tfs = new Map(Object.keys(s.tfs).map((id) => [tfAlias(s, id), id]));
  return mapStrings(raw, (v) =>
    isOpaqueId(v) ? (resolveOpaqueId(secretOf(s), side, v, candidates) ?? v) : (tfs.get(v) ?? v),
  );
}

/** Where an order names a unit hidden from `side` by its real id (ids can be guessed): refused, it would locate the unit. */
export function hiddenIdsNamed(s: PrefectState, side: Side, raw: unknown): (string | number)[][] {
  return pathsNaming(raw, [...hiddenIds(s, side).keys()]);
}

function tfJson(s: PrefectState, viewer: Viewer, id: string): Json {
  const t = s.tfs[id];
  const pub = {
    id: t.id,
    side: t.side,
    hex: t.hex || null,
    mode: t.mode,
    independent: !!t.independent,
    moved: t.movedThisTurn,
    defenderAction: t.defenderAction ?? null,
    attacked: t.attackedThisTurn,
    detected: t.detected,
  };
  if (t.independent) {
    const u = Object.values(s.units).find((x) => x.tf === t.id);
    Object.assign(pub, { unit: u ? { id: u.id, type: u.type } : null });
  }
  if (viewer !== t.side) return j(pub);
  const units = Object.values(s.units)
    .filter((u) => u.status === 'ACTIVE' && u.tf === t.id)
    .map((u) => u.id)
    .sort();
  return j({
    ...pub,
    org: t.org,
    counter: t.counter,
    fatigue: t.fatigue,
    units,
    noDetect: !!t.noDetect,
    movedLaf: t.movedLafThisTurn,
    terrainChoice: t.terrainChoice ?? null,
    buildAssignment: t.buildAssignment ?? null,
  });
}

function unitsJson(s: PrefectState, viewer: Viewer): Json {
  const out: Json[] = [];
  for (const u of Object.values(s.units).sort((a, b) => a.id.localeCompare(b.id))) {
    if (viewer === u.side) out.push(j(u));
    else if (u.status === 'DISORGANISED' && u.hex && !u.under)
      out.push(
        j({
          id: u.id,
          side: u.side,
          status: u.status,
          hex: u.hex,
          ...(s.options.revealMode === 'TABLETOP' ? { type: u.type } : {}),
        }),
      );
  }
  return out;
}

/** Public markers of the enemy's disorganised units under a base or HQ (L860: the counter hides them): a count per holder. */
function underCounts(s: PrefectState, viewer: Viewer): Json {
  const out: Record<string, number> = {};
  for (const u of Object.values(s.units))
    if (u.side !== viewer && u.status === 'DISORGANISED' && u.under) out[u.under] = (out[u.under] ?? 0) + 1;
  return out;
}

function movementJson(s: PrefectState, viewer: Viewer): Json {
  const m = s.movement;
  if (!m) return null;
  const w = m.window;
  return j({
    attackerMoves: m.attackerMoves,
    defenderActions: m.defenderActions,
    ended: m.ended,
    attackerDone: !!m.attackerDone,
    current: m.current ? { tf: m.current.tf, mode: m.current.mode, hex: m.current.path[m.current.index] } : null,
    window: w ? (w.side === viewer ? w : { kind: w.kind, side: w.side }) : null,
    pendingAttack: m.pendingAttack ? { attackers: m.pendingAttack.attackers, target: m.pendingAttack.target } : null,
    ...(viewer === s.attacker ? { plan: m.plan ?? null, planIndex: m.planIndex ?? 0, current: m.current ?? null } : {}),
    ...(viewer !== null && viewer !== s.attacker ? { counter: m.counter ?? null, queue: m.queue ?? null } : {}),
  });
}

function detectionsJson(s: PrefectState, viewer: Viewer): Json {
  return s.detections.map((d) => {
    const owner = s.tfs[d.target]?.side;
    const full = s.options.revealMode === 'TABLETOP' || (viewer !== null && viewer === owner);
    return j(
      full
        ? d
        : {
            phase: d.phase,
            detector: d.detector,
            target: d.target,
            hex: d.hex,
            announcedEsm: d.announcedEsm,
            success: d.success,
            ...(d.lapsed ? { lapsed: true } : {}),
          },
    );
  });
}

/** The state as `viewer` may see it, plus extras (the viewer's prompts). */
export function viewOf(s: PrefectState, viewer: Viewer, extras: Record<string, Json> = {}): Json {
  const body = {
    game: 'prefect',
    viewer,
    scenario: s.scenario,
    options: j(s.options),
    turn: s.turn,
    maxTurns: s.maxTurns,
    attacker: s.attacker,
    step: s.step,
    placement: s.placement ? j(s.placement) : null,
    taskForces: Object.keys(s.tfs)
      .sort()
      .filter((id) => s.tfs[id].hex || s.tfs[id].side === viewer)
      .map((id) => tfJson(s, viewer, id)),
    units: unitsJson(s, viewer),
    underCounts: underCounts(s, viewer),
    bases: Object.values(s.bases)
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((b) =>
        j(
          b.side === viewer
            ? b
            : { id: b.id, side: b.side, originalSide: b.originalSide, type: b.type, hex: b.hex, status: b.status },
        ),
      ),
    urban: j(s.urban),
    hqSupply:
      viewer === null
        ? {}
        : j(Object.fromEntries(Object.entries(s.hqSupply).filter(([id]) => s.units[id]?.side === viewer))),
    tempo: j(s.tempo),
    destroyedCombat: j(s.destroyedCombat),
    detections: detectionsJson(s, viewer),
    movement: movementJson(s, viewer),
    combat: s.combat
      ? j({
          attacks: s.combat.attacks.map((a) =>
            viewer === s.attacker ? a : { id: a.id, target: a.target, attackers: a.attackers },
          ),
          order: s.combat.order,
          resolved: s.combat.resolved,
          ...(viewer === s.attacker
            ? { shift: s.combat.attackerShift ?? null, engineers: s.combat.attackerEngineers ?? [] }
            : {}),
        })
      : null,
    availableBases: j(s.availableBases.filter((b) => b.side === viewer)),
    result: s.result ? j(s.result) : null,
    ...extras,
  };
  const out = aliasTfIds(s, redact(j(body), hiddenIds(s, viewer))) as Record<string, Json>;
  return { ...out, taskForces: byShownId(out.taskForces, 'hex'), units: byShownId(out.units, 'hex') };
}
