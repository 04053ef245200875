/**
 * The SQL functions the hot paths call (src/platform/play/sql/*.sql) are created by the
 * migrations; the files next to the code are their readable, current definitions. This checks
 * that the live database (migrated as in production) holds exactly those definitions: each file
 * is created in a scratch schema inside a rolled-back transaction, and PostgreSQL's own rendering
 * of it (pg_get_functiondef) must equal that of the migrated function, schema name aside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '../../src/platform/play/sql');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
beforeAll(() => client.connect());
afterAll(() => client.end());

/** Each function named `name` in `schema`, as PostgreSQL renders it, without the schema qualifier. */
async function definitions(schema: string, name: string): Promise<string[]> {
  const { rows } = await client.query<{ def: string }>(
    `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND p.proname = $2 ORDER BY p.oid`,
    [schema, name],
  );
  return rows.map((r) => r.def.replace(`FUNCTION ${schema}.${name}(`, `FUNCTION ${name}(`));
}

describe('SQL functions: the files next to the code are what the migrations created', () => {
  it('every warpost_ function of the database has its file, and every file a function', async () => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = current_schema() AND p.proname LIKE 'warpost\\_%' ORDER BY 1`,
    );
    expect(rows.map((r) => `${r.name}.sql`)).toEqual(files);
  });

  for (const file of files) {
    it(`${file} defines the live function`, async () => {
      const name = file.replace(/\.sql$/, '');
      const [{ live }] = (await client.query<{ live: string }>('SELECT current_schema() AS live')).rows;
      const migrated = await definitions(live, name);
      expect(migrated).toHaveLength(1);
      await client.query('BEGIN');
      try {
        await client.query('CREATE SCHEMA warpost_sql_check; SET LOCAL search_path = warpost_sql_check');
        await client.query(readFileSync(join(DIR, file), 'utf8'));
        const fromFile = await definitions('warpost_sql_check', name);
        expect(fromFile).toHaveLength(1);
        expect(fromFile[0]).toBe(migrated[0]);
      } finally {
        await client.query('ROLLBACK');
      }
    });
  }
});
