/** Lobby: private games and invitations, seats before the start, hot-seat play, drafts and readiness. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let ann: Player;
let ben: Player;
let cat: Player;
beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
  const s = Math.random().toString(36).slice(2, 8);
  [ann, ben, cat] = await Promise.all(['ann', 'ben', 'cat'].map((n) => register(stack.base, `${n}_${s}`)));
});
afterAll(async () => stack?.close());

describe('lobby', () => {
  it('lists modules with scenarios and documented options', async () => {
    const r = await as(stack.base, ann, `{modules{id sides scenarios{id sides} options{id type default description}}}`);
    const m = r.data.modules.find((x: any) => x.id === 'sealed-bid');
    expect(m.scenarios.map((s: any) => s.id)).toEqual(['standard', 'short']);
    expect(m.options.find((o: any) => o.id === 'budget')).toMatchObject({ type: 'number', default: 10 });
  });

  it('a private game admits only invited users and hides itself from others', async () => {
    const g = await createGame(stack.base, ann, {
      module: 'sealed-bid',
      scenario: 'short',
      isPublic: false,
      side: 'north',
    });
    expect(errorCode(await as(stack.base, cat, `mutation($g:ID!){joinGame(gameId:$g){id}}`, { g: g.id }))).toBe(
      'NOT_INVITED',
    );
    expect(errorCode(await as(stack.base, cat, `query($g:ID!){game(id:$g){viewer}}`, { g: g.id }))).toBe('NOT_FOUND');
    const listed = await as(stack.base, cat, `{games(status:OPEN){id}}`);
    expect(listed.data.games.map((x: any) => x.id)).not.toContain(g.id);
    // Only the creator invites.
    expect(
      errorCode(
        await as(stack.base, ben, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
          g: g.id,
          u: cat.name,
        }),
      ),
    ).toBe('FORBIDDEN');
    await as(stack.base, ann, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, { g: g.id, u: cat.name });
    const joined = await join(stack.base, cat, g.id);
    expect(joined.status).toBe('ACTIVE');
    expect(joined.seats.find((s: any) => s.user.username === cat.name).side).toBe('south');
  });

  it('seats change before the start: leave, and the creator frees a seat for a replacement', async () => {
    const g = await createGame(stack.base, ann, { module: 'sealed-bid', scenario: 'short' });
    await join(stack.base, ben, g.id, 'south');
    expect(
      errorCode(await as(stack.base, cat, `mutation($g:ID!){leaveGame(gameId:$g,side:"south")}`, { g: g.id })),
    ).toBe('FORBIDDEN');
    expect(
      (await as(stack.base, ann, `mutation($g:ID!){leaveGame(gameId:$g,side:"south")}`, { g: g.id })).data.leaveGame,
    ).toBe(true);
    expect(
      errorCode(await as(stack.base, cat, `mutation($g:ID!){joinGame(gameId:$g,side:"east"){id}}`, { g: g.id })),
    ).toBe('UNKNOWN_SIDE');
    await join(stack.base, cat, g.id, 'south');
    expect(
      errorCode(await as(stack.base, ben, `mutation($g:ID!){joinGame(gameId:$g,side:"south"){id}}`, { g: g.id })),
    ).toBe('SIDE_TAKEN');
    const started = await join(stack.base, ben, g.id); // the last free side: the game starts
    expect(started.status).toBe('ACTIVE');
    expect(
      errorCode(await as(stack.base, cat, `mutation($g:ID!){leaveGame(gameId:$g,side:"south")}`, { g: g.id })),
    ).toBe('GAME_NOT_OPEN');
  });

  it('hot-seat: one user holds both sides where the creator allows it, naming the side each time', async () => {
    const g = await createGame(stack.base, ann, {
      module: 'sealed-bid',
      scenario: 'short',
      allowMultiSeat: true,
      side: 'north',
    });
    await join(stack.base, ann, g.id, 'south');
    const r = await submit(stack.base, ann, g.id, 1, { bid: 1 });
    expect(errorCode(r)).toBe('SIDE_REQUIRED');
    expect((await submit(stack.base, ann, g.id, 1, { bid: 1 }, { side: 'north' })).errors).toBeUndefined();
    expect((await submit(stack.base, ann, g.id, 1, { bid: 2 }, { side: 'south' })).errors).toBeUndefined();
    await waitFor(async () => (await view(stack.base, ann, g.id, 'south')).game.step === 2);
  });

  it('drafts are private; unready orders hold the step until marked ready', async () => {
    const g = await createGame(stack.base, ann, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    await join(stack.base, ben, g.id, 'south');
    await as(stack.base, ann, `mutation($g:ID!){saveDraft(gameId:$g,orders:{thinking:"bid 3?"})}`, { g: g.id });
    expect((await as(stack.base, ann, `query($g:ID!){draft(gameId:$g)}`, { g: g.id })).data.draft).toEqual({
      thinking: 'bid 3?',
    });
    expect((await as(stack.base, ben, `query($g:ID!){draft(gameId:$g)}`, { g: g.id })).data.draft).toBeNull();

    expect((await submit(stack.base, ann, g.id, 1, { bid: 3 }, { ready: false })).data.submitOrders.stepComplete).toBe(
      false,
    );
    const b = await submit(stack.base, ben, g.id, 1, { bid: 1 });
    expect(b.data.submitOrders.stepComplete).toBe(false);
    const v = await view(stack.base, ben, g.id);
    expect(v.owed).toEqual([
      { side: 'north', ready: false },
      { side: 'south', ready: true },
    ]);
    await new Promise((r) => setTimeout(r, 500));
    expect((await view(stack.base, ann, g.id)).game.step).toBe(1);
    await as(stack.base, ann, `mutation($g:ID!){setReady(gameId:$g,step:1,ready:true)}`, { g: g.id });
    await waitFor(async () => (await view(stack.base, ann, g.id)).game.step === 2);
  });
});
