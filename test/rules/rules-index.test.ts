/**
 * scripts/rules-index.ts: heading and paragraph detection on a small inline book, and the
 * citation forms it reads.
 */
import { describe, expect, it } from 'vitest';
import { citedLines, indexedLines, locate, parseRulebook, renderIndex } from '../../scripts/rules-index.js';

// Line numbers are given in the comments (1-based).
const BOOK = [
  'A Sample Rulebook', //  1  title: a heading not in the contents (level 3)
  '', //                    2
  '• Ground Game', //       3  contents
  '  • Movement', //        4
  '• Supply Phase', //      5
  '• Air Game', //          6
  '• Supply Phase', //      7
  '', //                    8
  'Ground Game', //         9  part (level 1, ends in "Game")
  '', //                   10
  'Units move across the map.', // 11 ¶1 of Ground Game
  '', //                   12
  'Movement', //           13 level 2
  '', //                   14
  'A unit may move three hexes.', // 15 ¶1
  '', //                   16
  '• first item;', //      17 ¶2: a list is one paragraph
  '• second item.', //     18
  '', //                   19
  'Mountain Hexes', //     20 level 3: not in the contents
  '', //                   21
  'Mountains cost two.', // 22 ¶1
  '', //                   23
  'Supply Phase', //       24 level 1 (first contents entry of that name)
  '', //                   25
  'Each base draws supply: see below.', // 26 ¶1
  '', //                   27
  'Type\tValue', //        28 ¶2: a table row is not a heading
  '', //                   29
  'Air Game', //           30 part
  '', //                   31
  'Fighters fly.', //      32 ¶1
  '', //                   33
  'Supply Phase', //       34 level 1 again, now in the Air Game
  '', //                   35
  '"Short quoted line."', // 36 not a heading: ends like a sentence
  '', //                   37
  '[Figure: a hex]', //    38 not a heading: a figure note
].join('\n');

describe('rules-index: structure of a plain-text rulebook', () => {
  const blocks = parseRulebook(BOOK);
  const headings = blocks.filter((b) => b.heading).map((b) => [b.start, b.level, b.lines[0]]);

  it('finds headings by shape and levels them from the contents list, in order', () => {
    expect(headings).toEqual([
      [1, 3, 'A Sample Rulebook'],
      [9, 1, 'Ground Game'],
      [13, 2, 'Movement'],
      [20, 3, 'Mountain Hexes'],
      [24, 1, 'Supply Phase'],
      [30, 1, 'Air Game'],
      [34, 1, 'Supply Phase'],
    ]);
  });

  it('numbers paragraphs from the nearest heading and gives the heading chain', () => {
    expect(locate(blocks, 11)).toMatchObject({ part: 'Ground Game', section: [], paragraph: 1 });
    expect(locate(blocks, 15)).toMatchObject({ part: 'Ground Game', section: ['Movement'], paragraph: 1 });
    expect(locate(blocks, 18)).toMatchObject({ section: ['Movement'], paragraph: 2 });
    expect(locate(blocks, 22)).toMatchObject({ section: ['Movement', 'Mountain Hexes'], paragraph: 1 });
    expect(locate(blocks, 28)).toMatchObject({ part: 'Ground Game', section: ['Supply Phase'], paragraph: 2 });
  });

  it('tells a repeated section name apart by its part', () => {
    expect(locate(blocks, 36)).toMatchObject({ part: 'Air Game', section: ['Supply Phase'], paragraph: 1 });
    expect(locate(blocks, 38)).toMatchObject({ part: 'Air Game', section: ['Supply Phase'], paragraph: 2 });
  });

  it('a cited heading is paragraph 0; a blank line counts as the next paragraph; past the end, the last', () => {
    expect(locate(blocks, 13)).toMatchObject({ section: ['Movement'], paragraph: 0 });
    expect(locate(blocks, 14)).toMatchObject({ section: ['Movement'], paragraph: 1 });
    expect(locate(blocks, 99)).toMatchObject({ part: 'Air Game', paragraph: 2 });
  });

  it('a numbered book takes levels from its rule numbers', () => {
    const numbered = parseRulebook(['2.0 Introduction', '', '2.4 UNIT TYPES', '', 'Units have factors.'].join('\n'));
    expect(numbered.filter((b) => b.heading).map((b) => b.level)).toEqual([1, 2]);
    expect(locate(numbered, 5)).toMatchObject({
      part: '',
      section: ['2.0 Introduction', '2.4 UNIT TYPES'],
      paragraph: 1,
    });
  });
});

describe('rules-index: citations and the generated table', () => {
  it('reads single lines and both ends of ranges, not other words', () => {
    expect(citedLines('see L1519, L393-457 and L2602–L2798; GL1 and TRL are counters; L12.')).toEqual([
      12, 393, 457, 1519, 2602, 2798,
    ]);
  });

  it('renders one row per cited line, and reads them back', () => {
    const md = renderIndex('sample', parseRulebook(BOOK), [15, 36]);
    expect(md).toContain('| L15 | Ground Game | Movement | 1 |');
    expect(md).not.toContain('A unit may move');
    expect(md).toContain('| L36 | Air Game | Supply Phase | 1 |');
    expect(indexedLines(md)).toEqual([15, 36]);
  });
});
