/**
 * Votes of the seated players, on PostgreSQL, Redis and a worker, with the controllable clock:
 * pause and resume (the deadline keeps the time that was left), refusal, expiry at the step
 * deadline, draw, cancel and concession; spectators get NOT_A_PLAYER and change nothing; every
 * step of a vote is a public event that the notification dispatcher turns into VOTE notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOutbox } from '#platform/notifications/dispatcher.js';
import { verifyExport } from '#platform/trust/verifier.js';
import { gameFingerprint } from '../helpers/db.js';
import { submit } from '../helpers/play.js';
import { type Stack } from '../helpers/stack.js';
import {
  as,
  CAST,
  clockStack,
  deadlineOf,
  eventsOf,
  expectError,
  HOUR,
  ok,
  pair,
  PROPOSE,
  register,
  uid,
  untilStep,
  view,
} from './helpers.js';

let stack: Stack;
beforeAll(async () => {
  stack = await clockStack({ VOTE_WINDOW_SECONDS: String(6 * 3600), WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => stack?.close());

const DAY_TC = { preset: 'standard' }; // 24 h steps

describe('votes', () => {
  it('pause passes unanimously and stops the clock; resume gives back the time that was left', async () => {
    const { a, b, g } = await pair(stack, 'vp', DAY_TC);
    const d0 = (await deadlineOf(stack, a, g.id))!;
    await stack.clock.advance(2 * HOUR);
    const proposed = (await ok(as(stack.base, a, PROPOSE, { g: g.id, k: 'PAUSE' }))).proposeVote;
    expect(proposed).toMatchObject({
      kind: 'PAUSE',
      status: 'OPEN',
      proposedBy: { username: a.name },
      ballots: [{ user: { username: a.name }, approve: true }],
      waitingFor: [{ username: b.name }],
    });
    // Expires at the sooner of the window (6 h) and the deadline (22 h away).
    expect(new Date(proposed.expiresAt).getTime()).toBeCloseTo(stack.clock.now().getTime() + 6 * HOUR, -4);
    // A second pause vote while one is open: refused.
    expectError(await as(stack.base, b, PROPOSE, { g: g.id, k: 'PAUSE' }), 'VOTE_ALREADY_OPEN');
    const passed = (await ok(as(stack.base, b, CAST, { v: proposed.id, ok: true }))).castVote;
    expect(passed).toMatchObject({ status: 'PASSED', waitingFor: [] });
    const paused = await view(stack.base, a, g.id);
    expect(paused.game).toMatchObject({ status: 'PAUSED', pausedReason: 'Paused by a vote of the players.' });
    // Orders are not taken while paused, and the deadline does not pass.
    expectError(await submit(stack.base, a, g.id, 1, { bid: 1 }), 'GAME_NOT_ACTIVE');
    await stack.clock.advance(3 * 24 * HOUR);
    await new Promise((r) => setTimeout(r, 600)); // several reconciler passes
    expect((await view(stack.base, a, g.id)).game).toMatchObject({ status: 'PAUSED', step: 1 });
    // Resume by vote: the deadline moves by the time paused (3 days), keeping the 22 h left.
    const resume = (await ok(as(stack.base, b, PROPOSE, { g: g.id, k: 'RESUME' }))).proposeVote;
    await ok(as(stack.base, a, CAST, { v: resume.id, ok: true }));
    const resumed = await view(stack.base, a, g.id);
    expect(resumed.game.status).toBe('ACTIVE');
    const d1 = new Date(resumed.game.deadline);
    expect(d1.getTime() - d0.getTime()).toBeGreaterThanOrEqual(3 * 24 * HOUR);
    expect(d1.getTime() - d0.getTime()).toBeLessThan(3 * 24 * HOUR + 60_000);
    expect(d1.getTime() - stack.clock.now().getTime()).toBeGreaterThan(21.9 * HOUR);
    const types = (await eventsOf(stack, b, g.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['vote-proposed', 'vote-passed', 'game-paused', 'game-resumed']));
    // The restored deadline fires, once, when the clock reaches it.
    await submit(stack.base, a, g.id, 1, { bid: 2, note: 'n' });
    await stack.clock.set(new Date(d1.getTime() + 1000));
    const after = await untilStep(stack, a, g.id, 2);
    expect(after.events.filter((e: any) => e.type === 'step-resolved')).toHaveLength(1);
    expect(after.events.find((e: any) => e.type === 'step-resolved').data.defaulted).toEqual(['south']);
  });

  it('one refusal rejects a vote; spectators and strangers cannot vote and change nothing', async () => {
    const { a, b, g } = await pair(stack, 'vr', DAY_TC);
    const c = await register(stack.base, `vrc_${uid()}`);
    const draw = (await ok(as(stack.base, a, PROPOSE, { g: g.id, k: 'DRAW' }))).proposeVote;
    const before = await gameFingerprint(g.id);
    const votesBefore = JSON.stringify(
      (await ok(as(stack.base, a, `query($g:ID!){game(id:$g){votes{id status ballots{approve}}}}`, { g: g.id }))).game
        .votes,
    );
    expectError(await as(stack.base, c, CAST, { v: draw.id, ok: true }), 'NOT_A_PLAYER', 'NOT_A_PLAYER');
    expectError(await as(stack.base, c, PROPOSE, { g: g.id, k: 'CANCEL' }), 'NOT_A_PLAYER', 'NOT_A_PLAYER');
    expect(await gameFingerprint(g.id)).toBe(before);
    expect(
      JSON.stringify(
        (await ok(as(stack.base, a, `query($g:ID!){game(id:$g){votes{id status ballots{approve}}}}`, { g: g.id }))).game
          .votes,
      ),
    ).toBe(votesBefore);
    // Bad input: nothing changes either.
    expectError(
      await as(stack.base, a, PROPOSE, { g: g.id, k: 'CANCEL', side: 'north' }),
      'BAD_INPUT',
      'UNEXPECTED_SIDE',
    );
    expectError(await as(stack.base, a, CAST, { v: draw.id, ok: true }), 'ALREADY_VOTED');
    const rejected = (await ok(as(stack.base, b, CAST, { v: draw.id, ok: false }))).castVote;
    expect(rejected).toMatchObject({ status: 'REJECTED', ballots: [{ approve: true }, { approve: false }] });
    expect((await view(stack.base, a, g.id)).game.status).toBe('ACTIVE');
    expectError(await as(stack.base, a, CAST, { v: draw.id, ok: true }), 'VOTE_CLOSED');
  });

  it('a vote expires at the step deadline when that comes first, and is announced', async () => {
    const { a, b, g } = await pair(stack, 've', { preset: 'custom', stepSeconds: 2 * 3600 });
    // Webhooks so the dispatcher has somewhere to send VOTE notices.
    for (const p of [a, b])
      await ok(
        as(stack.base, p, `mutation($i:WebhookInput!){createWebhook(input:$i){secret}}`, {
          i: { url: 'http://127.0.0.1:9/hook', kinds: ['VOTE'] },
        }),
      );
    const deadline = (await deadlineOf(stack, a, g.id))!;
    const cancel = (await ok(as(stack.base, a, PROPOSE, { g: g.id, k: 'CANCEL' }))).proposeVote;
    expect(new Date(cancel.expiresAt).getTime()).toBe(deadline.getTime());
    await ok(
      as(stack.base, a, `mutation($g:ID!){submitOrders(gameId:$g,step:1,orders:{bid:1},idempotencyKey:"x1"){step}}`, {
        g: g.id,
      }),
    );
    await stack.clock.set(new Date(deadline.getTime() + 1000));
    const expired = await untilStep(stack, a, g.id, 2);
    const events = expired.events.map((e: any) => e.type);
    expect(events).toContain('vote-expired');
    expectError(await as(stack.base, b, CAST, { v: cancel.id, ok: true }), 'VOTE_CLOSED');
    const listed = (await ok(as(stack.base, b, `query($g:ID!){game(id:$g){votes{id status}}}`, { g: g.id }))).game
      .votes;
    expect(listed).toEqual([{ id: cancel.id, status: 'EXPIRED' }]);
    // The outbox carried it: the dispatcher makes VOTE notices (proposed: to b only; expired: both).
    await dispatchOutbox(stack.booted.platform);
    const notices = await stack.booted.platform.prisma.notificationDelivery.findMany({
      where: { gameId: g.id, kind: 'VOTE' },
      select: { userId: true, payload: true },
    });
    const phases = notices.map((n) => [n.userId === a.id ? 'a' : 'b', (n.payload as any).data.phase]).sort();
    expect(phases).toEqual([
      ['a', 'expired'],
      ['b', 'expired'],
      ['b', 'proposed'],
    ]);
  });

  it('draw and cancel end the game by agreement; a concession is unilateral', async () => {
    const d = await pair(stack, 'vd', DAY_TC);
    const draw = (await ok(as(stack.base, d.a, PROPOSE, { g: d.g.id, k: 'DRAW' }))).proposeVote;
    await ok(as(stack.base, d.b, CAST, { v: draw.id, ok: true }));
    const drawn = await view(stack.base, d.b, d.g.id);
    expect(drawn.game.status).toBe('FINISHED');
    expect(drawn.outcome).toMatchObject({ winner: null, summary: 'Drawn by agreement of the players.' });
    expect(drawn.game.seed).toMatch(/^[0-9a-f]{64}$/);

    const c = await pair(stack, 'vc', DAY_TC);
    const cancel = (await ok(as(stack.base, c.b, PROPOSE, { g: c.g.id, k: 'CANCEL' }))).proposeVote;
    await ok(as(stack.base, c.a, CAST, { v: cancel.id, ok: true }));
    expect((await view(stack.base, c.a, c.g.id)).game.status).toBe('CANCELLED');

    const k = await pair(stack, 'vk', DAY_TC);
    // A paused and resumed step, resolved, before the concession: the export still verifies.
    const pause = (await ok(as(stack.base, k.a, PROPOSE, { g: k.g.id, k: 'PAUSE' }))).proposeVote;
    await ok(as(stack.base, k.b, CAST, { v: pause.id, ok: true }));
    const resume = (await ok(as(stack.base, k.a, PROPOSE, { g: k.g.id, k: 'RESUME' }))).proposeVote;
    await ok(as(stack.base, k.b, CAST, { v: resume.id, ok: true }));
    await submit(stack.base, k.a, k.g.id, 1, { bid: 3, note: 'n' });
    await submit(stack.base, k.b, k.g.id, 1, { bid: 1, note: 's' });
    await untilStep(stack, k.a, k.g.id, 2);
    const conceded = (await ok(as(stack.base, k.b, PROPOSE, { g: k.g.id, k: 'CONCEDE' }))).proposeVote;
    expect(conceded).toMatchObject({ kind: 'CONCEDE', status: 'PASSED', side: 'south', waitingFor: [] });
    const over = await view(stack.base, k.a, k.g.id);
    expect(over.game.status).toBe('FINISHED');
    expect(over.outcome).toMatchObject({ winner: 'north', summary: 'south conceded.' });
    // Games ended by the players verify: platform events and endings are told apart from the module's.
    for (const gameId of [k.g.id, d.g.id, c.g.id]) {
      const exp = (await ok(as(stack.base, k.a, `query($g:ID!){gameExport(gameId:$g)}`, { g: gameId }))).gameExport;
      const report = verifyExport(exp, { module: (id) => stack.booted.platform.modules.get(id) });
      expect(report.findings).toEqual([]);
      expect(report.ok).toBe(true);
    }
    // A finished game takes no more votes.
    expectError(await as(stack.base, k.a, PROPOSE, { g: k.g.id, k: 'DRAW' }), 'GAME_NOT_ACTIVE');
  });
});
