/**
 * Balance run of the Prefect "Liberation" scenario: seeded bot-vs-bot games through the module's
 * public contract (setup / prompts / bot / validate / resolve / outcome), reporting win rates,
 * how games end and what each side holds at the end. Used to tune the reconstructed values of
 * the data pack (src/games/prefect/planetary/data/README.md, "Balance").
 *
 *   npx tsx scripts/fuzz-prefect.ts --games 40 [--from 0] [--prefix bal] [--options '{"interleave":"planned"}'] [--quiet]
 *     [--patch '{"terrain":{"urban":{"detectionModifier":-3}}}']   (deep-merged into prefectData in memory, to try a value before editing the pack)
 *     [--variant '{"turns":12}']   (LiberationParams overrides: the scenario is rebuilt by build-data.ts and validated)
 *     [--events 'disorganised.destroyed|retreat']   (regex: counts of the matching event types over all games, to see bot behaviours fire)
 */
import type { GameModule, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const games = Number(arg('games', '20'));
const from = Number(arg('from', '0'));
const prefix = arg('prefix', 'bal');
const options = JSON.parse(arg('options', '{}')) as Record<string, Json>;
const quiet = process.argv.includes('--quiet');
const trace = process.argv.includes('--trace');
const MAX_STEPS = Number(arg('max-steps', '3000'));
const eventFilter = process.argv.includes('--events') ? new RegExp(arg('events', '.')) : null;
const eventCounts: Record<string, number> = {};

interface St {
  turn: number;
  step: string;
  tfs: Record<string, { side: string; hex?: string }>;
  units: Record<string, { side: string; status: string }>;
  attacker: string;
  urban: Record<string, string | null>;
  bases: Record<string, { side: string; originalSide: string }>;
  destroyedCombat?: Record<string, number>;
  result?: { winner: string | null; level: string };
}

function merge(into: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    const cur = into[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object' && !Array.isArray(cur)) {
      merge(cur as Record<string, unknown>, v as Record<string, unknown>);
    } else into[k] = v;
  }
}
const patch = JSON.parse(arg('patch', '{}')) as Record<string, unknown>;
if (Object.keys(patch).length) {
  const { prefectData } = await import('#games/prefect/planetary/data/index.js');
  merge(prefectData as unknown as Record<string, unknown>, patch);
}

const variant = JSON.parse(arg('variant', '{}')) as Record<string, unknown>;
if (Object.keys(variant).length) {
  const { prefectData, scenarioSchema, scenarioProblems } = await import('#games/prefect/planetary/data/index.js');
  const { buildLiberation, LIBERATION } = await import('#games/prefect/planetary/data/build-data.js');
  const sc = scenarioSchema.parse(buildLiberation({ ...LIBERATION, ...variant }));
  const problems = scenarioProblems(sc, prefectData.map, prefectData);
  if (problems.length) throw new Error(problems.join('\n'));
  prefectData.scenarios.liberation = sc;
}

const modulePath = '../src/games/prefect/planetary/module/index.js';
const mod = ((await import(modulePath)) as { default: GameModule<Json, Json> }).default;

const rows: {
  seed: string;
  winner: string | null;
  level: string;
  turn: number;
  urbanTog: number;
  cwBasesHeld: number;
  steps: number;
  destroyed: string;
}[] = [];
const failures: string[] = [];
const t0 = performance.now();
for (let i = from; i < from + games; i++) {
  const seed = `${prefix}-${i}`;
  try {
    let state = mod.setup('liberation', options, seededDice(seed, 0));
    let step = 0;
    while (!mod.outcome(state)) {
      if (++step > MAX_STEPS)
        throw new Error(`no end after ${MAX_STEPS} steps (turn ${(state as unknown as St).turn})`);
      const orders: Record<string, Json> = {};
      for (const p of mod.prompts(state)) {
        if (p.side in orders) continue;
        const o = mod.bot(state, p.side, seededDice(`${seed}|bot|${p.side}`, step));
        const errs = mod.validate(state, p.side, o);
        if (errs.length)
          throw new Error(`step ${step}: bot ${p.side} ${p.kind} illegal: ${JSON.stringify(errs.slice(0, 2))}`);
        orders[p.side] = o;
      }
      const before = state as unknown as St;
      const r = mod.resolve(state, orders, seededDice(seed, step));
      state = JSON.parse(JSON.stringify(r.state)) as Json;
      if (eventFilter)
        for (const e of r.events) if (eventFilter.test(e.type)) eventCounts[e.type] = (eventCounts[e.type] ?? 0) + 1;
      const after = state as unknown as St;
      if (trace && (after.turn !== before.turn || mod.outcome(state))) {
        const n = (side: string, st: string): number =>
          Object.values(after.units).filter((u) => u.side === side && u.status === st).length;
        const tfs = (side: string): number => Object.values(after.tfs).filter((t) => t.side === side && t.hex).length;
        console.log(
          `  ${seed} end of turn ${before.turn} (attacker ${before.attacker}): urban ${JSON.stringify(after.urban)} TFs TOG ${tfs('TOG')} CW ${tfs('CW')} ` +
            `active/disorg/destroyed TOG ${n('TOG', 'ACTIVE')}/${n('TOG', 'DISORGANISED')}/${n('TOG', 'DESTROYED')} CW ${n('CW', 'ACTIVE')}/${n('CW', 'DISORGANISED')}/${n('CW', 'DESTROYED')} ` +
            `bases ${Object.values(after.bases)
              .map((b) => b.side)
              .join(',')} events ${r.events
              .map((e) => e.type)
              .filter((t) => /combat|capture/i.test(t))
              .join(',')}`,
        );
      }
    }
    const s = state as unknown as St;
    const out = mod.outcome(state)!;
    const urbanTog = Object.values(s.urban).filter((x) => x === 'TOG').length;
    const cwBasesHeld = Object.values(s.bases).filter((b) => b.originalSide === 'CW' && b.side === 'CW').length;
    const row = {
      seed,
      winner: out.winner,
      level: out.level ?? '-',
      turn: s.turn,
      urbanTog,
      cwBasesHeld,
      steps: step,
      destroyed: JSON.stringify(s.destroyedCombat ?? {}),
    };
    rows.push(row);
    if (!quiet) console.log(JSON.stringify(row));
  } catch (e) {
    failures.push(`${seed}: ${(e as Error).message}`);
    if (!quiet) console.error(`FAIL ${seed}: ${(e as Error).message}`);
  }
}
const count = (f: (r: (typeof rows)[number]) => string): Record<string, number> =>
  rows.reduce<Record<string, number>>((m, r) => ({ ...m, [f(r)]: (m[f(r)] ?? 0) + 1 }), {});
const mean = (f: (r: (typeof rows)[number]) => number): number =>
  rows.length ? +(rows.reduce((a, r) => a + f(r), 0) / rows.length).toFixed(2) : 0;
console.log(
  JSON.stringify(
    {
      games,
      finished: rows.length,
      failures: failures.length,
      winners: count((r) => r.winner ?? 'DRAW'),
      levels: count((r) => r.level),
      endedOnTurn: count((r) => String(r.turn)),
      meanUrbanHeldByTog: mean((r) => r.urbanTog),
      meanCwBasesStillCw: mean((r) => r.cwBasesHeld),
      seconds: +((performance.now() - t0) / 1000).toFixed(1),
      ...(eventFilter ? { events: eventCounts } : {}),
    },
    null,
    2,
  ),
);
for (const f of failures.slice(0, 5)) console.log(`  ${f}`);
