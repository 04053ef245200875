/**
 * A PostgreSQL cluster and a Redis server of our own, on free loopback ports, for fault drills:
 * restarting them breaks nobody else's work (the machine's shared services stay untouched).
 * PostgreSQL refuses to run as root, so when we are root the cluster runs as the `postgres` user.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const ver = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  return ver ? join(root, ver, 'bin') : '';
})();

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
    s.once('error', fail);
  });
}

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL tool, as `postgres` when we are root. */
function pgTool(tool: string, args: string[]) {
  const bin = join(PG_BIN, tool);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

export interface PrivatePostgres {
  adminUrl: string;
  /** Fast shutdown and start again (every connection is dropped). */
  restart(): void;
  /** Fast shutdown; `up` starts it again on the same port with the same data. */
  down(): void;
  up(): void;
  /** Stops it for good and removes its files. */
  stop(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!PG_BIN) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'warpost-pg-'));
  chmodSync(dir, 0o777); // the postgres user writes here when we are root
  const data = join(dir, 'data');
  const port = await freePort();
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (action: string, extra: string[] = []) =>
    pgTool('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', ...extra, action]);
  ctl('start');
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('restart', ['-m', 'fast']),
    down: () => ctl('stop', ['-m', 'fast']),
    up: () => ctl('start'),
    stop: () => {
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {
        /* already down */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Kills the server outright (nothing is kept on disk) and starts an empty one on the same port. */
  restart(downMs?: number): Promise<void>;
  /** Kills it (nothing kept); `up` starts an empty one on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((ok, fail) => {
      let out = '';
      const t = setTimeout(() => fail(new Error(`redis-server did not start: ${out.slice(-500)}`)), 10_000);
      child.stdout!.on('data', (d) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(t);
          ok();
        }
      });
      child.once('exit', (c) => (clearTimeout(t), fail(new Error(`redis-server exited ${c}: ${out.slice(-500)}`))));
    });
    child.removeAllListeners('exit');
    child.stdout!.resume();
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    restart: async (downMs = 3000) => {
      await kill();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    down: kill,
    up: start,
    stop: kill,
  };
}
