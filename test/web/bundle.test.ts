/**
 * The browser client's size budget: the JS and CSS a first visit downloads, gzipped, stay within
 * BUDGET_BYTES (README, "The browser client"). Builds the client as `npm start` does.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClient, builtAssets } from './browser.js';

export const BUDGET_BYTES = 60 * 1024;

describe('browser client bundle', () => {
  beforeAll(async () => void (await buildClient()), 120_000);

  it(`gzips to at most ${BUDGET_BYTES / 1024} kB of JS and CSS`, () => {
    const assets = builtAssets().filter((a) => /\.(js|css)$/.test(a.file));
    expect(assets.some((a) => a.file.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.file.endsWith('.css'))).toBe(true);
    const gzipped = assets.reduce((n, a) => n + gzipSync(readFileSync(a.file), { level: 9 }).length, 0);
    console.log(`browser client: ${assets.length} files, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
