/**
 * Admin actions without a vote (the game's creator, or a platform admin), each written to the
 * game's audit log, which its players read over GraphQL and REST and nobody else does; bad
 * input (a deadline in the past...) changes nothing; retrying a failed resolution is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameFingerprint } from '../helpers/db.js';
import { errorCode, waitFor } from '../helpers/gql.js';
import { submit } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { type Stack } from '../helpers/stack.js';
import {
  as,
  AUDIT,
  clockStack,
  deadlineOf,
  eventsOf,
  expectError,
  HOUR,
  ok,
  pair,
  register,
  SUMMARY,
  uid,
  untilStep,
  view,
} from './helpers.js';

let stack: Stack;
beforeAll(async () => {
  stack = await clockStack({ RESOLVE_ATTEMPTS: '1' });
});
afterAll(async () => stack?.close());

const PAUSE = `mutation($g:ID!,$r:String){pauseGame(gameId:$g,reason:$r){${SUMMARY}}}`;
const RESUME = `mutation($g:ID!){resumeGame(gameId:$g){${SUMMARY}}}`;
const EXTEND = `mutation($g:ID!,$u:DateTime!,$r:String){extendDeadline(gameId:$g,until:$u,reason:$r){${SUMMARY}}}`;
const FORCE = `mutation($g:ID!,$res:ForcedResult!,$w:String,$r:String){forceGameResult(gameId:$g,result:$res,winner:$w,reason:$r){${SUMMARY}}}`;

describe('admin actions and the audit log', () => {
  it('the creator pauses, resumes and extends without a vote; players read every action; others cannot act or read', async () => {
    const { a, b, g } = await pair(stack, 'ad', { preset: 'standard' });
    const spectator = await register(stack.base, `ads_${uid()}`);
    expect(
      (await ok(as(stack.base, a, `query($g:ID!){game(id:$g){canAdminister}}`, { g: g.id }))).game.canAdminister,
    ).toBe(true);
    expect(
      (await ok(as(stack.base, b, `query($g:ID!){game(id:$g){canAdminister}}`, { g: g.id }))).game.canAdminister,
    ).toBe(false);

    // A player who is not the admin cannot act without a vote.
    const before = await gameFingerprint(g.id);
    expectError(await as(stack.base, b, PAUSE, { g: g.id }), 'FORBIDDEN');
    expectError(await as(stack.base, spectator, FORCE, { g: g.id, res: 'DRAW' }), 'FORBIDDEN');
    expect(await gameFingerprint(g.id)).toBe(before);

    const d0 = (await deadlineOf(stack, a, g.id))!;
    const paused = (await ok(as(stack.base, a, PAUSE, { g: g.id, r: 'club night cancelled' }))).pauseGame;
    expect(paused).toMatchObject({ status: 'PAUSED', pausedBy: 'admin', pausedReason: 'club night cancelled' });
    await stack.clock.advance(5 * HOUR);
    const resumed = (await ok(as(stack.base, a, RESUME, { g: g.id }))).resumeGame;
    expect(resumed.status).toBe('ACTIVE');
    expect(new Date(resumed.deadline).getTime() - d0.getTime()).toBeGreaterThanOrEqual(5 * HOUR);

    // Bad deadlines: refused, nothing changed.
    const mid = await gameFingerprint(g.id);
    const past = new Date(stack.clock.now().getTime() - HOUR).toISOString();
    expectError(await as(stack.base, a, EXTEND, { g: g.id, u: past }), 'BAD_INPUT', 'DEADLINE_IN_PAST');
    expectError(
      await as(stack.base, a, EXTEND, {
        g: g.id,
        u: new Date(new Date(resumed.deadline).getTime() - 60_000).toISOString(),
      }),
      'BAD_INPUT',
      'NOT_LATER',
    );
    expectError(await as(stack.base, a, EXTEND, { g: g.id, u: 'not a date' }), 'BAD_INPUT');
    expect(await gameFingerprint(g.id)).toBe(mid);
    const until = new Date(new Date(resumed.deadline).getTime() + 2 * 24 * HOUR);
    const extended = (await ok(as(stack.base, a, EXTEND, { g: g.id, u: until.toISOString(), r: 'b is ill' })))
      .extendDeadline;
    expect(new Date(extended.deadline).toISOString()).toBe(until.toISOString());

    // The old deadline passes: nothing happens (the moved deadline job waits); the new one fires once.
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'x' });
    await stack.clock.set(new Date(new Date(resumed.deadline).getTime() + HOUR));
    await new Promise((r) => setTimeout(r, 600));
    expect((await view(stack.base, a, g.id)).game.step).toBe(1);
    await stack.clock.set(new Date(until.getTime() + 1000));
    const next = await untilStep(stack, a, g.id, 2);
    expect(next.events.filter((e: any) => e.type === 'step-resolved')).toHaveLength(1);

    // Every action is in the audit log, for every player, over GraphQL and REST.
    const log = (await ok(as(stack.base, b, AUDIT, { g: g.id }))).auditLog;
    expect(log.map((e: any) => [e.action, e.actor.username, e.actorRole, e.reason])).toEqual([
      ['pause', a.name, 'creator', 'club night cancelled'],
      ['resume', a.name, 'creator', null],
      ['extend-deadline', a.name, 'creator', 'b is ill'],
    ]);
    expect(log[2].details).toEqual({ from: resumed.deadline, to: until.toISOString() });
    const r = await rest(stack.base, 'GET', `/games/${g.id}/audit-log`, { token: b.token });
    expect(r.status).toBe(200);
    expect(r.body.entries.map((e: any) => e.action)).toEqual(['pause', 'resume', 'extend-deadline']);
    // Spectators may see the (public) game, not its audit log.
    expectError(await as(stack.base, spectator, AUDIT, { g: g.id }), 'NOT_A_PLAYER');
    expect((await rest(stack.base, 'GET', `/games/${g.id}/audit-log`, { token: spectator.token })).status).toBe(403);
    // The players saw each action as a public event.
    const types = (await eventsOf(stack, b, g.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['game-paused', 'game-resumed', 'deadline-extended']));
  });

  it('a platform admin acts on any game; a forced result ends it; both are audited', async () => {
    const { a, b, g } = await pair(stack, 'pf', { preset: 'standard' });
    const root = await register(stack.base, `pfroot_${uid()}`);
    expectError(await as(stack.base, root, FORCE, { g: g.id, res: 'WIN', w: 'south' }), 'FORBIDDEN');
    await stack.booted.platform.prisma.user.update({ where: { id: root.id }, data: { isAdmin: true } });
    expectError(await as(stack.base, root, FORCE, { g: g.id, res: 'WIN', w: 'east' }), 'BAD_INPUT', 'UNKNOWN_SIDE');
    expectError(
      await as(stack.base, root, FORCE, { g: g.id, res: 'DRAW', w: 'south' }),
      'BAD_INPUT',
      'UNEXPECTED_WINNER',
    );
    const done = (
      await ok(as(stack.base, root, FORCE, { g: g.id, res: 'WIN', w: 'south', r: 'north abandoned the club' }))
    ).forceGameResult;
    expect(done.status).toBe('FINISHED');
    const v = await view(stack.base, a, g.id);
    expect(v.outcome).toMatchObject({
      winner: 'south',
      summary: `south wins by decision of ${root.name}: north abandoned the club`,
    });
    const log = (await ok(as(stack.base, a, AUDIT, { g: g.id }))).auditLog;
    expect(log).toMatchObject([
      {
        action: 'force-result',
        actor: { username: root.name },
        actorRole: 'platform-admin',
        details: { result: 'WIN', winner: 'south' },
      },
    ]);
    // The platform admin reads it too; b as a player as well.
    expect((await ok(as(stack.base, root, AUDIT, { g: g.id }))).auditLog).toHaveLength(1);
    expect((await ok(as(stack.base, b, AUDIT, { g: g.id }))).auditLog).toHaveLength(1);
  });

  it('retrying a game paused after a failed resolution is an audited admin action', async () => {
    const { a, b, g } = await pair(stack, 'rt', {}, { failAtRound: 1 });
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'n' });
    await submit(stack.base, b, g.id, 1, { bid: 1, note: 's' });
    await waitFor(async () => (await view(stack.base, b, g.id)).game.status === 'PAUSED' || null, 30_000);
    expect(
      (await ok(as(stack.base, b, `query($g:ID!){game(id:$g){game{pausedBy}}}`, { g: g.id }))).game.game.pausedBy,
    ).toBe('failure');
    // Not a vote's business, nor the admin's resumeGame: retryGame.
    expectError(await as(stack.base, a, RESUME, { g: g.id }), 'CONFLICT');
    expect(errorCode(await as(stack.base, b, `mutation($g:ID!){retryGame(gameId:$g){id}}`, { g: g.id }))).toBe(
      'FORBIDDEN',
    );
    await ok(
      as(stack.base, a, `mutation($g:ID!){retryGame(gameId:$g,reason:"fixed the module"){id status}}`, { g: g.id }),
    );
    const log = (await ok(as(stack.base, b, AUDIT, { g: g.id }))).auditLog;
    expect(log).toMatchObject([
      { action: 'retry', actor: { username: a.name }, actorRole: 'creator', reason: 'fixed the module' },
    ]);
    expect(log[0].details.pausedReason).toMatch(/could not be resolved/);
  });
});
