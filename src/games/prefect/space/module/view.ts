/**
 * What one side (or a spectator) may see of a Space game (§4.6 H16-H28, H33, H38, D-19).
 * Public: TF counters on the system map (sector positions) and the T-space arrivals as
 * announced (Sig total, modifier, roll, detected flag, H19), bases in bodiless sectors (L1166,
 * H38) and announced new bases (sector only, H33), the BT/CA track, the turn and phase. Own
 * side only (H16): record sheets (TF composition, fatigue, missions, SD allocations), OFATs,
 * the T-space track and off-system zone, the supply ledger. Every TF id is shown under a per-game
 * alias (as the Planetary view does): real ids tell the counter number and creation turn.
 */
import { createHmac } from 'node:crypto';
import type { GameEvent, Json, Viewer } from '#engine/contract.js';
import { mapEventText, mapText } from '#engine/redact.js';
import { byShownId } from '../../common/public-order.js';
import { isActive, sectorById, sectorOf, stats } from '../state.js';
import { supplyLedger } from '../supply.js';
import type { NavalBase } from '../types.js';
import type { Side, SpaceGameState } from './types.js';

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;
const secretOf = (s: SpaceGameState): string => s.viewSecret || `prefect-space-test|${s.scenario}`;

/** Real TF ids: `cw-tf1` (scenario), `tog-tf4-t3` (formed, tf-adjust.ts), `cw-dis-s3-4-2` (grouped, adjustment.ts). */
const TF_ID = /(?<![a-z0-9-])(?:tog|cw)-(?:tf\d+(?:-t\d+)?|dis-s\d+-\d+-\d+)(?![a-z0-9-])/g;
export const tfAlias = (s: SpaceGameState, id: string): string =>
  `tf_${createHmac('sha256', secretOf(s)).update(`prefect-space-tf|${id}`).digest('hex').slice(0, 16)}`;
const aliasText = (s: SpaceGameState, t: string): string =>
  t.includes('-tf') || t.includes('-dis-') ? t.replace(TF_ID, (id) => tfAlias(s, id)) : t;

/** Every TF id in `v` (values, keys, inside texts) replaced by its alias. */
export const aliasTfIds = (s: SpaceGameState, v: Json): Json => mapText(v, (t) => aliasText(s, t));

/**
 * A validation message for the sender: TF ids under their aliases, except a real id the sender
 * typed, which is echoed as typed. Aliasing a typed guess would tell the sender that the guess
 * names a real enemy TF, and which alias it hides behind (H16).
 */
export function aliasForSender(s: SpaceGameState, raw: unknown, message: string): string {
  const typed = JSON.stringify(raw ?? null);
  return message.includes('-tf') || message.includes('-dis-')
    ? message.replace(TF_ID, (id) => (typed.includes(JSON.stringify(id)) ? id : tfAlias(s, id)))
    : message;
}

export const aliasEvents = (s: SpaceGameState, events: GameEvent[]): GameEvent[] =>
  mapEventText(events, (t) => aliasText(s, t));

/** An order's TF aliases turned back into real ids (orders may use either, as in the Planetary module). */
export function resolveAliases(s: SpaceGameState, raw: unknown): unknown {
  const back = new Map(Object.keys(s.tfs).map((id) => [tfAlias(s, id), id]));
  const fix = (v: unknown): unknown => {
    if (typeof v === 'string') return back.get(v) ?? v;
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [back.get(k) ?? k, fix(x)]));
    return v;
  };
  return fix(raw);
}

/** H38, H33: a base the opponent may see (bodiless sector, or announced). */
export function basePublic(s: SpaceGameState, b: NavalBase): boolean {
  if (b.status === 'DESTROYED' || b.offSystemBox || b.carriedBy) return false;
  return !sectorById(b.sector)?.body || s.announcedBases.some((a) => a.id === b.id);
}

/** Public TF counters: active TFs on the system map, with this turn's detected flag (L1387). */
export function publicTfs(
  s: SpaceGameState,
): { tf: string; side: Side; sector: string; detected: boolean; arrived: boolean }[] {
  return Object.values(s.tfs)
    .filter((t) => t.place.kind === 'SECTOR' && isActive(s, t))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((t) => ({
      tf: t.id,
      side: t.side,
      sector: sectorOf(t)!,
      detected: s.arrivals.some((a) => a.tf === t.id && a.detected),
      arrived: !!t.arrivedThisTurn,
    }));
}

function ownPart(s: SpaceGameState, side: Side): Json {
  const tfs = Object.values(s.tfs)
    .filter((t) => t.side === side)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((t) => {
      const sealed = s.sealedMissions[side]?.find((m) => m.tf === t.id);
      return {
        id: t.id,
        counterNo: t.counterNo,
        place: t.place,
        fatigue: t.fatigue,
        mission: sealed?.mission ?? t.mission ?? null,
        missionParams: sealed?.params ?? t.missionParams ?? null,
        sdAllocation: sealed?.sdAllocation ?? t.sdAllocation ?? null,
        missionStatus: t.missionStatus ?? null,
        disorganisedGroup: !!t.disorganisedGroup,
        units: t.units.map((id) => {
          const u = s.units[id];
          const st = stats(u);
          return {
            id,
            type: u.type,
            status: u.status,
            attack: st.attack,
            defence: st.defence,
            sig: st.sig,
            esm: st.esm,
            thrust: st.thrust,
            carry: st.carry,
            kind: st.kind,
            independent: st.independent,
            supply: u.supply ?? null,
            marines: u.marines ?? 0,
          };
        }),
      };
    });
  const loose = Object.values(s.units)
    .filter((u) => u.side === side && !u.tf)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((u) => ({
      id: u.id,
      type: u.type,
      status: u.status,
      box: u.offSystemBox ?? null,
      deployedAsBase: u.deployedAsBase ?? null,
    }));
  const bases = Object.values(s.bases)
    .filter((b) => b.side === side)
    .sort((a, b) => a.id.localeCompare(b.id));
  return j({
    tfs,
    offSystemUnits: loose,
    bases,
    ledger: supplyLedger(s, side),
    offSystemMarines: s.offSystemMarines?.[side] ?? 0,
  });
}

export function viewOf(s: SpaceGameState, viewer: Viewer, extras: Record<string, Json> = {}): Json {
  const body = {
    module: s.module,
    scenario: s.scenario,
    turn: s.turn,
    attacker: s.attacker,
    step: s.step,
    half: s.half,
    viewer,
    tempo: s.tempo,
    map: {
      tfs: publicTfs(s),
      bases: Object.values(s.bases)
        .filter((b) => (viewer !== null && b.side === viewer ? false : basePublic(s, b)))
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((b) => ({
          id: b.id,
          side: b.side,
          sector: b.sector,
          ...(sectorById(b.sector)?.body ? {} : { type: b.type, status: b.status }),
        })),
      arrivals: s.arrivals,
      sightings: s.sightings ?? [],
      announced: s.announcedBases.map((a) => ({ side: a.side, id: a.id, sector: a.sector, turn: a.turn })),
    },
    own: viewer === null ? null : ownPart(s, viewer as Side),
    result: s.result ?? null,
    ...extras,
  };
  const out = aliasTfIds(s, j(body)) as { map: Record<string, Json> };
  return { ...out, map: { ...out.map, tfs: byShownId(out.map.tfs, 'sector') } };
}
