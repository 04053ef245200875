/**
 * What one side (or a spectator) may see of a Cerberus game (digest §4.2, §8.1; DESIGN.md
 * principle 3). Redaction rules:
 * - an enemy unit is shown in full only when face up on the map, destroyed, or in a Fleet box
 *   that option fleetBoxPublic makes public (2.6, H5);
 * - an enemy face-down map unit is `{ opaqueId, hex }` and nothing else (14.12, H4), with an id
 *   that differs per viewer (engine opaqueId, keyed by the state's secret), listed by hex and
 *   opaque id, never in an order that could follow its type;
 * - every other enemy unit (Earth, System, Tau Ceti, a private Fleet, the turn track, the set-up
 *   pool) is a count per box (2.6, H5);
 * - the phasing player's stored plan, his private bookkeeping (STP, supply, fire sources),
 *   standing orders and the payload of a pending decision are shown to their owner only; a
 *   conditional Major Effort choice that never took effect stays sealed (3.2 A.3, H1);
 * - a spectator (viewer null) is "the other side" to both players: he sees only what both see.
 * A last pass replaces any real id of a unit hidden from the viewer that still appears anywhere
 * (scratch lists, keys) by its opaque id, so a field added later cannot leak one.
 */
import type { Json, Side, Viewer } from '#engine/contract.js';
import { isOpaqueId, mapStrings, opaqueId, pathsNaming, resolveOpaqueId } from '#engine/redact.js';
import { optionValues } from './data/index.js';
import { ruleOptions } from './options-rules.js';
import { SIDES, type CerberusState, type Unit } from './state.js';

/** May `viewer` see this unit's identity (id, type, factors, box contents)? */
export function identityVisible(state: CerberusState, viewer: Viewer, u: Unit): boolean {
  if (viewer !== null && u.side === viewer) return true;
  if (u.box === 'MAP') return !u.faceDown;
  if (u.box === 'DESTROYED') return true;
  // A face-down unit evacuated to the Fleet keeps its secret (11.15 events name it by hex only).
  if (u.box === 'FLEET' || u.box === 'FLEET_SF') return ruleOptions(state.options).fleetBoxPublic && !u.faceDown;
  return false;
}

/** The opaque id `viewer` knows a hidden unit by (stable for that viewer, unlinkable across viewers). */
export function opaqueFor(state: CerberusState, viewer: Viewer, unitId: string): string {
  return opaqueId(secretOf(state), viewer, unitId);
}

function secretOf(state: CerberusState): string {
  // States built by tests without set-up dice have no secret; the scenario name still keys them.
  return state.viewSecret || `cerberus-test|${state.scenario}`;
}

/** Real id → opaque id for every unit whose identity `viewer` may not see. */
export function hiddenIds(state: CerberusState, viewer: Viewer): Map<string, string> {
  const out = new Map<string, string>();
  for (const u of state.units) if (!identityVisible(state, viewer, u)) out.set(u.id, opaqueFor(state, viewer, u.id));
  return out;
}

/** Deep copy of `value` with every hidden real id (as a string value or an object key) replaced by its opaque id. */
export function redactFor<T extends Json>(
  state: CerberusState,
  viewer: Viewer,
  value: T,
  hidden = hiddenIds(state, viewer),
): T {
  const walk = (v: Json): Json => {
    if (typeof v === 'string') return hidden.get(v) ?? v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, Json> = {};
      for (const [k, x] of Object.entries(v)) if (x !== undefined) out[hidden.get(k) ?? k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/** Replaces hidden real ids inside free text (validation messages). */
export function redactText(text: string, hidden: Map<string, string>): string {
  let out = text;
  for (const [id, opq] of hidden) if (out.includes(id)) out = out.split(id).join(opq);
  return out;
}

/**
 * Orders name hidden enemy units by the opaque ids `side` was shown (e.g. an SF target, 10.41):
 * every string that is an opaque id of a unit hidden from `side` becomes the real id; others are
 * left as they are and fail validation as unknown units.
 */
export function resolveOrderIds(state: CerberusState, side: Side, raw: unknown): unknown {
  if (!JSON.stringify(raw ?? null).includes('opq_')) return raw;
  const candidates = [...hiddenIds(state, side).keys()];
  return mapStrings(raw, (v) => (isOpaqueId(v) ? (resolveOpaqueId(secretOf(state), side, v, candidates) ?? v) : v));
}

/**
 * Where an order names a unit hidden from `side` by its real id (ids follow the printed counter
 * list, so they can be guessed): such a name must not work, or it would locate the unit.
 */
export function hiddenIdsNamed(state: CerberusState, side: Side, raw: unknown): (string | number)[][] {
  const hidden = hiddenIds(state, side);
  const known = new Set(state.units.map((u) => u.id));
  // A made-up id in a unit id's shape is answered exactly as a hidden one, so that a dry run
  // cannot tell hidden-but-existing ids from invented ones.
  return pathsNaming(raw, (v) => hidden.has(v) || (UNIT_ID_SHAPE.test(v) && !known.has(v)));
}

/** The printed counter ids: side letter, colon, designation (data/units.json). */
const UNIT_ID_SHAPE = /^[HC]:\S+$/;

/** A unit as plain JSON (the full record: only for units whose identity the viewer may see). */
function unitJson(u: Unit): Json {
  return JSON.parse(JSON.stringify(u)) as Json;
}

/** Per side: units shown in full, hidden face-down map units, and counts of hidden boxes. */
function sideUnits(state: CerberusState, viewer: Viewer, side: Side): Json {
  const mine = state.units.filter((u) => u.side === side);
  const shown = mine.filter((u) => identityVisible(state, viewer, u));
  const faceDown = mine
    .filter((u) => u.box === 'MAP' && !identityVisible(state, viewer, u))
    .map((u) => ({ opaqueId: opaqueFor(state, viewer, u.id), hex: u.hex! }))
    .sort((a, b) => a.hex.localeCompare(b.hex) || a.opaqueId.localeCompare(b.opaqueId));
  const counts: Record<string, number> = {};
  for (const u of mine) {
    if (u.box === 'MAP' || identityVisible(state, viewer, u)) continue;
    counts[u.box] = (counts[u.box] ?? 0) + 1;
  }
  // The turn track by arrival turn: the schedule is printed (14.22), identities are not shown.
  const track: Record<string, number> = {};
  if (!(viewer !== null && viewer === side)) {
    for (const u of mine)
      if (u.box === 'TURN_TRACK' && u.due !== null) track[String(u.due)] = (track[String(u.due)] ?? 0) + 1;
  }
  return { units: shown.map(unitJson), faceDown, boxCounts: counts, turnTrackDue: track };
}

/** The Space Superiority records with never-used conditional choices of the other side sealed (3.2 A.3). */
function spaceJson(state: CerberusState, viewer: Viewer): Json {
  const rec = (r: CerberusState['space']['current']): Json => {
    if (!r) return null;
    const cancelIfSole: Record<string, boolean | null> = {};
    for (const s of SIDES) cancelIfSole[s] = s === viewer || r.caller === s ? r.cancelIfSole[s] : null;
    return { ...r, cancelIfSole } as unknown as Json;
  };
  return { state: state.space.state, current: rec(state.space.current), history: state.space.history.map(rec) };
}

function playersJson(state: CerberusState, viewer: Viewer): Json {
  const out: Record<string, Json> = {};
  for (const s of SIDES) {
    const p = state.players[s];
    // Standing orders (loss priority, 7.7) are the owner's private instructions.
    out[s] = {
      side: s,
      majorEfforts: { ...p.majorEfforts },
      sfUsedThisTurn: p.sfUsedThisTurn,
      rebuildCredit: { ...p.rebuildCredit },
      ...(s === viewer ? { standing: JSON.parse(JSON.stringify(p.standing)) as Json } : {}),
    };
  }
  return out;
}

/**
 * What of the phasing player's bookkeeping the other side sees: what happened in the open (SF
 * pairs 10.432, moves, attacks, ADZ suppression 8.41, Fleet fire used, the insertion roll 14.23).
 * STP spent, space supply, air and missile sources and the plan's cursor stay with the owner,
 * as the segments' own events keep them (11.12, 12, 8.1).
 */
const PUBLIC_SCRATCH = [
  'side',
  'sfPairs',
  'sfPairsPlaced',
  'moved',
  'enteredEnemyHex',
  'attackedHexes',
  'attackers',
  'adzSuppression',
  'fleetFireUsed',
  'subOrbitalUsed',
  'insertionRoll',
] as const;

function scratchJson(state: CerberusState, viewer: Viewer): Json {
  const sc = state.phaseScratch;
  if (!sc) return null;
  if (sc.side === viewer) return JSON.parse(JSON.stringify(sc)) as Json;
  return JSON.parse(JSON.stringify(Object.fromEntries(PUBLIC_SCRATCH.map((k) => [k, sc[k]])))) as Json;
}

/** Extra fields a caller (the module) adds to a view: e.g. the viewer's own prompts with choices. */
export type ViewExtras = Record<string, Json>;

/** 14.12, 2.6, 3.2 A.3, §8.1 the state as `viewer` may see it. */
export function view(state: CerberusState, viewer: Viewer, extras: ViewExtras = {}): Json {
  const hidden = hiddenIds(state, viewer);
  const body: Record<string, Json> = {
    game: 'cerberus',
    viewer,
    scenario: state.scenario,
    options: state.options,
    turn: state.turn,
    lastTurn: state.lastTurn,
    phase: state.phase,
    segment: state.segment,
    phasing: state.phasing,
    space: spaceJson(state, viewer),
    players: playersJson(state, viewer),
    sides: { HUMAN: sideUnits(state, viewer, 'HUMAN'), CETIAN: sideUnits(state, viewer, 'CETIAN') },
    storms: JSON.parse(JSON.stringify(state.storms)) as Json,
    // 15.9 the northern season in force (chosen by the Human at set-up, else the season option).
    season: state.season ?? (optionValues(state.options).season as Json),
    turnScratch: JSON.parse(JSON.stringify(state.turnScratch)) as Json,
    phaseScratch: scratchJson(state, viewer),
    // The stored plan is the phasing player's secret until it plays out (§8.1).
    plan: state.plan && state.plan.side === viewer ? (JSON.parse(JSON.stringify(state.plan)) as Json) : null,
    planStored: state.plan !== null,
    pending: state.pending.map((d) =>
      d.side === viewer ? (JSON.parse(JSON.stringify(d)) as Json) : { id: d.id, side: d.side, kind: d.kind },
    ),
    garrison: { ...state.garrison },
    result: state.result ? (JSON.parse(JSON.stringify(state.result)) as Json) : null,
    ...extras,
  };
  return redactFor(state, viewer, body, hidden);
}
