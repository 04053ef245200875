/**
 * Which rules code this process runs: a digest of the games' and the engine's files (sources under
 * tsx, the built files under dist/). The stored prompts (stored-prompts.ts) are trusted only when
 * the same code wrote them, so a deploy that changes what a module prompts never serves the
 * prompts the old code computed; the API and the worker of one deploy compute the same digest.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['../../games/', '../../engine/'];
const CODE = /\.(ts|js|json)$/;
const TEST = /\.test\.(ts|js)$/;

function digest(): string {
  const hash = createHash('sha256');
  for (const root of ROOTS) {
    const dir = fileURLToPath(new URL(root, import.meta.url));
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && CODE.test(e.name) && !TEST.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files) {
      hash.update(relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('base64url').slice(0, 22);
}

/** The digest of the running rules code, computed once per process. */
export const RULES_BUILD = digest();
