/**
 * Backups of the embedded database (docs/operations.md). PGlite is single-process, so its directory
 * is never copied while a server holds it: the holder makes the copy itself, with PGlite's
 * `dumpDataDir` (a gzipped tar of the data directory, taken under PGlite's query lock, so it holds
 * what was committed and nothing half-written; PostgreSQL's crash recovery runs when it is
 * opened). Whoever holds the directory answers `GET /backup` on a Unix socket beside it, which only
 * users who may read the data directory can reach; a command run beside the server asks there.
 */
import { chmodSync, existsSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE } from './dir-lock.js';

/** The socket a process holding the embedded database listens on, in the data directory. */
export const BACKUP_SOCKET = 'warpost-backup.sock';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A gzipped tar of the live database directory. */
export async function dumpPglite(lite: PGlite): Promise<Buffer> {
  return Buffer.from(await (await lite.dumpDataDir('gzip')).arrayBuffer());
}

/**
 * Serves `GET /backup` on the data directory's socket (mode 0600) until closed. A path too long
 * for a socket, or a socket that cannot be made, leaves backups to the stopped-server way.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Buffer>,
  warn: (msg: string) => void,
): Promise<() => Promise<void>> {
  const path = join(dataDir, BACKUP_SOCKET);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') return void res.writeHead(404).end();
    dump().then(
      (body) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
    );
  });
  // Only the lock holder gets here: a socket file left by a dead holder is stale.
  if (existsSync(path)) unlinkSync(path);
  try {
    await new Promise<void>((ok, fail) => server.once('error', fail).listen(path, () => ok()));
    chmodSync(path, 0o600);
  } catch (err) {
    warn(`no backup socket at ${path} (${(err as Error).message}): stop the server to back up the embedded database`);
    return async () => {};
  }
  return () => new Promise<void>((ok) => server.close(() => ok()));
}

/** Asks the process holding the data directory for a backup. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  const socketPath = join(dataDir, BACKUP_SOCKET);
  return new Promise((ok, fail) => {
    const req = http.get({ socketPath, path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) ok(body);
        else
          fail(new BackupError(`the running server could not make the backup: ${body.toString('utf8').slice(0, 300)}`));
      });
      res.on('error', fail);
    });
    req.on('error', (err) =>
      fail(
        new BackupError(
          `the server holding ${dataDir} does not answer on ${socketPath} (${err.message}); stop it and run the backup again`,
        ),
      ),
    );
  });
}

/** Writes a backup file readable by its owner only, whole or not at all. */
export async function writeBackupFile(file: string, body: Buffer): Promise<void> {
  const tmp = `${file}.partial-${process.pid}`;
  await writeFile(tmp, body, { mode: 0o600 });
  await rename(tmp, file);
}

/** A restore fills a database directory that is absent or empty (but for its lock), never one in use. */
export function assertNoDatabase(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).some((f) => f !== LOCK_FILE)) {
    throw new BackupError(
      `${dir} already holds a database: a restore never overwrites one. Move it aside (with the server stopped), or restore into a new WARPOST_DATA_DIR.`,
    );
  }
}

/** Empties a database directory a failed restore began to fill (its lock stays). */
export function clearDatabaseDir(dir: string): void {
  for (const f of readdirSync(dir)) if (f !== LOCK_FILE) rmSync(join(dir, f), { recursive: true, force: true });
}
