// Build of the reference browser client (README, "The browser client"). The server serves the
// output (src/api/http/web-client.ts); `npm start` and the browser tests build it first.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

export const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
export const WEB_OUT = fileURLToPath(new URL('dist', import.meta.url));

export default defineConfig({
  root: WEB_ROOT,
  base: '/',
  plugins: [preact({ prerender: { enabled: false } })],
  logLevel: 'warn',
  // The manifest (dist/.vite/manifest.json) names each page's chunks: the server preloads the game page's.
  build: {
    outDir: WEB_OUT,
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    manifest: true,
  },
});
