/**
 * The order submission's and the step resolution's context functions (warpost_submission_context,
 * warpost_resolution_context, src/platform/play/sql/) called directly: what they return for a
 * known row version, its size, and PostgreSQL's CPU per call.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Platform } from '#platform/context.js';

/** The function's answer for `known` and its size in bytes, as PostgreSQL sends it. */
export async function context(p: Platform, gameId: string, userId: string, known: string | null) {
  const [r] = await p.prisma.$queryRawUnsafe<{ ctx: { game: Record<string, unknown> }; bytes: number }[]>(
    `SELECT c AS ctx, octet_length(c::text) AS bytes FROM warpost_submission_context($1, $2, $3, $4) c`,
    gameId,
    userId,
    randomUUID(),
    known,
  );
  return { game: r.ctx.game, bytes: Number(r.bytes) };
}

/** The resolution context's answer for `known` and its size in bytes, as PostgreSQL sends it. */
export async function resolutionContext(p: Platform, gameId: string, known: string | null) {
  const [r] = await p.prisma.$queryRawUnsafe<{ ctx: { game: Record<string, unknown> }; bytes: number }[]>(
    `SELECT c AS ctx, octet_length(c::text) AS bytes FROM warpost_resolution_context($1, $2) c`,
    gameId,
    known,
  );
  return { game: r.ctx.game, bytes: Number(r.bytes) };
}

/**
 * CPU time (user + system) a process has used, in ms (Linux /proc, clock ticks of 10 ms); NaN when
 * the process is not on this machine (PostgreSQL elsewhere): the figure is then not logged.
 */
function cpuMs(pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The CPU time PostgreSQL's backend spends per call of the function for `known`, over `n` calls in
 * one statement that returns one number (neither the network nor the client's parse counted):
 * CPU time, not wall time, so the machine's other load moves it little. Logged only.
 */
export async function serverCpuMsPerCall(c: pg.Client, gameId: string, userId: string, known: string | null, n = 300) {
  return cpuMsPerCall(c, 'warpost_submission_context($1, $2, $3, $4)', [gameId, userId, randomUUID(), known], n);
}

/** The same for the resolution context (warpost_resolution_context). */
export async function resolutionCpuMsPerCall(c: pg.Client, gameId: string, known: string | null, n = 300) {
  return cpuMsPerCall(c, 'warpost_resolution_context($1, $2)', [gameId, known], n);
}

async function cpuMsPerCall(c: pg.Client, call: string, values: unknown[], n: number) {
  const [{ pid }] = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
  const before = cpuMs(pid);
  await c.query(`SELECT sum(octet_length(${call}::text)) FROM generate_series(1, $${values.length + 1}::int)`, [
    ...values,
    n,
  ]);
  return (cpuMs(pid) - before) / n;
}
