/**
 * `npm run bench [-- --only engine,api,e2e,loop,scale,cerberus,web] [--quick] [--loop-mode=read|push] [--loop-games=N] [--loop-kinds=fixture,cerberus]`: runs the benchmarks against the
 * real services on this machine and writes bench/results/latest.json plus a short table.
 * Speeds are reported with a baseline measured in the same run (shared machines are noisy).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shipped } from '#games/index.js';
import { loadExtraModules } from '#platform/play/registry.js';
import { benchApi } from './api.js';
import { benchCerberus, benchCerberusPage } from './cerberus.js';
import { FIXTURE, freshDatabase, ROOT } from './common.js';
import { benchEndToEnd } from './e2e.js';
import { benchEngine } from './engine.js';
import { benchLoop, type LoopMode } from './loop.js';
import { benchScale } from './scale.js';
import { benchEnv } from './setup.js';

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = new Set(
  (onlyArg?.includes('=')
    ? onlyArg.split('=')[1]
    : onlyArg
      ? args[args.indexOf(onlyArg) + 1]
      : 'engine,api,e2e,loop,scale,cerberus,web'
  ).split(','),
);
const quick = args.includes('--quick');

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, quick };
const db =
  only.has('api') || only.has('e2e') || only.has('loop') || only.has('scale') || only.has('cerberus') || only.has('web')
    ? await freshDatabase()
    : null;
try {
  if (only.has('engine')) {
    // A module's kit says whether many full games per run fit it (Cerberus has its own entry,
    // bench/cerberus.ts); a shipped module without a kit stops the run.
    const missing = shipped.filter((s) => !s.kit).map((s) => s.module.id);
    if (missing.length) throw new Error(`no test kit for ${missing.join(', ')} (docs/module-kit.md)`);
    const modules = [
      ...shipped.filter((s) => s.kit!.bench.engine).map((s) => s.module),
      ...(await loadExtraModules(FIXTURE)),
    ];
    results.engine = modules.map((m) => benchEngine(m, quick ? { runs: 3, gamesPerRun: 3 } : {}));
  }
  if (db && only.has('api')) results.api = await benchApi(benchEnv(db.url), quick ? 3 : 8);
  if (db && only.has('e2e')) results.endToEnd = await benchEndToEnd(benchEnv(db.url), quick ? 30 : 100);
  if (db && only.has('loop')) {
    const mode = args.find((a) => a.startsWith('--loop-mode='))?.split('=')[1] as LoopMode | undefined;
    const games = Number(args.find((a) => a.startsWith('--loop-games='))?.split('=')[1] ?? (quick ? 20 : 50));
    const kinds = args
      .find((a) => a.startsWith('--loop-kinds='))
      ?.split('=')[1]
      .split(',') as ('fixture' | 'cerberus')[] | undefined;
    results.loop = await benchLoop(benchEnv(db.url), {
      games,
      mode,
      kinds,
      seconds: quick ? 3 : 5,
      cerberusSteps: quick ? 6 : 12,
    });
  }
  if (db && only.has('cerberus')) results.cerberus = await benchCerberus(benchEnv(db.url), { games: quick ? 3 : 5 });
  // The game page's time to interactive in Chromium (bench/web.ts), median of cold loads per CPU throttle.
  if (db && only.has('web'))
    results.webTimeToInteractive = { cerberus: await benchCerberusPage(benchEnv(db.url), quick ? 5 : 9) };
  if (db && only.has('scale'))
    results.scale = await benchScale(
      benchEnv(db.url),
      quick ? { games: 1000, subscriptions: 100, resolveGames: 200 } : {},
    );
} finally {
  await db?.drop();
}

const dir = join(ROOT, 'bench/results');
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'latest.json'), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
console.log(`\nwritten: bench/results/latest.json`);
process.exit(0);
