/** Creates users and running fixture games through the platform services (no HTTP), for benches. */
import { randomBytes } from 'node:crypto';
import { shippedModules } from '#games/index.js';
import { boot, type Booted } from '#platform/boot.js';
import { loadConfig } from '#platform/config/load.js';
import { loadExtraModules } from '#platform/play/registry.js';
import * as lobby from '#platform/play/lobby.js';
import type { Principal } from '#platform/auth/service.js';
import { FIXTURE, REDIS_URL } from './common.js';

export interface BenchEnv {
  databaseUrl: string;
  queuePrefix: string;
  jwtSecret: string;
}

export function benchEnv(databaseUrl: string): BenchEnv {
  return {
    databaseUrl,
    queuePrefix: `wpb${randomBytes(3).toString('hex')}`,
    jwtSecret: randomBytes(24).toString('hex'),
  };
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

/** A driver-side platform (no worker) for creating games quickly: the shipped modules and the fixture. */
export async function driver(e: BenchEnv): Promise<Booted> {
  const config = { ...loadConfig({ ...process.env, ...processEnv(e) }), logLevel: 'warn' };
  return boot(config, [...shippedModules, ...(await loadExtraModules(FIXTURE))], { queuePrefix: e.queuePrefix });
}

export interface Pair {
  gameId: string;
  /** The creator, who holds the module's first side (`sides[0]`). */
  north: { principal: Principal; token: string };
  /** The joiner, on `sides[1]`. */
  south: { principal: Principal; token: string };
  sides: [string, string];
}

/** Which game `makeGames` starts: the fixture's 'standard' scenario unless told otherwise. */
export interface GameKind {
  module: string;
  scenario: string;
  sides: [string, string];
}
export const FIXTURE_GAME: GameKind = { module: 'sealed-bid', scenario: 'standard', sides: ['north', 'south'] };

/** Registers a pool of user pairs and starts `n` games (by default the fixture's) among them. */
/** `password`: the users' (a bench that logs in through the browser form gives its own). */
export async function makeGames(
  d: Booted,
  n: number,
  opts: { pairs?: number; concurrency?: number; kind?: GameKind; password?: string } = {},
): Promise<Pair[]> {
  const kind = opts.kind ?? FIXTURE_GAME;
  const tag = randomBytes(3).toString('hex');
  const seat = async (name: string) => {
    const t = await d.authService.register(name, opts.password ?? 'bench password 1');
    return { principal: await d.authService.authenticate(t.accessToken), token: t.accessToken };
  };
  const pairCount = Math.min(opts.pairs ?? 50, n);
  const pairs = await Promise.all(
    Array.from({ length: pairCount }, async (_, i) => ({
      north: await seat(`n_${tag}_${i}`),
      south: await seat(`s_${tag}_${i}`),
    })),
  );
  const out: Pair[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency ?? 8 }, async () => {
      for (let i = next++; i < n; i = next++) {
        const { north, south } = pairs[i % pairCount];
        const g = await lobby.createGame(d.platform, north.principal, {
          module: kind.module,
          scenario: kind.scenario,
          side: kind.sides[0],
        });
        await lobby.joinGame(d.platform, south.principal, g.id, kind.sides[1]);
        out.push({ gameId: g.id, north, south, sides: kind.sides });
      }
    }),
  );
  return out;
}
