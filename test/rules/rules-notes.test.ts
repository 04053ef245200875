/**
 * Every game folder keeps its rules notes (src/games/<id>/rules/README.md) and its rulebook line
 * index (rules/line-index.md, from scripts/rules-index.ts) in step with its code: a new citation
 * of a transcription line, a decision or a hidden-information entry fails here until the index is
 * regenerated or the note is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedInFolder, gameFiles, indexedLines, INDEX_FILE } from '../../scripts/rules-index.js';

const GAMES = resolve(import.meta.dirname, '../../src/games');
const NOTES = join('rules', 'README.md');

/** How a game's code cites its notes: `rules/citations.ts` in its folder. */
interface Citations {
  pattern: RegExp;
  normalize(id: string): string;
}

const folders = readdirSync(GAMES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

async function citationsOf(game: string): Promise<Citations | undefined> {
  try {
    return ((await import(join(GAMES, game, 'rules', 'citations.ts'))) as { citations: Citations }).citations;
  } catch {
    return undefined;
  }
}
const citations: Record<string, Citations | undefined> = Object.fromEntries(
  await Promise.all(folders.map(async (g) => [g, await citationsOf(g)])),
);

function citedIds(game: string): string[] {
  const { pattern, normalize: norm } = citations[game]!;
  const ids = new Set<string>();
  for (const f of gameFiles(join(GAMES, game))) {
    if (f.endsWith(NOTES) || f.endsWith(join('rules', 'citations.ts'))) continue;
    for (const m of readFileSync(f, 'utf8').matchAll(pattern)) ids.add(norm(m[0]));
  }
  return [...ids].sort();
}

/** Ids that head an entry of the notes: inside bold text (`**D-15 / D-21 How long...**`). */
function noted(game: string): Set<string> {
  const { pattern, normalize: norm } = citations[game]!;
  const text = readFileSync(join(GAMES, game, NOTES), 'utf8');
  const out = new Set<string>();
  for (const b of text.matchAll(/\*\*([^*]+)\*\*/g)) for (const m of b[1].matchAll(pattern)) out.add(norm(m[0]));
  return out;
}

describe('rules notes and line index of every game folder', () => {
  for (const game of folders) {
    it(`${game}: says how its code cites its notes (rules/citations.ts)`, () => {
      expect(citations[game]?.pattern, `src/games/${game}/rules/citations.ts exporting citations`).toBeInstanceOf(
        RegExp,
      );
    });

    it(`${game}: every cited rulebook line has a row in ${INDEX_FILE}`, () => {
      const cited = citedInFolder(join(GAMES, game));
      const indexed = new Set(indexedLines(readFileSync(join(GAMES, game, INDEX_FILE), 'utf8')));
      expect(cited.filter((l) => !indexed.has(l)).map((l) => `L${l}`)).toEqual([]);
    });

    it(`${game}: every cited decision or hidden-information id has an entry in ${NOTES}`, () => {
      const ids = citedIds(game);
      expect(ids.length).toBeGreaterThan(0);
      const have = noted(game);
      expect(ids.filter((id) => !have.has(id))).toEqual([]);
    });

    it(`${game}: the notes list only ids the code cites`, () => {
      const ids = new Set(citedIds(game));
      expect([...noted(game)].filter((id) => !ids.has(id))).toEqual([]);
    });
  }
});
