/** Direct database reads for assertions (what the API would never show). */
import pg from 'pg';

export async function withPg<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fingerprint of everything a game owns: equal before and after means nothing changed. */
export function gameFingerprint(gameId: string) {
  return withPg(async (c) => {
    const q = async (sql: string) => (await c.query(sql, [gameId])).rows;
    return JSON.stringify({
      game: await q(`SELECT status, step, state, "pausedReason" FROM "Game" WHERE id = $1`),
      subs: await q(`SELECT side, step, orders, ready FROM "Submission" WHERE "gameId" = $1 ORDER BY side, step`),
      events: await q(`SELECT count(*)::int AS n FROM "GameEvent" WHERE "gameId" = $1`),
      steps: await q(`SELECT count(*)::int AS n FROM "StepRecord" WHERE "gameId" = $1`),
      seats: await q(`SELECT side, "userId" FROM "Seat" WHERE "gameId" = $1 ORDER BY side`),
    });
  });
}

/** A game's stored state, step and status, read straight from the database. */
export function storedState<S>(gameId: string) {
  return withPg(
    async (c) =>
      (await c.query(`SELECT state, step, status FROM "Game" WHERE id = $1`, [gameId])).rows[0] as {
        state: S;
        step: number;
        status: string;
      },
  );
}

/** Waits until the game has moved past `step` (or stopped being active). */
export async function waitPastStep(gameId: string, step: number, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const x = await storedState(gameId);
    if (x.step > step || x.status !== 'ACTIVE') return;
    if (Date.now() > end) throw new Error(`game ${gameId} did not move past step ${step} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How many times a game fell back to default orders (orders.defaulted events). */
export const defaultedCount = (gameId: string) =>
  withPg(
    async (c) =>
      (
        await c.query(`SELECT count(*)::int AS n FROM "GameEvent" WHERE "gameId" = $1 AND type = 'orders.defaulted'`, [
          gameId,
        ])
      ).rows[0].n as number,
  );
