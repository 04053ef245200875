/**
 * CPU time by process group around a bench run (Linux /proc): what one request costs the API,
 * PostgreSQL and the load generator. Steadier than requests per second on a shared machine,
 * where throughput moves with everybody else's load but CPU per request mostly does not.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function ticksOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15 of stat)
  } catch {
    return 0; // the process ended
  }
}

/** Every process on the machine with this command name (PostgreSQL's backends come and go). */
function pidsNamed(name: string): string[] {
  const named = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
    } catch {
      return false; // ended between the listing and the read
    }
  };
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d) && named(d));
}

export interface CpuGroups {
  /** The processes under test (the API, or the workers). */
  api: number;
  postgres: number;
  redis: number;
  /** This process: autocannon, or the bench's own driver. */
  loadGenerator: number;
}

/** Starts counting; the returned function gives CPU milliseconds per group since the start. */
export function cpuMeter(pids: number | number[]): () => CpuGroups {
  const own = ([] as number[]).concat(pids);
  const start = (name: string) => new Map(pidsNamed(name).map((p) => [p, ticksOf(p)]));
  const since = (name: string, at: Map<string, number>) =>
    pidsNamed(name).reduce((sum, p) => sum + ticksOf(p) - (at.get(p) ?? 0), 0);
  const pgStart = start('postgres');
  const redisStart = start('redis-server');
  const ownStart = own.map(ticksOf);
  const selfStart = process.cpuUsage();
  return () => {
    const self = process.cpuUsage(selfStart);
    const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
    return {
      api: ms(own.reduce((sum, p, i) => sum + ticksOf(p) - ownStart[i], 0)),
      postgres: ms(since('postgres', pgStart)),
      redis: ms(since('redis-server', redisStart)),
      loadGenerator: (self.user + self.system) / 1000,
    };
  };
}
