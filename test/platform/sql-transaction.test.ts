/**
 * pgTransaction (src/platform/db/sql.ts) when PostgreSQL drops the connection between two
 * statements, as a restart does while the body waits on Redis (the outbox delivery publishes
 * between its claim and its mark). pg emits that on the checked-out client; unheard, it
 * crashed the worker in the PostgreSQL drill (bench/RESULTS.md). It must reject instead.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgTransaction } from '#platform/db/sql.js';

const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
pool.on('error', () => undefined); // idle clients' errors: not under test
afterAll(() => pool.end());

describe('pgTransaction and a lost connection', () => {
  it('a backend terminated between statements rejects the transaction, and the pool goes on', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const run = pgTransaction(pool, async (sql) => {
        const [{ pid }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', []);
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 300)); // the error event arrives while no statement runs
        return sql.query('SELECT 1', []);
      });
      await expect(run).rejects.toThrow();
      // The broken client was discarded: the next transaction gets a working one.
      expect(await pgTransaction(pool, (sql) => sql.query<{ n: number }>('SELECT 2 AS n', []))).toEqual([{ n: 2 }]);
    } finally {
      await admin.end();
    }
  });
});
