/**
 * The import specifiers of a source file and where they lead, for the repository rules in
 * test/repo/. Subpath imports (`#engine/dice.js`) resolve through the root package.json's
 * "imports" map, relative ones (`../x.js`) from the importing file; both give a path from the
 * repository root, so a rule about rooms holds whichever form a file uses.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Static imports and re-exports, side-effect imports, dynamic import() and vi.mock's kin. */
const SPEC =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*(?:<[^>]*>)?\(\s*)(['"])([^'"\n]+)\1/g;

export function specifiers(text: string): string[] {
  return [...text.matchAll(SPEC)].map((m) => m[2]);
}

/** The subpath map: '#engine/' -> 'src/engine/'. */
export function subpaths(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
  const map = new Map<string, string>();
  for (const [key, target] of Object.entries(pkg.imports ?? {})) {
    if (key.endsWith('/*') && target.endsWith('/*')) map.set(key.slice(0, -1), posix.normalize(target.slice(0, -1)));
  }
  return map;
}

/**
 * The repository path a specifier names (extension as written), or null for a package
 * (`node:fs`, `vitest`) or a subpath the map does not declare. `file` is repository-relative.
 */
export function target(file: string, spec: string, map = subpaths()): string | null {
  if (spec.startsWith('./') || spec.startsWith('../')) return posix.normalize(posix.join(posix.dirname(file), spec));
  if (spec.startsWith('#')) {
    for (const [alias, dir] of map) if (spec.startsWith(alias)) return dir + spec.slice(alias.length);
  }
  return null;
}

/** The room of a file: src/<dir>/ for src/, else its top directory (test/, scripts/, ...). */
export function room(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}/` : `${parts[0]}/`;
}

/** Tracked TypeScript files under the given top directories (generated code excepted). */
export function sources(dirs: string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', ...dirs], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('src/generated/'))
    .filter((f) => existsSync(join(ROOT, f)));
}

/** Each file's specifiers with their targets. */
export function importsOf(files: string[]): { file: string; spec: string; target: string | null }[] {
  const map = subpaths();
  return files.flatMap((file) =>
    specifiers(readFileSync(join(ROOT, file), 'utf8')).map((spec) => ({ file, spec, target: target(file, spec, map) })),
  );
}
