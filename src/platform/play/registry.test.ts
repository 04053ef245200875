import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadExtraModules } from './registry.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('loadExtraModules (WARPOST_EXTRA_MODULES)', () => {
  it('resolves a relative path from the working directory', async () => {
    const mods = await loadExtraModules('test/fixtures/sealed-bid.ts', repoRoot);
    expect(mods.map((m) => m.id)).toEqual(['sealed-bid']);
  });

  it('accepts absolute paths and a comma-separated list with spaces', async () => {
    const abs = resolve(repoRoot, 'test/fixtures/sealed-bid.ts');
    const mods = await loadExtraModules(` ${abs} , `, '/');
    expect(mods).toHaveLength(1);
    expect(mods[0].id).toBe('sealed-bid');
  });

  it('loads nothing when unset', async () => {
    expect(await loadExtraModules('')).toEqual([]);
  });
});
