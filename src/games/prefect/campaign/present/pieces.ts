/**
 * The counters of a Campaign view: the Planetary view's pieces on Ku Crassus and the Space
 * view's on Africannus (each with its own secrets), and the GS / OD boxes of the ten zones (H39)
 * on the Ku Crassus board — the viewer's own counters moved into the box they sit in, the
 * enemy's as the `boxVisibility` option shows them (types, or only a count). The viewer's ground
 * units aboard transports (his record sheet, L2307) sit with the transport on the system map.
 */
import type { Json, Piece, Viewer } from '#engine/contract.js';
import { PLANET_BOARD } from '../../planetary/index.js';
import { sortPieces } from '../../common/public-order.js';
import { planetaryPieces } from '../../planetary/index.js';
import { spacePieces } from '../../space/index.js';
import { OFFSYSTEM_BOX, SPACE_BOARD } from '../../space/index.js';

type Obj = Record<string, Json>;
const obj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: Json | undefined): Obj[] => (Array.isArray(v) ? v.map(obj) : []);

export const gsBox = (zone: number | string): string => `gs-zone-${zone}`;
export const odBox = (zone: number | string): string => `od-zone-${zone}`;

/** The enemy's part of one zone's boxes as the option shows it. */
function enemyBoxPieces(zone: string, side: string | null, shown: Obj): Piece[] {
  const out: Piece[] = [];
  const tag = side ?? 'enemy';
  list(shown.gs).forEach((g, i) =>
    out.push({
      id: `gs-z${zone}-${tag}-${i + 1}`,
      side,
      board: PLANET_BOARD,
      at: gsBox(zone),
      label: String(g.type),
      symbol: 'ship',
      hidden: false,
      detail: { attack: g.attack ?? null },
    }),
  );
  list(shown.od).forEach((o, i) =>
    out.push({
      id: `od-z${zone}-${tag}-${i + 1}`,
      side,
      board: PLANET_BOARD,
      at: odBox(zone),
      label: String(o.transport),
      symbol: 'transport',
      hidden: false,
      detail: { units: o.units ?? [] },
    }),
  );
  for (const [k, box, what] of [
    ['gsCount', gsBox(zone), 'GS'],
    ['odCount', odBox(zone), 'OD'],
  ] as const) {
    const n = shown[k];
    if (typeof n === 'number' && n > 0)
      out.push({
        id: `${what.toLowerCase()}-z${zone}-${tag}`,
        side,
        board: PLANET_BOARD,
        at: box,
        label: `${n} ${what} counter(s)`,
        symbol: 'marker',
        hidden: true,
        detail: { count: n },
      });
  }
  return out;
}

export function campaignPieces(view: Json, viewer: Viewer): Piece[] {
  const v = obj(view);
  const pieces = [...planetaryPieces(v.ground ?? null, viewer), ...spacePieces(v.space ?? null, viewer)];
  const byId = new Map(pieces.map((p) => [`${p.board}|${p.id}`, p]));
  const move = (board: string, id: string, to: { board: string; at: string }, detail: Obj): void => {
    const p = byId.get(`${board}|${id}`);
    if (!p) return;
    byId.delete(`${board}|${id}`);
    p.board = to.board;
    p.at = to.at;
    p.detail = { ...obj(p.detail ?? null), ...detail };
    byId.set(`${p.board}|${p.id}`, p);
  };
  const extra: Piece[] = [];
  for (const [zone, raw] of Object.entries(obj(v.boxes))) {
    const z = obj(raw);
    if (viewer === null) {
      for (const side of ['TOG', 'CW']) extra.push(...enemyBoxPieces(zone, side, obj(z[side])));
      continue;
    }
    const own = obj(z.own);
    for (const g of list(own.gs))
      move(
        SPACE_BOARD,
        String(g.unit),
        { board: PLANET_BOARD, at: gsBox(zone) },
        { zone: Number(zone), gsTf: g.tf ?? null },
      );
    for (const o of list(own.od)) {
      move(
        SPACE_BOARD,
        String(o.transport),
        { board: PLANET_BOARD, at: odBox(zone) },
        { zone: Number(zone), supply: o.supply ?? 0 },
      );
      for (const u of Array.isArray(o.units) ? o.units : [])
        move(PLANET_BOARD, String(u), { board: PLANET_BOARD, at: odBox(zone) }, { zone: Number(zone) });
    }
    extra.push(...enemyBoxPieces(zone, viewer === 'TOG' ? 'CW' : 'TOG', obj(z.enemy)));
  }
  for (const c of list(v.cargo)) {
    const t = Array.isArray(c.transports) ? String(c.transports[0]) : '';
    const carrier = byId.get(`${SPACE_BOARD}|${t}`);
    move(
      PLANET_BOARD,
      String(c.unit),
      { board: carrier?.board ?? SPACE_BOARD, at: carrier?.at ?? OFFSYSTEM_BOX },
      { aboard: c.transports ?? [] },
    );
  }
  return sortPieces([...byId.values(), ...extra]);
}
