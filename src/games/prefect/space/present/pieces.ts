/**
 * The counters a Space view shows, as contract Pieces on the Africannus board: the viewer's own
 * TFs (record sheet: mission, fatigue, units with their values), units and bases wherever they
 * are (sector, off-system zone, T-space track, Functional/Destroyed boxes); the other side's TF
 * counters on the map under the aliases the view shows, hidden, with only the detected/arrived
 * markers; enemy bases the view shows (H33, H38). Sorted by the shown id (../../public-order.ts).
 */
import type { Json, Piece, Viewer } from '#engine/contract.js';
import { sortPieces } from '../../common/public-order.js';
import { spaceData } from '../data/index.js';
import type { NavalBaseClass } from '../types.js';
import { OFFSYSTEM_BOX, SPACE_BOARD, tspaceBox } from './boards.js';

type Obj = Record<string, Json>;
const obj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: Json | undefined): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: Json | undefined): number => (typeof v === 'number' ? v : 0);

/** Where a TF place ({ kind: SECTOR | OFFSYSTEM | TSPACE }) is on the board. */
export function placeOf(place: Json | undefined): string {
  const p = obj(place);
  if (p.kind === 'SECTOR' && str(p.sector)) return String(p.sector);
  if (p.kind === 'TSPACE') return tspaceBox(num(p.turns));
  return OFFSYSTEM_BOX;
}

const unitSymbol = (kind: Json | undefined): string =>
  kind === 'FIGHTER' ? 'fighter' : kind === 'TRANSPORT' ? 'transport' : 'ship';

function basePiece(b: Obj, at: string, own: boolean): Piece {
  const t = str(b.type) ? spaceData.baseTypes[String(b.type) as NavalBaseClass] : undefined;
  return {
    id: String(b.id),
    side: str(b.side) ?? null,
    board: SPACE_BOARD,
    at,
    label: t ? `${t.id} base` : 'Base',
    symbol: 'base',
    ...(t ? { values: `${t.attack}-${t.defence}` } : {}),
    hidden: !t,
    detail: {
      ...(t ? { type: t.id, status: b.status ?? null, sig: t.sig, esm: t.esm } : {}),
      ...(b.segment !== undefined ? { segment: b.segment } : {}),
      ...(own ? { supply: b.supply ?? null, marines: b.marines ?? 0 } : {}),
    },
  };
}

/** Pieces of a Space view (`view` is what viewOf gave `viewer`). */
export function spacePieces(view: Json, viewer: Viewer): Piece[] {
  const v = obj(view);
  const map = obj(v.map);
  const own = obj(v.own);
  const ownTfs = list(own.tfs);
  const ownIds = new Set(ownTfs.map((t) => String(t.id)));
  const at = new Map(ownTfs.map((t) => [String(t.id), placeOf(t.place)]));
  const out: Piece[] = [];

  for (const t of ownTfs) {
    const live = list(t.units).filter((u) => u.status !== 'DESTROYED');
    const active = live.filter((u) => u.status === 'ACTIVE');
    out.push({
      id: String(t.id),
      side: viewer,
      board: SPACE_BOARD,
      at: at.get(String(t.id))!,
      label: `TF ${t.counterNo}`,
      symbol: 'task-force',
      values: `${active.reduce((s, u) => s + num(u.attack), 0)}-${active.reduce((s, u) => s + num(u.defence), 0)}`,
      hidden: false,
      detail: {
        mission: t.mission ?? null,
        missionStatus: t.missionStatus ?? null,
        fatigue: t.fatigue ?? null,
        units: live.length,
        disorganisedGroup: t.disorganisedGroup ?? false,
      },
    });
    for (const u of live) {
      out.push({
        id: String(u.id),
        side: viewer,
        board: SPACE_BOARD,
        at: at.get(String(t.id))!,
        label: spaceData.unitTypes[String(u.type)]?.name ?? String(u.type),
        symbol: unitSymbol(u.kind),
        values: `${num(u.attack)}-${num(u.defence)}`,
        hidden: false,
        detail: {
          tf: t.id,
          status: u.status ?? null,
          sig: u.sig ?? null,
          esm: u.esm ?? null,
          thrust: u.thrust ?? null,
          carry: u.carry ?? null,
          supply: u.supply ?? null,
          marines: u.marines ?? 0,
        },
      });
    }
  }
  for (const u of list(own.offSystemUnits)) {
    const dep = obj(u.deployedAsBase);
    const where = str(dep.sector) ?? (u.box === 'DESTROYED' ? 'destroyed' : 'functional');
    const ty = spaceData.unitTypes[String(u.type)];
    out.push({
      id: String(u.id),
      side: viewer,
      board: SPACE_BOARD,
      at: where,
      label: ty?.name ?? String(u.type),
      symbol: u.deployedAsBase ? 'base' : unitSymbol(ty?.kind),
      ...(ty ? { values: `${ty.attack}-${ty.defence}` } : {}),
      hidden: false,
      detail: {
        status: u.status ?? null,
        ...(dep.segment !== undefined ? { segment: dep.segment, deployedAsBase: true } : {}),
      },
    });
  }
  for (const b of list(own.bases)) {
    if (b.status === 'DESTROYED' || b.offSystemBox === 'DESTROYED') {
      out.push(basePiece(b, 'destroyed', true));
      continue;
    }
    const carrier = str(b.carriedBy);
    out.push(
      basePiece(
        b,
        b.offSystemBox ? 'functional' : carrier ? (at.get(carrier) ?? OFFSYSTEM_BOX) : String(b.sector),
        true,
      ),
    );
  }

  // The other side's TF counters on the system map: the alias, side, sector and markers the view shows (H16).
  for (const t of list(map.tfs)) {
    if (ownIds.has(String(t.tf))) continue;
    out.push({
      id: String(t.tf),
      side: str(t.side) ?? null,
      board: SPACE_BOARD,
      at: String(t.sector),
      label: 'Task Force',
      symbol: 'task-force',
      hidden: true,
      detail: { detected: t.detected ?? null, arrived: t.arrived ?? null },
    });
  }
  const shown = new Set<string>();
  for (const b of list(map.bases)) {
    shown.add(String(b.id));
    out.push(basePiece(b, String(b.sector), false));
  }
  // H33: an announced new base shows only its sector.
  for (const a of list(map.announced)) {
    if (shown.has(String(a.id)) || (viewer !== null && a.side === viewer)) continue;
    shown.add(String(a.id));
    out.push({
      id: String(a.id),
      side: str(a.side) ?? null,
      board: SPACE_BOARD,
      at: String(a.sector),
      label: 'Announced base',
      symbol: 'base',
      hidden: true,
      detail: { announcedTurn: a.turn ?? null },
    });
  }
  return sortPieces(out);
}
