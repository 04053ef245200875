/**
 * The Africannus system map (D-06, data/africannus.json) as a BoardGeometry. The space map is no
 * hex map: it is zones (rings round the Sun) cut into sectors, and a body's orbital segments
 * inside a sector. Each sector is drawn as one hex on the ring of its zone; segments are a
 * piece's `detail.segment`. Intra-system movement goes from any sector to any other (L1409), so
 * sectors have no neighbours; the off-system zone, the T-space track and the off-system boxes
 * (L1022-1028) are boxes.
 */
import type { BoardBox, BoardCircle, BoardGeometry, BoardHex, BoardTrack } from '#engine/contract.js';
import { turnTrack } from '../../common/present/tracks.js';
import { spaceData } from '../data/index.js';
import { SEGMENTS } from '../types.js';

export const SPACE_BOARD = 'africannus';
/** T-space spaces drawn: 12 and more turns share the last one (the travel-time modifier is −3 from 12 turns on, L1374-1381). */
export const TSPACE_SPACES = 12;
export const tspaceBox = (turns: number): string => `tspace-${Math.min(Math.max(0, turns), TSPACE_SPACES)}`;

const round = (v: number): number => Math.round(v * 1000) / 1000;
/** Ring radius of a zone, in hex radii: wide enough that the 20 sectors of zone 7 do not touch. */
const ringRadius = (zone: number): number => 2 + 2 * zone;

/** The off-system zone's box: named as orders name the place (a withdrawal's `destination`), so a click fills it. */
export const OFFSYSTEM_BOX = 'OFFSYSTEM';

export const SPACE_BOXES: BoardBox[] = [
  { id: OFFSYSTEM_BOX, title: 'Off-system zone (Task Forces outside the system)' },
  ...Array.from({ length: TSPACE_SPACES + 1 }, (_, i) => ({
    id: `tspace-${i}`,
    title: `T-space track, ${i === TSPACE_SPACES ? `${i}+` : i} turn(s)`,
  })),
  { id: 'functional', title: 'Off-system Functional box (units without a TF)' },
  { id: 'destroyed', title: 'Off-system Destroyed box' },
];

export function sectorHexes(): BoardHex[] {
  const perZone = new Map(spaceData.map.zones.map((z) => [z.zone, z.sectors]));
  return spaceData.map.sectors.map((s) => {
    const n = perZone.get(s.zone) ?? 1;
    const a = (2 * Math.PI * (s.index - 1)) / n;
    const r = ringRadius(s.zone);
    const kind = s.body?.kind ?? 'NONE';
    return {
      id: s.id,
      x: round(r * Math.cos(a)),
      y: round(r * Math.sin(a)),
      terrain: kind === 'NONE' ? 'space' : kind.toLowerCase(),
      features: [`zone-${s.zone}`, `segments-${SEGMENTS[kind]}`, ...(s.body ? [`body:${s.body.name}`] : [])],
      neighbors: [],
      label: s.name ?? `(${s.zone},${s.index})`,
    };
  });
}

const tspaceTrack: BoardTrack = {
  id: 'tspace',
  title: 'T-space track (turns in T-space)',
  spaces: Array.from({ length: TSPACE_SPACES + 1 }, (_, i) => ({
    id: `tspace-${i}`,
    label: i === TSPACE_SPACES ? `${i}+` : String(i),
  })),
};

/** The orbit of each zone with sectors (1-7, L982-984), on which its sectors are drawn. */
const orbits = (): BoardCircle[] =>
  spaceData.map.zones
    .filter((z) => z.sectors > 0)
    .map((z) => ({ x: 0, y: 0, r: ringRadius(z.zone), label: `Zone ${z.zone}` }));

export function spaceBoard(turns: number): BoardGeometry {
  return {
    id: SPACE_BOARD,
    title: spaceData.map.name,
    orientation: 'pointy',
    hexes: sectorHexes(),
    boxes: SPACE_BOXES,
    tracks: [turnTrack(turns), tspaceTrack],
    circles: orbits(),
    notes:
      'Not a hex map: the Sun is at 0,0 and zone z (1-7) is a ring of radius 2+2z (its orbit, in circles) with its sectors (6+2z of them) evenly spaced, ' +
      'sector (z,1) due east, counting toward +y; each sector is one hex, id s<zone>-<index>, label its name or (zone,index). ' +
      'Zones 8-10 have no sectors and are not drawn. terrain is the body (planet, planetoid, asteroid) or space; features give zone-N, ' +
      'segments-N (orbital segments of the body, L1002) and body:<name>. neighbors are empty: a move goes from any sector to any other (L1409). ' +
      "A piece in a body's orbital segment carries detail.segment. Boxes: off-system zone, T-space spaces tspace-0..tspace-12 (12 = 12 or more), Functional and Destroyed boxes.",
  };
}
