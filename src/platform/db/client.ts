/**
 * The database: PostgreSQL through Prisma's pg adapter when DATABASE_URL is set, otherwise an
 * embedded PGlite (PostgreSQL in WebAssembly) on disk under the data directory. Both get the
 * same migrations before use.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '#generated/prisma/client.js';
import { assertNoDatabase, BackupError, clearDatabaseDir, dumpPglite, serveBackups } from './backup.js';
import { lockDataDir } from './dir-lock.js';
import { applyMigrations, type SqlRunner } from './migrate.js';

export type Db = PrismaClient;

export interface Database {
  prisma: Db;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL only: the pool Prisma's adapter runs on, for the raw hot paths (db/sql.ts). */
  pool?: pg.Pool;
  /** Embedded only: a gzipped tar of the database directory, consistent (db/backup.ts). */
  backup?: () => Promise<Buffer>;
  close(): Promise<void>;
}

export async function migratePostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several processes may start at once: one migrates, the others wait for it.
    await client.query('SELECT pg_advisory_lock(7250001)');
    const runner: SqlRunner = {
      query: async (sql, params) => client.query(sql, params as unknown[]),
      exec: async (sql) => void (await client.query(sql)),
    };
    return await applyMigrations(runner);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7250001)').catch(() => undefined);
    await client.end();
  }
}

/** Progress of opening the database: the embedded one can take half a minute on its first start. */
export type StartupLog = (msg: string, fields?: Record<string, unknown>) => void;

/**
 * `restoreFrom` (embedded only): a backup made by `Database.backup`, unpacked into the data
 * directory, which must hold no database yet.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  onIdleError?: (err: Error) => void;
  log?: StartupLog;
  restoreFrom?: Buffer;
}): Promise<Database> {
  const log: StartupLog = opts.log ?? (() => {});
  if (opts.databaseUrl) {
    if (opts.restoreFrom)
      throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md)');
    log('applying migrations to PostgreSQL');
    const applied = await migratePostgres(opts.databaseUrl);
    log('migrations applied', { applied: applied.length });
    // One pool for Prisma and the raw hot paths, so both count against the same connection limit.
    // A bounded wait for a free connection (a request fails instead of hanging), and an idle
    // connection dropped by a database restart is logged by the pool's owner, not thrown. A
    // connection that dies silently (no reset: a partition, a failover) is found by TCP
    // keep-alive and, at the latest, by the client-side query timeout, above every server-side
    // bound (statements and transactions give up after 60 s), so no request waits on it for ever.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 15_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: 120_000,
    });
    pool.on('error', (err) => opts.onIdleError?.(err));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    return { prisma, kind: 'postgres', pool, close: () => prisma.$disconnect() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  const dir = join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // Before PGlite touches the directory: a second process must not open it at all.
  const lock = lockDataDir(dir);
  let lite: Awaited<ReturnType<typeof PGlite.create>>;
  let stopServing = async () => {};
  try {
    if (opts.restoreFrom) {
      assertNoDatabase(dir);
      log(`restoring the embedded database into ${dir}`);
      lite = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([opts.restoreFrom]) })
        .catch((err: Error) => {
          clearDatabaseDir(dir); // what was unpacked before it failed: the directory was empty
          throw new BackupError(`Not a usable backup of the embedded database (${err.message}); nothing was restored.`);
        })
        .finally(() => lock.reclaim());
    } else {
      log(`initialising the embedded database in ${dir} (the first start takes up to a minute)`);
      lite = await PGlite.create(dir);
    }
    stopServing = await serveBackups(
      opts.dataDir,
      () => dumpPglite(lite),
      (msg) => log(msg),
    );
  } catch (err) {
    lock.release();
    throw err;
  }
  log('applying migrations to the embedded database');
  const applied = await applyMigrations({
    query: async (sql, params) => lite.query(sql, params as unknown[]) as Promise<{ rows: Record<string, unknown>[] }>,
    exec: async (sql) => void (await lite.exec(sql)),
  });
  log('migrations applied', { applied: applied.length });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) as unknown as PrismaPg });
  return {
    prisma,
    kind: 'pglite',
    backup: () => dumpPglite(lite),
    close: async () => {
      await stopServing();
      await prisma.$disconnect();
      await lite.close();
      lock.release();
    },
  };
}

/** Whether the database answers a trivial query (the API's readiness check). */
export function databaseReady(db: Db): Promise<boolean> {
  return db.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
}
