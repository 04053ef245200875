/**
 * Seat replacement in a running game, on PostgreSQL, Redis and a worker, with the controllable
 * clock. A seat in civil disorder (or resigned) is offered; the replacement sees exactly what
 * the side saw (view, prompts, events, orders in) and none of the previous player's own: draft,
 * per-game notification preferences, webhooks, note, excuses, reliability record. Every missed
 * turn stays with the user who missed it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, VIEW } from '../helpers/play.js';
import { type Stack } from '../helpers/stack.js';
import {
  as,
  AUDIT,
  clockStack,
  deadlineOf,
  expectError,
  ok,
  pair,
  register,
  SUMMARY,
  uid,
  untilStep,
  view,
  type Player,
} from './helpers.js';

let stack: Stack;
beforeAll(async () => {
  stack = await clockStack({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => stack?.close());

const RELIABILITY = `query{me{reliability{turnsPlayed turnsMissed excusesUsed civilDisorders forfeits resignations}}}`;
const PRIVATE = `query($g:ID!){draft(gameId:$g) game(id:$g){myNote viewer} webhooks{id gameId} notificationSettings{preferences(gameId:$g){kind channel enabled source}}}`;

/** Everything a side sees of the game, up to an event sequence number (later events are new). */
async function sideSees(p: Player, gameId: string, uptoSeq: number) {
  const v = (await ok(as(stack.base, p, VIEW, { id: gameId, side: 'south' }))).game;
  return {
    viewer: v.viewer,
    view: v.view,
    myPrompts: v.myPrompts,
    owed: v.owed,
    mySubmission: v.mySubmission,
    events: v.events.filter((e: any) => e.seq <= uptoSeq),
  };
}

describe('seat replacement', () => {
  it('a replacement inherits the side, and nothing of the previous player', async () => {
    // Excuses 1, then the bot: b misses step 1 twice and the seat falls into civil disorder.
    const { a, b, g } = await pair(stack, 'sr', { preset: 'standard', excuses: 1, onMissedTurn: 'bot' });
    const c = await register(stack.base, `src_${uid()}`);
    const stranger = await register(stack.base, `srx_${uid()}`);
    // b's own things about this game.
    await ok(as(stack.base, b, `mutation($g:ID!){saveDraft(gameId:$g,orders:{bid:9,note:"b's plan"})}`, { g: g.id }));
    await ok(as(stack.base, b, `mutation($g:ID!){setGameNote(gameId:$g,text:"a bluffs on round 1")}`, { g: g.id }));
    await ok(
      as(
        stack.base,
        b,
        `mutation($g:ID!){setNotificationPreferences(gameId:$g,preferences:[{kind:YOUR_TURN,enabled:false}]){kind}}`,
        { g: g.id },
      ),
    );
    await ok(
      as(stack.base, b, `mutation($i:WebhookInput!){createWebhook(input:$i){secret}}`, {
        i: { url: 'http://127.0.0.1:9/b', gameId: g.id },
      }),
    );
    await ok(
      as(stack.base, b, `mutation($i:WebhookInput!){createWebhook(input:$i){secret}}`, {
        i: { url: 'http://127.0.0.1:9/b2' },
      }),
    );

    await submit(stack.base, a, g.id, 1, { bid: 3, note: 'north note' });
    await stack.clock.set(new Date((await deadlineOf(stack, a, g.id))!.getTime() + 1000)); // excused
    await untilExtended(a, g.id);
    await stack.clock.set(new Date((await deadlineOf(stack, a, g.id))!.getTime() + 1000)); // the bot
    await untilStep(stack, a, g.id, 2);
    const seat = await stack.booted.platform.prisma.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'south' } });
    expect(seat).toMatchObject({ userId: b.id, civilDisorder: true, offeredAt: null });

    // Not offered yet: c cannot take it; only the admin offers it (to c only).
    expectError(
      await as(stack.base, c, `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){id}}`, { g: g.id }),
      'SEAT_NOT_OFFERED',
    );
    expectError(
      await as(stack.base, b, `mutation($g:ID!){offerSeat(gameId:$g,side:"south"){id}}`, { g: g.id }),
      'FORBIDDEN',
    );
    expectError(
      await as(stack.base, a, `mutation($g:ID!){offerSeat(gameId:$g,side:"north"){id}}`, { g: g.id }),
      'CONFLICT',
    );
    await ok(
      as(
        stack.base,
        a,
        `mutation($g:ID!,$u:String){offerSeat(gameId:$g,side:"south",username:$u,reason:"b vanished"){${SUMMARY}}}`,
        { g: g.id, u: c.name },
      ),
    );
    expectError(
      await as(stack.base, stranger, `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){id}}`, { g: g.id }),
      'FORBIDDEN',
    );

    // What the side saw just before the hand-over, as its holder b saw it.
    const lastSeq = Math.max(...(await view(stack.base, a, g.id)).events.map((e: any) => e.seq));
    const before = await sideSees(b, g.id, lastSeq);
    expect(before.viewer).toBe('south');
    expect(before.events.some((e: any) => e.type === 'note-recorded')).toBe(true); // south's own event

    const taken = (
      await ok(
        as(stack.base, c, `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){${SUMMARY} seats{side user{username}}}}`, {
          g: g.id,
        }),
      )
    ).takeSeat;
    expect(taken.seats).toContainEqual({ side: 'south', user: { username: c.name } });

    // c sees exactly what the side saw...
    expect(await sideSees(c, g.id, lastSeq)).toEqual(before);
    // ...and none of b's own settings.
    const mine = await ok(as(stack.base, c, PRIVATE, { g: g.id }));
    expect(mine.draft).toBeNull();
    expect(mine.game).toEqual({ myNote: null, viewer: 'south' });
    expect(mine.webhooks).toEqual([]);
    expect(mine.notificationSettings.preferences.every((p: any) => p.source === 'DEFAULT')).toBe(true);
    // b keeps them (and is now a spectator of this public game).
    const bs = await ok(as(stack.base, b, `query($g:ID!){game(id:$g){viewer myNote} webhooks{url}}`, { g: g.id }));
    expect(bs.game).toEqual({ viewer: null, myNote: null });
    expect(bs.webhooks.map((w: any) => w.url).sort()).toEqual(['http://127.0.0.1:9/b', 'http://127.0.0.1:9/b2']);
    expect(
      (
        await stack.booted.platform.prisma.gameNote.findUnique({
          where: { gameId_userId: { gameId: g.id, userId: b.id } },
        })
      )?.text,
    ).toBe('a bluffs on round 1');

    // The records stay with who made them: b missed and fell into civil disorder; c did nothing.
    expect((await ok(as(stack.base, b, RELIABILITY))).me.reliability).toEqual({
      turnsPlayed: 0,
      turnsMissed: 1,
      excusesUsed: 1,
      civilDisorders: 1,
      forfeits: 0,
      resignations: 0,
    });
    expect((await ok(as(stack.base, c, RELIABILITY))).me.reliability).toEqual({
      turnsPlayed: 0,
      turnsMissed: 0,
      excusesUsed: 0,
      civilDisorders: 0,
      forfeits: 0,
      resignations: 0,
    });
    expect(
      (
        await stack.booted.platform.prisma.missedTurn.findMany({
          where: { gameId: g.id },
          orderBy: { createdAt: 'asc' },
        })
      ).map((m) => [m.userId, m.action]),
    ).toEqual([
      [b.id, 'excused'],
      [b.id, 'bot'],
    ]);
    expect(
      (await stack.booted.platform.prisma.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'south' } }))
        .civilDisorder,
    ).toBe(false); // c plays, not the bot
    const log = (await ok(as(stack.base, c, AUDIT, { g: g.id }))).auditLog;
    expect(log).toMatchObject([
      { action: 'offer-seat', actorRole: 'creator', reason: 'b vanished', details: { side: 'south', to: c.name } },
    ]);
  });

  it('a player resigns a running game: the seat goes to the bot, is offered, and anyone takes it; an admin can also replace directly', async () => {
    const { a, b, g } = await pair(stack, 'rs', { preset: 'standard' });
    const d = await register(stack.base, `rsd_${uid()}`);
    const e = await register(stack.base, `rse_${uid()}`);
    await ok(as(stack.base, b, `mutation($g:ID!){resignSeat(gameId:$g){id}}`, { g: g.id }));
    const seat = await stack.booted.platform.prisma.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'south' } });
    expect(seat.civilDisorder).toBe(true);
    expect(seat.offeredAt).not.toBeNull();
    expect((await ok(as(stack.base, b, RELIABILITY))).me.reliability.resignations).toBe(1);
    await ok(as(stack.base, d, `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){id}}`, { g: g.id }));
    expectError(
      await as(stack.base, e, `mutation($g:ID!){takeSeat(gameId:$g,side:"south"){id}}`, { g: g.id }),
      'SEAT_NOT_OFFERED',
    );
    // Only the admin hands a seat over directly.
    expectError(
      await as(stack.base, d, `mutation($g:ID!,$u:String!){replaceSeat(gameId:$g,side:"south",username:$u){id}}`, {
        g: g.id,
        u: e.name,
      }),
      'FORBIDDEN',
    );
    await ok(
      as(
        stack.base,
        a,
        `mutation($g:ID!,$u:String!){replaceSeat(gameId:$g,side:"south",username:$u,reason:"swap"){id}}`,
        { g: g.id, u: e.name },
      ),
    );
    const v = await view(stack.base, e, g.id);
    expect(v.viewer).toBe('south');
    expect(v.events.filter((x: any) => x.type === 'seat-replaced').map((x: any) => x.data)).toEqual([
      { side: 'south', player: d.name, previous: b.name, how: 'taken' },
      { side: 'south', player: e.name, previous: d.name, how: 'replaced', by: a.name },
    ]);
    const log = (await ok(as(stack.base, e, AUDIT, { g: g.id }))).auditLog;
    expect(log).toMatchObject([
      { action: 'replace-seat', reason: 'swap', details: { side: 'south', from: d.name, to: e.name } },
    ]);
    // The new player plays: the step resolves as soon as both are in.
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'n' });
    const r = await submit(stack.base, e, g.id, 1, { bid: 2, note: 's' });
    expect(r.errors).toBeUndefined();
    await untilStep(stack, a, g.id, 2);
  });
});

async function untilExtended(p: Player, gameId: string) {
  const { waitFor } = await import('../helpers/gql.js');
  return waitFor(
    async () => (await view(stack.base, p, gameId)).events.some((e: any) => e.type === 'deadline-extended') || null,
    20_000,
  );
}
