/**
 * Cerberus (issue 3):
 * - engine: a full 12-turn bot-vs-bot game with the pure module (prompts, bot, resolve; no
 *   database), median over `games` seeds, against the fixture game's time in the same run; one
 *   more game is timed part by part (bot, resolve, prompts, each side's view) to show where it goes;
 * - queue: one whole game through the API process and a worker process (PostgreSQL + Redis), two
 *   bot clients (examples/cerberus-match.ts); per step, from sending the last owed submission to
 *   the step-resolved event arriving on the submitter's graphql-ws socket, against an empty BullMQ
 *   job round trip measured in the same run.
 */
import { SeededDice, seededDice } from '#engine/dice.js';
import type { GameModule } from '#engine/contract.js';
import cerberus from '#games/cerberus/index.js';
import { loadExtraModules } from '#platform/play/registry.js';
import { playCerberusMatch, SIDES, type CerberusSide } from '../examples/cerberus-match.js';
import { FIXTURE, startProcess, stop, summarise } from './common.js';
import { bullRoundTrips } from './e2e.js';
import { benchEngine, playOne } from './engine.js';
import { processEnv, type BenchEnv } from './setup.js';
import { benchPageInteractive } from './web.js';

const round = (ms: number) => Math.round(ms * 10) / 10;

/** One game timed part by part (the same loop as playOne). */
function profileGame(m: GameModule<any, any>, seed: string) {
  const t = { bot: 0, resolve: 0, prompts: 0, viewHuman: 0, viewCetian: 0 };
  const time = <T>(k: keyof typeof t, f: () => T): T => {
    const t0 = performance.now();
    const v = f();
    t[k] += performance.now() - t0;
    return v;
  };
  let state = m.setup('campaign', Object.fromEntries(m.options.map((o) => [o.id, o.default])), seededDice(seed));
  let steps = 0;
  while (!m.outcome(state)) {
    const prompts = time('prompts', () => m.prompts(state));
    time('viewHuman', () => m.view(state, 'HUMAN'));
    time('viewCetian', () => m.view(state, 'CETIAN'));
    const orders: Record<string, unknown> = {};
    for (const side of new Set(prompts.map((p) => p.side)))
      orders[side] = time('bot', () =>
        m.bot(state, side, new SeededDice({ seed, gameId: `bot-${side}`, step: steps })),
      );
    state = time(
      'resolve',
      () => m.resolve(state, orders, new SeededDice({ seed, gameId: 'bench', step: steps })).state,
    );
    steps++;
  }
  return {
    steps,
    msPerPart: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v)])),
    msPerStep: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v / steps)])),
  };
}

/** `baseline`: the fixture game, whose engine time in the same run scales the result. */
export function benchCerberusEngine(games: number, baseline: GameModule<any, any>) {
  const fixture = benchEngine(baseline, { runs: 5, gamesPerRun: 20 });
  const times: number[] = [];
  let steps = 0;
  for (let g = 0; g < games; g++) {
    const t0 = performance.now();
    steps += playOne(cerberus, 'campaign', `cerberus-bench-${g}`);
    times.push(performance.now() - t0);
  }
  const s = summarise(times);
  return {
    games,
    stepsPerGame: Math.round(steps / games),
    msPerGame: { median: round(s.p50), min: round(Math.min(...times)), max: round(s.max) },
    baselineFixtureMsPerGame: fixture.msPerGameMedian,
    medianRatio: Math.round(s.p50 / fixture.msPerGameMedian),
    profile: profileGame(cerberus, 'cerberus-bench-profile'),
  };
}

export async function benchCerberusQueue(env: BenchEnv) {
  const baseline = await bullRoundTrips(100);
  const port = '3898';
  const api = await startProcess(
    'src/main.ts',
    processEnv(env, { PORT: port, LOG_LEVEL: 'info', LOG_REQUESTS: 'false' }),
    'Warpost listening',
  );
  const worker = await startProcess('workers/resolver.ts', processEnv(env, { LOG_LEVEL: 'info' }), 'worker ready');
  try {
    const lastSent = new Map<number, { side: CerberusSide; at: number }>();
    const resolvedAt: Record<CerberusSide, Map<number, number>> = { HUMAN: new Map(), CETIAN: new Map() };
    const hooks = Object.fromEntries(
      SIDES.map((side) => [
        side,
        {
          onSubmitted: (i: { step: number; stepComplete: boolean; sentAt: number }) =>
            void (i.stepComplete && lastSent.set(i.step, { side, at: i.sentAt })),
          onUpdate: (u: { events: { step: number; type: string }[] }, at: number) => {
            for (const e of u.events)
              if (e.type === 'step-resolved' && !resolvedAt[side].has(e.step)) resolvedAt[side].set(e.step, at);
          },
        },
      ]),
    );
    const match = await playCerberusMatch({ url: `http://127.0.0.1:${port}`, prefix: 'bench', hooks });
    const samples = [...lastSent].flatMap(([step, s]) => {
      const at = resolvedAt[s.side].get(step);
      return at === undefined ? [] : [at - s.at];
    });
    const q = summarise(samples);
    const r = (x: ReturnType<typeof summarise>) => ({
      n: x.n,
      p50: round(x.p50),
      p99: round(x.p99),
      max: round(x.max),
      mean: round(x.mean),
    });
    return {
      steps: samples.length,
      gameWallMs: Math.round(match.wallMs),
      lastSubmissionToResolvedEventMs: r(q),
      emptyBullJobMs: r(baseline),
      p50Ratio: Math.round((q.p50 / baseline.p50) * 10) / 10,
      clientDecideMs: {
        HUMAN: Math.round(match.players.HUMAN.decideMs),
        CETIAN: Math.round(match.players.CETIAN.decideMs),
      },
    };
  } finally {
    await stop(worker);
    await stop(api);
  }
}

/**
 * Time to interactive of the Cerberus game page (issue 19): the Cetian, who owes the first
 * prompt (14.1), loads the globe; cold loads, without and with a 4x CPU throttle (bench/web.ts).
 */
export async function benchCerberusPage(env: BenchEnv, loads: number) {
  const hexes = cerberus.boards!('campaign')[0].hexes.length;
  return benchPageInteractive(
    env,
    { module: 'cerberus', scenario: 'campaign', sides: ['HUMAN', 'CETIAN'] },
    { owner: 1, hexes, loads },
  );
}

/** Both Cerberus entries; `games` engine games (median). */
export async function benchCerberus(env: BenchEnv, opts: { games?: number } = {}) {
  const fixture = (await loadExtraModules(FIXTURE))[0] as GameModule<any, any>;
  const engine = benchCerberusEngine(opts.games ?? 5, fixture);
  const queue = await benchCerberusQueue(env);
  return { engine, queue };
}
