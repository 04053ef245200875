/**
 * Issue 3, "one full game played through the API": two bot clients (examples/cerberus-match.ts)
 * play a whole 12-turn Cerberus game over GraphQL over HTTP and graphql-ws, each deciding from
 * its own view only, against real PostgreSQL + Redis with the resolution worker in its own
 * process. Afterwards: the outcome is the module's on the stored final state, every step was
 * resolved exactly once, nothing a side may not see (14.12 face-down identities, 2.6 hidden
 * boxes, events for the other side only) reached it by any channel, and the export re-runs
 * under the verifier and the replay shows each side what it saw.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playCerberusMatch, SIDES, type CerberusSide, type MatchResult } from '../../examples/cerberus-match.js';
import cerberus from '#games/cerberus/index.js';
import type { CerberusState } from '#games/cerberus/state.js';
import { hiddenIds } from '#games/cerberus/view.js';
import { verifyExport } from '#platform/trust/verifier.js';
import { withPg } from '../helpers/db.js';
import { gql } from '../helpers/gql.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { UNLIMITED } from '../helpers/trust.js';

/** One text the server sent a player: an HTTP body or a subscription payload. */
interface Received {
  text: string;
  via: 'http' | 'ws';
}

/** CPU time (user + system) a process has used, in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let stack: Stack;
let match: MatchResult;
const received: Record<CerberusSide, Received[]> = { HUMAN: [], CETIAN: [] };
let states: CerberusState[] = []; // the stored state after each step (0 = set-up)

beforeAll(async () => {
  stack = await startStack('services', UNLIMITED);
  // The test stack's API loads only the fixture module; the worker process loads the shipped ones.
  stack.booted.platform.modules.register(cerberus);
  await stack.spawnWorker();
  const t0 = performance.now();
  const cpu0 = { self: process.cpuUsage(), worker: cpuMs(stack.workers[0].pid!) };
  match = await playCerberusMatch({
    url: stack.base,
    prefix: 'cbapi',
    hooks: Object.fromEntries(
      SIDES.map((side) => [
        side,
        { onReceive: (text: string, via: 'http' | 'ws') => received[side].push({ text, via }) },
      ]),
    ),
  });
  // CPU time next to wall time: on a shared machine the wall time says more about the neighbours.
  const self = process.cpuUsage(cpu0.self);
  console.log(
    `Cerberus through the API: ${Math.round(performance.now() - t0)} ms wall for the game; CPU: API and both clients ${Math.round((self.user + self.system) / 1000)} ms, worker ${cpuMs(stack.workers[0].pid!) - cpu0.worker} ms`,
  );
  states = await withPg(async (c) =>
    (await c.query(`SELECT step, state FROM "StepRecord" WHERE "gameId" = $1 ORDER BY step`, [match.gameId])).rows.map(
      (r) => r.state,
    ),
  );
}, 480_000); // the game costs about 32 s of CPU (half API and clients, half worker); shared machines stretch the wall time
afterAll(async () => stack?.close());

const finalGame = () =>
  gql(
    stack.base,
    `query($g:ID!){game(id:$g){game{status step seed} outcome{winner level score summary}}}`,
    { g: match.gameId },
    match.seats.HUMAN.token,
  );

describe('Cerberus played through the API (services, worker in its own process)', () => {
  it('14.4–14.5 the game ends, and its outcome is the module outcome of the stored final state', async () => {
    const r = await finalGame();
    expect(r.errors).toBeUndefined();
    expect(r.data.game.game.status).toBe('FINISHED');
    const stored = await withPg(
      async (c) => (await c.query(`SELECT state, outcome FROM "Game" WHERE id = $1`, [match.gameId])).rows[0],
    );
    const expected = cerberus.outcome(stored.state);
    expect(expected).not.toBeNull();
    expect(r.data.game.outcome).toEqual({
      winner: expected!.winner,
      level: expected!.level ?? null,
      score: expected!.score ?? null,
      summary: expected!.summary,
    });
    // 14.3 a game of 12 turns, ended on points or the Minimum Garrison.
    const result = (stored.state as CerberusState).result!;
    expect(result.reason === 'GARRISON' || result.turn === 12).toBe(true);
    // Both clients played every step they owed with their bot's orders (no fallback to defaults).
    for (const side of SIDES) {
      expect(match.players[side].status).toBe('FINISHED');
      expect(match.players[side].defaulted, side).toBe(0);
    }
  });

  it('every step was resolved exactly once, with the orders of every owed side from its player', async () => {
    const { rows: records } = await withPg((c) =>
      c.query(`SELECT step, origins FROM "StepRecord" WHERE "gameId" = $1 ORDER BY step`, [match.gameId]),
    );
    const { rows: resolved } = await withPg((c) =>
      c.query(
        `SELECT step, count(*)::int AS n FROM "GameEvent" WHERE "gameId" = $1 AND type = 'step-resolved' GROUP BY step ORDER BY step`,
        [match.gameId],
      ),
    );
    const last = records.at(-1)!.step;
    expect(records.map((r) => r.step)).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
    expect(resolved).toEqual(Array.from({ length: last }, (_, i) => ({ step: i + 1, n: 1 })));
    for (const r of records.slice(1)) {
      expect(Object.values(r.origins).length).toBeGreaterThan(0);
      expect(
        Object.values(r.origins).every((o) => o === 'player'),
        JSON.stringify(r),
      ).toBe(true);
    }
    const submissions = match.players.HUMAN.submissions + match.players.CETIAN.submissions;
    expect(submissions).toBe(records.slice(1).reduce((n, r) => n + Object.keys(r.origins).length, 0));
  });

  it('14.12, 2.6 no side received an identity hidden from it, or an event for the other side only', async () => {
    const { rows: events } = await withPg((c) =>
      c.query(`SELECT seq, step, "visibleTo" FROM "GameEvent" WHERE "gameId" = $1 ORDER BY seq`, [match.gameId]),
    );
    const quoted = (ids: Iterable<string>) => [...ids].map((id) => JSON.stringify(id));
    const hiddenCache = new Map<string, Set<string>>();
    const hiddenAt = (side: CerberusSide, step: number) => {
      const key = `${side}|${step}`;
      if (!hiddenCache.has(key)) hiddenCache.set(key, new Set(hiddenIds(states[step], side).keys()));
      return hiddenCache.get(key)!;
    };
    // Ids hidden from `side` in the state before and after a step: no event of that step may name them.
    const hiddenThrough = (side: CerberusSide, step: number) =>
      step === 0 ? [...hiddenAt(side, 0)] : [...hiddenAt(side, step - 1)].filter((id) => hiddenAt(side, step).has(id));
    for (const side of SIDES) {
      const everHidden = quoted(new Set(states.flatMap((_, step) => [...hiddenAt(side, step)])));
      const seen = new Set<number>();
      let checkedViews = 0;
      let faceDownSeen = 0;
      for (const r of received[side]) {
        const body = JSON.parse(r.text);
        const update = body.data?.gameEvents;
        if (update) {
          for (const e of update.events) {
            seen.add(e.seq);
            const text = JSON.stringify(e);
            for (const q of quoted(hiddenThrough(side, e.step)))
              expect(text, `event ${e.seq} (${e.type}) to ${side} names ${q}`).not.toContain(q);
          }
          continue;
        }
        const g = body.data?.game;
        if (g?.view) {
          // A view at step S shows the state after step S-1.
          for (const q of quoted(hiddenAt(side, g.game.step - 1)))
            expect(r.text, `view at step ${g.game.step} to ${side} names ${q}`).not.toContain(q);
          faceDownSeen += g.view.sides[side === 'HUMAN' ? 'CETIAN' : 'HUMAN'].faceDown.length;
          checkedViews++;
          continue;
        }
        // Anything else (submission answers, turn notices) names no unit hidden at any step.
        for (const q of everHidden) expect(r.text).not.toContain(q);
      }
      // Exactly the events this side may see reached it (visibleTo its side or everyone).
      const visible = events.filter((e) => e.visibleTo.includes('*') || e.visibleTo.includes(side)).map((e) => e.seq);
      expect([...seen].sort((a, b) => a - b)).toEqual(visible);
      expect(checkedViews).toBeGreaterThan(40);
      if (side === 'HUMAN') expect(faceDownSeen, 'the Cetian set up face down, so the check bit').toBeGreaterThan(0);
    }
  });

  it('the export re-runs under the verifier, and the replay shows a side what it saw', async () => {
    const exp = (
      await gql(stack.base, `query($g:ID!){gameExport(gameId:$g)}`, { g: match.gameId }, match.seats.CETIAN.token)
    ).data.gameExport;
    expect(exp).toMatchObject({ format: 'warpost-game-export', scope: 'full' });
    const report = verifyExport(exp, { module: () => cerberus });
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.stepsRerun).toBe(states.length);

    // The view each side was given when a step opened, as the player loop received it.
    const live = new Map<string, unknown>();
    for (const side of SIDES) {
      for (const r of received[side]) {
        const g = JSON.parse(r.text).data?.game;
        if (g?.view && !live.has(`${side}|${g.game.step}`)) live.set(`${side}|${g.game.step}`, g.view);
      }
    }
    const last = states.length - 1;
    for (const [side, step] of [
      ['HUMAN', 1],
      ['CETIAN', 2],
      ['HUMAN', Math.floor(last / 2)],
      ['CETIAN', last],
    ] as const) {
      if (!live.has(`${side}|${step}`)) continue; // the side was not looking at that step
      const r = await gql(
        stack.base,
        `query($g:ID!,$s:Int!,$side:String){replay(gameId:$g,step:$s,side:$side){step view}}`,
        { g: match.gameId, s: step, side },
        match.seats[side].token,
      );
      expect(r.errors).toBeUndefined();
      expect(r.data.replay.view, `${side} step ${step}`).toEqual(live.get(`${side}|${step}`));
    }
  });
});
