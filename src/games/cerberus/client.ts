/**
 * Cerberus for clients with no rules of their own: the globe as a drawable board (4.9), the
 * counters of a view as pieces, and the orders schemas of each prompt kind. Everything here is
 * derived from data/ and from a view already redacted for its viewer; nothing reads the state.
 */
import { ignoreOverride, zodToJsonSchema } from 'zod-to-json-schema';
import type { z } from 'zod';
import type { BoardBox, BoardGeometry, BoardHex, Json, Piece, Viewer } from '#engine/contract.js';
import { mapData, unitsData } from './data/index.js';
import * as orders from './orders.js';

export const BOARD_ID = 'cerberus';
const SQRT3 = Math.sqrt(3);
const COLS = mapData.grid.cols;
const ROWS = mapData.grid.rows;

/** Off-map boxes are per side (2.6): `HUMAN:FLEET`, `CETIAN:SYSTEM`..., and each side's Destroyed box and turn track. */
export const boxId = (side: string, box: string) => `${side}:${box}`;

const SIDE_NAMES: Record<string, string> = { HUMAN: 'Human', CETIAN: 'Cetian' };
const BOX_TITLES: Record<string, string> = {
  FLEET: 'Fleet',
  FLEET_SF: 'Fleet (Special Forces)',
  EARTH: 'Earth',
  SYSTEM: 'System',
  TAU_CETI: 'Tau Ceti',
  DESTROYED: 'Destroyed',
  TURN_TRACK: 'Turn track (arriving)',
};

/**
 * Hex centres (pointy-top, outer radius 1): rows 1.5 apart, even rows shifted half a hex east
 * (map.json grid.layout), the Poles centred above row 01 and below row 19. Curvature gaps are
 * hexes that do not exist, so a client draws the gap by drawing nothing there (4.94).
 */
function centre(h: { row: number; col: number | null }): { x: number; y: number } {
  if (h.col === null) return { x: (COLS / 2) * SQRT3, y: h.row === 0 ? 0 : (ROWS + 1) * 1.5 };
  return { x: SQRT3 * (h.col - 1 + (h.row % 2 === 0 ? 0.5 : 0)), y: 1.5 * h.row }; // columns are 01-30
}

function hexOf(h: (typeof mapData.hexes)[number]): BoardHex {
  const features: string[] = [];
  if (h.pole) features.push(`pole-${h.pole.toLowerCase()}`);
  if (h.double) features.push('double-hex');
  if (h.partialWater) features.push('partial-water');
  if (h.resource !== null) features.push('resource');
  if (h.storm) features.push(`storm-generation-${h.storm.no}`);
  if (h.continent) features.push(`continent-${h.continent.toLowerCase()}`);
  const { x, y } = centre(h);
  return {
    id: h.id,
    x: Math.round(x * 1e4) / 1e4,
    y,
    terrain: h.terrain.toLowerCase(),
    features,
    neighbors: [...h.neighbors],
    ...(h.resource !== null ? { label: `resource ${h.resource}` } : {}),
  };
}

let board: BoardGeometry | null = null;

/** The one board of the campaign: the globe and every side's off-map boxes (2.6, 4.9). */
export function boards(): BoardGeometry[] {
  if (!board) {
    const boxes: BoardBox[] = [];
    for (const side of ['HUMAN', 'CETIAN']) {
      const own = unitsData.boxes.filter((b) => b.side === side).map((b) => b.id as string);
      for (const id of [...own, 'DESTROYED', 'TURN_TRACK'])
        boxes.push({ id: boxId(side, id), title: `${SIDE_NAMES[side]} ${BOX_TITLES[id] ?? id}` });
    }
    board = {
      id: BOARD_ID,
      title: 'Cerberus (the globe)',
      orientation: 'pointy',
      hexes: mapData.hexes.map(hexOf),
      boxes,
      tracks: [
        {
          id: 'turn',
          title: 'Game turn',
          spaces: Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), label: `Turn ${i + 1}` })),
        },
      ],
      wrapX: COLS * SQRT3,
      notes:
        'The globe wraps east-west (column 30 touches column 01). The North Pole (0000) and the South Pole (2000) are single hexes touching every hex listed as their neighbours. Rows 01-04 and 16-19 have curvature gaps: missing hexes, whose neighbours join across the gap (4.94); rows 05 and 15 hold double hexes. Neighbours follow the default reading of 4.93 (option northPoleNeighbor 0128).',
    };
  }
  return [board];
}

/** NATO-ish symbol names per unit class (data/units.json classes). */
const SYMBOLS: Record<string, string> = {
  INFANTRY: 'infantry',
  MOBILE: 'armor',
  HEAVY_WEAPONS: 'artillery',
  TRANSPORT: 'transport',
  SF: 'special-forces',
  BASE: 'base',
  SPACEPORT: 'spaceport',
  EFIELD: 'airfield',
};

interface ViewUnit {
  id: string;
  side: string;
  cls: string;
  typeId: string;
  designation: string;
  attack: number;
  defense: number;
  movement: number;
  box: string;
  hex: string | null;
  faceDown: boolean;
  outOfSupply: boolean;
  reduced: boolean;
  supplies: number;
  disrupted: unknown;
  due: number | null;
}
interface ViewSide {
  units?: ViewUnit[];
  faceDown?: { opaqueId: string; hex: string }[];
  boxCounts?: Record<string, number>;
}

/**
 * The counters of a Cerberus view: units the viewer may identify with their printed values,
 * face-down enemy counters under the opaque ids the view gives them, and for boxes the viewer
 * may not look into one stack piece per box carrying only the count the view shows.
 */
export function pieces(view: Json, _viewer: Viewer): Piece[] {
  const sides = ((view as { sides?: Record<string, ViewSide> } | null)?.sides ?? {}) as Record<string, ViewSide>;
  const out: Piece[] = [];
  for (const [side, s] of Object.entries(sides)) {
    for (const u of s.units ?? []) {
      out.push({
        id: u.id,
        side,
        board: BOARD_ID,
        at: u.box === 'MAP' && u.hex ? u.hex : boxId(side, u.box),
        label: u.designation,
        symbol: SYMBOLS[u.cls] ?? u.cls.toLowerCase(),
        values: `${u.attack}-${u.defense}-${u.movement}`,
        hidden: false,
        detail: {
          typeId: u.typeId,
          faceDown: u.faceDown,
          outOfSupply: u.outOfSupply,
          reduced: u.reduced,
          supplies: u.supplies,
          disrupted: u.disrupted != null,
          ...(u.due != null ? { due: u.due } : {}),
        },
      });
    }
    for (const f of s.faceDown ?? [])
      out.push({ id: f.opaqueId, side, board: BOARD_ID, at: f.hex, label: '?', hidden: true });
    for (const [box, count] of Object.entries(s.boxCounts ?? {})) {
      out.push({
        id: `${boxId(side, box)}:stack`,
        side,
        board: BOARD_ID,
        at: boxId(side, box),
        label: `${count} unit${count === 1 ? '' : 's'}`,
        hidden: true,
        detail: { count },
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- orders schemas

const HEX_REF = orders.hexIdSchema._def;
const UNIT_REF = orders.unitIdSchema._def;

/** JSON Schema (draft-07) of one order schema; hex and unit id strings carry x-warpost-ref. */
function jsonSchemaOf(schema: z.ZodTypeAny): Json {
  return zodToJsonSchema(schema, {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
    override: (def) => {
      if (def === HEX_REF) return { type: 'string', pattern: '^\\d{4}$', 'x-warpost-ref': 'hex' } as never;
      if (def === UNIT_REF) return { type: 'string', minLength: 1, maxLength: 64, 'x-warpost-ref': 'piece' } as never;
      return ignoreOverride;
    },
  }) as Json;
}

const BY_KIND: Record<string, z.ZodTypeAny> = {
  'setup-cetian': orders.CetianSetupOrderSchema,
  'setup-human': orders.HumanSetupOrderSchema,
  'major-effort': orders.MajorEffortOrderSchema,
  'strategic-human': orders.HumanStrategicOrderSchema,
  'strategic-cetian': orders.CetianStrategicOrderSchema,
  'phase-plan': orders.PhasePlanOrderSchema,
  losses: orders.LossesOrderSchema,
};

const schemas = new Map<string, Json>();
export function ordersSchema(kind: string): Json | undefined {
  if (!BY_KIND[kind]) return undefined;
  if (!schemas.has(kind)) schemas.set(kind, jsonSchemaOf(BY_KIND[kind]));
  return schemas.get(kind);
}
