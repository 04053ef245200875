/**
 * Small hand-built states for the rules tests (not used by rules code): TFs, disorganised
 * units and bases on a small fixture map (`useFixtureMap`), with the data pack's unit types,
 * terrain, CRT and scenario data, so no scenario set-up is needed.
 */
import { DEFAULT_OPTIONS } from './module/options.js';
import { RecordingDice } from '#engine/dice.js';
import { offsetGrid } from '#engine/hexgrid.js';
import { reconstructed } from '#engine/tables.js';
import { packData, rulesData, useRulesData, type RulesData } from './rules-data.js';
import type {
  Base,
  CombatResultsTable,
  GroundUnit,
  LegionBaseClass,
  MapHex,
  Organisation,
  PrefectOptions,
  PrefectState,
  Side,
  TaskForce,
} from './types.js';

export interface TestTf {
  id: string;
  side: Side;
  hex: string;
  /** Unit type ids, or { id, type } to name the unit. */
  units: (string | { id: string; type: string })[];
  org?: string;
  counter?: number;
  fatigue?: TaskForce['fatigue'];
  mode?: TaskForce['mode'];
  detected?: boolean;
  movedLafThisTurn?: boolean;
  independent?: boolean;
}

export interface TestSpec {
  options?: Partial<PrefectOptions>;
  turn?: number;
  maxTurns?: number;
  attacker?: Side;
  tfs?: TestTf[];
  disorganised?: { id: string; type: string; side: Side; hex: string; org?: string; under?: string }[];
  destroyed?: { id: string; type: string; side: Side; org?: string }[];
  bases?: { id: string; side: Side; type: LegionBaseClass; hex: string; supply?: number; status?: Base['status'] }[];
  hqSupply?: Record<string, number>;
  urban?: Record<string, Side | null>;
}

const defaultOrg = (side: Side): string => (side === 'TOG' ? 'tog-legion' : 'cw-legion');

export function makeTestState(spec: TestSpec = {}): PrefectState {
  const orgs: Record<string, Organisation> = {
    'tog-legion': { id: 'tog-legion', side: 'TOG', kind: 'LEGION', name: 'TOG Legion', countersInUse: [] },
    'cw-legion': { id: 'cw-legion', side: 'CW', kind: 'LEGION', name: 'CW Legion', countersInUse: [] },
    'cw-auxilia': { id: 'cw-auxilia', side: 'CW', kind: 'AUXILIA', name: 'CW Auxilia', countersInUse: [] },
  };
  const state: PrefectState = {
    module: 'prefect',
    version: 1,
    scenario: 'liberation',
    // The digest's suggested defaults (D-07, D-28, D-29, D-04, D-19, D-40, D-20), pinned so the
    // rule tests do not move if the module's defaults change; tests override per case.
    options: {
      ...DEFAULT_OPTIONS,
      legionTfLimit: 18,
      lafSaveModifier: 2,
      engineerLiteral: false,
      baseDetectionSign: -1,
      revealMode: 'TABLETOP',
      deliveriesAfterSpending: false,
      terrainDecoupled: false,
      ...spec.options,
    },
    turn: spec.turn ?? 1,
    maxTurns: spec.maxTurns ?? 10,
    attacker: spec.attacker ?? 'TOG',
    step: 'MOVEMENT',
    units: {},
    tfs: {},
    orgs,
    bases: {},
    urban: spec.urban ?? {},
    hqSupply: spec.hqSupply ?? {},
    tempo: { TOG: 0, CW: 0 },
    detections: [],
    availableBases: [],
    seq: 1,
    destroyedCombat: { TOG: 0, CW: 0 },
  };
  const unit = (id: string, type: string, side: Side, org: string, rest: Partial<GroundUnit>): GroundUnit => {
    if (!rulesData().unitTypes[type]) throw new RangeError(`unknown unit type '${type}'`);
    const u: GroundUnit = { id, type, side, org, status: 'ACTIVE', ...rest };
    state.units[id] = u;
    return u;
  };
  const counters: Record<string, number> = {};
  for (const t of spec.tfs ?? []) {
    const org = t.org ?? defaultOrg(t.side);
    const counter = t.counter ?? (counters[org] = (counters[org] ?? 0) + 1);
    state.tfs[t.id] = {
      id: t.id,
      side: t.side,
      org,
      counter,
      hex: t.hex,
      mode: t.mode ?? 'COMBAT',
      fatigue: t.fatigue ?? 0,
      movedThisTurn: false,
      movedLafThisTurn: t.movedLafThisTurn ?? false,
      attackedThisTurn: false,
      detected: t.detected ?? false,
      ...(t.independent ? { independent: true } : {}),
    };
    if (!t.independent) orgs[org].countersInUse.push(counter);
    t.units.forEach((x, i) => {
      const { id, type } = typeof x === 'string' ? { id: `${t.id}.${i + 1}`, type: x } : x;
      unit(id, type, t.side, org, { tf: t.id });
    });
  }
  for (const d of spec.disorganised ?? [])
    unit(d.id, d.type, d.side, d.org ?? defaultOrg(d.side), {
      status: 'DISORGANISED',
      hex: d.hex,
      ...(d.under ? { under: d.under } : {}),
    });
  for (const d of spec.destroyed ?? [])
    unit(d.id, d.type, d.side, d.org ?? defaultOrg(d.side), { status: 'DESTROYED' });
  for (const b of spec.bases ?? []) {
    state.bases[b.id] = {
      id: b.id,
      side: b.side,
      originalSide: b.side,
      type: b.type,
      hex: b.hex,
      status: b.status ?? 'ACTIVE',
      supply: b.supply ?? 0,
      deliveredThisTurn: 0,
      rebuildsThisTurn: 0,
    };
  }
  return state;
}

/**
 * The CRT the fixture uses (columns 1:2 … 5:1, rows = d10 1..10, "aMod[flag]/dMod[flag]"): a
 * copy of the designed table at the time the tests were written, so rule tests do not move
 * when the data pack's table is refined. The rulebook cells (T-P09, T-P10, T-C02) are checked
 * against the data pack itself in combat.test.ts.
 */
const TEST_CRT_ROWS = [
  '-3CA/3 -3CA/2 -2AR/2 -2AR/2 -1AR/1 -1/1 0/1 0/0',
  '-3CA/2 -2AR/2 -2AR/2 -1AR/1 -1/1 0/1 0/0 1/-1',
  '-2AR/2 -2AR/2 -1AR/1 -1/1 0/1 0/0 1/-1 1/-1DR',
  '-2AR/2 -1AR/1 -1/1 0/1 0/0 1/-1 1/-1DR 1/-2DR',
  '-1AR/1 -1/1 0/1 0/0 1/-1 1/-1DR 1/-2DR 2/-2DR',
  '-1/1 0/1 0/0 1/-1 1/-1DR 1/-2DR 2/-2DR 2/-2BT',
  '0/1 0/0 1/-1 1/-1DR 1/-2DR 2/-2DR 2/-2BT 2/-3BT',
  '0/0 1/-1 1/-1DR 1/-2DR 2/-2DR 2/-2BT 2/-3BT 3/-3BT',
  '1/-1 1/-1DR 1/-2DR 2/-2DR 2/-2BT 2/-3BT 3/-3BT 3/-4BT',
  '1/-1DR 1/-2DR 2/-2DR 2/-2BT 2/-3BT 3/-3BT 3/-4BT 3/-4BT',
];
const TEST_CRT: CombatResultsTable = {
  columns: ['1:2', '2:3', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1'],
  rows: TEST_CRT_ROWS.map((r) =>
    r.split(' ').map((cell) => {
      const [a, d] = cell.split('/');
      const num = (x: string) => Number(x.replace(/[A-Z]+$/, ''));
      const flag = (x: string) => x.match(/[A-Z]+$/)?.[0];
      return {
        a: num(a),
        d: num(d),
        ...(flag(a) ? { aFlag: flag(a) as 'AR' | 'CA' } : {}),
        ...(flag(d) ? { dFlag: flag(d) as 'DR' | 'BT' } : {}),
      };
    }),
  ),
  fixtures: [],
  provenance: reconstructed('test fixture: a copy of the designed planetary CRT (D-02)'),
};

/** Hex id of the fixture map: row and column, two digits each ("0404"). */
export const hx = (row: number, col: number): string =>
  `${String(row).padStart(2, '0')}${String(col).padStart(2, '0')}`;

export interface FixtureMapSpec {
  rows?: number;
  cols?: number;
  /** Terrain types per hex (default ['clear']). */
  terrain?: Record<string, string[]>;
  water?: Record<string, MapHex['water']>;
  /** Urban area id → its hexes (terrain 'urban' is added). */
  urban?: Record<string, string[]>;
}

/**
 * A small odd-r rectangle (9 × 9 by default, engine offsetGrid) with the data pack's terrain,
 * unit types, bases, CRT and scenarios: worked examples need exact terrain around a few hexes,
 * which the designed Ku Crassus map cannot promise. Install it with `useFixtureMap` in a test.
 */
export function fixtureData(spec: FixtureMapSpec = {}): RulesData {
  const pack = packData();
  const graph = offsetGrid({ rows: spec.rows ?? 9, cols: spec.cols ?? 9, layout: 'odd-r', id: hx });
  const areaOf = new Map<string, string>();
  for (const [area, hexes] of Object.entries(spec.urban ?? {})) for (const h of hexes) areaOf.set(h, area);
  const hexes = new Map<string, MapHex>();
  for (const id of graph.ids()) {
    const p = graph.offsetOf(id);
    const area = areaOf.get(id);
    const terrain = [...(spec.terrain?.[id] ?? ['clear'])];
    if (area && !terrain.includes('urban')) terrain.push('urban');
    hexes.set(id, {
      id,
      zone: 1,
      terrain,
      water: spec.water?.[id] ?? 'NONE',
      parts: [{ row: p.row, col: p.col }],
      neighbours: [...graph.neighbors(id)],
      ...(area ? { urbanArea: area } : {}),
    });
  }
  return {
    ...pack,
    crt: TEST_CRT,
    map: {
      urbanAreas: Object.entries(spec.urban ?? {}).map(([id, hs]) => ({
        id,
        name: id,
        hexes: hs,
        provenance: reconstructed('test fixture'),
      })),
    },
    graph,
    hex: (id) =>
      hexes.get(id) ??
      (() => {
        throw new RangeError(`unknown hex '${id}'`);
      })(),
  };
}

/** Tests: rules read the fixture map until `useRulesData(null)`. */
export function useFixtureMap(spec: FixtureMapSpec = {}): RulesData {
  const d = fixtureData(spec);
  useRulesData(d);
  return d;
}

export const neighbours = (hex: string): string[] => [...rulesData().hex(hex).neighbours];

/** Test dice answering by label prefix (detections, the combat roll, saves; `fallback` otherwise), recorded like engine dice. */
export class LabelDice extends RecordingDice {
  constructor(
    private readonly values: Record<string, number>,
    private readonly fallback = 1,
  ) {
    super();
  }
  protected next(sides: number, label: string): number {
    const key = Object.keys(this.values).find((k) => label.startsWith(k));
    return Math.min(sides, key ? this.values[key] : this.fallback);
  }
}
export const labelDice = (values: Record<string, number>, fallback = 1): LabelDice => new LabelDice(values, fallback);
