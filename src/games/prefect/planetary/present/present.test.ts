/**
 * The Planetary module's presentation over seeded bot games (planned and interactive play,
 * TABLETOP and STRICT reveal): every event gets a sentence from its own data, no sentence or
 * piece tells a viewer a hidden id or organisation, the board's adjacency is the rules' (L343-357),
 * and every default and bot order validates against its prompt kind's JSON Schema.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, Json, Piece, Prompt, Viewer } from '#engine/contract.js';
import prefect from '../module/index.js';
import { hexGraph } from '../map.js';
import { owedAt } from '../module/sequence.js';
import type { PrefectState } from '../types.js';
import { hiddenIds } from '../module/view.js';
import { PLANET_WRAP_X } from './boards.js';
import { ACCEPTS } from './orders-schema.js';
import {
  ajv,
  pieceProblems,
  placesOf,
  playBots,
  schemaProblems,
  textProblems,
  viewersOf,
} from '../../common/present/test-kit.js';

const SIDES = ['TOG', 'CW'];
const GAMES: { seed: string; options: Record<string, Json> }[] = [
  { seed: 'pw-1', options: {} },
  { seed: 'pw-2', options: {} },
  { seed: 'pw-3', options: { revealMode: 'STRICT', interleave: 'interactive' } },
  { seed: 'pw-4', options: { revealMode: 'STRICT', setupPlacement: 'sealed' } },
  { seed: 'pw-5', options: { externalCombat: 'CENTURION' } }, // D-87: the external-result prompt and events
];
const REAL_TF = /tf-[a-z0-9-]+?-\d+-\d+(?![a-z0-9-])/;
const hiddenCache = new WeakMap<PrefectState, Map<Viewer, Set<string>>>();
/** hiddenIds, once per state and viewer (it hashes every unit). */
function hiddenOf(s: PrefectState, v: Viewer): Set<string> {
  let m = hiddenCache.get(s);
  if (!m) hiddenCache.set(s, (m = new Map()));
  let h = m.get(v);
  if (!h) m.set(v, (h = new Set(hiddenIds(s, v).keys())));
  return h;
}
const names = (text: string, ids: Iterable<string>): string[] =>
  [...ids].filter((id) => new RegExp(`(^|[^a-z0-9-])${id.replace(/[-]/g, '\\-')}($|[^a-z0-9-])`).test(text));

interface Seen {
  events: { e: GameEvent; prev: PrefectState; state: PrefectState }[];
  prompts: { p: Prompt; bot: Json; state: PrefectState }[];
  views: { state: PrefectState; viewer: Viewer; pieces: Piece[]; view: Json }[];
}
const seen: Seen = { events: [], prompts: [], views: [] };
const places = placesOf(prefect.boards!('liberation'));

beforeAll(() => {
  for (const g of GAMES) {
    playBots(prefect, 'liberation', g.seed, g.options, (x) => {
      for (const e of x.events) seen.events.push({ e, prev: x.prev, state: x.state });
      for (const p of x.prompts) seen.prompts.push({ p, bot: x.orders[p.side], state: x.prev });
      if (x.step % 7 === 0)
        for (const viewer of [...SIDES, null]) {
          const view = prefect.view(x.state, viewer);
          seen.views.push({ state: x.state, viewer, view, pieces: prefect.pieces!(view, viewer) });
        }
    });
  }
}, 120_000);

describe('Prefect Planetary presentation: texts', () => {
  it('every event type of the bot games has a sentence built from its own data, for every viewer it reaches', () => {
    const types = new Set(seen.events.map((x) => x.e.type));
    expect(types.size).toBeGreaterThan(30);
    for (const t of [
      'combat',
      'detection',
      'move.begin',
      'retreat',
      'tempo',
      'turn',
      'game.over',
      'supply.delivered',
      'counter.attack',
      'external.open',
      'external.agreed',
    ])
      expect(types).toContain(t);
    const problems = seen.events.flatMap(({ e }) => viewersOf(e, SIDES).flatMap((v) => textProblems(prefect, e, v)));
    expect([...new Set(problems)].slice(0, 10)).toEqual([]);
  });

  it('H1, H14: no sentence for the other side (or a spectator) names a real TF id, a hidden unit or an organisation', () => {
    let checked = 0;
    for (const { e, prev, state } of seen.events) {
      for (const v of viewersOf(e, SIDES)) {
        const text = prefect.describeEvent!(e, v).text;
        expect(text).not.toMatch(REAL_TF);
        const before = hiddenOf(prev, v);
        const hidden = [...hiddenOf(state, v)].filter((id) => before.has(id));
        const orgs = Object.values(state.orgs)
          .filter((o) => o.side !== v)
          .map((o) => o.id);
        expect(names(text, [...hidden, ...orgs])).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('every prompt has its own sentence naming the owing side', () => {
    const kinds = new Set<string>();
    for (const { p } of seen.prompts) {
      const t = prefect.describePrompt!(p, p.side);
      expect(t.key).toBe(`prefect.prompt.${p.kind}`);
      expect(t.text.startsWith(`${p.side}:`)).toBe(true);
      kinds.add(p.kind);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(12);
    for (const k of prefect.promptKinds!)
      expect(
        prefect.describePrompt!(
          { side: 'TOG', kind: k.kind, secret: true, description: '', defaultOrders: null },
          'TOG',
        ).key,
      ).toBe(`prefect.prompt.${k.kind}`);
  });

  it('an unknown event type gets the fallback key, not a made-up sentence', () => {
    expect(prefect.describeEvent!({ type: 'no.such', data: {} }, null)).toEqual({
      key: 'prefect.event.unknown',
      params: { type: 'no.such' },
      text: 'Event no.such.',
    });
  });
});

describe('Prefect Planetary presentation: board (D-05, L343-357)', () => {
  const [board] = prefect.boards!('liberation');
  const byId = new Map(board.hexes.map((h) => [h.id, h]));

  it('has the 440 logical hexes, the off-map boxes and the turn track', () => {
    expect(board.id).toBe('ku-crassus');
    expect(board.hexes).toHaveLength(440);
    expect(board.boxes.map((b) => b.id)).toEqual(
      expect.arrayContaining(['reinforcements', 'eliminated', 'unplaced', 'available-bases']),
    );
    expect(board.tracks[0].spaces).toHaveLength(11);
    expect(board.hexes.filter((h) => h.features?.some((f) => f.startsWith('urban-area:'))).length).toBe(10);
    expect(() => prefect.boards!('nope')).toThrow(RangeError);
    // L238-240: the scenario's set-up zones are marked on the board.
    expect(board.hexes.filter((h) => h.features?.includes('setup-zone:TOG')).length).toBe(72);
    expect(byId.get('0702')!.features).toEqual(
      expect.arrayContaining(['reinforcements:TOG', 'urban-area:crassus-landing']),
    );
  });

  it("neighbours are symmetric and are the rules' adjacency (map.ts: wrap and merged polar hexes)", () => {
    for (const h of board.hexes) {
      expect([...h.neighbors].sort()).toEqual([...hexGraph().neighbors(h.id)].sort());
      for (const n of h.neighbors) expect(byId.get(n)!.neighbors).toContain(h.id);
    }
  });

  it('centres agree with adjacency: neighbours are drawn next to each other (across the wrap too), no two hexes at one place', () => {
    const d = (a: { x: number; y: number }, b: { x: number; y: number }): number => {
      const dx = Math.abs(a.x - b.x);
      return Math.hypot(Math.min(dx, PLANET_WRAP_X - dx), a.y - b.y);
    };
    let wraps = 0;
    for (const h of board.hexes) {
      expect(h.x).toBeGreaterThanOrEqual(0);
      expect(h.x).toBeLessThan(board.wrapX!);
      for (const n of h.neighbors) {
        expect(d(h, byId.get(n)!)).toBeLessThan(3.5); // two polar two-part hexes: 2√3
        if (Math.abs(h.x - byId.get(n)!.x) > PLANET_WRAP_X / 2) wraps++;
      }
    }
    expect(wraps).toBeGreaterThan(0);
    const keys = new Set(board.hexes.map((h) => `${h.x},${h.y}`));
    expect(keys.size).toBe(board.hexes.length);
  });
});

describe('Prefect Planetary presentation: pieces', () => {
  it("every piece is on a hex or box of the board, once; the other side's TFs are hidden, valueless and in shown-id order", () => {
    expect(seen.views.length).toBeGreaterThan(30);
    for (const { viewer, pieces, view } of seen.views) {
      expect(pieceProblems(pieces, places)).toEqual([]);
      const theirs = pieces.filter((p) => p.symbol === 'task-force' && p.side !== viewer);
      for (const p of theirs) expect(p).toMatchObject({ hidden: true, label: 'Task Force' });
      const ids = theirs.map((p) => p.id);
      expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
      const shown = (view as { taskForces: { id: string; hex: string | null }[] }).taskForces;
      for (const t of shown) expect(pieces.find((p) => p.id === t.id)?.at).toBe(t.hex ?? 'unplaced');
    }
  });

  it('own TFs carry their organisation, counter and values; own units their printed values', () => {
    const mine = seen.views.filter((v) => v.viewer === 'TOG').flatMap((v) => v.pieces.filter((p) => p.side === 'TOG'));
    expect(mine.some((p) => p.symbol !== 'task-force' && p.symbol !== 'base' && /^\d+-\d+$/.test(p.values ?? ''))).toBe(
      true,
    );
    const tf = mine.find((p) => p.symbol === 'task-force' || (p.symbol === 'hq' && (p.detail as { org?: string }).org));
    expect(tf?.label).toMatch(/^tog-\S+ TF \d+$/);
    expect(tf?.values).toMatch(/^\d+-\d+$/);
  });

  it('H1, H14: no piece list for the other side or a spectator holds a real TF id, a hidden unit id or an enemy organisation', () => {
    for (const { state, viewer, pieces } of seen.views) {
      const json = JSON.stringify(pieces);
      expect(json).not.toMatch(REAL_TF);
      const hidden = [...hiddenOf(state, viewer)];
      const orgs = Object.values(state.orgs)
        .filter((o) => o.side !== viewer)
        .map((o) => o.id);
      expect(names(json.replace(/[",{}[\]:]/g, ' '), [...hidden, ...orgs])).toEqual([]);
    }
  });
});

describe('Prefect Planetary presentation: orders schemas', () => {
  const validators = new Map((prefect.promptKinds ?? []).map((k) => [k.kind, ajv().compile(k.ordersSchema as object)]));

  it('every prompt kind has a schema; each accepts the order kinds sequence.ts accepts', () => {
    expect([...validators.keys()].sort()).toEqual(Object.keys(ACCEPTS).sort());
    for (const { state } of seen.prompts)
      for (const o of owedAt(state)) expect([...ACCEPTS[o.kind]].sort()).toEqual([...o.kinds].sort());
  });

  it("default and bot orders of every prompt in the bot games validate against its prompt kind's schema", () => {
    const { problems, kinds } = schemaProblems(validators, seen.prompts);
    expect(problems).toEqual([]);
    expect(kinds).toContain('external-result');
    expect(kinds.size).toBeGreaterThanOrEqual(13);
  });

  it('the schema refuses what the module refuses: an unknown key, a wrong kind; names of hexes and TFs are marked', () => {
    const { p, state } = seen.prompts.find((x) => x.p.kind === 'supply')!;
    const v = validators.get('supply')!;
    const bad = { ...(p.defaultOrders as object), bogus: 1 };
    expect(v(bad)).toBe(false);
    expect(prefect.validate(state, p.side, bad).length).toBeGreaterThan(0);
    expect(v({ kind: 'withdrawal', moves: [] })).toBe(false);
    const text = JSON.stringify(prefect.promptKinds!.find((k) => k.kind === 'movement-plan')!.ordersSchema);
    expect(text).toContain('"x-warpost-ref":"hex"');
    expect(text).toContain('"x-warpost-ref":"piece"');
  });
});
