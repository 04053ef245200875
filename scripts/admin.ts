/**
 * Operator commands (docs/operations.md). Platform admins (User.isAdmin): `npm run admin -- grant
 * <username>`, `revoke <username>`, `list`. Embedded database backups: `backup <file>` (asks the
 * running server for it when one holds the data directory) and `restore <file>` (into a data
 * directory that holds no database). Needs DATABASE_URL, or the embedded database under
 * WARPOST_DATA_DIR.
 */
import { readFile } from 'node:fs/promises';
import { BackupError, requestBackup, writeBackupFile } from '#platform/db/backup.js';
import { openDatabase, type Database } from '#platform/db/client.js';
import { DataDirInUseError } from '#platform/db/dir-lock.js';
import { configOrExit } from '#platform/lifecycle.js';

const USAGE = 'Usage: npm run admin -- grant <username> | revoke <username> | list | backup <file> | restore <file>';
const [cmd, arg] = process.argv.slice(2);
const config = configOrExit();

function fail(message: string, status: number): never {
  console.error(message);
  process.exit(status);
}

async function open(restoreFrom?: Buffer): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, restoreFrom }).catch((err) => {
    if (err instanceof DataDirInUseError) fail(err.message, 3);
    if (err instanceof BackupError) fail(err.message, 1);
    throw err;
  });
}

async function backup(file: string) {
  if (config.databaseUrl) fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md).', 2);
  let body: Buffer;
  let via = 'the data directory';
  try {
    const db = await openDatabase({ dataDir: config.dataDir });
    try {
      body = await db.backup!();
    } finally {
      await db.close();
    }
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    // A server holds the directory: it makes the copy itself.
    body = await requestBackup(config.dataDir).catch((e) => fail((e as Error).message, 1));
    via = `the running server (pid ${err.pid})`;
  }
  await writeBackupFile(file, body);
  console.log(
    `Backup of ${config.dataDir} written to ${file} (${body.length} bytes, from ${via}). Keep it private: it holds password hashes, sealed orders and dice seeds.`,
  );
}

async function restore(file: string) {
  if (config.databaseUrl) fail('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md).', 2);
  const body = await readFile(file).catch((e: Error) => fail(`Cannot read ${file}: ${e.message}`, 1));
  const db = await open(body);
  try {
    const [users, games] = await Promise.all([db.prisma.user.count(), db.prisma.game.count()]);
    console.log(`Restored ${file} into ${config.dataDir}: ${users} users, ${games} games.`);
  } finally {
    await db.close();
  }
}

async function admins(grant: boolean | undefined, username: string | undefined) {
  const db = await open();
  try {
    if (grant === undefined) {
      const list = await db.prisma.user.findMany({
        where: { isAdmin: true },
        select: { username: true },
        orderBy: { username: 'asc' },
      });
      console.log(list.map((a) => a.username).join('\n') || '(no platform admin)');
      return;
    }
    const r = await db.prisma.user.updateMany({ where: { username }, data: { isAdmin: grant } });
    if (r.count === 0) {
      console.error(`No user "${username}".`);
      process.exitCode = 1;
    } else console.log(`${username} is ${grant ? 'now' : 'no longer'} a platform admin.`);
  } finally {
    await db.close();
  }
}

if (cmd === 'list') await admins(undefined, undefined);
else if ((cmd === 'grant' || cmd === 'revoke') && arg) await admins(cmd === 'grant', arg);
else if (cmd === 'backup' && arg) await backup(arg);
else if (cmd === 'restore' && arg) await restore(arg);
else fail(USAGE, 2);
