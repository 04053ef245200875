/**
 * Missed turns by game policy, against PostgreSQL, Redis and a separate worker: an excuse
 * extends the deadline once, then default orders; the bot takes a seat (civil disorder); a
 * forfeit ends the game. Every miss is recorded per user and shows in User.reliability.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, submit, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
});
afterAll(async () => stack?.close());

const uid = () => Math.random().toString(36).slice(2, 8);
const RELIABILITY = `query{me{reliability{turnsPlayed turnsMissed excusesUsed civilDisorders forfeits ratio}}}`;
const reliabilityOf = async (p: Player) => (await as(stack.base, p, RELIABILITY)).data.me.reliability;

async function pair(prefix: string, timeControl: Record<string, unknown>) {
  const s = uid();
  const a = await register(stack.base, `${prefix}a_${s}`);
  const b = await register(stack.base, `${prefix}b_${s}`);
  const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'short', side: 'north', timeControl });
  await join(stack.base, b, g.id, 'south');
  return { a, b, g };
}

describe('missed turns', () => {
  it('an excuse extends the deadline once; the next miss gets default orders; both are recorded', async () => {
    const { a, b, g } = await pair('mx', { preset: 'custom', stepSeconds: 2, excuses: 1 });
    const first = new Date((await view(stack.base, a, g.id)).game.deadline).getTime();
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'on time' });
    const extended = await waitFor(async () => {
      const v = await view(stack.base, b, g.id);
      return v.events.find((e: any) => e.type === 'deadline-extended') ?? null;
    }, 15_000);
    expect(extended.data).toMatchObject({ step: 1, sides: ['south'], reason: 'excuse' });
    expect(new Date(extended.data.deadline).getTime()).toBeGreaterThan(first);
    expect((await view(stack.base, b, g.id)).game.step).toBe(1);
    // The excuse is spent: the extended deadline passes and south gets its default orders.
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 20_000);
    const resolved = (await view(stack.base, a, g.id)).events.find(
      (e: any) => e.type === 'step-resolved' && e.step === 1,
    );
    expect(resolved.data.defaulted).toEqual(['south']);
    const rows = await stack.booted.platform.prisma.missedTurn.findMany({
      where: { gameId: g.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(rows.map((r) => [r.userId, r.step, r.side, r.action])).toEqual([
      [b.id, 1, 'south', 'excused'],
      [b.id, 1, 'south', 'default'],
    ]);
    expect(await reliabilityOf(b)).toEqual({
      turnsPlayed: 0,
      turnsMissed: 1,
      excusesUsed: 1,
      civilDisorders: 0,
      forfeits: 0,
      ratio: 0,
    });
    expect(await reliabilityOf(a)).toEqual({
      turnsPlayed: 1,
      turnsMissed: 0,
      excusesUsed: 0,
      civilDisorders: 0,
      forfeits: 0,
      ratio: 1,
    });
    // Excuses are per player: north (who won the bid and owes the claim) misses step 2 and
    // gets its own excuse; south's is spent.
    const second = await waitFor(async () => {
      const v = await view(stack.base, a, g.id);
      const ext = v.events.filter((e: any) => e.type === 'deadline-extended');
      return ext.length >= 2 ? ext : null;
    }, 15_000);
    expect(second.map((e: any) => [e.step, e.data.sides])).toEqual([
      [1, ['south']],
      [2, ['north']],
    ]);
  });

  it('the bot policy hands the seat to the bot (civil disorder) for the rest of the game', async () => {
    const { a, b, g } = await pair('mb', { preset: 'custom', stepSeconds: 2, onMissedTurn: 'bot' });
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'on time' });
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 15_000);
    const prisma = stack.booted.platform.prisma;
    const rec = await prisma.stepRecord.findUniqueOrThrow({ where: { gameId_step: { gameId: g.id, step: 1 } } });
    expect(rec.origins).toEqual({ north: 'player', south: 'bot' });
    expect((await prisma.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'south' } })).civilDisorder).toBe(true);
    // The next step south owes (claim or counter): the bot plays again, no new miss is charged.
    const later = await waitFor(async () => {
      const recs = await prisma.stepRecord.findMany({ where: { gameId: g.id, step: { gt: 1 } } });
      return recs.find((r) => Object.hasOwn(r.origins as object, 'south')) ?? null;
    }, 20_000);
    expect((later.origins as Record<string, string>).south).toBe('bot');
    expect(
      await prisma.missedTurn.findMany({
        where: { gameId: g.id, side: 'south' },
        select: { step: true, action: true },
      }),
    ).toEqual([{ step: 1, action: 'bot' }]);
    expect(await reliabilityOf(b)).toMatchObject({ turnsMissed: 1, civilDisorders: 1 });
  });

  it('the forfeit policy ends the game, the other side winning', async () => {
    const { a, b, g } = await pair('mf', { preset: 'custom', stepSeconds: 2, onMissedTurn: 'forfeit' });
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'on time' });
    const done = await waitFor(async () => {
      const v = await view(stack.base, b, g.id);
      return v.game.status === 'FINISHED' ? v : null;
    }, 15_000);
    expect(done.outcome).toMatchObject({ winner: 'north', summary: expect.stringContaining('south forfeited') });
    expect(done.events.at(-1).type).toBe('game-finished');
    expect(done.game.seed).toMatch(/^[0-9a-f]{64}$/); // published at the end, as for any finished game
    expect(await reliabilityOf(b)).toMatchObject({ turnsMissed: 1, forfeits: 1 });
  });
});
