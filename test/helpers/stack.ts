/**
 * Starts Warpost for a test: the API in this process on a free port, and either a separate
 * worker process on real PostgreSQL + Redis ('services') or everything embedded ('embedded').
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '#api/server.js';
import { boot, type Booted } from '#platform/boot.js';
import { ControlledClock, type ClockMessage } from '#platform/clock.js';
import { loadConfig } from '#platform/config/load.js';
import { loadExtraModules } from '#platform/play/registry.js';
import * as lobby from '#platform/play/lobby.js';
import type { Platform } from '#platform/context.js';
import type { Principal } from '#platform/auth/service.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIXTURE = join(ROOT, 'test/fixtures/sealed-bid.ts');

export interface Stack {
  base: string;
  booted: Booted;
  app: FastifyInstance;
  env: NodeJS.ProcessEnv;
  /** Spawns a worker process (services mode). */
  spawnWorker(extraEnv?: NodeJS.ProcessEnv, entry?: string): Promise<ChildProcess>;
  workers: ChildProcess[];
  /**
   * The controllable clock (stacks started with WARPOST_TEST_CLOCK=true): setting it moves the
   * time of this process and of every live worker, and resolves once all of them follow.
   */
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestClock {
  now(): Date;
  set(at: Date): Promise<void>;
  advance(ms: number): Promise<void>;
}

export async function startStack(mode: 'services' | 'embedded', extraEnv: NodeJS.ProcessEnv = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'warpost-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WARPOST_DATA_DIR: dataDir,
    WARPOST_EXTRA_MODULES: FIXTURE,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    JWT_SECRET: 'test-secret-' + randomBytes(8).toString('hex'),
    // Cheaper password hashes: tests register many users on a shared machine (the default is 17).
    WARPOST_SCRYPT_COST: '14',
    // Tests poll hard from one address; the rate-limit tests set their own limits.
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_TOKEN: '1000000',
    WS_CONNECTIONS_PER_IP: '1000000',
    WS_CONNECTIONS_PER_TOKEN: '1000000',
    WS_SUBSCRIBES_PER_CONNECTION: '1000000',
    WS_SUBSCRIBES_PER_TOKEN: '1000000',
    ...extraEnv,
  };
  if (mode === 'services') {
    // A test may bring its own services (e.g. private ones it restarts, test/platform/outage.test.ts).
    env.DATABASE_URL = extraEnv.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    env.REDIS_URL = extraEnv.REDIS_URL ?? process.env.TEST_REDIS_URL;
    env.WARPOST_QUEUE_PREFIX = `wpt${randomBytes(4).toString('hex')}`;
    env.WARPOST_INLINE_WORKER = 'false';
    env.WARPOST_STALLED_INTERVAL_MS ??= '1000';
    env.WARPOST_LOCK_DURATION_MS ??= '2000';
    env.API_REDIS_PREFIX ??= `${env.WARPOST_QUEUE_PREFIX}:api:`; // rate limits and persisted queries of one stack
  } else {
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  }
  const testClock = env.WARPOST_TEST_CLOCK === 'true' ? new ControlledClock(0) : undefined;
  const config = { ...loadConfig(env), port: 0 };
  const booted = await boot(config, await loadExtraModules(FIXTURE), {
    queuePrefix: env.WARPOST_QUEUE_PREFIX,
    clock: testClock,
  });
  if (config.inlineWorker) await booted.startWorker();
  if (config.notify.inline) await booted.startNotifier();
  const { app, base } = await listen(booted);
  const workers: ChildProcess[] = [];

  /** `entry`: workers/resolver.ts (default) or workers/notifier.ts; both log "worker ready". */
  async function spawnWorker(more: NodeJS.ProcessEnv = {}, entry = 'workers/resolver.ts') {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry)], {
      cwd: ROOT,
      env: {
        ...env,
        LOG_LEVEL: 'info',
        ...(testClock ? { WARPOST_TEST_CLOCK_OFFSET_MS: String(testClock.offsetMs) } : {}),
        ...more,
      },
      stdio: testClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    workers.push(child);
    await new Promise<void>((ok, fail) => {
      let out = '';
      const t = setTimeout(() => fail(new Error(`worker did not start: ${out}`)), 60_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes('worker ready')) {
          clearTimeout(t);
          ok();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (d) => (out += d.toString()));
      child.on('exit', (code) => (clearTimeout(t), fail(new Error(`worker exited (${code}): ${out}`))));
    });
    child.removeAllListeners('exit');
    return child;
  }

  let messageId = 0;
  async function moveClock(offsetMs: number) {
    if (!testClock) throw new Error('start the stack with WARPOST_TEST_CLOCK=true to move its clock');
    testClock.offsetMs = offsetMs;
    const live = workers.filter((w) => w.exitCode === null && w.signalCode === null && w.connected);
    await Promise.all(
      live.map(
        (w) =>
          new Promise<void>((ok, fail) => {
            const id = ++messageId;
            const t = setTimeout(
              () => (w.off('message', onMessage), fail(new Error('a worker did not acknowledge the clock'))),
              10_000,
            );
            const onMessage = (m: { type?: string; id?: number }) => {
              if (m?.type === 'warpost-clock-ack' && m.id === id) {
                clearTimeout(t);
                w.off('message', onMessage);
                ok();
              }
            };
            w.on('message', onMessage);
            w.send({ type: 'warpost-clock', offsetMs, id } satisfies ClockMessage);
          }),
      ),
    );
  }
  const clock: TestClock = {
    now: () => (testClock ?? { now: () => new Date() }).now(),
    set: (at) => moveClock(at.getTime() - Date.now()),
    advance: (ms) => moveClock((testClock?.offsetMs ?? 0) + ms),
  };

  return {
    base,
    booted,
    app,
    env,
    spawnWorker,
    workers,
    clock,
    async close() {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await app.close();
      await booted.shutdown();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A services stack for a game module's API test: the test's API process registers `module` (it
 * loads only the fixture module by itself), and a worker process (which loads the shipped modules)
 * resolves. Returns a getter: the stack exists once `beforeAll` has run.
 */
export function useModuleStack(
  module: Parameters<Booted['platform']['modules']['register']>[0],
  extraEnv: NodeJS.ProcessEnv = {},
): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack('services', extraEnv);
    stack.booted.platform.modules.register(module);
    await stack.spawnWorker();
  }, 120_000);
  afterAll(async () => stack?.close());
  return () => stack!;
}

/** The API of an in-process platform on a free loopback port. */
export async function listen(booted: Booted) {
  const app = await buildServer({ platform: booted.platform, authService: booted.authService, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}

/**
 * The platform booted in this process on the test PostgreSQL with the fixture. Its queue is in
 * process with enqueues dropped (the test resolves each step itself), unless `worker` runs the
 * in-process worker; `listen` also serves the API on a free port at `base`, with no rate limits.
 * Shut down after the file.
 */
export function useBootedPlatform(
  jwtSecret: string,
  o: { worker?: boolean; listen?: boolean } = {},
): { readonly booted: Booted; readonly base: string } {
  let booted: Booted | undefined;
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  beforeAll(async () => {
    const env = {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: '',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      ...(o.listen ? { RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0' } : {}),
    };
    booted = await boot({ ...loadConfig(env), port: 0 }, await loadExtraModules(FIXTURE));
    if (o.worker) await booted.startWorker();
    else booted.platform.queue.enqueue = async () => undefined;
    if (o.listen) server = await listen(booted);
  }, 120_000);
  afterAll(async () => {
    await server?.app.close();
    await booted?.shutdown();
  });
  return {
    get booted() {
      return booted!;
    },
    get base() {
      if (!server) throw new Error('useBootedPlatform: pass { listen: true } for a base URL');
      return server.base;
    },
  };
}

/**
 * A game of two users registered in the booted platform, both seated (the game has started),
 * with one-hour steps unless `untimed` (then no deadline job is queued): `sides[0]` creates it.
 * `platform`: the route to create it by (the pg pool by default). The module must be registered.
 */
export async function seatedGame(
  booted: Booted,
  prefix: string,
  o: { module: string; scenario: string; sides: [string, string]; platform?: Platform; untimed?: boolean },
): Promise<{ gameId: string; seats: Record<string, Principal> }> {
  const tag = randomUUID().slice(0, 8);
  const user = async (side: string) =>
    booted.authService.authenticate(
      (await booted.authService.register(`${prefix}${side[0].toLowerCase()}_${tag}`, `${prefix} test pw 1`))
        .accessToken,
    );
  const [a, b] = [await user(o.sides[0]), await user(o.sides[1])];
  const p = o.platform ?? booted.platform;
  const g = await lobby.createGame(p, a, {
    module: o.module,
    scenario: o.scenario,
    side: o.sides[0],
    ...(o.untimed ? {} : { timeControl: { stepSeconds: 3600 } }),
  });
  await lobby.joinGame(p, b, g.id, o.sides[1]);
  return { gameId: g.id, seats: { [o.sides[0]]: a, [o.sides[1]]: b } };
}

/** A Sealed Bid game (`seatedGame`), north and south. */
export async function sealedBidGame(
  booted: Booted,
  prefix: string,
  o: { scenario?: string; platform?: Platform; untimed?: boolean } = {},
): Promise<{ gameId: string; north: Principal; south: Principal }> {
  const { gameId, seats } = await seatedGame(booted, prefix, {
    ...o,
    module: 'sealed-bid',
    scenario: o.scenario ?? 'short',
    sides: ['north', 'south'],
  });
  return { gameId, north: seats.north, south: seats.south };
}
