/**
 * The API adapters (GraphQL, REST, the HTTP routes) call the platform's services and shape
 * their answers through presenters.ts: no adapter queries the database itself, and REST never
 * reaches into the GraphQL adapter (nor the other way round). Import cycles: `npm run lint:cycles`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const API = import.meta.dirname;
const files = (readdirSync(API, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => join(API, f));

describe('API adapters', () => {
  it('query no database directly: no Prisma model, raw query or transaction in src/api', () => {
    const direct =
      /\bprisma\.(\$queryRaw|\$executeRaw|\$transaction|[a-z]\w*\.(find|create|update|upsert|delete|count|aggregate|groupBy))|\btx\.[a-z]\w*\.(find|create|update|upsert|delete|count)/;
    const offenders = files.filter((f) => direct.test(readFileSync(f, 'utf8'))).map((f) => relative(API, f));
    expect(offenders).toEqual([]);
  });

  it('REST and GraphQL do not import each other: shared shapes live in presenters.ts', () => {
    const crossing = files.flatMap((f) => {
      const rel = relative(API, f);
      const other = rel.startsWith('rest/') ? 'graphql' : rel.startsWith('graphql/') ? 'rest' : null;
      return other && new RegExp(`from '(\\.\\./|#api/)${other}/`).test(readFileSync(f, 'utf8')) ? [rel] : [];
    });
    expect(crossing).toEqual([]);
  });
});
