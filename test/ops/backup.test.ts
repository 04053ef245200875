/**
 * The backup guide (docs/operations.md), followed as an operator would:
 * - PostgreSQL: `pg_dump -Fc` of the live database while games are played through the API and a
 *   worker resolves them, `createdb` + `pg_restore` into a fresh database on the same server, and a
 *   platform started on the copy (same keys) resolves the next step of a game in progress;
 * - embedded: `npm run admin -- backup FILE` beside the running embedded server (the server makes
 *   the copy), `restore FILE` into a new data directory, and a server on it resolves the next step.
 * The PostgreSQL client tools come from the machine; this test installs nothing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { createGame, join as joinGame, register, submit, view, type Player } from '../helpers/play.js';
import { ROOT, startStack, type Stack } from '../helpers/stack.js';

const run = promisify(execFile);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** The PostgreSQL client tools must be on PATH; say which is missing instead of installing it. */
function requireTools(...names: string[]) {
  const missing = names.filter((n) => spawnSync('which', [n]).status !== 0);
  if (missing.length)
    throw new Error(
      `${missing.join(', ')} not found on PATH: install PostgreSQL's client tools (Debian: postgresql-client, the same major version as the server) to run this test; it installs nothing itself`,
    );
}

/** Submits each prompt's default orders of the current step for every player who owes one; that step. */
async function playOwed(base: string, players: Player[], gameId: string): Promise<number> {
  const step = (await view(base, players[0], gameId)).game.step;
  for (const p of players) {
    const g = await view(base, p, gameId);
    if (g.game.step !== step) break; // resolved already (an inline worker is quick)
    for (const prompt of g.myPrompts) {
      const r = await submit(base, p, gameId, step, prompt.defaultOrders, { side: prompt.side });
      if (r.errors) throw new Error(JSON.stringify(r.errors));
    }
  }
  return step;
}

/** Two players and a game of the fixture past its first step, with the next step owed. */
async function gameInProgress(base: string, tag: string) {
  const s = `${tag}_${randomBytes(3).toString('hex')}`;
  const a = await register(base, `bk_a_${s}`);
  const b = await register(base, `bk_b_${s}`);
  const g = await createGame(base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
  await joinGame(base, b, g.id, 'south');
  expect((await submit(base, a, g.id, 1, { bid: 3, note: 'a' })).errors).toBeUndefined();
  expect((await submit(base, b, g.id, 1, { bid: 1, note: 'b' })).errors).toBeUndefined();
  await waitFor(async () => (await view(base, a, g.id)).game.step === 2, 30_000);
  return { a, b, id: g.id };
}

/** Plays games through the API until stopped; the time of each accepted submission. */
function keepPlaying(base: string, players: Player[]) {
  const at: number[] = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const g = await createGame(base, players[0], { module: 'sealed-bid', scenario: 'standard', side: 'north' });
      await joinGame(base, players[1], g.id, 'south');
      for (const [i, p] of players.entries()) {
        if ((await submit(base, p, g.id, 1, { bid: i, note: 'load' })).errors === undefined) at.push(Date.now());
      }
    }
  })();
  return { at, stop: async () => ((stop = true), await done) };
}

/** The events of a game up to `step`, as every player's view shows them. */
const eventsTo = async (base: string, p: Player, id: string, step: number) =>
  ((await view(base, p, id)).events as { seq: number; step: number; type: string }[])
    .filter((e) => e.step <= step)
    .map((e) => `${e.seq}:${e.type}`);

describe('PostgreSQL: pg_dump of a live server, pg_restore into a fresh database', () => {
  it('the restored database serves the platform and resolves the next step of a game in progress', async () => {
    requireTools('pg_dump', 'pg_restore', 'createdb');
    // Both platforms share the keys, as the guide says: tokens and receipts stay valid.
    const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const live = await startStack('services', { WARPOST_SIGNING_KEY: signingKey });
    cleanups.push(() => live.close());
    await live.spawnWorker();
    const game = await gameInProgress(live.base, 'pg');
    const loadPlayers = [
      await register(live.base, `bk_l1_${randomBytes(3).toString('hex')}`),
      await register(live.base, `bk_l2_${randomBytes(3).toString('hex')}`),
    ];

    const dir = await mkdtemp(join(tmpdir(), 'warpost-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'warpost.dump');
    const source = process.env.TEST_DATABASE_URL!;
    const load = keepPlaying(live.base, loadPlayers);
    await waitFor(async () => load.at.length >= 4, 30_000); // games are being played
    const started = Date.now();
    await run('pg_dump', ['--format=custom', '--file', file, '--dbname', source]);
    const ended = Date.now();
    await waitFor(async () => load.at.some((t) => t > ended), 30_000);
    await load.stop();
    // Games were played before and after the dump, without a pause for it (a small dump may take
    // less time than one submission, so none need fall inside it).
    expect(
      load.at.some((t) => t < started) && load.at.some((t) => t > ended),
      'submissions on both sides of pg_dump',
    ).toBe(true);

    // A fresh database on the same server, filled by pg_restore.
    const url = new URL(source);
    const name = `warpost_restored_${process.pid}_${Date.now()}`;
    const conn = [
      '--host',
      url.hostname,
      '--port',
      url.port || '5432',
      '--username',
      decodeURIComponent(url.username) || 'postgres',
    ];
    await run('createdb', [...conn, name]);
    url.pathname = `/${name}`;
    const restoredUrl = url.toString();
    cleanups.push(() => run('psql', ['--dbname', source, '-c', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]));
    await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--dbname', restoredUrl, file]);

    const restored: Stack = await startStack('services', {
      DATABASE_URL: restoredUrl,
      JWT_SECRET: live.env.JWT_SECRET,
      WARPOST_SIGNING_KEY: signingKey,
    });
    cleanups.push(() => restored.close());
    await restored.spawnWorker();
    // The same game, its history and the players' tokens; then its next step resolves on the copy.
    expect((await view(restored.base, game.a, game.id)).game.step).toBe(2);
    expect(await eventsTo(restored.base, game.a, game.id, 2)).toEqual(await eventsTo(live.base, game.a, game.id, 2));
    expect(await playOwed(restored.base, [game.a, game.b], game.id)).toBe(2);
    await waitFor(async () => (await view(restored.base, game.a, game.id)).game.step === 3, 30_000);
    // The copy is a database of its own: the live one did not move.
    expect((await view(live.base, game.a, game.id)).game.step).toBe(2);
  }, 180_000);
});

describe('embedded: `npm run admin -- backup` beside the running server, `restore` into a new data directory', () => {
  const admin = (dataDir: string, ...args: string[]) => {
    const { DATABASE_URL: _d, REDIS_URL: _r, ...env } = process.env;
    return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/admin.ts'), ...args], {
      cwd: ROOT,
      env: { ...env, WARPOST_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  };

  it('the running server makes a consistent copy, and a server on the restored copy resolves the next step', async () => {
    const live = await startStack('embedded');
    cleanups.push(() => live.close());
    const liveDir = live.env.WARPOST_DATA_DIR!;
    const game = await gameInProgress(live.base, 'em');
    const loadPlayers = [
      await register(live.base, `bk_e1_${randomBytes(3).toString('hex')}`),
      await register(live.base, `bk_e2_${randomBytes(3).toString('hex')}`),
    ];

    const dir = await mkdtemp(join(tmpdir(), 'warpost-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'warpost-embedded.tar.gz');
    const load = keepPlaying(live.base, loadPlayers);
    await waitFor(async () => load.at.length >= 2, 30_000);
    const backup = await admin(liveDir, 'backup', file);
    await load.stop();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('from the running server');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // Never into a directory that holds a database: here the running server's (nothing changes).
    const refused = await admin(liveDir, 'restore', file);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/in use by another process/);

    const newDir = await mkdtemp(join(tmpdir(), 'warpost-restored-'));
    cleanups.push(() => rm(newDir, { recursive: true, force: true }));
    // A file that is no backup restores nothing and leaves the directory as it was, ready for the real one.
    const bogus = join(dir, 'bogus.tar.gz');
    await writeFile(bogus, randomBytes(4096));
    const bad = await admin(newDir, 'restore', bogus);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Not a usable backup .*nothing was restored/);
    const restore = await admin(newDir, 'restore', file);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Restored .* \d+ users, \d+ games\./);
    // Restoring twice is refused: the directory now holds a database.
    const again = await admin(newDir, 'restore', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database/);
    // With no server on it, the command opens the directory itself.
    const offline = await admin(newDir, 'backup', join(dir, 'offline.tar.gz'));
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('from the data directory');
    // The keys the guide says to keep with the backup: the receipt-signing key and the VAPID pair.
    for (const f of ['signing-key.pem', 'vapid.json'])
      await copyFile(join(liveDir, f), join(newDir, f)).catch(() => undefined);
    const liveEvents = await eventsTo(live.base, game.a, game.id, 2);
    await live.close();

    const restored = await startStack('embedded', { WARPOST_DATA_DIR: newDir, JWT_SECRET: live.env.JWT_SECRET });
    cleanups.push(() => restored.close());
    expect((await view(restored.base, game.a, game.id)).game.step).toBe(2);
    expect(await eventsTo(restored.base, game.a, game.id, 2)).toEqual(liveEvents);
    expect(await playOwed(restored.base, [game.a, game.b], game.id)).toBe(2);
    await waitFor(async () => (await view(restored.base, game.a, game.id)).game.step === 3, 30_000);
  }, 300_000); // an embedded database initialised and one restored, six CLI runs
});
