/**
 * The random-play fuzzer (src/engine/fuzz.ts) over every registered module and the Sealed Bid
 * fixture: a few seeded games each, no crash, dead end or endless game, and every rule of the
 * module's coverage list (rule-coverage.ts in its folder) exercised by those games unless the list
 * says why it cannot be. A module whose list names its own coverage test (the Prefect modules)
 * has the same games played there, beside its bot games, and is left to it here. The long run is
 * `npm run fuzz -- --module all --games 1000`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/stack.js';
import type { GameModule, Prompt } from '#engine/contract.js';
import { choiceOrders, citesRule, fuzzGame, fuzzModule, ruleCoverage, ruleRefs } from '#engine/fuzz.js';
import { seededDice } from '#engine/dice.js';
import { shippedModules } from '#games/index.js';
import sealedBid from '../fixtures/sealed-bid.js';
import { ruleCoverageLists } from './rule-coverage.js';

const modules = [...shippedModules, sealedBid as GameModule<any, any>];
// A full Cerberus game takes seconds on this machine: two games for it and the planetary game.
// Space and Campaign games are quick: enough of them that the rules on their lists come up.
const GAMES: Record<string, number> = { 'sealed-bid': 40 };
// A module whose coverage list names its own test has its CI fuzz games played there, beside its bot games.
const ownTest = (id: string) => ruleCoverageLists[id]?.ownTest;

describe('fuzz: random legal games through the engine contract, per module', () => {
  it.each(modules.filter((m) => !ownTest(m.id)).map((m) => [m.id, m] as const))(
    '%s: no crash, dead end or endless game; every listed rule exercised or explained',
    (_id, module) => {
      const s = fuzzModule(module, GAMES[module.id] ?? 2, 'unit');
      expect(s.failures.map((f) => `${f.kind} seed ${f.seed} step ${f.step}: ${f.message.split('\n')[0]}`)).toEqual([]);
      expect(s.steps).toBeGreaterThan(0);
      expect(s.plays.bot).toBeGreaterThan(0);
      const list = ruleCoverageLists[module.id];
      if (!list) return; // the fixture has no rulebook
      const rows = ruleCoverage(s, list);
      expect(
        rows
          .filter((r) => r.status === 'missing')
          .map((r) => `${r.rule}${r.title ? ` (${r.title})` : ''}: never exercised, no reason given`),
      ).toEqual([]);
      expect(rows.filter((r) => r.status === 'exercised').length).toBeGreaterThan(0);
    },
    600_000,
  );

  it('every coverage list names a shipped module, each rule once', () => {
    for (const [id, list] of Object.entries(ruleCoverageLists)) {
      expect(shippedModules.map((m) => m.id)).toContain(id);
      const rules = list.rules.map((r) => r.rule);
      expect(new Set(rules).size).toBe(rules.length);
    }
  });

  it('a module left to its own coverage test has that test, and it plays the fuzz games of its list', () => {
    const left = modules.filter((m) => ownTest(m.id));
    expect(left.map((m) => m.id).sort()).toEqual(['prefect', 'prefect-campaign', 'prefect-space']);
    for (const m of left) {
      const own = ownTest(m.id)!;
      expect(own.fuzzGames).toBeGreaterThan(0);
      expect(readFileSync(join(ROOT, own.file), 'utf8')).toMatch(/coverageRows\(\w+, ruleCoverageList,/);
    }
  });
});

describe('fuzz: rule coverage counting', () => {
  it('rule fields anywhere in event data are counted per reference; sub-rules count for their rule', () => {
    expect(ruleRefs('6.8, 6.2 (stacking); 14.23, G36')).toEqual(['6.8', '6.2', '14.23', 'G36']);
    expect(ruleRefs('L2230: no air defence')).toEqual(['L2230']);
    expect([
      citesRule('10.41', '10.4'),
      citesRule('10.4', '10'),
      citesRule('3.2 A.3', '3.2'),
      citesRule('12.5', '1'),
      citesRule('10.4', '10.41'),
      citesRule('11.15', '11.1'),
    ]).toEqual([true, true, true, false, false, true]);
    const m = { ...(sealedBid as GameModule<any, any>) };
    m.resolve = (st, o, d) => {
      const r = sealedBid.resolve(st, o, d);
      return {
        ...r,
        events: [...r.events, { type: 'probe', visibleTo: 'all', data: { nested: [{ rule: '7.5, 7.6' }] } }],
      };
    };
    const s = fuzzModule(m, 3, 'count');
    expect(s.rules['7.5']).toEqual({ events: s.eventTypes.probe.events, games: 3 });
    const rows = ruleCoverage(s, {
      module: 'sealed-bid',
      rules: [
        { rule: '7' },
        { rule: '8.1', unreachable: 'not in this game' },
        { rule: '9.9' },
        { rule: '1.1', events: ['probe'] },
      ],
    });
    expect(rows.map((r) => r.status)).toEqual(['exercised', 'unreachable', 'missing', 'exercised']);
    expect(rows[0].events).toBe(2 * s.eventTypes.probe.events);
  });
});

describe('fuzz: the fuzzer finds what it is for', () => {
  const broken = (patch: Partial<GameModule<any, any>>): GameModule<any, any> => ({
    ...(sealedBid as GameModule<any, any>),
    ...patch,
  });

  it('a crash in resolve, with the seed that replays it', () => {
    const m = broken({
      resolve: (s, o, d) =>
        s.round === 2
          ? (() => {
              throw new Error('boom');
            })()
          : sealedBid.resolve(s, o, d),
    });
    const r = fuzzGame(m, 'crash-1');
    expect(r.failure).toMatchObject({ kind: 'crash', seed: 'crash-1', module: 'sealed-bid' });
    expect(r.failure!.message).toMatch(/^resolve threw: Error: boom/);
    const again = fuzzGame(m, 'crash-1').failure!; // same seed, same failure (stack traces aside)
    expect({ ...again, message: again.message.split('\n')[0] }).toEqual({
      ...r.failure,
      message: r.failure!.message.split('\n')[0],
    });
  });

  it('a dead end: default orders the module itself refuses', () => {
    const m = broken({
      prompts: (s) =>
        sealedBid
          .prompts(s)
          .map((p: Prompt) => (p.kind === 'claim' ? { ...p, defaultOrders: { prize: 'nothing' } } : p)),
    });
    expect(fuzzGame(m, 'dead-1').failure).toMatchObject({
      kind: 'dead-end',
      message: expect.stringMatching(/default orders are refused.*NO_SUCH_PRIZE/),
    });
  });

  it('a dead end: nothing owed and no outcome', () => {
    const m = broken({ prompts: (s) => (s.round === 2 ? [] : sealedBid.prompts(s)) });
    expect(fuzzGame(m, 'dead-2').failure).toMatchObject({
      kind: 'dead-end',
      message: 'nothing is owed but the game has no outcome',
    });
  });

  it('an endless game hits the step cap', () => {
    const loop: GameModule<{ n: number }, object> = {
      id: 'loop',
      title: 'Loop',
      sides: ['a'],
      scenarios: [{ id: 's', title: 's', description: '', sides: ['a'] }],
      options: [],
      setup: () => ({ n: 0 }),
      prompts: () => [{ side: 'a', kind: 'go', secret: false, description: '', defaultOrders: {} }],
      validate: () => [],
      resolve: (s) => ({ state: { n: s.n + 1 }, events: [] }),
      view: (s) => s,
      outcome: () => null,
      bot: () => ({}),
    };
    expect(fuzzGame(loop, 'endless-1', { maxSteps: 50 }).failure).toMatchObject({
      kind: 'endless',
      step: 50,
      message: 'no outcome after 50 steps',
    });
  });

  it('random picks come from the prompt choices', () => {
    const d = seededDice('pick');
    const claim: Prompt = {
      side: 'north',
      kind: 'claim',
      secret: false,
      description: '',
      choices: ['a', 'b', 'c'],
      defaultOrders: { prize: 'a' },
    };
    const picks = new Set(Array.from({ length: 60 }, () => (choiceOrders(claim, d) as { prize: string }).prize));
    expect([...picks].sort()).toEqual(['a', 'b', 'c']);
    const bid: Prompt = {
      side: 'north',
      kind: 'bid',
      secret: true,
      description: '',
      choices: { min: 0, max: 3 },
      defaultOrders: { bid: 0, note: '' },
    };
    const bids = Array.from({ length: 60 }, () => (choiceOrders(bid, d) as { bid: number }).bid);
    expect(Math.min(...bids)).toBe(0);
    expect(Math.max(...bids)).toBe(3);
  });
});
