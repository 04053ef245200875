/** Creates users and running fixture games through the platform services (no HTTP), for benches. */
import { randomBytes } from 'node:crypto';
import { boot, type Booted } from '../src/platform/boot.js';
import { loadConfig } from '../src/platform/config.js';
import { loadExtraModules } from '../src/platform/games/registry.js';
import * as lobby from '../src/platform/games/lobby.js';
import type { Principal } from '../src/platform/auth/service.js';
import { FIXTURE, REDIS_URL } from './common.js';

export interface BenchEnv {
  databaseUrl: string;
  queuePrefix: string;
  jwtSecret: string;
}

export function benchEnv(databaseUrl: string): BenchEnv {
  return { databaseUrl, queuePrefix: `wpb${randomBytes(3).toString('hex')}`, jwtSecret: randomBytes(24).toString('hex') };
}

export function processEnv(e: BenchEnv, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: e.databaseUrl,
    REDIS_URL,
    WARPOST_QUEUE_PREFIX: e.queuePrefix,
    JWT_SECRET: e.jwtSecret,
    WARPOST_INLINE_WORKER: 'false',
    LOG_LEVEL: 'warn',
    // Benches and drills drive the API from one address far above any client's fair share.
    RATE_LIMIT_PER_IP: '0',
    RATE_LIMIT_PER_TOKEN: '0',
    // The scale bench opens 1,000 sockets from one address with 100 tokens (0 turns a limit off).
    WS_CONNECTIONS_PER_IP: '0',
    WS_CONNECTIONS_PER_TOKEN: '0',
    WS_SUBSCRIBES_PER_TOKEN: '0',
    ...extra,
  };
}

/** A driver-side platform (no worker) for creating games quickly. */
export async function driver(e: BenchEnv): Promise<Booted> {
  const config = { ...loadConfig({ ...process.env, ...processEnv(e) }), logLevel: 'warn' };
  return boot(config, await loadExtraModules(FIXTURE), { queuePrefix: e.queuePrefix });
}

export interface Pair {
  gameId: string;
  north: { principal: Principal; token: string };
  south: { principal: Principal; token: string };
}

/** Registers a pool of user pairs and starts `n` fixture games (scenario 'standard') among them. */
export async function makeGames(d: Booted, n: number, opts: { pairs?: number; concurrency?: number } = {}): Promise<Pair[]> {
  const tag = randomBytes(3).toString('hex');
  const seat = async (name: string) => {
    const t = await d.authService.register(name, 'bench password 1');
    return { principal: await d.authService.authenticate(t.accessToken), token: t.accessToken };
  };
  const pairCount = Math.min(opts.pairs ?? 50, n);
  const pairs = await Promise.all(
    Array.from({ length: pairCount }, async (_, i) => ({ north: await seat(`n_${tag}_${i}`), south: await seat(`s_${tag}_${i}`) })),
  );
  const out: Pair[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency ?? 8 }, async () => {
      for (let i = next++; i < n; i = next++) {
        const { north, south } = pairs[i % pairCount];
        const g = await lobby.createGame(d.platform, north.principal, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
        await lobby.joinGame(d.platform, south.principal, g.id, 'south');
        out.push({ gameId: g.id, north, south });
      }
    }),
  );
  return out;
}
