/**
 * Integration tests run against real PostgreSQL and Redis. This creates a fresh database for the
 * run, applies the migrations, and hands its URL to the tests through the environment.
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import { migratePostgres } from '#platform/db/client.js';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export default async function setup() {
  const dbName = `warpost_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (e) {
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (start it with .ci/run or see README): ${(e as Error).message}`,
    );
  }
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  await migratePostgres(databaseUrl);

  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new Error(`Redis is not reachable at ${REDIS_URL}: ${(e as Error).message}`);
  } finally {
    redis.disconnect();
  }

  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.TEST_REDIS_URL = REDIS_URL;

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  };
}
