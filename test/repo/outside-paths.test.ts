/**
 * Nothing in the repository points at a path outside it (issue 18): no absolute path of a work
 * machine, no document that is not in the repository (the rules transcriptions and digests the
 * games were implemented from are cited by line and id only; see src/games/<game>/rules/).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const OUTSIDE =
  /\/work\/|\/home\/[a-z]|\/Users\/[A-Za-z]|\bshared\/(?:rules|DESIGN|STACK)|-rulebook\.txt|\bdigests\/\w+\.md/;

describe('no path outside the repository', () => {
  it('no tracked text file names one', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    const text = files.filter((f) => !/\.(png|jpe?g|gif|ico|woff2?|wasm|gz|tgz|zip|pdf)$/.test(f));
    const bad = text.filter((f) => {
      try {
        return OUTSIDE.test(readFileSync(join(ROOT, f), 'utf8'));
      } catch {
        return false; // deleted in the work tree
      }
    });
    expect(bad).toEqual([]);
  });

  it('the pattern catches the forms it is meant to', () => {
    // Assembled, so that this file does not name them itself.
    const samples = [
      ['see /', 'work/x'],
      ['shared', '/rules/prefect'],
      ['/', 'home/alice/notes'],
      ['cerberus-', 'rulebook.txt'],
      ['digests', '/prefect.md'],
    ];
    for (const s of samples.map((p) => p.join(''))) {
      expect(OUTSIDE.test(s), s).toBe(true);
    }
    expect(OUTSIDE.test('src/games/<game>/rules/README.md and L1519')).toBe(false);
  });
});
