/**
 * The counters a Planetary view shows, as contract Pieces on the Ku Crassus board. Pure in the
 * view: the viewer's own TFs and units with their printed values (data pack), the other side's TFs
 * under the aliases the view shows, hidden and with only the markers the view shows (mode,
 * moved, detected); enemy disorganised units as the view shows them (type only in TABLETOP
 * reveal mode, D-19), bases (public, H34). Sorted by the shown id (public-order.ts).
 */
import type { Json, Piece, Viewer } from '#engine/contract.js';
import { prefectData } from '../data/index.js';
import type { GroundUnitType } from '../types.js';
import { PLANET_BOARD } from './boards.js';
import { sortPieces } from '../../common/public-order.js';

type Obj = Record<string, Json>;
const obj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: Json | undefined): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** NATO-style symbol of a ground unit type. */
export function groundSymbol(t: GroundUnitType | undefined): string {
  if (!t) return 'unit';
  if (t.hq) return 'hq';
  const f = new Set(t.flags);
  if (f.has('ARTILLERY')) return 'artillery';
  if (f.has('SIGNALS')) return 'signals';
  if (f.has('COMBAT_ENGINEER') || f.has('CONSTRUCTION_ENGINEER')) return 'engineer';
  if (f.has('ASD')) return 'air-defence';
  if (f.has('MARINE')) return 'marine';
  return t.gravitic && !f.has('INFANTRY') ? 'armor' : 'infantry';
}

/** Printed values of a ground counter: attack-defence (Sig and ESM in detail). */
export const groundValues = (t: GroundUnitType): string => `${t.attack}-${t.defence}`;

function unitPiece(u: Obj, viewer: Viewer, at: string): Piece {
  const type = str(u.type);
  const t = type ? prefectData.unitTypes[type] : undefined;
  const own = viewer !== null && u.side === viewer;
  return {
    id: String(u.id),
    side: str(u.side) ?? null,
    board: PLANET_BOARD,
    at,
    label: t?.name ?? 'Disorganised unit',
    symbol: groundSymbol(t),
    ...(t ? { values: groundValues(t) } : {}),
    hidden: !t,
    detail: {
      status: u.status ?? null,
      ...(t ? { sig: t.sig, esm: t.esm } : {}),
      ...(own ? { org: u.org ?? null, tf: u.tf ?? null, under: u.under ?? null } : {}),
    },
  };
}

/** Pieces of a Planetary view (`view` is what viewOf gave `viewer`). */
export function planetaryPieces(view: Json, viewer: Viewer): Piece[] {
  const v = obj(view);
  const tfs = list(v.taskForces);
  const units = list(v.units);
  const bases = list(v.bases);
  const tfHex = new Map(tfs.map((t) => [String(t.id), str(t.hex)]));
  const baseHex = new Map(bases.map((b) => [String(b.id), str(b.hex)]));
  const ownUnits = units.filter((u) => viewer !== null && u.side === viewer);
  const out: Piece[] = [];

  for (const t of tfs) {
    const at = str(t.hex) ?? 'unplaced';
    const markers = {
      mode: t.mode ?? null,
      moved: t.moved ?? null,
      detected: t.detected ?? null,
      attacked: t.attacked ?? null,
      defenderAction: t.defenderAction ?? null,
    };
    if (t.independent) {
      // An independent unit's own counter is public (H35): its type and values show.
      const u = obj(t.unit);
      const ty = str(u.type) ? prefectData.unitTypes[String(u.type)] : undefined;
      out.push({
        id: String(t.id),
        side: str(t.side) ?? null,
        board: PLANET_BOARD,
        at,
        label: ty?.name ?? 'Independent unit',
        symbol: groundSymbol(ty),
        ...(ty ? { values: groundValues(ty) } : {}),
        hidden: false,
        detail: { ...markers, independent: true, unit: u.id ?? null },
      });
      continue;
    }
    if (viewer !== null && t.side === viewer) {
      const inside = ownUnits.filter((u) => u.tf === t.id && u.status === 'ACTIVE');
      const types = inside.map((u) => prefectData.unitTypes[String(u.type)]).filter((x): x is GroundUnitType => !!x);
      const a = types.reduce((s, x) => s + x.attack, 0);
      const d = types.reduce((s, x) => s + x.defence, 0);
      out.push({
        id: String(t.id),
        side: String(t.side),
        board: PLANET_BOARD,
        at,
        label: `${t.org} TF ${t.counter}`,
        symbol: types.some((x) => x.hq) ? 'hq' : 'task-force',
        values: `${a}-${d}`,
        hidden: false,
        detail: {
          ...markers,
          org: t.org ?? null,
          counter: t.counter ?? null,
          fatigue: t.fatigue ?? null,
          units: inside.length,
        },
      });
    } else {
      out.push({
        id: String(t.id),
        side: str(t.side) ?? null,
        board: PLANET_BOARD,
        at,
        label: 'Task Force',
        symbol: 'task-force',
        hidden: true,
        detail: markers,
      });
    }
  }

  for (const u of units) {
    if (viewer !== null && u.side === viewer) {
      const holder = str(u.under);
      const at =
        u.status === 'DESTROYED'
          ? 'eliminated'
          : u.status === 'NOT_ARRIVED'
            ? 'reinforcements'
            : (str(u.hex) ??
              (holder ? (baseHex.get(holder) ?? tfHex.get(holder)) : undefined) ??
              (str(u.tf) ? tfHex.get(String(u.tf)) : undefined) ??
              'unplaced');
      out.push(unitPiece(u, viewer, at));
    } else if (str(u.hex)) out.push(unitPiece(u, viewer, String(u.hex)));
  }

  // L860: an enemy disorganised unit under a base or HQ is hidden by that counter; the view shows a count per holder.
  for (const [holder, n] of Object.entries(obj(v.underCounts))) {
    const at = baseHex.get(holder) ?? tfHex.get(holder);
    if (at)
      out.push({
        id: `under:${holder}`,
        side: null,
        board: PLANET_BOARD,
        at,
        label: `${n} disorganised unit(s) under ${holder}`,
        symbol: 'marker',
        hidden: true,
        detail: { under: holder, count: n },
      });
  }

  for (const b of bases) {
    const ty = prefectData.baseTypes[String(b.type) as keyof typeof prefectData.baseTypes];
    out.push({
      id: String(b.id),
      side: str(b.side) ?? null,
      board: PLANET_BOARD,
      at: str(b.hex) ?? 'eliminated',
      label: ty?.name ?? `${b.type} base`,
      symbol: 'base',
      ...(ty ? { values: String(ty.value) } : {}),
      hidden: false,
      detail: {
        type: b.type ?? null,
        status: b.status ?? null,
        ...(b.supply !== undefined ? { supply: b.supply } : {}),
      },
    });
  }
  list(v.availableBases).forEach((b, i) =>
    out.push({
      id: `available-base-${i + 1}`,
      side: str(b.side) ?? null,
      board: PLANET_BOARD,
      at: 'available-bases',
      label: `${b.type} base to build`,
      symbol: 'base',
      hidden: false,
      detail: { type: b.type ?? null },
    }),
  );

  return sortPieces(out);
}
