/**
 * The page of each client path carries the `<link>`s of its own chunk (issue 19: a game page
 * opened cold fetches its code beside the entry): from Vite's manifest, the page's chunk and the
 * chunks it imports, never the entry's or another page's.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerWebClient } from './web-client.js';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
  _shared: { file: 'assets/Shared-1.js', imports: ['index.html'] },
  _styled: { file: 'assets/Styled-1.js', imports: ['index.html', '_shared'], css: ['assets/Styled-1.css'] },
  'src/pages/Game.tsx': { file: 'assets/Game-1.js', imports: ['index.html', '_shared', '_styled'] },
  'src/pages/Lobby.tsx': { file: 'assets/Lobby-1.js', imports: ['index.html', '_shared'] },
};
const INDEX = '<!doctype html><html><head><title>Warpost</title></head><body></body></html>';

describe('web client pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warpost-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  const app = Fastify();
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const links = (html: string) =>
    [...html.matchAll(/<link rel="([^"]+)" href="([^"]+)" \/>/g)].map((m) => `${m[1]} ${m[2]}`);

  it('without a manifest the page is served as built', async () => {
    await registerWebClient(app, dir);
    const res = await app.inject('/games/abc');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it("each path preloads its page's chunk and what it imports, not the entry's or another page's", async () => {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const game = await app.inject('/games/abc');
    expect(links(game.body)).toEqual([
      'modulepreload /assets/Game-1.js',
      'modulepreload /assets/Shared-1.js',
      'modulepreload /assets/Styled-1.js',
      'stylesheet /assets/Styled-1.css',
    ]);
    expect(game.body.indexOf('<link')).toBeLessThan(game.body.indexOf('</head>'));
    expect(links((await app.inject('/')).body)).toEqual([
      'modulepreload /assets/Lobby-1.js',
      'modulepreload /assets/Shared-1.js',
    ]);
    // A page the manifest does not name (this one has no Settings chunk) gets no links.
    expect(links((await app.inject('/settings')).body)).toEqual([]);
  });
});
