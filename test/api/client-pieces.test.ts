/**
 * What a client with no rules of its own reads (README, "For client authors"): boards with a
 * strong ETag, orders schemas per prompt kind, pieces and sentences for the caller's viewer, and
 * whether the caller owes a submission now. Over real HTTP, on the sealed-bid fixture; the
 * situation (mission, phase, current board) and the orbits on the Prefect Campaign.
 */
import { Ajv } from 'ajv';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, createGame, join, register, submit, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { shippedModules } from '#games/index.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
  for (const m of shippedModules) stack.booted.platform.modules.register(m);
  await stack.spawnWorker();
});
afterAll(async () => stack?.close());

const rest = (path: string, init: RequestInit = {}, token?: string) =>
  fetch(`${stack.base}/api/v1${path}`, {
    ...init,
    headers: { ...(init.headers as object), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }) as Promise<Omit<Response, 'json'> & { json(): Promise<any> }>;

const GAME = `query($id:ID!){game(id:$id){viewer pieces{id side board at label symbol values hidden}
  game{iOwe myOwedSides} myPrompts{kind defaultOrders text{key params text}} events{seq type text{key text}}}}`;

it('boards: GraphQL and REST agree; a strong ETag answers If-None-Match with 304; an unknown scenario is a 404', async () => {
  const r: any = await fetch(`${stack.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{modules{id boards{id title orientation hexes{id} boxes{id title} tracks{id spaces{id label}}}}}`,
    }),
  }).then((x) => x.json());
  const sealed = r.data.modules.find((m: { id: string }) => m.id === 'sealed-bid');
  expect(sealed.boards[0]).toMatchObject({
    id: 'table',
    orientation: 'flat',
    hexes: [],
    boxes: [{ id: 'pool', title: 'Prizes still to win' }],
  });

  const first = await rest('/modules/sealed-bid/boards?scenario=standard');
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag')!;
  expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
  expect(first.headers.get('cache-control')).toContain('public');
  const body = await first.json();
  expect(body).toMatchObject({ module: 'sealed-bid', scenario: 'standard' });
  expect(body.boards).toMatchObject(sealed.boards);
  expect(body.boards[0].notes).toBe('No map: the prizes wait in the pool box.');

  const again = await rest('/modules/sealed-bid/boards?scenario=standard', {
    headers: { 'if-none-match': `"nope", W/${etag}` },
  });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('etag')).toBe(etag);
  const stale = await rest('/modules/sealed-bid/boards?scenario=standard', { headers: { 'if-none-match': '"0000"' } });
  expect(stale.status).toBe(200);
  expect((await rest('/modules/sealed-bid/boards')).headers.get('etag')).toBe(etag); // default: the first scenario, same content

  const unknown = await rest('/modules/sealed-bid/boards?scenario=nowhere');
  expect(unknown.status).toBe(404);
  expect((await unknown.json()).error.code).toBe('UNKNOWN_SCENARIO');
  expect((await rest('/modules/no-such-module/boards')).status).toBe(404);
}, 60_000);

it('boards of a game: the same boards and ETag as its module and scenario, for those who may see the game only', async () => {
  const sfx = Math.random().toString(36).slice(2, 8);
  const [owner, stranger] = await Promise.all([register(stack.base, `bo_${sfx}`), register(stack.base, `bs_${sfx}`)]);
  const secret = await createGame(stack.base, owner, {
    module: 'sealed-bid',
    scenario: 'standard',
    side: 'north',
    isPublic: false,
  });
  const byModule = await rest('/modules/sealed-bid/boards?scenario=standard');
  const etag = byModule.headers.get('etag')!;

  const mine = await rest(`/games/${secret.id}/boards`, {}, owner.token);
  expect(mine.status).toBe(200);
  expect(mine.headers.get('etag')).toBe(etag);
  expect(mine.headers.get('cache-control')).toContain('private');
  expect(await mine.json()).toEqual(await byModule.json());
  expect((await rest(`/games/${secret.id}/boards`, { headers: { 'if-none-match': etag } }, owner.token)).status).toBe(
    304,
  );

  // A private game is not there for anyone else, signed in or not; nor is a game that does not exist.
  for (const [token, id] of [
    [stranger.token, secret.id],
    [undefined, secret.id],
    [owner.token, 'no-such-game'],
  ] as const) {
    const r = await rest(`/games/${id}/boards`, {}, token);
    expect(r.status).toBe(404);
    expect((await r.json()).error.code).toBe('NOT_FOUND');
  }
}, 60_000);

it('orders schemas: every prompt kind of the fixture has one, and a draft checked with it agrees with the server', async () => {
  const mods = (await (await rest('/modules')).json()).modules as {
    id: string;
    promptKinds: { kind: string; ordersSchema?: object }[];
  }[];
  const kinds = mods.find((m) => m.id === 'sealed-bid')!.promptKinds;
  expect(kinds.map((k) => k.kind)).toEqual(['bid', 'claim', 'counter']);
  const ajv = new Ajv({ strict: true });
  ajv.addKeyword({ keyword: 'x-warpost-ref', schemaType: 'string' });
  const check = Object.fromEntries(kinds.map((k) => [k.kind, ajv.compile(k.ordersSchema!)]));

  const { alice, bob, gameId } = await newGame('s');
  const g = (await as(stack.base, alice, GAME, { id: gameId })).data.game;
  const prompt = g.myPrompts[0];
  expect(check[prompt.kind](prompt.defaultOrders)).toBe(true);
  for (const [draft, ok] of [
    [{ bid: 3, note: 'x' }, true],
    [{ bid: -1 }, false],
    [{ bid: 2, extra: 1 }, false],
    [{ note: 'no bid' }, false],
  ] as const) {
    expect(check.bid(draft), JSON.stringify(draft)).toBe(ok);
    if (!ok && 'extra' in draft) continue; // unknown keys: the schema refuses them before sending
    const v = await as(
      stack.base,
      alice,
      `mutation($g:ID!,$o:JSON!){validateOrders(gameId:$g,step:1,orders:$o){valid}}`,
      { g: gameId, o: draft },
    );
    expect(v.data.validateOrders.valid, JSON.stringify(draft)).toBe(ok);
  }
  void bob;
}, 60_000);

it('every shipped module publishes valid JSON Schemas where it has them; Cerberus has one per prompt kind and its globe over REST', async () => {
  const mods = (await (await rest('/modules')).json()).modules as {
    id: string;
    promptKinds: { kind: string; ordersSchema?: object }[];
  }[];
  const ajv = new Ajv({ strict: false });
  for (const m of mods)
    for (const k of m.promptKinds)
      if (k.ordersSchema) expect(() => ajv.compile(k.ordersSchema!), `${m.id} ${k.kind}`).not.toThrow();
  const cerberus = mods.find((m) => m.id === 'cerberus')!;
  expect(cerberus.promptKinds.length).toBeGreaterThan(5);
  for (const k of cerberus.promptKinds) expect(k.ordersSchema, k.kind).toBeTruthy();
  const globe = await rest('/modules/cerberus/boards?scenario=campaign');
  expect(globe.status).toBe(200);
  const body = await globe.json();
  expect(body.boards[0].hexes).toHaveLength(440);
  expect(body.boards[0].wrapX).toBeGreaterThan(0);
  expect(
    (
      await rest('/modules/cerberus/boards?scenario=campaign', {
        headers: { 'if-none-match': globe.headers.get('etag')! },
      })
    ).status,
  ).toBe(304);
  // The whole globe also fits within the GraphQL cost limits.
  const q: any = await fetch(`${stack.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{modules{id boards{id wrapX hexes{id x y terrain features neighbors label} boxes{id title}}}}`,
    }),
  }).then((x) => x.json());
  expect(q.errors).toBeUndefined();
  expect(q.data.modules.find((m: { id: string }) => m.id === 'cerberus').boards[0].hexes).toEqual(
    body.boards[0].hexes.map((h: object) => ({ label: null, ...h })),
  );
}, 60_000);

it('pieces and texts come from what the viewer may see; iOwe follows who still owes', async () => {
  const { alice, bob, gameId } = await newGame('p');
  const spectator = await register(stack.base, `spec_${Math.random().toString(36).slice(2, 8)}`);

  let a = (await as(stack.base, alice, GAME, { id: gameId })).data.game;
  expect(a.game).toEqual({ iOwe: true, myOwedSides: ['north'] });
  expect(a.myPrompts[0].text).toEqual({
    key: 'sealed-bid.prompt.bid',
    params: { max: 10 },
    text: 'Bid 0 to 10 for the right to claim a prize.',
  });
  expect(a.pieces.map((p: { id: string }) => p.id)).toEqual(['crown', 'sword', 'shield', 'ring']);
  expect(a.pieces[0]).toMatchObject({ board: 'table', at: 'pool', values: '5', hidden: false });
  const s0 = (await as(stack.base, spectator, GAME, { id: gameId })).data.game;
  expect(s0.game).toEqual({ iOwe: false, myOwedSides: [] });
  expect(s0.myPrompts).toEqual([]);

  expect((await submit(stack.base, alice, gameId, 1, { bid: 4, note: 'ALICE-SECRET-NOTE' })).errors).toBeUndefined();
  a = (await as(stack.base, alice, GAME, { id: gameId })).data.game;
  expect(a.game).toEqual({ iOwe: false, myOwedSides: [] });
  const b = (await as(stack.base, bob, GAME, { id: gameId })).data.game;
  expect(b.game).toEqual({ iOwe: true, myOwedSides: ['south'] });
  const listed: any = await rest('/games?mine=true', {}, bob.token).then((x) => x.json());
  expect(listed.games.find((x: { id: string }) => x.id === gameId)).toMatchObject({
    iOwe: true,
    myOwedSides: ['south'],
  });

  expect((await submit(stack.base, bob, gameId, 1, { bid: 2, note: 'BOB-SECRET-NOTE' })).errors).toBeUndefined();
  await waitForStep(bob, gameId, 2);
  const views = await Promise.all([alice, bob, spectator].map((p) => as(stack.base, p, GAME, { id: gameId })));
  const [av, bv, sv] = views.map((v) => v.data.game);
  const texts = (g: { events: { type: string; text: { text: string } }[] }) => g.events.map((e) => e.text.text);
  expect(texts(av)).toContain('Round 1: north bid 4, south bid 2; north wins the right to claim.');
  expect(texts(av)).toContain('Your note for round 1 is kept: "ALICE-SECRET-NOTE".');
  expect(texts(av)).toContain('Step 1 resolved.');
  expect(av.events.every((e: { text: { key: string } }) => e.text.key !== 'event.note-recorded')).toBe(true); // no fallback
  // Nobody reads another side's note, in any text or piece.
  expect(views[0].raw).not.toContain('BOB-SECRET-NOTE');
  expect(views[1].raw).not.toContain('ALICE-SECRET-NOTE');
  expect(views[2].raw).not.toMatch(/SECRET-NOTE/);
  expect(texts(sv)).toContain('Round 1: north bid 4, south bid 2; north wins the right to claim.');
  expect(av.game.iOwe).toBe(true); // north claims now
  expect(bv.game.iOwe).toBe(false);
  expect(av.myPrompts[0].text.text).toBe('Claim one prize: crown, sword, shield, ring.');

  // The REST mirror serves the same presenter's output.
  const r: any = await rest(`/games/${gameId}`, {}, alice.token).then((x) => x.json());
  expect(r.pieces).toMatchObject(av.pieces);
  expect(r.myPrompts[0].text).toEqual(av.myPrompts[0].text);
  expect(r.game).toMatchObject({ iOwe: true, myOwedSides: ['north'] });
  const ev: any = await rest(`/games/${gameId}/events`, {}, bob.token).then((x) => x.json());
  expect(ev.events.map((e: { text: { text: string } }) => e.text.text)).toEqual(texts(bv));
}, 60_000);

async function newGame(tag: string): Promise<{ alice: Player; bob: Player; gameId: string }> {
  const suffix = `${tag}${Math.random().toString(36).slice(2, 8)}`;
  const [alice, bob] = await Promise.all(['alice', 'bob'].map((n) => register(stack.base, `${n}_${suffix}`)));
  const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await join(stack.base, bob, g.id, 'south');
  return { alice, bob, gameId: g.id };
}

async function waitForStep(p: Player, gameId: string, step: number) {
  for (let i = 0; i < 100; i++) {
    const r = await as(stack.base, p, `query($id:ID!){game(id:$id){game{step}}}`, { id: gameId });
    if (r.data.game.game.step >= step) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`game ${gameId} never reached step ${step}`);
}

it('situation: the Campaign names its mission and the board it is played on, over GraphQL and REST alike; the fixture says nothing; the system map has its orbits', async () => {
  const tag = Math.random().toString(36).slice(2, 8);
  const tog = await register(stack.base, `sit_t_${tag}`);
  const cw = await register(stack.base, `sit_c_${tag}`);
  const g = await createGame(stack.base, tog, { module: 'prefect-campaign', scenario: 'invasion', side: 'TOG' });
  await join(stack.base, cw, g.id, 'CW');
  const Q = `query($id:ID!){game(id:$id){situation{board text{key params text}}}}`;
  const s = (await as(stack.base, cw, Q, { id: g.id })).data.game.situation;
  expect(s.board).toBe('africannus'); // L2177-2192: the turn opens with the space mission
  expect(s.text).toMatchObject({ key: 'situation.prefect-campaign', params: { turn: '1', stage: 'SPACE' } });
  expect(s.text.text).toMatch(
    /^Campaign turn 1 of \d+, space mission — Turn 1, half 1 \(TOG phasing\): Mission Assignment/,
  );
  const r = await (await rest(`/games/${g.id}`, {}, cw.token)).json();
  expect(r.situation).toEqual(s);

  const { alice, gameId } = await newGame('sit');
  expect((await as(stack.base, alice, Q, { id: gameId })).data.game.situation).toBeNull();

  const boards = await (await rest('/modules/prefect-campaign/boards?scenario=invasion')).json();
  const system = boards.boards.find((b: { id: string }) => b.id === 'africannus');
  expect(system.circles.map((c: { label: string }) => c.label)).toEqual([
    'Zone 1',
    'Zone 2',
    'Zone 3',
    'Zone 4',
    'Zone 5',
    'Zone 6',
    'Zone 7',
  ]);
  const q: any = await fetch(`${stack.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{modules{id boards{id circles{x y r label}}}}` }),
  }).then((x) => x.json());
  const gqlSystem = q.data.modules
    .find((m: { id: string }) => m.id === 'prefect-campaign')
    .boards.find((b: { id: string }) => b.id === 'africannus');
  expect(gqlSystem.circles).toEqual(system.circles);
}, 60_000);
