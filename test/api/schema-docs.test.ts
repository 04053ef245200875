/**
 * The GraphQL schema is documented field by field, and `npm run schema:check` (CI) refuses
 * breaking changes against the released schema (schema/released.graphql).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { undocumented } from '#api/graphql/schema-docs.js';
import { ROOT } from '../helpers/stack.js';

const inspector = (a: string, b: string) =>
  promisify(execFile)(join(ROOT, 'node_modules/.bin/graphql-inspector'), ['diff', a, b], { cwd: ROOT }).then(
    () => 0,
    (e: { code?: number }) => e.code ?? 1,
  );

describe('GraphQL schema', () => {
  it('describes every type, field, argument, input field and enum value', async () => {
    expect(undocumented(await readFile(join(ROOT, 'schema.graphql'), 'utf8'))).toEqual([]);
  });

  it('has no breaking change against the released schema; a breaking change fails the check', async () => {
    const released = join(ROOT, 'schema/released.graphql');
    expect(await inspector(released, join(ROOT, 'schema.graphql'))).toBe(0);
    const dir = await mkdtemp(join(tmpdir(), 'warpost-schema-'));
    try {
      const broken = join(dir, 'broken.graphql');
      const sdl = await readFile(join(ROOT, 'schema.graphql'), 'utf8');
      await writeFile(broken, sdl.replace(/\n\s*"The logged-in user, or null."\n\s*me: User\n/, '\n'));
      expect(await inspector(released, broken)).not.toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
