/**
 * Issue 18: Prefect's three games are rooms of one folder, each a rules library with its kernel
 * module in module/ (src/games/prefect/README.md). A room reaches another only through its public
 * surface, `index.ts`, so the Campaign composes the Planetary and Space Games without depending on
 * their internals; tests and test helpers may also use another room's test helpers (`testing.ts`,
 * `fixtures.ts`), which product code never imports. common/ serves all three and imports none.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, sources } from './imports.js';

const GAME = 'src/games/prefect/';
const ROOMS = ['planetary', 'space', 'campaign'];

const roomOf = (path: string): string | null => {
  if (!path.startsWith(GAME)) return null;
  const top = path.slice(GAME.length).split('/')[0];
  return ROOMS.includes(top) || top === 'common' ? top : null;
};
const isTestHelper = (file: string) => /(^|\/)(testing|fixtures)\.ts$/.test(file);
const isTestCode = (file: string) => file.endsWith('.test.ts') || isTestHelper(file);

/** Why an import from `file` of `to` (a repository path) breaks the rooms, or null. */
function refused(file: string, to: string | null): string | null {
  if (!to) return null;
  const from = roomOf(file);
  const into = roomOf(to.replace(/\.js$/, '.ts'));
  if (!from || !into || from === into) return null;
  if (into === 'common') return null;
  if (from === 'common' && !isTestCode(file)) return `common/ imports no game: ${to}`;
  const inside = to.replace(/\.js$/, '.ts').slice(`${GAME}${into}/`.length);
  if (inside === 'index.ts') return null;
  if (isTestHelper(inside)) return isTestCode(file) ? null : `only tests use ${into}/${inside}`;
  return `reaches inside ${into}/ (${inside}): import ${into}/index.ts`;
}

describe('Prefect rooms meet only at their public surfaces (issue 18)', () => {
  const all = importsOf(sources([GAME]));
  const crossing = all.filter(
    (i) => i.target && roomOf(i.file) && roomOf(i.target) && roomOf(i.file) !== roomOf(i.target),
  );

  it("every import between planetary/, space/, campaign/ names the other room's index.ts (tests: or its test helpers)", () => {
    const bad = crossing.flatMap((i) => {
      const why = refused(i.file, i.target);
      return why ? [`${i.file}: ${i.spec} (${why})`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('the Campaign does compose the other two through them (so the check above sees real imports)', () => {
    const into = (room: string) =>
      crossing.filter(
        (i) => roomOf(i.file) === 'campaign' && roomOf(i.target!) === room && !i.file.endsWith('.test.ts'),
      ).length;
    expect(into('planetary')).toBeGreaterThan(20);
    expect(into('space')).toBeGreaterThan(10);
  });

  it('refuses what it is meant to', () => {
    const at = (p: string) => `${GAME}${p}`;
    expect(refused(at('campaign/drops.ts'), at('planetary/combat.js'))).toMatch(/reaches inside planetary/);
    expect(refused(at('campaign/module/sequence.ts'), at('space/module/validate.js'))).toMatch(/reaches inside space/);
    expect(refused(at('space/module/interactive-combat.test.ts'), at('campaign/module/index.js'))).toMatch(
      /reaches inside campaign/,
    );
    expect(refused(at('campaign/module/bot.ts'), at('planetary/testing.js'))).toMatch(/only tests/);
    expect(refused(at('common/present/text.ts'), at('planetary/index.js'))).toMatch(/common\/ imports no game/);
    expect(refused(at('campaign/drops.ts'), at('planetary/index.js'))).toBeNull();
    expect(refused(at('campaign/module/bot.ts'), at('space/resolution/fixtures.js'))).toMatch(/only tests/);
    expect(refused(at('campaign/testing.ts'), at('space/testing.js'))).toBeNull();
    expect(refused(at('campaign/module/legion-bases.test.ts'), at('space/resolution/fixtures.js'))).toBeNull();
    expect(refused(at('space/present/index.ts'), at('common/present/text.js'))).toBeNull();
    expect(refused(at('campaign/drops.ts'), at('campaign/state.js'))).toBeNull();
  });
});
