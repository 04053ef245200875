/**
 * The Space module's presentation over seeded bot games: every event gets a sentence from its
 * own data, no sentence or piece names a real TF id, the other side's record sheets stay off the
 * pieces (H16), the system map's sectors are all drawn apart with no adjacency (L1409), and every
 * default and bot order validates against its prompt kind's JSON Schema.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, Json, Piece, Prompt, Viewer } from '#engine/contract.js';
import {
  ajv,
  pieceProblems,
  placesOf,
  playBots,
  schemaProblems,
  textProblems,
  viewersOf,
} from '../../common/present/test-kit.js';
import { spaceData } from '../data/index.js';
import prefectSpace from '../module/index.js';
import type { SpaceGameState } from '../module/types.js';
import { placeOf } from './pieces.js';

const SIDES = ['TOG', 'CW'];
const REAL_TF = /(?<![a-z0-9-])(?:tog|cw)-(?:tf\d+(?:-t\d+)?|dis-s\d+-\d+-\d+)(?![a-z0-9-])/;
const seen = {
  events: [] as GameEvent[],
  prompts: [] as { p: Prompt; bot: Json }[],
  views: [] as { state: SpaceGameState; viewer: Viewer; view: Json; pieces: Piece[] }[],
};
const places = placesOf(prefectSpace.boards!('hold-the-line'));

beforeAll(() => {
  const games: [string, Record<string, Json>][] = [
    ['sw-1', {}],
    ['sw-2', {}],
    ['sw-3', {}],
    ['sw-4', { externalCombat: 'LEVIATHAN' }],
  ];
  for (const [seed, options] of games) {
    playBots(prefectSpace, 'hold-the-line', seed, options, (x) => {
      seen.events.push(...x.events);
      for (const p of x.prompts) seen.prompts.push({ p, bot: x.orders[p.side] });
      if (x.step % 3 === 0)
        for (const viewer of [...SIDES, null]) {
          const view = prefectSpace.view(x.state, viewer);
          seen.views.push({ state: x.state, viewer, view, pieces: prefectSpace.pieces!(view, viewer) });
        }
    });
  }
}, 120_000);

describe('Prefect Space presentation: texts', () => {
  it('every event type of the bot games has a sentence built from its own data, for every viewer it reaches', () => {
    const types = new Set(seen.events.map((e) => e.type));
    expect(types.size).toBeGreaterThan(20);
    for (const t of [
      'COMBAT',
      'SEGMENT_PLACED',
      'NSPACE_DETECTION',
      'tspace.arrival',
      'missions.assigned',
      'game.over',
      'external.open',
      'LEVIATHAN_RESULT',
    ])
      expect(types).toContain(t);
    const problems = seen.events.flatMap((e) => viewersOf(e, SIDES).flatMap((v) => textProblems(prefectSpace, e, v)));
    expect([...new Set(problems)].slice(0, 10)).toEqual([]);
  });

  it('H16: no sentence names a real TF id (they show the counter number and creation turn)', () => {
    for (const e of seen.events)
      for (const v of viewersOf(e, SIDES)) expect(prefectSpace.describeEvent!(e, v).text).not.toMatch(REAL_TF);
  });

  it('every prompt kind has its own sentence', () => {
    for (const { p } of seen.prompts)
      expect(prefectSpace.describePrompt!(p, p.side).key).toBe(`prefect-space.prompt.${p.kind}`);
    for (const k of prefectSpace.promptKinds!)
      expect(
        prefectSpace.describePrompt!(
          { side: 'CW', kind: k.kind, secret: true, description: '', defaultOrders: null },
          'CW',
        ).key,
      ).toBe(`prefect-space.prompt.${k.kind}`);
  });
});

describe('Prefect Space presentation: the Africannus board (D-06)', () => {
  const [board] = prefectSpace.boards!('hold-the-line');

  it('draws every sector once, named, with its body, and the off-system boxes and T-space track', () => {
    expect(board.hexes.map((h) => h.id).sort()).toEqual(spaceData.map.sectors.map((s) => s.id).sort());
    expect(board.hexes.find((h) => h.id === 's3-4')).toMatchObject({
      label: 'Ku Crassus',
      terrain: 'planet',
      features: expect.arrayContaining(['segments-10', 'zone-3']),
    });
    expect(board.boxes.map((b) => b.id)).toEqual(
      expect.arrayContaining(['OFFSYSTEM', 'tspace-0', 'tspace-12', 'functional', 'destroyed']),
    );
    expect(board.tracks.map((t) => t.id)).toEqual(['turn', 'tspace']);
    expect(board.tracks[0].spaces).toHaveLength(8);
  });

  it('no two sectors overlap (centres at least one hex apart)', () => {
    let min = Infinity;
    for (const a of board.hexes)
      for (const b of board.hexes) if (a !== b) min = Math.min(min, Math.hypot(a.x - b.x, a.y - b.y));
    expect(min).toBeGreaterThanOrEqual(2 - 1e-9);
  });

  it('L1409: no adjacency — the module offers moves to any sector, and the board lists no neighbours', () => {
    expect(board.hexes.every((h) => h.neighbors.length === 0)).toBe(true);
    const move = seen.prompts.find(({ p }) => p.kind === 'move' && JSON.stringify(p.choices).includes('ANY_SECTOR'));
    expect(move).toBeDefined();
  });
});

describe('Prefect Space presentation: pieces', () => {
  it("every piece is on a sector or box, once; own TFs at their place with values; the other side's hidden, without record sheet", () => {
    expect(seen.views.length).toBeGreaterThan(30);
    for (const { state, viewer, view, pieces } of seen.views) {
      expect(pieceProblems(pieces, places)).toEqual([]);
      const own = (view as { own: { tfs: { id: string; place: Json }[] } | null }).own?.tfs ?? [];
      for (const t of own)
        expect(pieces.find((p) => p.id === t.id)).toMatchObject({
          at: placeOf(t.place),
          hidden: false,
          values: expect.stringMatching(/^\d+-\d+$/),
        });
      const theirs = pieces.filter((p) => p.symbol === 'task-force' && p.side !== viewer);
      for (const p of theirs) {
        expect(p.hidden).toBe(true);
        expect(Object.keys(p.detail as object).sort()).toEqual(['arrived', 'detected']);
      }
      expect(theirs.map((p) => p.id)).toEqual(theirs.map((p) => p.id).sort((a, b) => a.localeCompare(b)));
      const json = JSON.stringify(pieces);
      expect(json).not.toMatch(REAL_TF);
      // H16: the units in the other side's TFs (its record sheet) are not on the pieces.
      for (const u of Object.values(state.units))
        if (u.side !== viewer && u.tf) expect(json.includes(`"${u.id}"`)).toBe(false);
    }
  });
});

describe('Prefect Space presentation: orders schemas', () => {
  const validators = new Map(
    (prefectSpace.promptKinds ?? []).map((k) => [k.kind, ajv().compile(k.ordersSchema as object)]),
  );

  it("default and bot orders of every prompt in the bot games validate against its prompt kind's schema", () => {
    const { problems, kinds } = schemaProblems(validators, seen.prompts);
    expect(problems).toEqual([]);
    expect(kinds).toContain('external-result');
    expect(kinds.size).toBeGreaterThanOrEqual(8);
  });

  it('the combat plan is described in full (not left open) and an unknown key is refused', () => {
    const v = validators.get('combat-plan')!;
    expect(v({ kind: 'combat-plan', plan: { tfs: [] } })).toBe(true);
    expect(v({ kind: 'combat-plan', plan: { tfs: [{ tf: 'tf_x', bogus: 1 }] } })).toBe(false);
    expect(v({ kind: 'combat-plan' })).toBe(false);
    expect(validators.get('missions')!({ kind: 'missions', missions: [], extra: true })).toBe(false);
  });
});

describe('Prefect Space presentation: situation', () => {
  it('names the turn, half, phasing side and step of the view, on the system map (D-53)', () => {
    const steps = new Set<string>();
    for (const { state, viewer, view } of seen.views) {
      const s = prefectSpace.situation!(view, viewer);
      expect(s.board).toBe('africannus');
      expect(s.text.params.step).toBe(state.step);
      expect(s.text.text).toMatch(new RegExp(`^Turn ${state.turn}, half ${state.half} \\((TOG|CW) phasing\\): `));
      expect(s.text.text).not.toMatch(REAL_TF);
      steps.add(state.step);
    }
    expect(steps.size).toBeGreaterThanOrEqual(3);
  });
});

describe('Prefect Space presentation: orbits', () => {
  it("publishes one orbit per zone with sectors, and every sector centre lies on its zone's orbit (L982-984, D-06)", () => {
    const board = prefectSpace.boards!('hold-the-line')[0];
    const zones = spaceData.map.zones.filter((z) => z.sectors > 0).map((z) => z.zone);
    expect(board.circles?.map((c) => c.label)).toEqual(zones.map((z) => `Zone ${z}`));
    for (const h of board.hexes) {
      const zone = Number(h.features!.find((f) => f.startsWith('zone-'))!.slice(5));
      const orbit = board.circles!.find((c) => c.label === `Zone ${zone}`)!;
      expect(Math.abs(Math.hypot(h.x - orbit.x, h.y - orbit.y) - orbit.r)).toBeLessThan(0.01);
    }
  });
});
