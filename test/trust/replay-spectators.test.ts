/**
 * Replays equal, byte for byte, what a side saw when each step opened; spectators of a game
 * created with spectatorDelaySteps follow it that many steps behind, by query and subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, errorCode, wsClient } from '../helpers/gql.js';
import { as, createGame, join, register, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { LIVE, play, REPLAY, UNLIMITED } from '../helpers/trust.js';

let stack: Stack;
let alice: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  stack = await startStack('services', UNLIMITED);
  await stack.spawnWorker();
  const s = Math.random().toString(36).slice(2, 8);
  alice = await register(stack.base, `rpa_${s}`);
  bob = await register(stack.base, `rpb_${s}`);
  carol = await register(stack.base, `rpc_${s}`);
});
afterAll(async () => stack?.close());

async function newGame(extra: Record<string, unknown> = {}) {
  const g = await createGame(stack.base, alice, {
    module: 'sealed-bid',
    scenario: 'standard',
    side: 'north',
    ...extra,
  });
  await join(stack.base, bob, g.id, 'south');
  return g.id;
}

const replay = (p: Player, gameId: string, step: number, side?: string) =>
  as(stack.base, p, REPLAY, { g: gameId, s: step, side });

describe('replays', () => {
  it('show each side exactly what it saw: its own side while the game runs, every side after it ends', async () => {
    const gameId = await newGame();
    const players = { north: alice, south: bob };
    const during = await play(stack.base, players, gameId, { commitReveal: () => false, untilStep: 5 });
    for (const [step, bySide] of Object.entries(during.seen)) {
      for (const [side, seen] of Object.entries(bySide)) {
        const r = (await replay(players[side as 'north'], gameId, Number(step))).data.replay;
        expect(r.viewer).toBe(side);
        expect(JSON.stringify(r.view)).toBe(seen.view);
        expect(JSON.stringify(r.myPrompts)).toBe(seen.myPrompts);
      }
    }
    expect(errorCode(await replay(alice, gameId, 2, 'south'))).toBe('NOT_YOUR_SIDE');
    expect(errorCode(await replay(alice, gameId, 6))).toBe('STEP_NOT_AVAILABLE');
    expect(errorCode(await replay(alice, gameId, 0))).toBe('STEP_NOT_AVAILABLE');
    // A past step's events are those of the steps before it, filtered to the side.
    const r3 = (await replay(bob, gameId, 3)).data.replay;
    expect(r3.events.every((e: any) => e.step < 3)).toBe(true);
    expect(JSON.stringify(r3.events)).not.toContain(during.notes.north[0]);
    expect(JSON.stringify(r3.events)).toContain(during.notes.south[0]);

    const after = await play(stack.base, players, gameId, { commitReveal: () => false });
    expect((await view(stack.base, alice, gameId)).game.status).toBe('FINISHED');
    // Once ended, anyone who may see the game replays any side: alice sees bob's step 2.
    const seen = { ...during.seen, ...after.seen };
    const south2 = (await replay(alice, gameId, 2, 'south')).data.replay;
    expect(JSON.stringify(south2.view)).toBe(seen[2].south.view);
    const spectator = (await replay(carol, gameId, 9, 'north')).data.replay;
    expect(JSON.stringify(spectator.view)).toBe(seen[9].north.view);
  });
});

describe('spectator delay', () => {
  it('spectators see the game N steps behind while it runs, live after it ends', async () => {
    const gameId = await newGame({ spectatorDelaySteps: 2 });
    const ws = wsClient(stack.base, carol.token);
    const feed = collect(ws, `subscription{gameEvents(gameId:"${gameId}"){step status events{seq step type}}}`);
    await new Promise((r) => setTimeout(r, 300));
    const players = { north: alice, south: bob };
    await play(stack.base, players, gameId, { commitReveal: () => false, untilStep: 5 });

    const live = (await as(stack.base, carol, LIVE, { id: gameId })).data.game;
    expect(live.game.step).toBe(5);
    const atThree = (await replay(carol, gameId, 3)).data.replay;
    expect(atThree.viewer).toBeNull();
    expect(JSON.stringify(live.view)).toBe(JSON.stringify(atThree.view));
    expect(live.view.phase).toBe('counter'); // step 3 of round 1; the game itself is at round 2's claim
    expect(live.events.length).toBeGreaterThan(0);
    expect(Math.max(...live.events.map((e: any) => e.step))).toBe(2);
    expect(errorCode(await replay(carol, gameId, 4))).toBe('STEP_NOT_AVAILABLE');
    // Players are not delayed.
    expect((await as(stack.base, alice, LIVE, { id: gameId })).data.game.view.phase).toBe('claim');

    // The subscription delivered events of steps 1 and 2 only, each once.
    await feed
      .until((items) => items.some((i: any) => i.gameEvents.events.some((e: any) => e.step === 2)))
      .catch((e) => {
        throw new Error(`${e.message}; subscription errors: ${JSON.stringify(feed.errors)}`);
      });
    await new Promise((r) => setTimeout(r, 500));
    const delivered = feed.items.flatMap((i: any) => i.gameEvents.events);
    expect(Math.max(...delivered.map((e: any) => e.step))).toBe(2);
    expect(new Set(delivered.map((e: any) => e.seq)).size).toBe(delivered.length);

    await play(stack.base, players, gameId, { commitReveal: () => false });
    await feed.until((items) => items.some((i: any) => i.gameEvents.status === 'FINISHED'));
    const all = feed.items.flatMap((i: any) => i.gameEvents.events);
    expect(all.some((e: any) => e.type === 'game-finished')).toBe(true);
    expect(new Set(all.map((e: any) => e.seq)).size).toBe(all.length);
    const ended = (await as(stack.base, carol, LIVE, { id: gameId })).data.game;
    expect(ended.view.phase).toBe('over');
    expect(JSON.stringify(ended.view)).toBe(
      JSON.stringify((await replay(carol, gameId, ended.game.step)).data.replay.view),
    );
    expect(ended.events.some((e: any) => e.type === 'game-finished')).toBe(true);
    await ws.dispose();
  });

  it('refuses a bad delay', async () => {
    const r = await as(
      stack.base,
      alice,
      `mutation{createGame(input:{module:"sealed-bid",scenario:"short",spectatorDelaySteps:-1}){id}}`,
    );
    expect(errorCode(r)).toBe('BAD_INPUT');
    expect(r.errors![0].extensions!.details![0].code).toBe('INVALID_SPECTATOR_DELAY');
  });
});
