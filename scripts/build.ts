/**
 * `npm run build:server`: the production build of the API, the worker, the notifier and the CLI
 * tools. Each TypeScript file becomes one JavaScript file at the same place under dist/ (esbuild
 * transpiles, no bundling; `npm run typecheck` checks the types), and the files the code reads
 * at run time follow: data packs (src/**.json), migrations, schema.graphql and a package.json
 * (ESM, version, the subpath imports map). Run with `node dist/src/main.js`, `node dist/workers/resolver.js`,
 * `node dist/workers/notifier.js`. `--out=DIR` builds elsewhere (inside the repository, so
 * node_modules resolves).
 */
import { build } from 'esbuild';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const out = resolve(ROOT, process.argv.find((a) => a.startsWith('--out='))?.slice(6) ?? 'dist');

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const started = Date.now();
const all = [...(await files('src')), ...(await files('workers')), 'scripts/admin.ts'];
const code = all.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const assets = all.filter((f) => f.endsWith('.json'));

await rm(out, { recursive: true, force: true });
await build({
  entryPoints: code.map((f) => join(ROOT, f)),
  outdir: out,
  outbase: ROOT,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
for (const f of assets) {
  await mkdir(dirname(join(out, f)), { recursive: true });
  await cp(join(ROOT, f), join(out, f));
}
await cp(join(ROOT, 'prisma/migrations'), join(out, 'prisma/migrations'), { recursive: true });
await cp(join(ROOT, 'schema.graphql'), join(out, 'schema.graphql'));
// The browser client (npm run build:web), at the same path relative to the compiled server.
await cp(join(ROOT, 'web/dist'), join(out, 'web/dist'), { recursive: true });
// The subpath imports (`#engine/dice.js`) keep their meaning: dist/ mirrors the source tree, so
// the same map, resolved from dist/package.json, points at the compiled files.
const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  imports?: Record<string, string>;
};
await writeFile(
  join(out, 'package.json'),
  JSON.stringify(
    { name: pkg.name, version: pkg.version, private: true, type: 'module', imports: pkg.imports },
    null,
    2,
  ) + '\n',
);
console.log(
  `built ${code.length} modules and ${assets.length} data files into ${relative(ROOT, out) || '.'} in ${Date.now() - started} ms`,
);
