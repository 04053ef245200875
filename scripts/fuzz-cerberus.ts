/**
 * Thousand-game fuzz of the Cerberus module: seeded bot-vs-bot games to the end with every
 * invariant checked after every step (src/games/cerberus/fuzz-harness.ts).
 *
 *   npm run fuzz:cerberus -- --games 1000 [--from 0] [--prefix fuzz] [--no-views]
 *
 * The summary also gives the balance of the bot games (wins, levels, each side's share of the
 * decided games, the spread of the Human:Cetian VP ratio, mean VP): src/games/cerberus/README.md,
 * and the rule coverage: per rule of src/games/cerberus/rule-coverage.ts, the events and games
 * that exercised it.
 */
import { ruleCoverage } from '#engine/fuzz.js';
import { InvariantError, playFuzzGame, type FuzzGame } from '#games/cerberus/fuzz-harness.js';
import { ruleCoverageList } from '#games/cerberus/rule-coverage.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const games = Number(arg('games', '100'));
const from = Number(arg('from', '0'));
const prefix = arg('prefix', 'fuzz');
const checkViews = !process.argv.includes('--no-views');

const results: FuzzGame[] = [];
const failures: { seed: string; message: string }[] = [];
const started = performance.now();
for (let i = from; i < from + games; i++) {
  const seed = `${prefix}-${i}`;
  try {
    results.push(playFuzzGame(seed, { checkViews }));
  } catch (err) {
    failures.push({ seed, message: err instanceof InvariantError ? err.message : String((err as Error).stack ?? err) });
    console.error(`FAIL ${seed}: ${failures.at(-1)!.message}`);
  }
  if ((i - from + 1) % 50 === 0) console.log(`${i - from + 1}/${games} games, ${failures.length} failures`);
}
const count = <K extends string>(f: (g: FuzzGame) => K) =>
  results.reduce<Record<string, number>>((m, g) => ({ ...m, [f(g)]: (m[f(g)] ?? 0) + 1 }), {});
const steps = results.reduce((n, g) => n + g.steps, 0);
const summary = {
  games,
  finished: results.length,
  failures: failures.length,
  steps,
  stepsPerGame: results.length ? +(steps / results.length).toFixed(1) : 0,
  events: results.reduce((n, g) => n + g.events, 0),
  botOrdersByKind: results.reduce<Record<string, number>>((m, g) => {
    for (const [k, n] of Object.entries(g.kinds)) m[k] = (m[k] ?? 0) + n;
    return m;
  }, {}),
  winners: count((g) => g.winner ?? 'DRAW'),
  levels: count((g) => g.level ?? '-'),
  endedOnTurn: count((g) => String(g.turn)),
  // Balance (issue 3): each side's share of the decided games and the spread of the VP ratio (14.5 needs 2 to 1 for the Human).
  decidedShare: (() => {
    const won = results.filter((g) => g.winner);
    const share = (side: string) =>
      won.length ? +(won.filter((g) => g.winner === side).length / won.length).toFixed(2) : 0;
    return { decided: won.length, HUMAN: share('HUMAN'), CETIAN: share('CETIAN') };
  })(),
  vpRatio: (() => {
    const r = results
      .filter((g) => g.vp)
      .map((g) => g.vp!.HUMAN / Math.max(1, g.vp!.CETIAN))
      .sort((a, b) => a - b);
    const q = (p: number) => (r.length ? +r[Math.min(r.length - 1, Math.floor(p * r.length))].toFixed(2) : 0);
    return { p10: q(0.1), p25: q(0.25), median: q(0.5), p75: q(0.75), p90: q(0.9) };
  })(),
  meanVp: {
    HUMAN: results.length ? +(results.reduce((n, g) => n + (g.vp?.HUMAN ?? 0), 0) / results.length).toFixed(1) : 0,
    CETIAN: results.length ? +(results.reduce((n, g) => n + (g.vp?.CETIAN ?? 0), 0) / results.length).toFixed(1) : 0,
  },
  seconds: +((performance.now() - started) / 1000).toFixed(1),
  ruleCoverage: (() => {
    const sum = (pick: (g: FuzzGame) => Record<string, number>) => {
      const out: Record<string, { events: number; games: number }> = {};
      for (const g of results)
        for (const [k, n] of Object.entries(pick(g)))
          out[k] = { events: (out[k]?.events ?? 0) + n, games: (out[k]?.games ?? 0) + 1 };
      return out;
    };
    return ruleCoverage({ rules: sum((g) => g.rules), eventTypes: sum((g) => g.eventTypes) }, ruleCoverageList, {
      moduleFuzz: true,
    }).map((r) => ({ rule: r.rule, title: r.title, events: r.events, games: r.games, status: r.status }));
  })(),
};
console.log(JSON.stringify(summary, null, 2));
if (failures.length) {
  console.log('first failures:');
  for (const f of failures.slice(0, 10)) console.log(`  ${f.message}`);
}
process.exit(failures.length ? 1 : 0);
