/**
 * Test helper for the Prefect modules' rule coverage (rule-coverage.ts of each module): the
 * engine fuzz's own random games (the CI seeds; test/fuzz/modules.test.ts leaves them to this) plus the module's
 * bot-vs-bot games, counted together, each listed rule with its events and games. Imported only by
 * the modules' rule-coverage tests.
 */
import type { AnyModule, GameEvent, Json, Prompt } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { fuzzModule, ruleCoverage, tallyEvents, type RuleCoverageList, type RuleCoverageRow } from '#engine/fuzz.js';

type Counts = Record<string, { events: number; games: number }>;

/** One bot game: it calls `seen` with the events of every step. */
export type BotGame = (seen: (events: readonly GameEvent[]) => void) => void;

/**
 * A bot-vs-bot game through the module contract (its first scenario unless named), every side
 * playing its bot; `variant` may rewrite a bot's order (a test policy, e.g. intercept with all).
 */
export const contractBotGame =
  (
    module: AnyModule,
    seed: string,
    o: {
      options?: Record<string, Json>;
      scenario?: string;
      maxSteps?: number;
      variant?: (order: Json, prompt: Prompt) => Json;
    } = {},
  ): BotGame =>
  (seen) => {
    let s = module.setup(o.scenario ?? module.scenarios[0].id, o.options ?? {}, seededDice(seed, 0));
    for (let step = 1; step <= (o.maxSteps ?? 3000); step++) {
      const prompts = module.prompts(s);
      if (!prompts.length) return;
      const orders: Record<string, Json> = {};
      for (const p of prompts) {
        const order = module.bot(s, p.side, seededDice(`${seed}-bot-${p.side}`, step));
        orders[p.side] = o.variant ? o.variant(order, p) : order;
      }
      const r = module.resolve(s, orders, seededDice(seed, step));
      seen(r.events);
      s = r.state;
    }
    throw new Error(`${module.id} ${seed}: no outcome in ${o.maxSteps ?? 3000} steps`);
  };

function add(into: Counts, game: Record<string, number>): void {
  for (const [k, n] of Object.entries(game)) {
    const c = (into[k] ??= { events: 0, games: 0 });
    c.events += n;
    c.games++;
  }
}

/**
 * Coverage over the list's `ownTest.fuzzGames` engine-fuzz games (seed 'unit', as CI; the engine
 * fuzz test leaves them to this) and `botGames`; `moduleFuzz` rules count as owed.
 */
export function coverageRows(
  module: AnyModule,
  list: RuleCoverageList,
  botGames: readonly BotGame[],
): RuleCoverageRow[] {
  if (!list.ownTest) throw new Error(`${list.module}: the coverage list names no own test`);
  const fuzz = fuzzModule(module, list.ownTest.fuzzGames, 'unit');
  if (fuzz.failures.length)
    throw new Error(`fuzz failures: ${fuzz.failures.map((f) => f.message.split('\n')[0]).join('; ')}`);
  const rules: Counts = { ...fuzz.rules };
  const eventTypes: Counts = { ...fuzz.eventTypes };
  for (const play of botGames) {
    const game = { rules: {} as Record<string, number>, eventTypes: {} as Record<string, number> };
    play((events) => tallyEvents(events as GameEvent[], game));
    add(rules, game.rules);
    add(eventTypes, game.eventTypes);
  }
  return ruleCoverage({ rules, eventTypes }, list, { moduleFuzz: true });
}

/** The report a coverage test prints: one line per rule, its status, events and games. */
export const coverageReport = (rows: readonly RuleCoverageRow[]): string =>
  rows
    .map(
      (r) =>
        `${r.status.padEnd(11)} ${r.rule.padEnd(12)} ${String(r.events).padStart(6)} events ${String(r.games).padStart(3)} games${r.title ? `  ${r.title}` : ''}`,
    )
    .join('\n');
