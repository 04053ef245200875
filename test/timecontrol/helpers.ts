/** Helpers for time-control tests: a stack on the controllable clock, players, games, queries. */
import { expect } from 'vitest';
import { errorCode, waitFor, type GqlResult } from '../helpers/gql.js';
import { as, createGame, join, register, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * A services stack on the controllable clock: the reconciler (deadlines, vote expiry,
 * reminders) runs every 150 ms of real time, so a deadline the test moves the clock past fires
 * at once; nothing waits for real deadlines.
 */
export async function clockStack(extraEnv: NodeJS.ProcessEnv = {}, workers = 1): Promise<Stack> {
  const stack = await startStack('services', {
    WARPOST_TEST_CLOCK: 'true',
    WARPOST_RECONCILE_INTERVAL_MS: '150',
    WARPOST_RECONCILE_GRACE_SECONDS: '0',
    ...extraEnv,
  });
  for (let i = 0; i < workers; i++) await stack.spawnWorker();
  return stack;
}

export const uid = () => Math.random().toString(36).slice(2, 8);

export async function ok<T = any>(r: Promise<GqlResult<T>> | GqlResult<T>): Promise<T> {
  const res = await r;
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data as T;
}

/** Two players on a sealed-bid game (a: north and creator, b: south), started. */
export async function pair(
  stack: Stack,
  prefix: string,
  timeControl: Record<string, unknown>,
  options: Record<string, unknown> = {},
) {
  const s = uid();
  const a = await register(stack.base, `${prefix}a_${s}`);
  const b = await register(stack.base, `${prefix}b_${s}`);
  const g = await createGame(stack.base, a, {
    module: 'sealed-bid',
    scenario: 'short',
    side: 'north',
    timeControl,
    options,
  });
  await join(stack.base, b, g.id, 'south');
  return { a, b, g, s };
}

export async function deadlineOf(stack: Stack, p: Player, gameId: string): Promise<Date | null> {
  const d = (await view(stack.base, p, gameId)).game.deadline;
  return d ? new Date(d) : null;
}

export async function eventsOf(stack: Stack, p: Player, gameId: string) {
  return (await view(stack.base, p, gameId)).events as { seq: number; step: number; type: string; data: any }[];
}

export function expectError(r: GqlResult, code: string, detailCode?: string) {
  expect(r.errors, JSON.stringify(r.data)).toBeDefined();
  expect(errorCode(r)).toBe(code);
  if (detailCode) expect(r.errors![0]!.extensions!.details!.map((d: any) => d.code)).toContain(detailCode);
}

/** Waits until the game is at `step` (or finished). */
export async function untilStep(stack: Stack, p: Player, gameId: string, step: number, ms = 20_000) {
  return waitFor(async () => {
    const v = await view(stack.base, p, gameId);
    return v.game.step >= step || v.game.status === 'FINISHED' ? v : null;
  }, ms);
}

export const VOTE = `id kind status side step proposedBy{username} expiresAt decidedAt ballots{user{username} approve} waitingFor{username}`;
export const PROPOSE = `mutation($g:ID!,$k:VoteKind!,$side:String){proposeVote(gameId:$g,kind:$k,side:$side){${VOTE}}}`;
export const CAST = `mutation($v:ID!,$ok:Boolean!){castVote(voteId:$v,approve:$ok){${VOTE}}}`;
export const SUMMARY = `id status step deadline pausedAt pausedBy pausedReason`;
export const AUDIT = `query($g:ID!){auditLog(gameId:$g){id step action actor{username} actorRole reason details at}}`;

export { as, register, view, type Player };
