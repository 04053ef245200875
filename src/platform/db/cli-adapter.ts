// Driver adapter for the Prisma CLI (schema engine in JS). Used only at development time to
// generate migration SQL; the server applies migrations with its own runner (migrate.ts).
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { parseEnv } from '../config/schema.js';

// The CLI reads catalog columns of type `name` (19) and `"char"` (18); read them as text.
const TEXT_OIDS = [18, 19];

function pgConfig(url: string): pg.PoolConfig {
  // Discrete fields, not a connection string: the shadow-database connection otherwise
  // falls back to the main database.
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || 'postgres'),
    password: decodeURIComponent(u.password || '') || undefined,
    database: u.pathname.slice(1),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        TEXT_OIDS.includes(oid)
          ? (v: string) => v
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  };
}

export async function cliAdapter() {
  const url = parseEnv(process.env).DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must be set for Prisma CLI calls');
  return new PrismaPg(pgConfig(url));
}
