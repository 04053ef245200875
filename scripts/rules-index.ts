/**
 * Rulebook line index: maps every transcription line number a game's code cites (`L1519`,
 * `L393-457`) to where a reader of the printed book finds it: part, section heading and
 * paragraph number within that section (no text of the book is quoted).
 *
 *   npx tsx scripts/rules-index.ts <rulebook transcription .txt> src/games/<id> [--check]
 *
 * writes src/games/<id>/rules/line-index.md (with --check: exits 1 if that file is stale).
 * The transcription is not part of the repository; its path is always given on the command line.
 *
 * Structure detection (plain text, one paragraph per block of non-blank lines):
 * - a heading is a block of one line that starts with a capital letter or a rule number, is at
 *   most 80 characters long, has no tab (table row), no bullet, is not bracketed (a figure note)
 *   and does not end like a sentence (. : ; , ! ? or a closing quote);
 * - a numbered heading ("4.3 Stacking") takes its numbering depth ("2.0 ..." is level 1);
 * - otherwise a contents list (bullet lines, "•", indented for sub-entries) gives the levels: the
 *   headings match its entries in order, top-level entries are level 1, indented ones level 2,
 *   headings not listed level 3; with no contents list every heading is level 1;
 * - a level-1 heading ending in "Game" (and not numbered) opens a part of the book (Prefect's
 *   Planetary, Space and Campaign Games repeat section names such as "Supply Phase");
 * - paragraphs are numbered from 1 after each heading; a cited blank line counts as the next
 *   paragraph, a line past the end as the last one.
 */
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Block {
  /** 1-based first and last line. */
  start: number;
  end: number;
  lines: string[];
  heading: boolean;
  level: number;
}

export interface Location {
  line: number;
  part: string;
  /** Heading chain, outermost first. */
  section: string[];
  /** 0 = the line is the heading itself. */
  paragraph: number;
}

const SENTENCE_END = /[.:;,!?]["'”’)]*$|["”’]$/;

function isHeadingLine(line: string): boolean {
  const t = line.trim();
  if (!t || t.length > 80 || line.includes('\t')) return false;
  if (/^[•*\-–]/.test(t) || /^\[.*\]$/.test(t)) return false;
  if (SENTENCE_END.test(t)) return false;
  return /^([A-Z]|\d+(\.\d+)*\s+\S)/.test(t);
}

const numberedDepth = (t: string): number | undefined => {
  const m = /^(\d+(?:\.\d+)*)\s/.exec(t);
  if (!m) return undefined;
  const parts = m[1].split('.');
  // "2.0 Introduction" is a top-level rule; "2.4 UNIT TYPES" one level down.
  return parts.length === 2 && parts[1] === '0' ? 1 : parts.length;
};

/** Blocks of the text, with headings found and levelled (see the file comment). */
export function parseRulebook(text: string): Block[] {
  const raw = text.split(/\r?\n/);
  const blocks: Block[] = [];
  let cur: Block | undefined;
  raw.forEach((line, i) => {
    if (line.trim() === '') {
      cur = undefined;
      return;
    }
    if (!cur) {
      cur = { start: i + 1, end: i + 1, lines: [], heading: false, level: 0 };
      blocks.push(cur);
    }
    cur.lines.push(line);
    cur.end = i + 1;
  });
  // The contents list, in order; the headings of the text match its entries in the same order
  // (a name may recur: "Supply Phase" in two parts, "Supply" as a sub-heading before the entry).
  const contents: { name: string; level: number }[] = [];
  let contentsEnd = 0;
  for (const b of blocks) {
    if (b.lines.length < 2 || !b.lines.every((l) => /^\s*•\s+\S/.test(l))) continue;
    if (!b.lines.every((l) => isHeadingLine(l.replace(/^\s*•\s+/, '')))) continue;
    for (const l of b.lines) contents.push({ name: l.replace(/^\s*•\s+/, '').trim(), level: /^\s+•/.test(l) ? 2 : 1 });
    contentsEnd = b.end;
    break; // the first such list is the contents; later ones are lists in the text
  }
  let next = 0;
  for (const b of blocks) {
    if (b.lines.length !== 1 || !isHeadingLine(b.lines[0])) continue;
    const t = b.lines[0].trim();
    b.heading = true;
    const numbered = numberedDepth(t);
    if (numbered !== undefined) b.level = numbered;
    else if (!contents.length) b.level = 1;
    else {
      b.level = 3;
      if (b.start <= contentsEnd) continue;
      // Allow a few contents entries with no heading of the same name in the text.
      for (let k = next; k < Math.min(contents.length, next + 4); k++) {
        if (contents[k].name === t) {
          b.level = contents[k].level;
          next = k + 1;
          break;
        }
      }
    }
  }
  return blocks;
}

/** Where a 1-based line falls in the parsed book. */
export function locate(blocks: Block[], line: number): Location {
  if (!blocks.length) throw new Error('empty rulebook');
  let idx = blocks.findIndex((b) => b.end >= line);
  if (idx < 0) idx = blocks.length - 1;
  const target = blocks[idx];
  const chain: string[] = [];
  let part = '';
  let paragraph = 0;
  let top = Number.POSITIVE_INFINITY;
  for (let i = idx; i >= 0 && !part; i--) {
    const b = blocks[i];
    if (!b.heading) {
      if (top === Number.POSITIVE_INFINITY) paragraph++;
      continue;
    }
    const t = b.lines[0].trim();
    if (b.level < top) {
      chain.unshift(t);
      top = b.level;
    }
    if (b.level === 1 && /\bGame$/.test(t) && numberedDepth(t) === undefined) part = t;
  }
  if (target.heading) paragraph = 0;
  if (part && chain[0] === part) chain.shift();
  return { line, part, section: chain, paragraph };
}

/** `Lnnn` and `Lnnn-mmm` / `Lnnn–Lmmm` citations: the line numbers named (both ends of a range). */
export function citedLines(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(/\bL(\d{1,5})(?:\s*[-–]\s*L?(\d{1,5}))?\b/g)) {
    out.add(Number(m[1]));
    if (m[2]) out.add(Number(m[2]));
  }
  return [...out].sort((a, b) => a - b);
}

export const INDEX_FILE = join('rules', 'line-index.md');

/** Every text file of a game folder, except the generated index itself. */
export function gameFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|md|json)$/.test(name) && relative(dir, p) !== INDEX_FILE) out.push(p);
    }
  };
  walk(dir);
  return out;
}

export function citedInFolder(dir: string): number[] {
  return citedLines(
    gameFiles(dir)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n'),
  );
}

/** The L-numbers listed in a generated index (first column of its table). */
export function indexedLines(markdown: string): number[] {
  return [...markdown.matchAll(/^\| L(\d+) \|/gm)].map((m) => Number(m[1]));
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderIndex(gameId: string, blocks: Block[], lines: number[]): string {
  const head = [
    `# ${gameId}: rulebook line index`,
    '',
    'Generated by `npx tsx scripts/rules-index.ts <rulebook transcription> src/games/' + gameId + '` — do not edit.',
    '',
    'Code and notes in this folder cite the rulebook transcription by line (`L1519`). This table',
    'says where each cited line is in the printed book: the part, the section heading (outer ›',
    'inner) and the paragraph counted from that heading (0: the heading itself). It quotes none',
    'of the book: a club holding the printed rules finds the paragraph by its heading and count.',
    '',
  ];
  if (!lines.length)
    return [
      ...head,
      'No transcription line is cited in this folder: the code cites the rules by their printed numbers.',
      '',
    ].join('\n');
  const rows = lines.map((l) => {
    const loc = locate(blocks, l);
    return `| L${l} | ${cell(loc.part || '—')} | ${cell(loc.section.join(' › ') || '—')} | ${loc.paragraph} |`;
  });
  return [...head, '| Line | Part | Section | ¶ |', '|---|---|---|---|', ...rows, ''].join('\n');
}

function main(argv: string[]): number {
  const check = argv.includes('--check');
  const [book, folder] = argv.filter((a) => a !== '--check');
  if (!book || !folder) {
    console.error('usage: tsx scripts/rules-index.ts <rulebook.txt> src/games/<id> [--check]');
    return 2;
  }
  const dir = resolve(folder);
  const blocks = parseRulebook(readFileSync(book, 'utf8'));
  const text = renderIndex(basename(dir), blocks, citedInFolder(dir));
  const out = join(dir, INDEX_FILE);
  if (check) {
    let old = '';
    try {
      old = readFileSync(out, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (old !== text) {
      console.error(`${relative(process.cwd(), out)} is stale: regenerate it`);
      return 1;
    }
    console.log(`${relative(process.cwd(), out)} is up to date`);
    return 0;
  }
  mkdirSync(join(dir, 'rules'), { recursive: true });
  writeFileSync(out, text);
  console.log(`${relative(process.cwd(), out)}: ${indexedLines(text).length} lines`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
