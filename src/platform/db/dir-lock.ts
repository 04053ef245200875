/**
 * One process at a time on the embedded database: PGlite is single-process, and a second opener
 * (an admin command beside the running server) sees its own copy and its writes are lost. The
 * owner's pid is written to a lock file at open and removed at close or exit; a lock whose process
 * is gone (a crash, a kill -9) is stale and taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'warpost.pid';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}, a running Warpost server): nothing was changed. Stop the server first, or use PostgreSQL (DATABASE_URL) to run commands beside a server.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DirLock {
  release(): void;
  /** Writes this process's pid again (a restore unpacks the backed-up process's lock file over it). */
  reclaim(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): DirLock {
  const file = join(dir, LOCK_FILE);
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new DataDirInUseError(dir, pid);
      }
      unlinkSync(file); // stale: its owner is gone
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { release, reclaim: () => writeFileSync(file, String(process.pid)) };
}
