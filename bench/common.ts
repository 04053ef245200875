/** Shared bench plumbing: a fresh database, child processes, timing statistics. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migratePostgres } from '#platform/db/client.js';

export const ROOT = resolve(import.meta.dirname, '..');
export const FIXTURE = join(ROOT, 'test/fixtures/sealed-bid.ts');
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `warpost_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  // A connection per use: a drill restarts PostgreSQL, which would kill a connection held open.
  const asAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE "${name}"`);
  // BENCH_PG_LOG_STATEMENTS=1: the server log gets every statement of this database (its lines
  // carry the database's name), to count the statements of a turn-loop step.
  if (process.env.BENCH_PG_LOG_STATEMENTS === '1') await asAdmin(`ALTER DATABASE "${name}" SET log_statement = 'all'`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  await migratePostgres(u.toString());
  return { url: u.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarise(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s.at(-1) ?? NaN,
    mean: s.reduce((a, b) => a + b, 0) / (s.length || 1),
  };
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Starts `script` (api or worker) as a child process and waits for its ready line. */
export async function startProcess(script: string, env: NodeJS.ProcessEnv, readyText: string): Promise<ChildProcess> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": profile the children under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', WARPOST_EXTRA_MODULES: FIXTURE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    const t = setTimeout(() => fail(new Error(`${script} did not start: ${out.slice(-2000)}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d.toString();
      if (out.includes(readyText)) {
        clearTimeout(t);
        ok();
      }
    });
    child.stderr!.on('data', (d) => (out += d.toString()));
    child.once('exit', (c) => (clearTimeout(t), fail(new Error(`${script} exited ${c}: ${out.slice(-2000)}`))));
  });
  child.removeAllListeners('exit');
  child.stdout!.resume();
  return child;
}

export async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
