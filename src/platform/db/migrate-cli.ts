/** `npm run db:migrate`: creates the database if needed and applies prisma/migrations. */
import pg from 'pg';
import { loadConfig } from '../config/load.js';
import { migratePostgres } from './client.js';

const url = loadConfig().databaseUrl;
if (!url) {
  console.error('Set DATABASE_URL (the embedded database migrates itself at start).');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
await client.end();
const applied = await migratePostgres(url);
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
