/**
 * Lobby changes reach subscribers on another API instance through Redis, redacted as the `games`
 * query would show them (private games only to those involved, the seed never while running),
 * and an invitation reaches the invitee's channels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, waitFor, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { addWebhook, NOTIFY_ENV, spawnNotifier, startReceiver, verifyWebhook, type Receiver } from './helpers.js';

let one: Stack;
let two: Stack;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  one = await startStack('services', NOTIFY_ENV);
  // A second API instance sharing the database, Redis, queues and token key.
  two = await startStack('services', {
    ...NOTIFY_ENV,
    WARPOST_QUEUE_PREFIX: one.env.WARPOST_QUEUE_PREFIX,
    JWT_SECRET: one.env.JWT_SECRET,
  });
  await Promise.all([one.spawnWorker(), spawnNotifier(one)]);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await rx?.close();
});

const LOBBY = `subscription{lobbyChanges{gameId status game{id status isPublic seedHash seed seats{side user{username}}}}}`;

describe('lobby changes and invitations', () => {
  it('a second instance hears games open and start; private games only reach those involved', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const alice = await register(one.base, `lalice_${s}`);
    const bob = await register(one.base, `lbob_${s}`);
    const carol = await register(one.base, `lcarol_${s}`);
    const dave = await register(one.base, `ldave_${s}`);
    const invitePath = `/invite/${s}`;
    const daveHook = await addWebhook(one, dave, `${rx.url}${invitePath}`, { kinds: ['INVITATION'] });

    const carolWs = wsClient(two.base, carol.token);
    const daveWs = wsClient(two.base, dave.token);
    const anonWs = wsClient(two.base);
    const carolSees = collect(carolWs, LOBBY);
    const daveSees = collect(daveWs, LOBBY);
    const anonSees = collect(anonWs, LOBBY);
    await new Promise((r) => setTimeout(r, 500));

    // A public game opens and starts (instance one); subscribers on instance two hear it.
    const pub = await createGame(one.base, alice, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    await carolSees.until((items) =>
      items.some((i: any) => i.lobbyChanges.gameId === pub.id && i.lobbyChanges.status === 'OPEN'),
    );
    await join(one.base, bob, pub.id, 'south');
    await carolSees.until((items) =>
      items.some((i: any) => i.lobbyChanges.gameId === pub.id && i.lobbyChanges.status === 'ACTIVE'),
    );
    await anonSees.until((items) =>
      items.some((i: any) => i.lobbyChanges.gameId === pub.id && i.lobbyChanges.status === 'ACTIVE'),
    );
    const started = carolSees.items.find(
      (i: any) => i.lobbyChanges.gameId === pub.id && i.lobbyChanges.status === 'ACTIVE',
    ) as any;
    expect(started.lobbyChanges.game.seed).toBeNull();
    expect(started.lobbyChanges.game.seats.map((x: any) => x.side).sort()).toEqual(['north', 'south']);

    // A private game: dave is invited (and notified on his webhook); carol never hears of it.
    const priv = await createGame(one.base, alice, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      isPublic: false,
    });
    const invited = await as(one.base, alice, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
      g: priv.id,
      u: dave.name,
    });
    expect(invited.errors).toBeUndefined();
    await as(one.base, alice, `mutation($g:ID!,$u:String!){invite(gameId:$g,username:$u)}`, {
      g: priv.id,
      u: dave.name,
    }); // again: no second notice
    await join(one.base, dave, priv.id, 'south');
    await daveSees.until((items) =>
      items.some((i: any) => i.lobbyChanges.gameId === priv.id && i.lobbyChanges.status === 'ACTIVE'),
    );
    const notice = await waitFor(async () => rx.at(invitePath)[0]);
    const body = verifyWebhook(daveHook.secret, notice);
    expect(body.type).toBe('invitation.received');
    expect(body.data).toMatchObject({ gameId: priv.id, invitedBy: alice.name });
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.at(invitePath)).toHaveLength(1);
    expect(JSON.stringify(carolSees.items)).not.toContain(priv.id);
    expect(JSON.stringify(anonSees.items)).not.toContain(priv.id);
    expect(carolSees.errors).toEqual([]);

    await carolWs.dispose();
    await daveWs.dispose();
    await anonWs.dispose();
  });
});
