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

/**
 * The ids each game's code cites for its rules notes, normalised. Cerberus cites the book's own
 * rule numbers plus C- (contradiction), G- (gap or question) and H- (hidden information) ids;
 * its unit ids ('C:G1', 'H:2/R') sit after a colon or slash and are not citations. Prefect cites
 * D- decisions, H- entries and T- worked examples.
 */
const CITATIONS: Record<string, { pattern: RegExp; norm: (id: string) => string }> = {
  cerberus: { pattern: /(?<![:\w/.-])(?:[CG]\d{1,2}|H[1-7])\b/g, norm: (id) => id },
  prefect: {
    pattern: /\b(?:D-\d{1,2}b?|H\d{1,2}|T-[PSC]\d{2})\b/g,
    norm: (id) => id.replace(/^D-(\d)(?!\d)/, 'D-0$1'),
  },
};

const folders = readdirSync(GAMES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function citedIds(game: string): string[] {
  const { pattern, norm } = CITATIONS[game];
  const ids = new Set<string>();
  for (const f of gameFiles(join(GAMES, game))) {
    if (f.endsWith(NOTES)) continue;
    for (const m of readFileSync(f, 'utf8').matchAll(pattern)) ids.add(norm(m[0]));
  }
  return [...ids].sort();
}

/** Ids that head an entry of the notes: inside bold text (`**D-15 / D-21 How long...**`). */
function noted(game: string): Set<string> {
  const { pattern, norm } = CITATIONS[game];
  const text = readFileSync(join(GAMES, game, NOTES), 'utf8');
  const out = new Set<string>();
  for (const b of text.matchAll(/\*\*([^*]+)\*\*/g)) for (const m of b[1].matchAll(pattern)) out.add(norm(m[0]));
  return out;
}

describe('rules notes and line index of every game folder', () => {
  it('knows how each game folder cites its rules', () => {
    expect(folders.sort()).toEqual(Object.keys(CITATIONS).sort());
  });

  for (const game of folders) {
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
