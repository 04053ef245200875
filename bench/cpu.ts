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

/** Every PostgreSQL server process on the machine, by command name. */
function postgresPids(): string[] {
  const isPostgres = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false; // ended between the listing and the read
    }
  };
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d) && isPostgres(d));
}

export interface CpuGroups {
  api: number;
  postgres: number;
  loadGenerator: number;
}

/** Starts counting; the returned function gives CPU milliseconds per group since the start. */
export function cpuMeter(apiPid: number): () => CpuGroups {
  const pgStart = new Map(postgresPids().map((p) => [p, ticksOf(p)]));
  const apiStart = ticksOf(apiPid);
  const selfStart = process.cpuUsage();
  return () => {
    const pgNow = postgresPids().reduce((sum, p) => sum + ticksOf(p) - (pgStart.get(p) ?? 0), 0);
    const self = process.cpuUsage(selfStart);
    const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
    return { api: ms(ticksOf(apiPid) - apiStart), postgres: ms(pgNow), loadGenerator: (self.user + self.system) / 1000 };
  };
}
