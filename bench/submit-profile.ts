/**
 * The submission path alone, in process (no HTTP): `node --cpu-prof --import tsx
 * bench/submit-profile.ts [seconds]`. 50 concurrent clients, each on its own game, submit
 * not-ready orders with fresh keys, as bench/api.ts does; prints submissions/s and the CPU
 * time of this process per submission (the figure a profile is read against).
 */
import { randomBytes } from 'node:crypto';
import { submitOrders } from '#platform/play/orders.js';
import { freshDatabase } from './common.js';
import { benchEnv, driver, makeGames } from './setup.js';

const seconds = Number(process.argv[2] ?? 5);
const db = await freshDatabase();
const d = await driver(benchEnv(db.url));
try {
  const games = await makeGames(d, 50, { pairs: 50 });
  const loop = async (g: (typeof games)[number], until: number) => {
    let n = 0;
    while (Date.now() < until) {
      await submitOrders(d.platform, g.north.principal, {
        gameId: g.gameId,
        step: 1,
        orders: { bid: 1, note: 'bench' },
        idempotencyKey: randomBytes(8).toString('hex'),
        ready: false,
      });
      n++;
    }
    return n;
  };
  await Promise.all(games.map((g) => loop(g, Date.now() + 1000))); // warm-up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const counts = await Promise.all(games.map((g) => loop(g, Date.now() + seconds * 1000)));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const n = counts.reduce((a, b) => a + b, 0);
  console.log(
    JSON.stringify({
      submissions: n,
      perSecond: Math.round(n / wall),
      cpuMsPerSubmission: Math.round(((cpu.user + cpu.system) / 1000 / n) * 100) / 100,
    }),
  );
} finally {
  await d.shutdown();
  await db.drop();
}
process.exit(0);
