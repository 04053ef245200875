/**
 * Adding a game touches only src/games/<game>/ and its line in the registry (src/games/index.ts):
 * docs/module-kit.md, "What adding a game touches". This test lists what the registry needs of
 * each shipped module and checks that nothing outside a game's folder names that module, except
 * the registry and the files listed below with their reason. The sealed-bid fixture
 * (test/fixtures/sealed-bid.ts, a whole module and its kit in one file) is the proof that the
 * server needs nothing more: every generic suite plays it, loaded as an extra module, and no
 * product file names it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shipped } from '#games/index.js';
import sealedBid, { kit as sealedBidKit } from '../fixtures/sealed-bid.js';
import { importsOf, sources, target } from './imports.js';

const ROOT = resolve(import.meta.dirname, '../..');
const REGISTRY = 'src/games/index.ts';

/** Files outside the games' folders that may name a shipped module, and why. */
const ALLOWED: Record<string, string> = {
  // End-to-end tests of one game through the real server: the integration project (test/) is the
  // one with PostgreSQL and Redis, so a game's API tests cannot live in its folder.
  'test/games/cerberus-api.test.ts': 'Cerberus through the API (needs the services)',
  'test/games/cerberus-view-bot.test.ts': 'a client bot playing Cerberus from its views (needs the services)',
  'test/games/prefect-api.test.ts': 'Prefect Planetary through the API (needs the services)',
  'test/games/prefect-space-api.test.ts': 'Prefect Space through the API (needs the services)',
  'test/games/prefect-campaign-api.test.ts': 'Prefect Campaign through the API (needs the services)',
  'test/games/cerberus-submission-context.test.ts':
    "the submission context's bytes on Cerberus's large state (needs PostgreSQL)",
  'test/games/cerberus-resolution-context.test.ts':
    "the resolution context's bytes on Cerberus's large state (needs PostgreSQL)",
  'test/games/cerberus-campaign-game.ts': 'the Cerberus campaign those two context tests measure on',
  'test/web/client.test.ts': 'the browser client draws a real game board (needs the server and Chromium)',
  'test/web/play.test.ts':
    'Cerberus and Prefect turns played by clicking in a real browser (needs the server and Chromium)',
  'test/web/space.test.ts':
    'Prefect Space and Campaign steps played by clicking in a real browser (needs the server and Chromium)',
  'test/web/stacks.test.ts':
    'deep Cerberus and Prefect stacks listed from the map in a real browser (needs the server and Chromium)',
  'test/api/client-pieces.test.ts': "GraphQL and REST serve one module's boards alike (needs the server)",
  'test/secrets/derive.test.ts':
    "the secrets ledger on the Campaign's sealed ground-support commitment, the one case that needs it",
  // Repository rules about one game's own layout.
  'test/repo/prefect-rooms.test.ts': "Prefect's three rooms meet only at their public surfaces (issue 18)",
  // Example clients: a client plays a game by its id through the public API.
  'examples/cerberus-match.ts': 'example client that plays a Cerberus match',
  'examples/cerberus-view-bot.ts': 'example client bot for Cerberus',
};

/**
 * Per-game special cases that issue 18 asks to move into the games' kits. Listed so that no new
 * one is added; remove a line when its file stops naming a game.
 */
const PENDING: Record<string, string> = {
  'bench/cerberus.ts': "Cerberus's own benchmark entry",
  'bench/loop.ts': 'loop benchmark game kinds (fixture, cerberus)',
  'bench/run.ts': 'the cerberus benchmark switch',
  'scripts/fuzz-cerberus.ts': 'Cerberus invariant fuzz driver',
  'scripts/fuzz-prefect.ts': 'Prefect balance fuzz driver',
  'test/fuzz/modules.test.ts': 'games per module in the CI fuzz',
  'test/fuzz/rule-coverage.ts': 'a second registry of the rule coverage lists',
};

/** Code and configuration; Markdown is documentation, which describes the games shipped. */
const CODE = /\.(ts|tsx|js|mjs|cjs|json|graphql|ya?ml|sh|prisma|html|css)$/;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && CODE.test(f) && f !== 'package-lock.json' && !f.startsWith('src/generated/'))
    .filter((f) => existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile());
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A module id as a string literal, or a path into a game's folder. */
function naming(ids: string[], folders: string[]): RegExp {
  const lit = ids.map((id) => `['"\`]${escape(id)}['"\`]`);
  const path = folders.map((f) => `games/${escape(f)}/`);
  return new RegExp([...lit, ...path].join('|'));
}

/** The registry's imports, resolved, with what each one's default export is. */
async function registryImports(): Promise<{ file: string; value: unknown }[]> {
  const text = readFileSync(join(ROOT, REGISTRY), 'utf8');
  const out: { file: string; value: unknown }[] = [];
  for (const m of text.matchAll(/^import (?!type )\w+ from '(\.\/[^']+)';$/gm)) {
    const file = relative(ROOT, resolve(ROOT, 'src/games', m[1].replace(/\.js$/, '.ts')));
    out.push({ file, value: ((await import(join(ROOT, file))) as { default: unknown }).default });
  }
  return out;
}

const gameFolder = (file: string) => file.split('/')[2];
const imports = await registryImports();

describe('what the registry needs of each shipped module', () => {
  const needs = shipped.map((s) => ({
    id: s.module.id,
    module: imports.find((i) => i.value === s.module)?.file,
    kit: imports.find((i) => s.kit && i.value === s.kit)?.file,
  }));

  it('lists every shipped module with its module file and kit file from its own game folder', () => {
    // The table docs/module-kit.md shows; a new module adds one row here by its registry line.
    for (const n of needs) {
      expect(n.module, `${n.id}: module imported by the registry`).toMatch(/^src\/games\/[^/]+\/(.+\/)?index\.ts$/);
      expect(n.kit, `${n.id}: kit paired in the registry`).toBe(join(dirname(n.module!), 'kit.ts'));
    }
    expect(imports.map((i) => i.file).sort()).toEqual(needs.flatMap((n) => [n.module!, n.kit!]).sort());
  });

  it("each module's folder holds what the generic suites and the rules notes read", () => {
    for (const n of needs) {
      const dir = dirname(n.module!);
      const game = join('src/games', gameFolder(n.module!));
      // A module in a `module/` folder plays the rules library around it, whose data pack sits beside it (second/module/, second/data/).
      const library = basename(dir) === 'module' ? dirname(dir) : dir;
      for (const f of [
        join(dir, 'rule-coverage.ts'),
        join(game, 'README.md'),
        join(library, 'data'),
        join(game, 'rules/README.md'),
        join(game, 'rules/line-index.md'),
        join(game, 'rules/citations.ts'),
      ]) {
        expect(existsSync(join(ROOT, f)), `${n.id} needs ${f}`).toBe(true);
      }
    }
  });
});

describe('nothing outside a game folder names a shipped module', () => {
  const ids = shipped.map((s) => s.module.id);
  const folders = [...new Set(imports.map((i) => gameFolder(i.file)))];
  const files = trackedFiles().filter((f) => !f.startsWith('src/games/') || f === REGISTRY);
  const re = naming(ids, folders);
  const offenders = files.filter((f) => f !== REGISTRY && re.test(readFileSync(join(ROOT, f), 'utf8')));

  it('every game folder under src/games/ is one the registry imports from', () => {
    const dirs = execFileSync('git', ['ls-files', 'src/games'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.split('/').length > 3)
      .map(gameFolder);
    expect([...new Set(dirs)].sort()).toEqual([...folders].sort());
  });

  it('product code (src/, workers/, web/) names no game: only the registry does', () => {
    expect(offenders.filter((f) => /^(src|workers|web)\//.test(f))).toEqual([]);
  });

  it('elsewhere only the listed files do, each for its stated reason', () => {
    expect(offenders.filter((f) => !(f in ALLOWED) && !(f in PENDING))).toEqual([]);
  });

  it('the check finds a module named in a file (so the lists above mean something)', () => {
    expect(re.test(`createGame({ module: '${ids[0]}' })`)).toBe(true);
    expect(re.test(`import x from '../src/games/${folders[0]}/index.js'`)).toBe(true);
    expect(re.test(`import x from '#games/${folders[0]}/index.js'`)).toBe(true);
    expect(re.test('a comment about the game in prose')).toBe(false);
  });
});

describe('games and the engine stay below the platform', () => {
  // A module and its kit import from their game folder and src/engine/ (docs/module-kit.md); the
  // engine imports no game. Specifiers resolve first (`#platform/x.js` and `../../platform/x.js`
  // alike), so the rule holds whichever form a file uses.
  const BELOW: [string, RegExp][] = [
    ['src/games/', /^src\/(platform|api|generated)\//],
    ['src/engine/', /^src\/(platform|api|generated|games)\//],
  ];
  const crossing = (file: string, to: string | null) =>
    BELOW.some(([room, banned]) => file.startsWith(room) && to !== null && banned.test(to));

  it('no file in src/games/ or src/engine/ imports the platform, the API or the generated client', () => {
    const bad = importsOf(sources(['src/games', 'src/engine'])).filter((i) => crossing(i.file, i.target));
    expect(bad.map((i) => `${i.file}: ${i.spec}`)).toEqual([]);
  });

  it('the check finds a game or the engine reaching up, in either form', () => {
    const up = '../'.repeat(2);
    for (const [file, spec] of [
      ['src/games/mygame/kit.ts', '#platform/errors.js'],
      ['src/games/mygame/kit.ts', `${up}platform/errors.js`],
      ['src/games/mygame/second/module/kit.ts', '#api/presenters.js'],
      ['src/engine/dice.ts', '#games/index.js'],
    ]) {
      expect(crossing(file, target(file, spec)), `${file}: ${spec}`).toBe(true);
    }
    expect(crossing('src/games/mygame/kit.ts', target('src/games/mygame/kit.ts', '#engine/dice.js'))).toBe(false);
  });
});

describe('the sealed-bid fixture: a game added without touching the platform', () => {
  it('is one file with the module and its kit, the shape of a registry entry', () => {
    expect(sealedBid.id).toBe('sealed-bid');
    expect(sealedBidKit.secrets).toBeDefined();
    expect(sealedBidKit.maxSteps).toBeGreaterThan(0);
  });

  it('no product file names it or imports from test/', () => {
    const re = /['"`]sealed-bid['"`]|from ['"][^'"]*fixtures\//;
    const product = trackedFiles().filter((f) => /^(src|workers|web)\//.test(f) && !f.endsWith('.test.ts'));
    expect(product.filter((f) => re.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
