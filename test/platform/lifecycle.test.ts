/**
 * The production build and its shutdown: the compiled API and worker run on plain Node (no tsx),
 * SIGTERM drains work in flight and exits 0, and a drain that does not finish in
 * WARPOST_SHUTDOWN_TIMEOUT_MS is cut off with exit 1 (its resolution rolls back and is retried).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPg } from '../helpers/db.js';
import { waitFor } from '../helpers/gql.js';
import { createGame, join as joinGame, register, submit, view, type Player } from '../helpers/play.js';
import { ROOT, startStack, type Stack } from '../helpers/stack.js';

const OUT = join(ROOT, 'node_modules/.cache/warpost/build-test');

interface Run {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/** Starts a compiled entry point with plain Node and waits for `ready` in its log. */
async function startCompiled(entry: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<Run> {
  const child = spawn(process.execPath, [join(OUT, entry)], {
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; at: number }>((ok) =>
    child.on('exit', (code) => ok({ code, at: Date.now() })),
  );
  await Promise.race([
    waitFor(async () => ready.test(out), 60_000, 50),
    exited.then(({ code }) => Promise.reject(new Error(`${entry} exited (${code}) before it was ready: ${out}`))),
  ]);
  return { child, out: () => out, exited };
}

/** Resolution records of step 1 (committed with the new state, or not at all). */
async function stepRecords(gameId: string) {
  return withPg(
    async (c) =>
      (await c.query(`SELECT count(*)::int AS n FROM "StepRecord" WHERE "gameId" = $1 AND step = 1`, [gameId])).rows[0]
        .n as number,
  );
}

describe('production build and graceful shutdown', () => {
  let stack: Stack;
  let a: Player;
  let b: Player;
  const running: ChildProcess[] = [];
  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts'), `--out=${OUT}`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    // The test's module too, compiled, for the compiled worker (which cannot load TypeScript).
    await build({
      entryPoints: [join(ROOT, 'test/fixtures/sealed-bid.ts')],
      outdir: join(OUT, 'test/fixtures'),
      format: 'esm',
      platform: 'node',
      logLevel: 'warning',
    });
    stack = await startStack('services');
    const s = Math.random().toString(36).slice(2, 8);
    a = await register(stack.base, `lc_a_${s}`);
    b = await register(stack.base, `lc_b_${s}`);
  }, 180_000);
  afterAll(async () => {
    for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
    await stack?.close();
  });

  const workerEnv = (more: NodeJS.ProcessEnv) => ({
    ...stack.env,
    WARPOST_EXTRA_MODULES: join(OUT, 'test/fixtures/sealed-bid.js'),
    ...more,
  });

  async function readyGame() {
    const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await joinGame(stack.base, b, g.id, 'south');
    await submit(stack.base, a, g.id, 1, { bid: 2, note: 'n' });
    await submit(stack.base, b, g.id, 1, { bid: 1, note: 's' });
    return g.id;
  }

  it('the compiled API starts on plain Node, answers, and exits 0 on SIGTERM', async () => {
    const api = await startCompiled(
      'src/main.js',
      workerEnv({ PORT: '0', HOST: '127.0.0.1' }),
      /Warpost listening on http:\/\/127\.0\.0\.1:\d+/,
    );
    running.push(api.child);
    const base = /Warpost listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(api.out())![1];
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // The OAuth server (a dependency loaded at run time) is mounted in the compiled build too.
    expect((await fetch(`${base}/oauth/.well-known/openid-configuration`)).status).toBe(200);
    api.child.kill('SIGTERM');
    const { code } = await api.exited;
    expect(code).toBe(0);
    expect(api.out()).toContain('drained; exiting');
  });

  it('SIGTERM lets the resolution in flight commit, then the compiled worker exits 0', async () => {
    const worker = await startCompiled(
      'workers/resolver.js',
      workerEnv({ WARPOST_FAULT_RESOLVE_DELAY_MS: '2500', WARPOST_SHUTDOWN_TIMEOUT_MS: '30000' }),
      /worker ready/,
    );
    running.push(worker.child);
    const gameId = await readyGame();
    // The fault delay holds the resolution inside its transaction.
    await waitFor(async () => worker.out().includes('resolution paused inside its transaction'), 20_000);
    expect(await stepRecords(gameId)).toBe(0);
    const signalled = Date.now();
    worker.child.kill('SIGTERM');
    const { code, at } = await worker.exited;
    expect(code, worker.out()).toBe(0);
    expect(at - signalled).toBeLessThan(30_000);
    expect(at - signalled).toBeGreaterThan(500); // it waited for the resolution
    expect(await stepRecords(gameId)).toBe(1);
    expect((await view(stack.base, a, gameId)).game.step).toBe(2);
  });

  it('a drain stuck past WARPOST_SHUTDOWN_TIMEOUT_MS is cut off with exit 1; the step rolls back and another worker resolves it', async () => {
    const worker = await startCompiled(
      'workers/resolver.js',
      workerEnv({ WARPOST_FAULT_RESOLVE_DELAY_MS: '60000', WARPOST_SHUTDOWN_TIMEOUT_MS: '1500' }),
      /worker ready/,
    );
    running.push(worker.child);
    const gameId = await readyGame();
    await waitFor(async () => worker.out().includes('resolution paused inside its transaction'), 20_000);
    const signalled = Date.now();
    worker.child.kill('SIGTERM');
    const { code, at } = await worker.exited;
    expect(code, worker.out()).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1400);
    expect(at - signalled).toBeLessThan(10_000);
    expect(worker.out()).toContain('drain did not finish in time');
    expect(await stepRecords(gameId)).toBe(0);
    await stack.spawnWorker();
    await waitFor(async () => (await stepRecords(gameId)) === 1, 30_000);
  });
});
