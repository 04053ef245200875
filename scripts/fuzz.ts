/**
 * Random-play fuzzer for every registered game module (src/engine/fuzz.ts): crashes, dead ends
 * and endless games, each with the game seed that reproduces it.
 *
 *   npm run fuzz -- --module <id|all> [--games 1000] [--seed fuzz] [--vary-options] [--max-steps 5000] [--no-views]
 *   npm run fuzz -- --module <id> --game <game seed>      (replays one reported game)
 *
 * Modules: those shipped (src/games/index.ts), the Sealed Bid fixture, and any named in
 * WARPOST_EXTRA_MODULES, so a newly registered module is fuzzed without changes here.
 * Exit status 1 when anything failed. The Cerberus-specific invariant fuzz stays in
 * `npm run fuzz:cerberus`.
 *
 * Rule coverage: the summary counts, per rule reference the events cite, the events and games
 * that exercised it; for a module with a coverage list (test/fuzz/rule-coverage.ts) each listed
 * rule is printed with its count and status (exercised, unreachable or deferred with the reason,
 * or missing).
 */
import { join, resolve } from 'node:path';
import { fuzzGame, fuzzModule, ruleCoverage, type FuzzGameResult } from '#engine/fuzz.js';
import { shippedModules } from '#games/index.js';
import { loadConfig } from '#platform/config/load.js';
import type { AnyModule } from '#engine/contract.js';
import { loadExtraModules } from '#platform/play/registry.js';
import { ruleCoverageLists } from '../test/fuzz/rule-coverage.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const FIXTURE = join(resolve(import.meta.dirname, '..'), 'test/fixtures/sealed-bid.ts');
const registry = new Map<string, AnyModule>();
for (const m of [...shippedModules, ...(await loadExtraModules([FIXTURE, ...loadConfig().extraModules]))]) {
  if (!registry.has(m.id)) registry.set(m.id, m);
}

const which = arg('module', '');
const modules = which === 'all' ? [...registry.values()] : [registry.get(which)].filter((m): m is AnyModule => !!m);
if (!modules.length) {
  console.error(`--module is one of: all, ${[...registry.keys()].join(', ')}`);
  process.exit(2);
}
const opts = {
  maxSteps: Number(arg('max-steps', '5000')),
  varyOptions: process.argv.includes('--vary-options'),
  checkViews: !process.argv.includes('--no-views'),
};
const reproduce = (m: string, seed: string) =>
  `npm run fuzz -- --module ${m} --game ${seed}${opts.varyOptions ? ' --vary-options' : ''}`;

const single = arg('game', '');
if (single) {
  const r = fuzzGame(modules[0], single, opts);
  console.log(JSON.stringify(r, null, 2));
  process.exit(r.failure ? 1 : 0);
}

const games = Number(arg('games', '100'));
const seed = arg('seed', 'fuzz');
let failed = 0;
for (const m of modules) {
  let done = 0;
  const s = fuzzModule(m, games, seed, {
    ...opts,
    onGame: (r: FuzzGameResult) => {
      if (r.failure)
        console.error(
          `FAIL ${m.id} ${r.failure.kind} seed ${r.seed} step ${r.failure.step}: ${r.failure.message.split('\n')[0]}\n  reproduce: ${reproduce(m.id, r.seed)}`,
        );
      if (++done % 100 === 0) console.log(`${m.id}: ${done}/${games} games`);
    },
  });
  failed += s.failures.length;
  const byKind = s.failures.reduce<Record<string, number>>(
    (acc, f) => ({ ...acc, [f.kind]: (acc[f.kind] ?? 0) + 1 }),
    {},
  );
  const list = ruleCoverageLists[m.id];
  const coverage = list ? ruleCoverage(s, list) : undefined;
  const { eventTypes: _types, ...rest } = s;
  console.log(
    JSON.stringify(
      {
        ...rest,
        failures: byKind,
        firstFailures: s.failures
          .slice(0, 5)
          .map((f) => ({ ...f, message: f.message.split('\n')[0], reproduce: reproduce(m.id, f.seed) })),
        ...(coverage ? { coverage } : {}),
      },
      null,
      2,
    ),
  );
  if (coverage) {
    const missing = coverage.filter((r) => r.status === 'missing');
    console.log(
      `${m.id}: rule coverage ${coverage.filter((r) => r.status === 'exercised').length}/${coverage.length} exercised${missing.length ? `; never exercised, no reason: ${missing.map((r) => r.rule).join(', ')}` : ''}`,
    );
  }
}
process.exit(failed ? 1 : 0);
