/**
 * Derived secrets, module level (no server): seeded bot games of every shipped module and the
 * fixture, every side playing its bot. At every step the ledger (./derive.ts) derives what each
 * viewer (every side, and spectators) may not know from the views themselves, and checks what that
 * viewer gets from the module: its view (the kit's extra secrets, hidden attributes, list order),
 * the step's events visible to it, in order, and the answers of `validate` to probe orders naming
 * hidden pieces (the same answer as for a made-up id, or, where the kit says the roster is public,
 * as for another hidden piece of its kind). The server channels are in ./platform.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Json, Side } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { filterEvents } from '#engine/redact.js';
import { Ledger } from './derive.js';
import { covered, kitOf, oracleFindings } from './play.js';

const GAMES = 2;

/** The first findings of each kind (channel and piece of text), with a count. */
function summary(findings: string[]): string[] {
  const byKind = new Map<string, string[]>();
  for (const f of findings) {
    const kind =
      f.replace(/^game \d+ step \d+:? ?/, '').replace(/ at .*| hidden .*|: .*/, '') +
      (/"type\\?":\\?"([^"\\]+)/.exec(f)?.[1] ?? '');
    byKind.set(kind, [...(byKind.get(kind) ?? []), f]);
  }
  return [...byKind.values()].map((fs) => `${fs.length}× ${fs[0].slice(0, 700)}`);
}

/** Each module as its kit sets it, then each variant its kit names (other options, other prompts). */
const walks = covered.flatMap((e) => {
  const kit = kitOf(e);
  return [
    [e.module.id, { module: e.module, kit, seedName: e.module.id }] as const,
    ...(kit.secrets.variants ?? []).map((v) => {
      const name = `${e.module.id} ${Object.entries(v.options)
        .map(([k, x]) => `${k}=${String(x)}`)
        .join(' ')}`;
      return [
        name,
        {
          module: e.module,
          kit: { ...kit, maxSteps: v.maxSteps ?? kit.maxSteps, options: { ...kit.options, ...v.options } },
          seedName: e.module.id,
        },
      ] as const;
    }),
  ];
});

describe.each(walks)('derived secrets of %s', (_name, entry) => {
  const id = entry.module.id;
  it('no viewer gets a hidden id, attribute or list order from views, events or order errors', () => {
    const kit = kitOf(entry);
    const module = entry.module;
    const scenario = module.scenarios.find((s) => s.id === kit.scenario) ?? module.scenarios[0];
    const options = { ...Object.fromEntries(module.options.map((o) => [o.id, o.default])), ...kit.options };
    let hidden = 0;
    let probeable = 0;
    const findings: string[] = [];
    for (let g = 0; g < GAMES; g++) {
      const seed = `secrets-${entry.seedName}-${g}`;
      let state = module.setup(scenario.id, options, seededDice(seed));
      const ledger = new Ledger(module, kit, scenario.sides, scenario.id);
      ledger.observe(state);
      for (let step = 0; step < kit.maxSteps && !module.outcome(state); step++) {
        const at = `game ${g} step ${step}`;
        findings.push(...ledger.orderFindings().map((f) => `${at}: ${f}`));
        for (const v of [...scenario.sides, null])
          findings.push(...ledger.check(`${at} view`, v, [v === null ? ledger.spectatorView : ledger.views[v]]));
        const owed = [...new Set(module.prompts(state).map((p) => p.side))];
        const orders: Record<Side, Json> = {};
        for (const side of owed) {
          const bot = module.bot(state, side, seededDice(`${seed}|bot|${side}`, step)) as Json;
          orders[side] = kit.secrets.decorate ? kit.secrets.decorate(state, side, step, bot) : bot;
          const secrets = ledger.secretsFor(side);
          probeable += secrets.size;
          findings.push(...oracleFindings(module, kit, state, side, orders[side], secrets).map((f) => `${at}: ${f}`));
        }
        const r = module.resolve(state, orders, seededDice(seed, step));
        state = r.state;
        ledger.observe(state);
        hidden += ledger.hiddenCount();
        for (const v of [...scenario.sides, null]) {
          findings.push(...ledger.checkEvents(`${at} events`, v, filterEvents(r.events, v, scenario.sides)));
        }
      }
    }
    // Every game played to the end of its steps first, so one finding does not hide another.
    expect(summary(findings)).toEqual([]);
    // The derivation found real secrets and the probes ran: a leak would have shown.
    expect(hidden, 'nothing was derived as hidden: the test would prove nothing').toBeGreaterThan(0);
    if (id !== 'sealed-bid') expect(probeable, 'no hidden id to probe validate with').toBeGreaterThan(0);
  }, 120_000);
});
