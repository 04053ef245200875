/**
 * Issue 20, accounts: public profiles, blocks, "export my data" and account deletion, end to end
 * over HTTP on PostgreSQL, Redis and a worker. Refused inputs (oversized or HTML bio, a blocked
 * user inviting, a wrong password) store nothing; a deleted player's seat in a running game goes
 * through seat replacement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlocked } from '#platform/accounts/blocks.js';
import { withPg } from '../helpers/db.js';
import { gql } from '../helpers/gql.js';
import { as, createGame, join, register, submit, view } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { untilStep } from '../timecontrol/helpers.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
}, 120_000);
afterAll(async () => stack?.close());

const uid = () => Math.random().toString(36).slice(2, 8);
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
const details = (r: { errors?: { extensions?: { details?: any[] } }[] }) =>
  r.errors?.[0]?.extensions?.details?.map((d: any) => d.code);
const rows = (sql: string, args: unknown[]) => withPg(async (c) => (await c.query(sql, args)).rows);
const PROFILE = `query($u:String!){user(username:$u){id username profile{displayName timeZone languages bio memberSince} gamesPlayed{module played finished} reliability{turnsPlayed turnsMissed resignations}}}`;
const UPDATE =
  'mutation($i:ProfileInput!){updateProfile(input:$i){username profile{displayName timeZone languages bio}}}';

describe('public profile', () => {
  it('is set within limits and shown to anyone; refused fields store nothing', async () => {
    const p = await register(stack.base, `pf_${uid()}`);
    const set = await as(stack.base, p, UPDATE, {
      i: {
        displayName: ' Ada L. ',
        timeZone: 'Europe/Paris',
        languages: ['en', 'FR-ca', 'en'],
        bio: 'Plays slowly.\nLikes <3 hex maps.',
      },
    });
    expect(set.errors).toBeUndefined();
    expect(set.data.updateProfile.profile).toEqual({
      displayName: 'Ada L.',
      timeZone: 'Europe/Paris',
      languages: ['en', 'fr-CA'],
      bio: 'Plays slowly.\nLikes <3 hex maps.',
    });

    const before = await rows(`SELECT "displayName", languages, bio FROM "UserProfile" WHERE "userId" = $1`, [p.id]);
    const long = await as(stack.base, p, UPDATE, { i: { displayName: 'Changed', bio: 'x'.repeat(501) } });
    expect(code(long)).toBe('BAD_INPUT');
    expect(long.errors![0]!.extensions!.details![0]).toMatchObject({ code: 'TOO_LONG', path: ['input', 'bio'] });
    const html = await as(stack.base, p, UPDATE, {
      i: {
        bio: 'hi <script>alert(1)</script>',
        displayName: 'a&amp;b',
        languages: ['not a tag'],
        timeZone: 'Mars/Base',
      },
    });
    expect(details(html)).toEqual(['HTML_NOT_ALLOWED', 'HTML_NOT_ALLOWED', 'INVALID_LANGUAGE', 'INVALID_TIME_ZONE']);
    expect(code(await as(stack.base, p, UPDATE, { i: { displayName: 'two\nlines' } }))).toBe('BAD_INPUT');
    expect(code(await as(stack.base, p, UPDATE, { i: { nickname: 'x' } }))).toBe('INVALID_VARIABLES'); // unknown key: refused by the schema
    expect(await rows(`SELECT "displayName", languages, bio FROM "UserProfile" WHERE "userId" = $1`, [p.id])).toEqual(
      before,
    );
    expect((await as(stack.base, p, 'query{notificationSettings{timeZone}}')).data.notificationSettings.timeZone).toBe(
      'Europe/Paris',
    );

    // Anyone sees it, by name in any case; the REST mirror says the same.
    const anon = await gql(stack.base, PROFILE, { u: p.name.toUpperCase() });
    expect(anon.data.user).toMatchObject({
      id: p.id,
      username: p.name,
      profile: { displayName: 'Ada L.', languages: ['en', 'fr-CA'] },
      gamesPlayed: [],
      reliability: { turnsPlayed: 0, turnsMissed: 0, resignations: 0 },
    });
    expect((await gql(stack.base, PROFILE, { u: 'nobody_at_all' })).data.user).toBeNull();
    const r = await rest(stack.base, 'GET', `/users/${p.name}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      username: p.name,
      profile: { timeZone: 'Europe/Paris', bio: 'Plays slowly.\nLikes <3 hex maps.' },
      reliability: { ratio: 1 },
    });
    expect(r.body).not.toHaveProperty('ratings');
    expect(
      (await rest(stack.base, 'PATCH', '/account/profile', { token: p.token, body: { bio: 'ok', website: 'x' } }))
        .status,
    ).toBe(400);
    const patched = await rest(stack.base, 'PATCH', '/account/profile', { token: p.token, body: { bio: null } });
    expect(patched.status).toBe(200);
    expect(patched.body.profile.bio).toBeNull();
    expect((await rest(stack.base, 'GET', '/users/nobody_at_all')).body.error.code).toBe('NOT_FOUND');
  }, 60_000);
});

describe('blocks', () => {
  it('a blocked user cannot invite me; nothing is stored; unblocking lifts it', async () => {
    const me = await register(stack.base, `bm_${uid()}`);
    const them = await register(stack.base, `bt_${uid()}`);
    expect(
      (await as(stack.base, me, 'mutation($u:String!){blockUser(username:$u)}', { u: them.name })).data.blockUser,
    ).toBe(true);
    expect(code(await as(stack.base, me, 'mutation($u:String!){blockUser(username:$u)}', { u: me.name }))).toBe(
      'BAD_INPUT',
    );
    expect((await as(stack.base, me, 'query{blockedUsers{username}}')).data.blockedUsers).toEqual([
      { username: them.name },
    ]);
    expect(await isBlocked(stack.booted.platform.prisma, me.id, them.id)).toBe(true);
    expect(await isBlocked(stack.booted.platform.prisma, them.id, me.id)).toBe(false);

    const g = await createGame(stack.base, them, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      isPublic: false,
    });
    const refused = await as(stack.base, them, 'mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}', {
      g: g.id,
      u: me.name,
    });
    expect(code(refused)).toBe('BLOCKED');
    expect(refused.errors![0]!.message).toBe(`${me.name} does not accept invitations from you.`);
    expect(await rows(`SELECT 1 FROM "Invitation" WHERE "gameId" = $1`, [g.id])).toEqual([]);
    expect(
      await rows(`SELECT 1 FROM "OutboxMessage" WHERE payload->>'gameId' = $1 AND payload->>'kind' = 'INVITATION'`, [
        g.id,
      ]),
    ).toEqual([]);
    // I may still invite them (the block is one way).
    const mine = await createGame(stack.base, me, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      isPublic: false,
    });
    expect(
      (
        await as(stack.base, me, 'mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}', {
          g: mine.id,
          u: them.name,
        })
      ).errors,
    ).toBeUndefined();

    expect(
      (await rest(stack.base, 'POST', '/account/blocks', { token: me.token, body: { username: them.name } })).body,
    ).toEqual({ ok: true }); // again: no change
    const lifted = await rest(stack.base, 'DELETE', `/account/blocks/${them.name}`, { token: me.token });
    expect(lifted.body).toEqual({ removed: true });
    expect(
      (
        await as(stack.base, them, 'mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}', {
          g: g.id,
          u: me.name,
        })
      ).errors,
    ).toBeUndefined();
  }, 60_000);
});

/** Two players on a started sealed-bid game whose first (secret) step is resolved. */
async function playedGame(prefix: string) {
  const a = await register(stack.base, `${prefix}a_${uid()}`);
  const b = await register(stack.base, `${prefix}b_${uid()}`);
  const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'short', side: 'north' });
  await join(stack.base, b, g.id, 'south');
  const step = (await view(stack.base, a, g.id)).game.step;
  expect((await submit(stack.base, a, g.id, step, { bid: 2, note: 'north secret plan' })).errors).toBeUndefined();
  expect((await submit(stack.base, b, g.id, step, { bid: 1, note: 'south secret plan' })).errors).toBeUndefined();
  await untilStep(stack, a, g.id, step + 1);
  return { a, b, g, step };
}

describe('export my data', () => {
  it('holds my profile, games and resolved orders, and nothing of the other player', async () => {
    const { a, b, g, step } = await playedGame('ex');
    await as(stack.base, a, UPDATE, { i: { bio: 'north player' } });
    await as(stack.base, a, 'mutation($u:String!){blockUser(username:$u)}', { u: b.name });
    const r = await as(stack.base, a, 'query{exportMyData}');
    expect(r.errors).toBeUndefined();
    const x = r.data.exportMyData;
    expect(x.account).toMatchObject({ id: a.id, username: a.name, email: null });
    expect(x.profile.bio).toBe('north player');
    expect(x.games).toEqual([
      expect.objectContaining({ id: g.id, module: 'sealed-bid', sides: [expect.objectContaining({ side: 'north' })] }),
    ]);
    expect(x.orders).toEqual([
      expect.objectContaining({ gameId: g.id, step, side: 'north', orders: { bid: 2, note: 'north secret plan' } }),
    ]);
    expect(x.blockedUsers).toEqual([b.name]);
    expect(x.reliability.turnsPlayed).toBe(1);
    expect((await gql(stack.base, PROFILE, { u: a.name })).data.user.gamesPlayed).toEqual([
      { module: 'sealed-bid', played: 1, finished: 0 },
    ]);
    const raw = JSON.stringify(x);
    for (const secret of ['south secret plan', 'passwordHash', 'tokenHash', 'seed', 'whsec_'])
      expect(raw).not.toContain(secret);
    // REST says the same; it needs the admin scope.
    const viaRest = await rest(stack.base, 'GET', '/account/export', { token: a.token });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.orders).toEqual(x.orders);
    expect((await rest(stack.base, 'GET', '/account/export')).status).toBe(401);
  }, 60_000);
});

describe('delete the account', () => {
  it('needs the password; personal data goes; the running game keeps the seat as "deleted player" and offers it', async () => {
    const { a, b, g } = await playedGame('dl');
    const c = await register(stack.base, `dlc_${uid()}`);
    await as(stack.base, b, UPDATE, { i: { displayName: 'Bob B.', bio: 'south player' } });
    await as(stack.base, b, 'mutation($u:String!){blockUser(username:$u)}', { u: a.name });
    await as(stack.base, b, `mutation($g:ID!){setGameNote(gameId:$g,text:"my private note")}`, { g: g.id });
    const ownOpen = await createGame(stack.base, b, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    const othersOpen = await createGame(stack.base, c, { module: 'sealed-bid', scenario: 'short' });
    await join(stack.base, b, othersOpen.id, 'south');

    const wrong = await as(stack.base, b, 'mutation($p:String!){deleteAccount(password:$p)}', { p: 'not my password' });
    expect(code(wrong)).toBe('INVALID_CREDENTIALS');
    expect((await gql(stack.base, PROFILE, { u: b.name })).data.user.profile.displayName).toBe('Bob B.');

    const done = await as(stack.base, b, 'mutation($p:String!){deleteAccount(password:$p)}', {
      p: 'correct horse battery',
    });
    expect(done.errors).toBeUndefined();
    expect(done.data.deleteAccount).toBe(true);

    // Gone: the login, the name, the profile and every personal row.
    expect(code(await as(stack.base, b, 'query{blockedUsers{id}}'))).toBe('TOKEN_INVALID');
    expect(
      code(await gql(stack.base, 'mutation($r:String!){refresh(refreshToken:$r){accessToken}}', { r: b.refreshToken })),
    ).toBe('TOKEN_INVALID');
    expect(
      code(
        await gql(stack.base, 'mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}', {
          u: b.name,
          p: 'correct horse battery',
        }),
      ),
    ).toBe('INVALID_CREDENTIALS');
    expect((await gql(stack.base, PROFILE, { u: b.name })).data.user).toBeNull();
    const [user] = await rows(`SELECT username, "passwordHash", "deletedAt" FROM "User" WHERE id = $1`, [b.id]);
    expect(user.username).toBe(`deleted player ${b.id}`);
    expect(user.passwordHash).toBe('!');
    expect(user.deletedAt).not.toBeNull();
    for (const table of ['UserProfile', 'NotificationSettings', 'GameNote', 'AccountToken']) {
      expect(await rows(`SELECT 1 FROM "${table}" WHERE "userId" = $1`, [b.id]), table).toEqual([]);
    }
    expect(await rows(`SELECT 1 FROM "UserBlock" WHERE "blockerId" = $1 OR "blockedId" = $1`, [b.id])).toEqual([]);

    // Open games: the one b created is cancelled, b's seat in c's is free again.
    expect(await rows(`SELECT status FROM "Game" WHERE id = $1`, [ownOpen.id])).toEqual([{ status: 'CANCELLED' }]);
    expect(await rows(`SELECT side FROM "Seat" WHERE "gameId" = $1`, [othersOpen.id])).toEqual([]);
    expect(await rows(`SELECT status FROM "Game" WHERE id = $1`, [othersOpen.id])).toEqual([{ status: 'OPEN' }]);
    // The game goes on: the seat is held by "deleted player", played by the bot and offered to anyone.
    const v = await view(stack.base, a, g.id);
    expect(v.game.status).toBe('ACTIVE');
    expect(v.game.seats.find((s: any) => s.side === 'south').user.username).toBe(`deleted player ${b.id}`);
    expect(v.events.at(-1)).toMatchObject({
      type: 'seat-resigned',
      data: { side: 'south', by: `deleted player ${b.id}`, offered: true },
    });
    const took = await as(
      stack.base,
      c,
      `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){seats{side user{username}}}}`,
      { g: g.id },
    );
    expect(took.errors).toBeUndefined();
    expect(took.data.takeSeat.seats.find((s: any) => s.side === 'south').user.username).toBe(c.name);
  }, 90_000);
});
