/**
 * Import specifiers (docs/module-kit.md, "Imports"): an import that leaves its room (src/engine/,
 * src/games/, src/platform/, src/api/, src/generated/; test/, scripts/, ...) for one the
 * package.json "imports" map covers uses the subpath form, `#engine/dice.js`; neighbours in a
 * room stay relative (`./x.js`, `../x.js`), and no relative chain climbs three levels or more.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, room, sources, subpaths, target } from './imports.js';

const DIRS = ['src', 'workers', 'test', 'scripts', 'bench', 'examples'];
const all = importsOf(sources(DIRS)).filter((i) => !i.spec.includes('${'));
const map = subpaths();
const relative = (spec: string) => spec.startsWith('./') || spec.startsWith('../');
const climbs = (spec: string) => (spec.match(/^(?:\.\.\/)+/)?.[0].length ?? 0) / 3;
const covered = (path: string) => [...map.values()].some((dir) => path.startsWith(dir));

/** A relative specifier the rules refuse, with the reason. */
function refused(file: string, spec: string): string | null {
  if (!relative(spec)) return null;
  if (climbs(spec) >= 3) return 'climbs three levels or more';
  const to = target(file, spec, map)!;
  if (!to.startsWith(room(file)) && covered(to)) return `leaves ${room(file)} for ${to}: use the # form`;
  return null;
}

describe('import specifiers', () => {
  it('the map names rooms of the source tree, the same paths in dist/ (scripts/build.ts copies it)', () => {
    expect(map.size).toBeGreaterThan(0);
    for (const [alias, dir] of map) {
      expect(alias, alias).toMatch(/^#[a-z]+\/$/);
      expect(dir, alias).toMatch(/^src\/[a-z]+\/$/);
      expect(existsSync(join(ROOT, dir)), dir).toBe(true);
    }
    expect(readFileSync(join(ROOT, 'scripts/build.ts'), 'utf8')).toMatch(/imports: pkg\.imports/);
  });

  it('no relative import leaves its room for a mapped one, or climbs three levels', () => {
    const bad = all.flatMap((i) => {
      const why = refused(i.file, i.spec);
      return why ? [`${i.file}: ${i.spec} (${why})`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('every # import is declared by the map and names a file that exists', () => {
    const bad = all
      .filter((i) => i.spec.startsWith('#'))
      .filter(
        (i) =>
          !i.target ||
          ![i.target, i.target.replace(/\.js$/, '.ts'), i.target.replace(/\.js$/, '.tsx')].some((p) =>
            existsSync(join(ROOT, p)),
          ),
      )
      .map((i) => `${i.file}: ${i.spec}`);
    expect(bad).toEqual([]);
  });

  it('the rules catch what they are meant to (so the checks above mean something)', () => {
    const up = (n: number) => '../'.repeat(n);
    expect(refused('src/games/mygame/second/module/kit.ts', `${up(4)}engine/dice.js`)).toMatch(/three levels/);
    expect(refused('src/games/mygame/second/module/kit.ts', `${up(3)}space/types.js`)).toMatch(/three levels/);
    expect(refused('src/games/mygame/kit.ts', `${up(2)}engine/dice.js`)).toMatch(/# form/);
    expect(refused('test/api/x.test.ts', `${up(2)}src/platform/errors.js`)).toMatch(/# form/);
    expect(refused('src/games/mygame/second/bot.ts', `${up(2)}campaign/types.js`)).toBeNull();
    expect(refused('src/api/rest/auth.ts', `${up(1)}presenters.js`)).toBeNull();
    expect(refused('test/api/x.test.ts', `${up(1)}helpers/gql.js`)).toBeNull();
    expect(target('src/games/mygame/kit.ts', '#engine/dice.js')).toBe('src/engine/dice.js');
  });
});
