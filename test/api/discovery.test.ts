/**
 * Finding a game (issue 20, "Finding a game"), over HTTP against real PostgreSQL and Redis: the
 * game list's filters and sorts, keyset pages that neither skip nor repeat a game while others
 * are created, a private game never listed to a stranger, a seat offered in a running game found
 * and taken through the list, the reliability a game asks to join, withdrawn invitations, the
 * dashboard (owed games first, soonest deadline first) at a statement count that does not grow
 * with the number of games, and bad input refused with a clear error and nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { countingSql } from '../helpers/sql-count.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '../helpers/gql.js';
import { as, createGame, join, register, submit, type Player } from '../helpers/play.js';
import { expectApiError, rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

const FIELDS =
  'id title description module scenario status isPublic deadline createdAt cursor freeSides offeredSides minReliability iOwe myOwedSides seats{side user{username}}';
const LIST = `query($f:GameFilter,$o:GameOrder,$a:String,$n:Int,$s:GameStatus,$m:Boolean){games(filter:$f,orderBy:$o,after:$a,first:$n,status:$s,mine:$m){${FIELDS}}}`;
const DASHBOARD = `query($n:Int){dashboard(first:$n){owing{${FIELDS}} others{${FIELDS}}}}`;

type Listed = {
  id: string;
  title: string;
  module: string;
  status: string;
  deadline: string | null;
  createdAt: string;
  cursor: string;
  freeSides: string[];
  offeredSides: string[];
  minReliability: number | null;
  iOwe: boolean;
  myOwedSides: string[];
};

let stack: Stack;
const tag = randomUUID().slice(0, 6);
const name = (n: string) => `${n}_${tag}`;
let alice: Player, bob: Player, carol: Player, dave: Player;

beforeAll(async () => {
  stack = await startStack('services');
  [alice, bob, carol, dave] = await Promise.all(
    ['alice', 'bob', 'carol', 'dave'].map((n) => register(stack.base, name(n))),
  );
}, 120_000);
afterAll(async () => stack?.close());

async function list(p: Player | null, vars: Record<string, unknown>): Promise<Listed[]> {
  const r = p
    ? await as(stack.base, p, LIST, vars)
    : await (await import('../helpers/gql.js')).gql(stack.base, LIST, vars);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.games;
}

const game = (p: Player, input: Record<string, unknown>) =>
  createGame(stack.base, p, { module: 'sealed-bid', scenario: 'standard', side: 'north', ...input });

/** The statements on the game tables while `fn` runs (the API serves in process). */
async function counting<T>(fn: () => Promise<T>) {
  const { result, sql } = await countingSql(fn);
  return { result, sql: sql.filter((s) => /"(Game|Seat|User|Submission|Commitment|Invitation)"/.test(s)) };
}

describe('the game list', () => {
  it('filters by module, scenario, status, open seats, time control, player and the reliability asked', async () => {
    const open = await game(alice, { title: 'Open standard', timeControl: { preset: 'standard' } });
    const picky = await game(alice, { title: 'Picky', minReliability: 0.8 });
    const running = await game(alice, { title: 'Running fast', timeControl: { preset: 'fast' } });
    await join(stack.base, bob, running.id);
    // A game of another module (this stack loads only the fixture module): stored as the lobby would.
    const other = await stack.booted.platform.prisma.game.create({
      data: {
        module: 'elsewhere',
        scenario: 'first',
        options: {},
        timeControl: { preset: 'none', stepSeconds: null },
        creatorId: alice.id,
        seed: 'x',
        seedHash: 'y',
        title: 'Elsewhere one',
        seats: { create: { side: 'blue', userId: alice.id } },
      },
    });
    const mineOnly = { player: alice.name };
    const ids = async (f: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await list(carol, { f: { ...mineOnly, ...f }, ...extra })).map((g) => g.id).sort();

    expect(await ids({})).toEqual([open.id, picky.id, running.id, other.id].sort());
    expect(await ids({ module: 'elsewhere' })).toEqual([other.id]);
    expect(await ids({ module: 'elsewhere', scenario: 'first' })).toEqual([other.id]);
    expect(await ids({ module: 'sealed-bid', scenario: 'standard' })).toEqual([open.id, picky.id, running.id].sort());
    expect(await ids({ scenario: 'nope' })).toEqual([]);
    expect(await ids({ module: 'sealed-bid', scenario: 'first' })).toEqual([]);
    expect(await ids({ openSeats: true })).toEqual([open.id, picky.id, other.id].sort());
    expect(await ids({ openSeats: false })).toEqual([running.id]);
    expect(await ids({}, { s: 'ACTIVE' })).toEqual([running.id]);
    expect(await ids({ timeControl: 'fast' })).toEqual([running.id]);
    expect(await ids({ timeControl: 'standard' })).toEqual([open.id]);
    expect(await ids({ minReliability: 0.5 })).toEqual([picky.id]);
    expect(await ids({ minReliability: 0.9 })).toEqual([]);
    expect(await ids({ player: bob.name })).toEqual([running.id]);
    expect(await ids({ player: 'nobody-at-all' })).toEqual([]);

    const [listedOpen] = await list(carol, { f: { ...mineOnly, timeControl: 'standard' } });
    expect(listedOpen).toMatchObject({
      title: 'Open standard',
      freeSides: ['south'],
      offeredSides: [],
      minReliability: null,
      iOwe: false,
    });
    const [listedPicky] = await list(carol, { f: { ...mineOnly, minReliability: 0.5 } });
    expect(listedPicky.minReliability).toBe(0.8);
    // A game created without a title gets the module's and scenario's titles.
    const untitled = await game(alice, {});
    expect((await list(carol, { f: mineOnly })).find((g) => g.id === untitled.id)!.title).toBe(
      'Sealed Bid (test fixture): Three rounds',
    );
  });

  it('sorts by creation, deadline (none last) and title', async () => {
    const sorter = await register(stack.base, name('sorter'));
    const partner = await register(stack.base, name('partner'));
    const made: { id: string; title: string }[] = [];
    for (const [title, preset] of [
      ['Charlie', 'standard'],
      ['alpha', 'live'],
      ['Bravo', 'none'],
      ['delta', 'slow'],
      ['Echo', 'fast'],
    ] as const) {
      const g = await game(sorter, { title, timeControl: { preset } });
      await join(stack.base, partner, g.id); // started: the clocked ones get a deadline
      made.push({ id: g.id, title });
    }
    const f = { player: sorter.name };
    const created = await list(sorter, { f, o: 'CREATED_DESC' });
    expect(created.map((g) => g.id)).toEqual(made.map((g) => g.id).reverse());
    expect((await list(sorter, { f, o: 'CREATED_ASC' })).map((g) => g.id)).toEqual(made.map((g) => g.id));
    const byDeadline = await list(sorter, { f, o: 'DEADLINE_ASC' });
    expect(byDeadline.map((g) => g.title)).toEqual(['alpha', 'Echo', 'Charlie', 'delta', 'Bravo']); // live, fast, standard, slow, none
    expect(byDeadline.at(-1)!.deadline).toBeNull();
    const byTitle = (await list(sorter, { f, o: 'TITLE_ASC' })).map((g) => g.title);
    const rows = await stack.booted.platform.prisma.$queryRawUnsafe<{ title: string }[]>(
      `SELECT title FROM "Game" WHERE id = ANY($1) ORDER BY title, id`,
      made.map((g) => g.id),
    );
    expect(byTitle).toEqual(rows.map((r) => r.title)); // the database's collation
    expect(new Set(byTitle)).toEqual(new Set(made.map((g) => g.title)));
  });

  it('pages with a cursor, without gaps or duplicates, while games are being created', async () => {
    const pager = await register(stack.base, name('pager'));
    const titles = ['m', 'c', 'x', 'f', 'k', 'a', 'q', 'h', 'u', 'e', 'o', 'b', 'w', 's', 'i', 'z', 'd'];
    const original: string[] = [];
    for (const t of titles) original.push((await game(pager, { title: `page ${t}` })).id);
    let n = 0;
    for (const order of ['CREATED_DESC', 'CREATED_ASC', 'TITLE_ASC'] as const) {
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 30; i++) {
        // Two games created while each page is read: one that sorts first, one that sorts last.
        const [page]: [Listed[], unknown, unknown] = await Promise.all([
          list(pager, { f: { player: pager.name }, o: order, a: after, n: 4 }),
          game(pager, { title: `page ${'0'.repeat(1 + (n++ % 3))}` }),
          game(pager, { title: `page ~${n++}` }),
        ]);
        if (page.length === 0) break;
        seen.push(...page.map((g) => g.id));
        after = page[page.length - 1]!.cursor;
      }
      expect(new Set(seen).size, `${order}: no game twice`).toBe(seen.length);
      for (const id of original)
        expect(
          seen.filter((s) => s === id),
          `${order}: every game once`,
        ).toHaveLength(1);
    }
  }, 120_000);

  it('keeps a private game private, and its creator may withdraw an invitation', async () => {
    const secret = await game(alice, { title: 'Secret club night', isPublic: false });
    const has = async (p: Player | null, f: Record<string, unknown> = {}) =>
      (await list(p, { f, n: 200, o: 'CREATED_DESC' })).some((g) => g.id === secret.id);
    expect(await has(alice)).toBe(true);
    expect(await has(bob)).toBe(false);
    expect(await has(bob, { player: alice.name })).toBe(false);
    expect(await has(bob, { openSeats: true, module: 'sealed-bid' })).toBe(false);
    expect(await has(null, { player: alice.name })).toBe(false);

    expect(
      (
        await as(stack.base, alice, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
          g: secret.id,
          u: carol.name,
        })
      ).data.invite,
    ).toBe(true);
    expect(await has(carol, { player: alice.name })).toBe(true);
    const remove = `mutation($g:ID!,$u:String!){removeInvitation(gameId:$g,username:$u)}`;
    expect(errorCode(await as(stack.base, carol, remove, { g: secret.id, u: carol.name }))).toBe('FORBIDDEN');
    expect((await as(stack.base, alice, remove, { g: secret.id, u: carol.name })).data.removeInvitation).toBe(true);
    expect((await as(stack.base, alice, remove, { g: secret.id, u: carol.name })).data.removeInvitation).toBe(false);
    expect(await has(carol, { player: alice.name })).toBe(false);
    const joined = await as(stack.base, carol, `mutation($g:ID!){joinGame(gameId:$g){id}}`, { g: secret.id });
    expect(errorCode(joined)).toBe('NOT_INVITED');

    // REST: the same withdrawal, and the same list.
    await as(stack.base, alice, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
      g: secret.id,
      u: dave.name,
    });
    const gone = await rest(stack.base, 'DELETE', `/games/${secret.id}/invitations/${dave.name}`, {
      token: alice.token,
    });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ ok: true });
    const restList = await rest(stack.base, 'GET', `/games?player=${alice.name}&first=200`, { token: dave.token });
    expect(restList.body.games.some((g: { id: string }) => g.id === secret.id)).toBe(false);
  });

  it("lists a game's invitations to its creator and players, to an invitee only their own, to nobody else", async () => {
    const club = await game(alice, { title: 'Invitation list', isPublic: false });
    const INVITE = `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`;
    for (const p of [bob, carol, dave]) await as(stack.base, alice, INVITE, { g: club.id, u: p.name });
    await join(stack.base, bob, club.id);
    const LIST_INV = `query($g:ID!){invitations(gameId:$g){user{id username} invitedAt}}`;
    const names = async (p: Player) => {
      const r = await as(stack.base, p, LIST_INV, { g: club.id });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      return (r.data.invitations as { user: { username: string }; invitedAt: string }[]).map((i) => i.user.username);
    };
    // Oldest first, for the creator and for a player (bob, seated through his invitation).
    expect(await names(alice)).toEqual([bob.name, carol.name, dave.name]);
    expect(await names(bob)).toEqual([bob.name, carol.name, dave.name]);
    expect(await names(carol)).toEqual([carol.name]);
    const first = (await as(stack.base, alice, LIST_INV, { g: club.id })).data.invitations[0];
    expect(first.user.id).toBe(bob.id);
    expect(Date.parse(first.invitedAt)).toBeGreaterThan(Date.now() - 120_000);

    // A stranger learns nothing of a private game, not even that it exists.
    const eve = await register(stack.base, name(`eve${randomUUID().slice(0, 4)}`));
    expect(errorCode(await as(stack.base, eve, LIST_INV, { g: club.id }))).toBe('NOT_FOUND');
    expect(errorCode(await as(stack.base, eve, LIST_INV, { g: randomUUID() }))).toBe('NOT_FOUND');
    // A public game's stranger sees no invitation but their own (none).
    const open = await game(alice, { title: 'Public with an invitation' });
    await as(stack.base, alice, INVITE, { g: open.id, u: carol.name });
    expect((await as(stack.base, eve, LIST_INV, { g: open.id })).data.invitations).toEqual([]);
    // Anonymous callers are refused.
    const anon = await (await import('../helpers/gql.js')).gql(stack.base, LIST_INV, { g: club.id });
    expect(errorCode(anon)).toBe('UNAUTHENTICATED');

    // Withdrawn: gone from the list at once.
    await as(stack.base, alice, `mutation($g:ID!,$u:String!){removeInvitation(gameId:$g,username:$u)}`, {
      g: club.id,
      u: dave.name,
    });
    expect(await names(alice)).toEqual([bob.name, carol.name]);

    // REST mirror: the same answers, the same refusal.
    const restInv = await rest(stack.base, 'GET', `/games/${club.id}/invitations`, { token: alice.token });
    expect(restInv.status).toBe(200);
    expect(restInv.body.invitations.map((i: { user: { username: string } }) => i.user.username)).toEqual([
      bob.name,
      carol.name,
    ]);
    const own = await rest(stack.base, 'GET', `/games/${club.id}/invitations`, { token: carol.token });
    expect(own.body.invitations).toEqual([
      { user: { id: carol.id, username: carol.name }, invitedAt: expect.any(String) },
    ]);
    const refused = await rest(stack.base, 'GET', `/games/${club.id}/invitations`, { token: eve.token });
    expect(refused.status).toBe(404);
    expectApiError(refused.body.error, 'NOT_FOUND');
  });

  it("lists a seat offered in a running game, which anyone may take; a private game's offer stays private", async () => {
    const g = await game(alice, { title: 'Needs a replacement' });
    await join(stack.base, bob, g.id);
    expect(
      (await as(stack.base, bob, `mutation($g:ID!){resignSeat(gameId:$g){id}}`, { g: g.id })).errors,
    ).toBeUndefined();
    const offered = await list(carol, { f: { offeredSeats: true, player: alice.name } });
    expect(offered.map((x) => x.id)).toEqual([g.id]);
    expect(offered[0]).toMatchObject({ status: 'ACTIVE', offeredSides: ['south'], freeSides: [] });
    expect((await list(carol, { f: { offeredSeats: false, player: alice.name } })).map((x) => x.id)).not.toContain(
      g.id,
    );

    // Taken through the REST mirror, from what the list said.
    const taken = await rest(stack.base, 'POST', `/games/${g.id}/take-seat`, {
      token: carol.token,
      body: { side: offered[0]!.offeredSides[0] },
    });
    expect(taken.status, taken.raw).toBe(200);
    expect(taken.body.seats).toContainEqual({ side: 'south', user: { id: carol.id, username: carol.name } });
    expect(taken.body.offeredSides).toEqual([]);
    expect((await list(carol, { f: { offeredSeats: true, player: alice.name } })).map((x) => x.id)).not.toContain(g.id);

    // A seat offered to one user by name is listed to that user only.
    const named = await game(alice, { title: 'Offered to carol' });
    await join(stack.base, bob, named.id);
    await as(stack.base, bob, `mutation($g:ID!){resignSeat(gameId:$g){id}}`, { g: named.id });
    const offer = await as(
      stack.base,
      alice,
      `mutation($g:ID!,$u:String){offerSeat(gameId:$g,side:"south",username:$u){id}}`,
      { g: named.id, u: carol.name },
    );
    expect(offer.errors).toBeUndefined();
    const forCarol = await list(carol, { f: { offeredSeats: true, player: alice.name } });
    expect(forCarol.find((x) => x.id === named.id)?.offeredSides).toEqual(['south']);
    expect((await list(dave, { f: { offeredSeats: true, player: alice.name } })).map((x) => x.id)).not.toContain(
      named.id,
    );
    expect(
      (await list(dave, { f: { player: alice.name }, n: 200 })).find((x) => x.id === named.id)?.offeredSides,
    ).toEqual([]);

    // A private running game with an offered seat is not listed to a stranger.
    const hidden = await game(alice, { title: 'Private replacement', isPublic: false });
    await as(stack.base, alice, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
      g: hidden.id,
      u: bob.name,
    });
    await join(stack.base, bob, hidden.id);
    await as(stack.base, bob, `mutation($g:ID!){resignSeat(gameId:$g){id}}`, { g: hidden.id });
    expect((await list(dave, { f: { offeredSeats: true }, n: 200 })).map((x) => x.id)).not.toContain(hidden.id);
    expect((await list(alice, { f: { offeredSeats: true }, n: 200 })).map((x) => x.id)).toContain(hidden.id);
  });
});

describe('a game may ask a least reliability to join', () => {
  it("refuses a player below it with a clear error and nothing stored; lets in the creator's own choices", async () => {
    const prisma = stack.booted.platform.prisma;
    const anyGame = await game(carol, { title: 'record holder' });
    // dave missed four turns and played none: reliability 0.
    for (let step = 1; step <= 4; step++)
      await prisma.missedTurn.create({
        data: { userId: dave.id, gameId: anyGame.id, step, side: 'south', action: 'default' },
      });
    const picky = await game(alice, { title: 'Reliable players only', minReliability: 0.75 });
    const r = await as(stack.base, dave, `mutation($g:ID!){joinGame(gameId:$g){id}}`, { g: picky.id });
    expect(errorCode(r)).toBe('RELIABILITY_TOO_LOW');
    expect(r.errors![0]!.message).toMatch(/at least 0\.75; yours is 0/);
    expect(r.errors![0]!.extensions).toMatchObject({ required: 0.75, reliability: 0 });
    expect(await prisma.seat.count({ where: { gameId: picky.id } })).toBe(1);
    const viaRest = await rest(stack.base, 'POST', `/games/${picky.id}/join`, { token: dave.token, body: {} });
    expect(viaRest.status).toBe(403);
    expectApiError(viaRest.body.error, 'RELIABILITY_TOO_LOW');

    // A fresh player (no turn yet: ratio 1) gets in.
    const fresh = await register(stack.base, name('fresh'));
    await join(stack.base, fresh, picky.id);

    // Invited by the creator: let in.
    const invited = await game(alice, { title: 'Picky but invited', minReliability: 0.75 });
    await as(stack.base, alice, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
      g: invited.id,
      u: dave.name,
    });
    await join(stack.base, dave, invited.id);

    // Taking an offered seat: refused too (resigned seat of a picky game).
    await as(stack.base, fresh, `mutation($g:ID!){resignSeat(gameId:$g){id}}`, { g: picky.id });
    const take = await as(stack.base, dave, `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){id}}`, { g: picky.id });
    expect(errorCode(take)).toBe('RELIABILITY_TOO_LOW');
    expect((await prisma.seat.findFirstOrThrow({ where: { gameId: picky.id, side: 'south' } })).userId).toBe(fresh.id);
  });
});

describe('the dashboard', () => {
  it('lists the games where I owe first, soonest deadline first, then the rest', async () => {
    const me = await register(stack.base, name('dash'));
    const foe = await register(stack.base, name('foe'));
    const started = async (title: string, preset: string) => {
      const g = await game(me, { title, timeControl: { preset } });
      await join(stack.base, foe, g.id);
      return g.id;
    };
    const slow = await started('slow one', 'slow');
    const none = await started('no clock', 'none');
    const live = await started('live one', 'live');
    const done = await started('already bid', 'fast');
    expect((await submit(stack.base, me, done, 1, { bid: 1 })).errors).toBeUndefined();
    const waiting = (await game(me, { title: 'waiting for players' })).id;
    const notMine = (await game(foe, { title: 'not mine' })).id;

    const r = await as(stack.base, me, DASHBOARD, {});
    expect(r.errors).toBeUndefined();
    const { owing, others } = r.data.dashboard as { owing: Listed[]; others: Listed[] };
    expect(owing.map((g) => g.id)).toEqual([live, slow, none]);
    for (const g of owing) expect(g).toMatchObject({ iOwe: true, myOwedSides: ['north'] });
    expect(owing[0]!.deadline! < owing[1]!.deadline!).toBe(true);
    expect(owing[2]!.deadline).toBeNull();
    expect(others.map((g) => g.id)).toEqual([waiting, done]); // open, then running
    expect(others.every((g) => !g.iOwe)).toBe(true);
    expect([...owing, ...others].map((g) => g.id)).not.toContain(notMine);

    const viaRest = await rest(stack.base, 'GET', '/dashboard', { token: me.token });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.owing.map((g: { id: string }) => g.id)).toEqual([live, slow, none]);
    expect(viaRest.body.owing[0]).toMatchObject({ iOwe: true, myOwedSides: ['north'], title: 'live one' });
    expect(viaRest.body.others.map((g: { id: string }) => g.id)).toEqual([waiting, done]);
    expect((await rest(stack.base, 'GET', '/dashboard')).status).toBe(401);
  });

  it('costs the same SQL statements for 3 games as for 12 (dashboard and the list with iOwe)', async () => {
    const me = await register(stack.base, name('flat'));
    const foe = await register(stack.base, name('flatfoe'));
    const add = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const g = await game(me, { title: `flat ${i}`, timeControl: { preset: 'standard' } });
        await join(stack.base, foe, g.id);
        if (i % 3 === 0) await submit(stack.base, me, g.id, 1, { bid: 2 }); // some owed, some not
      }
    };
    const measure = async () => {
      const dash = await counting(() => as(stack.base, me, DASHBOARD, {}));
      expect(dash.result.errors).toBeUndefined();
      const listed = await counting(() => as(stack.base, me, LIST, { m: true, n: 200 }));
      expect(listed.result.errors).toBeUndefined();
      const rested = await counting(() => rest(stack.base, 'GET', '/games?mine=true&first=200', { token: me.token }));
      expect(rested.result.status).toBe(200);
      return {
        dashboard: dash.sql.length,
        list: listed.sql.length,
        rest: rested.sql.length,
        owing: dash.result.data.dashboard.owing.length,
        owed: listed.result.data.games.filter((g: Listed) => g.iOwe).length,
        restOwed: rested.result.body.games.filter((g: Listed) => g.iOwe).length,
      };
    };
    await add(3);
    const small = await measure();
    await add(9);
    const large = await measure();
    console.log('SQL statements (3 games → 12 games):', JSON.stringify({ small, large }));
    expect(small.owing).toBe(2);
    expect(large.owing).toBe(8);
    expect(large.owed).toBe(8);
    expect(large.restOwed).toBe(8);
    expect(large.dashboard).toBe(small.dashboard);
    expect(large.list).toBe(small.list);
    expect(large.rest).toBe(small.rest);
  }, 120_000);
});

describe('bad input is refused with a clear error, and nothing is stored', () => {
  it('an unknown filter key', async () => {
    const literal = await as(stack.base, alice, `{games(filter:{colour:"red"}){id}}`);
    expect(errorCode(literal)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(literal.errors![0]!.message).toMatch(/colour/);
    const variable = await as(stack.base, alice, LIST, { f: { colour: 'red' } });
    expect(variable.errors?.[0]?.extensions?.code).toMatch(/INVALID_VARIABLES|GRAPHQL_VALIDATION_FAILED|BAD_INPUT/);
    expect(variable.errors![0]!.message).toMatch(/colour/);
    const viaRest = await rest(stack.base, 'GET', '/games?colour=red', { token: alice.token });
    expect(viaRest.status).toBe(400);
    expectApiError(viaRest.body.error, 'BAD_INPUT');
    expect(viaRest.body.error.details[0]).toMatchObject({ code: 'UNKNOWN_FIELD' });
    const badPreset = await as(stack.base, alice, LIST, { f: { timeControl: 'blitz' } });
    expect(badPreset.errors![0]!.extensions).toMatchObject({
      code: 'BAD_INPUT',
      details: [{ code: 'INVALID_FILTER', path: ['filter', 'timeControl'] }],
    });
    const badRatio = await as(stack.base, alice, LIST, { f: { minReliability: 2 } });
    expect(badRatio.errors![0]!.extensions).toMatchObject({ code: 'BAD_INPUT', details: [{ code: 'OUT_OF_RANGE' }] });
  });

  it('a bad cursor, or a cursor of another order', async () => {
    for (const after of [
      'not a cursor!',
      'bm9wZQ',
      Buffer.from(JSON.stringify(['CREATED_DESC', 'yesterday', 'x'])).toString('base64url'),
    ]) {
      const r = await as(stack.base, alice, LIST, { a: after });
      expect(r.errors![0]!.extensions, after).toMatchObject({
        code: 'BAD_INPUT',
        details: [{ code: 'INVALID_CURSOR', path: ['after'] }],
      });
    }
    const [first] = await list(alice, { n: 1, o: 'CREATED_DESC' });
    const crossed = await as(stack.base, alice, LIST, { a: first!.cursor, o: 'TITLE_ASC' });
    expect(crossed.errors![0]!.extensions).toMatchObject({ code: 'BAD_INPUT', details: [{ code: 'INVALID_CURSOR' }] });
    expect(crossed.errors![0]!.message).toMatch(/CREATED_DESC/);
    const viaRest = await rest(stack.base, 'GET', '/games?after=bm9wZQ', { token: alice.token });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.error.details[0]).toMatchObject({ code: 'INVALID_CURSOR' });
  });

  it('an oversized title, HTML, or a bad requirement', async () => {
    const prisma = stack.booted.platform.prisma;
    const before = await prisma.game.count({ where: { creatorId: bob.id } });
    const create = `mutation($i:CreateGameInput!){createGame(input:$i){id}}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x'.repeat(101) }, 'TEXT_TOO_LONG', 'title'],
      [{ title: '   ' }, 'TEXT_EMPTY', 'title'],
      [{ title: '<b>bold</b> game' }, 'HTML_NOT_ALLOWED', 'title'],
      [{ title: 'two\nlines' }, 'CONTROL_CHARACTER', 'title'],
      [{ description: 'y'.repeat(2001) }, 'TEXT_TOO_LONG', 'description'],
      [{ description: 'hi <script>alert(1)</script>' }, 'HTML_NOT_ALLOWED', 'description'],
      [{ description: 'fish &amp; chips' }, 'HTML_NOT_ALLOWED', 'description'],
      [{ minReliability: 1.5 }, 'OUT_OF_RANGE', 'minReliability'],
    ];
    for (const [input, code, field] of cases) {
      const r = await as(stack.base, bob, create, {
        i: { module: 'sealed-bid', scenario: 'standard', side: 'north', ...input },
      });
      expect(r.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({
        code: 'BAD_INPUT',
        details: [{ code, path: ['input', field] }],
      });
    }
    const viaRest = await rest(stack.base, 'POST', '/games', {
      token: bob.token,
      body: { module: 'sealed-bid', scenario: 'standard', title: 'z'.repeat(101) },
    });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.error.details[0]).toMatchObject({ code: 'TEXT_TOO_LONG', path: ['input', 'title'] });
    expect(await prisma.game.count({ where: { creatorId: bob.id } })).toBe(before);

    // What is allowed is kept as given: plain text with new lines, "<" that opens no tag.
    const fine = await as(
      stack.base,
      bob,
      `mutation($i:CreateGameInput!){createGame(input:$i){id title description}}`,
      {
        i: {
          module: 'sealed-bid',
          scenario: 'standard',
          title: '  Friday night: 3 < 4  ',
          description: 'Line one.\nLine two & more.',
        },
      },
    );
    expect(fine.errors).toBeUndefined();
    expect(fine.data.createGame).toMatchObject({
      title: 'Friday night: 3 < 4',
      description: 'Line one.\nLine two & more.',
    });
  });
});
