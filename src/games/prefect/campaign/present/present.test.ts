/**
 * The Campaign's presentation over seeded bot games (TABLETOP with public boxes; STRICT with
 * owner-only boxes and the attacker-first GS commitment): every event — the Campaign's own and
 * those of both maps — gets a sentence from its own data, no sentence or piece names a real TF
 * id, a hidden ground unit or an enemy organisation, the GS / OD boxes are on the board (H39),
 * and every default and bot order validates against its Campaign prompt kind's JSON Schema.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, Json, Piece, Prompt, Viewer } from '#engine/contract.js';
import { prefect } from '../../planetary/index.js';
import {
  ajv,
  pieceProblems,
  placesOf,
  playBots,
  schemaProblems,
  textProblems,
  viewersOf,
} from '../../common/present/test-kit.js';
import { hiddenIds } from '../../planetary/index.js';
import prefectCampaign from '../module/index.js';
import type { CampaignGameState } from '../module/types.js';

const SIDES = ['TOG', 'CW'];
const REAL_TF =
  /tf-[a-z0-9-]+?-\d+-\d+(?![a-z0-9-])|(?<![a-z0-9-])(?:tog|cw)-(?:tf\d+(?:-t\d+)?|dis-s\d+-\d+-\d+)(?![a-z0-9-])/;
const GAMES: { seed: string; options: Record<string, Json> }[] = [
  { seed: 'cw-1', options: {} },
  { seed: 'cw-2', options: { boxVisibility: 'OWNER', gsCommitMode: 'ATTACKER_FIRST' } },
  { seed: 'cw-3', options: { externalCombat: 'BOTH' } }, // D-87: external results of both maps
];
const seen = {
  events: [] as { e: GameEvent; prev: CampaignGameState; state: CampaignGameState }[],
  prompts: [] as { p: Prompt; bot: Json }[],
  views: [] as { state: CampaignGameState; viewer: Viewer; view: Json; pieces: Piece[] }[],
};
const places = placesOf(prefectCampaign.boards!('invasion'));
const names = (text: string, ids: Iterable<string>): string[] =>
  [...ids].filter((id) => new RegExp(`(^|[^a-z0-9-])${id.replace(/-/g, '\\-')}($|[^a-z0-9-])`).test(text));
const hiddenCache = new WeakMap<CampaignGameState, Map<Viewer, Set<string>>>();
function hiddenOf(s: CampaignGameState, v: Viewer): Set<string> {
  let m = hiddenCache.get(s);
  if (!m) hiddenCache.set(s, (m = new Map()));
  let h = m.get(v);
  if (!h) m.set(v, (h = new Set(hiddenIds(s.planetary, v).keys())));
  return h;
}

beforeAll(() => {
  for (const g of GAMES) {
    playBots(
      prefectCampaign,
      'invasion',
      g.seed,
      g.options,
      (x) => {
        for (const e of x.events) seen.events.push({ e, prev: x.prev, state: x.state });
        for (const p of x.prompts) seen.prompts.push({ p, bot: x.orders[p.side] });
        if (x.step % 6 === 0)
          for (const viewer of [...SIDES, null]) {
            const view = prefectCampaign.view(x.state, viewer);
            seen.views.push({ state: x.state, viewer, view, pieces: prefectCampaign.pieces!(view, viewer) });
          }
      },
      700,
    );
  }
}, 120_000);

describe('Prefect Campaign presentation: texts', () => {
  it('every event type of the bot games has a sentence built from its own data, for every viewer it reaches', () => {
    const types = new Set(seen.events.map((x) => x.e.type));
    expect(types.size).toBeGreaterThan(50);
    for (const t of ['campaign.phase', 'od.landed', 'gs.entered', 'COMBAT', 'combat', 'missions.assigned'])
      expect(types).toContain(t);
    const problems = seen.events.flatMap(({ e }) =>
      viewersOf(e, SIDES).flatMap((v) => textProblems(prefectCampaign, e, v)),
    );
    expect([...new Set(problems)].slice(0, 10)).toEqual([]);
  });

  it('H1, H14, H16: no sentence for the other side or a spectator names a real TF id, a hidden ground unit or an organisation', () => {
    for (const { e, prev, state } of seen.events) {
      for (const v of viewersOf(e, SIDES)) {
        const text = prefectCampaign.describeEvent!(e, v).text;
        expect(text).not.toMatch(REAL_TF);
        const before = hiddenOf(prev, v);
        const orgs = Object.values(state.planetary.orgs)
          .filter((o) => o.side !== v)
          .map((o) => o.id);
        expect(names(text, [...[...hiddenOf(state, v)].filter((id) => before.has(id)), ...orgs])).toEqual([]);
      }
    }
  });

  it("the Campaign's own events have its keys; the maps' events keep theirs", () => {
    const key = (type: string) =>
      prefectCampaign.describeEvent!(seen.events.find((x) => x.e.type === type)!.e, 'TOG').key;
    expect(key('campaign.phase')).toBe('prefect-campaign.event.campaign.phase');
    expect(key('combat')).toBe('prefect.event.combat');
    expect(key('COMBAT')).toBe('prefect-space.event.COMBAT');
    for (const { p } of seen.prompts)
      expect(prefectCampaign.describePrompt!(p, p.side).key).toBe(`prefect-campaign.prompt.${p.kind}`);
    for (const k of prefectCampaign.promptKinds!)
      expect(
        prefectCampaign.describePrompt!(
          { side: 'TOG', kind: k.kind, secret: true, description: '', defaultOrders: null },
          'TOG',
        ).key,
      ).toBe(`prefect-campaign.prompt.${k.kind}`);
  });
});

describe('Prefect Campaign presentation: boards', () => {
  const [ground, space] = prefectCampaign.boards!('invasion');

  it('publishes Ku Crassus (with the GS and OD boxes of its ten zones, H39) and Africannus', () => {
    expect([ground.id, space.id]).toEqual(['ku-crassus', 'africannus']);
    for (let z = 1; z <= 10; z++)
      expect(ground.boxes.map((b) => b.id)).toEqual(expect.arrayContaining([`gs-zone-${z}`, `od-zone-${z}`]));
    const geometry = (b: typeof ground) => b.hexes.map(({ features: _, ...h }) => h);
    expect(geometry(ground)).toEqual(geometry(prefect.boards!('liberation')[0]));
    expect(ground.tracks[0].spaces).toHaveLength(12);
  });
});

describe('Prefect Campaign presentation: pieces', () => {
  it('every piece is on a place of its board, once; none names a real TF id, a hidden ground unit or an enemy organisation', () => {
    expect(seen.views.length).toBeGreaterThan(30);
    let inBoxes = 0;
    for (const { state, viewer, pieces } of seen.views) {
      expect(pieceProblems(pieces, places)).toEqual([]);
      const json = JSON.stringify(pieces);
      expect(json).not.toMatch(REAL_TF);
      const orgs = Object.values(state.planetary.orgs)
        .filter((o) => o.side !== viewer)
        .map((o) => o.id);
      expect(names(json.replace(/[",{}[\]:]/g, ' '), [...hiddenOf(state, viewer), ...orgs])).toEqual([]);
      for (const u of Object.values(state.space.units))
        if (u.side !== viewer && u.tf) expect(json.includes(`"${u.id}"`)).toBe(false);
      inBoxes += pieces.filter((p) => /^(gs|od)-zone-/.test(p.at)).length;
    }
    expect(inBoxes).toBeGreaterThan(0);
  });
});

describe('Prefect Campaign presentation: orders schemas', () => {
  const validators = new Map(
    (prefectCampaign.promptKinds ?? []).map((k) => [k.kind, ajv().compile(k.ordersSchema as object)]),
  );

  it("default and bot orders of every prompt in the bot games validate against its Campaign prompt kind's schema", () => {
    const { problems, kinds } = schemaProblems(validators, seen.prompts);
    expect(problems).toEqual([]);
    expect(kinds).toContain('external-result');
    expect(kinds.size).toBeGreaterThanOrEqual(10);
  });

  it('the joint orders are strict: an unknown key at the top or inside a part is refused', () => {
    const { p } = seen.prompts.find((x) => x.p.kind === 'tf-adjustment')!;
    const v = validators.get('tf-adjustment')!;
    const d = p.defaultOrders as Record<string, Json>;
    expect(v(d)).toBe(true);
    expect(v({ ...d, bogus: 1 })).toBe(false);
    expect(v({ ...d, ground: { ...(d.ground as object), bogus: 1 } })).toBe(false);
  });
});

describe('Prefect Campaign presentation: situation', () => {
  it('names the mission of the stage and the map it is played on: the system in space, Ku Crassus on the ground (L2177-2192, D-75)', () => {
    const stages = new Set<string>();
    for (const { state, viewer, view } of seen.views) {
      const s = prefectCampaign.situation!(view, viewer);
      const board = {
        SPACE: 'africannus',
        GROUND: 'ku-crassus',
        END_OF_COMBAT: 'ku-crassus',
        WITHDRAWAL: 'ku-crassus',
      }[state.stage as string];
      expect(s.board).toBe(board);
      expect(s.text.text).toMatch(new RegExp(`^Campaign turn ${state.turn} of ${state.maxTurns}, `));
      if (state.stage === 'SPACE')
        expect(s.text.text).toContain(`space mission — Turn ${state.space.turn}, half ${state.space.half}`);
      if (state.stage === 'GROUND') expect(s.text.text).toContain('planetary mission — ');
      expect(s.text.text).not.toMatch(REAL_TF);
      stages.add(state.stage);
    }
    expect(stages).toContain('SPACE');
    expect(stages).toContain('GROUND');
  });
});
