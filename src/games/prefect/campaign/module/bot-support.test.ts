/**
 * The campaign bot's naval ground support (bot-support.ts, L2204-2220, D-76, D-83): commitments only
 * where they tip the CRT column, legal, written in bot play on the planned and interactive ground
 * orders and the sealed commitment prompt, and taken from the bot's own view only.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { ratioColumn } from '../../planetary/index.js';
import { stats } from '../../space/index.js';
import { otherSide } from '../../common/types.js';
import { gsSupportValue } from '../ground-support.js';
import { tippingUnits } from './bot-support.js';
import prefectCampaign from './index.js';
import { newGame, playBots } from './testing.js';
import {
  combatDeclarePosition,
  declareAttacks,
  groundPosition,
  moverTowards,
  navalUnits,
  putInGsBox,
} from './test-positions.js';
import { resolveOrderIds } from '../../planetary/index.js';
import { zoneOfHex } from '../map-link.js';
import type { CampaignGameState, Side } from './types.js';

describe('tippingUnits: the fewest strongest GS units that give the best column (L2216-2218)', () => {
  const s = newGame('bot-support');
  const fl = Object.values(s.space.units)
    .filter((u) => u.side === 'CW' && stats(u).kind === 'FIGHTER')
    .map((u) => u.id)
    .sort();
  const v = gsSupportValue(s, [fl[0]]);

  it('attack: 1:1 + one unit = 3:2 → that unit; + two = 2:1 → both', () => {
    expect(v).toBeGreaterThan(0);
    expect(ratioColumn(3 * v, 2 * v)).toBeGreaterThan(ratioColumn(2 * v, 2 * v));
    expect(tippingUnits(s, [fl[0]], 2 * v, 2 * v, 'attack')).toEqual([fl[0]]);
    expect(tippingUnits(s, fl.slice(0, 2), 2 * v, 2 * v, 'attack')).toHaveLength(2);
  });

  it('defence: 1:1 → 2:3 with one unit added to the defence', () => {
    expect(tippingUnits(s, [fl[0]], 2 * v, 2 * v, 'defence')).toEqual([fl[0]]);
  });

  it('no column moves (already at the last column): nothing is committed, the unit stays for later', () => {
    expect(tippingUnits(s, fl.slice(0, 2), 100 * v, v, 'attack')).toEqual([]);
    expect(tippingUnits(s, [], 2 * v, 2 * v, 'attack')).toEqual([]);
  });
});

interface Seen {
  prev: CampaignGameState;
  side: Side;
  order: Json;
}

function collect(seed: string, options: Record<string, Json>) {
  const naval: Seen[] = [];
  const commits: Seen[] = [];
  let defaulted = 0;
  playBots(
    seed,
    ({ prev, orders, events }) => {
      defaulted += events.filter((e) => e.type === 'orders.defaulted').length;
      for (const [side, o] of Object.entries(orders)) {
        const x = o as { navalSupport?: unknown; kind?: string; commitments?: unknown[] } | null;
        if (x?.navalSupport) naval.push({ prev, side: side as Side, order: o });
        if (x?.kind === 'gs-commitment' && x.commitments?.length) commits.push({ prev, side: side as Side, order: o });
      }
    },
    options,
  );
  return { naval, commits, defaulted };
}

/** The same state with the enemy's hidden TF contents swapped between two of his TF counters. */
function hiddenDifferent(cs: CampaignGameState, side: Side): CampaignGameState {
  const s = structuredClone(cs);
  const enemy = Object.values(s.planetary.tfs)
    .filter((t) => t.side === otherSide(side) && t.hex && !t.independent)
    .map((t) => t.id)
    .sort();
  if (enemy.length < 2) return s;
  const [a, b] = enemy;
  for (const u of Object.values(s.planetary.units)) {
    if (u.tf === a) u.tf = b;
    else if (u.tf === b) u.tf = a;
  }
  return s;
}

function check(seed: string, r: ReturnType<typeof collect>) {
  expect(r.defaulted).toBe(0);
  for (const x of [...r.naval, ...r.commits]) {
    expect(prefectCampaign.validate(x.prev, x.side, x.order)).toEqual([]);
    // D-83: no unit twice in one order.
    const units = JSON.stringify(x.order)
      .match(/"units":\[[^\]]*\]/g)!
      .flatMap((m) => JSON.parse(m.slice(8)) as string[]);
    expect(new Set(units).size).toBe(units.length);
    // Own view only: hidden enemy contents do not change the order.
    const bot = (s: CampaignGameState) => prefectCampaign.bot(s, x.side, seededDice(`${seed}-probe`, 1));
    expect(bot(hiddenDifferent(x.prev, x.side))).toEqual(bot(x.prev));
  }
}

describe('the bot commits naval support in hand-built positions (test-positions.ts, no bot play)', () => {
  it("planned counter-orders: the Defender's GS units that tip a counter-attack by its TFs of their zone ride on the order (L2204, L2216) — legal, own view only", () => {
    // Four TOG TF counters on the map: the public estimate of one is small enough for the fighters to tip it.
    const {
      s,
      contacts: [c],
    } = groundPosition(4, {}, 1);
    const box = navalUnits(s, 'CW', 'FIGHTER');
    putInGsBox(s, c.zone, box);
    const p = prefectCampaign.prompts(s).find((q) => q.side === 'CW')!;
    expect(p.description).toContain('navalSupport');
    const order = prefectCampaign.bot(s, 'CW', seededDice('pos-counter', 1)) as {
      kind: string;
      navalSupport?: { units: string[]; tfs?: string[] }[];
    };
    expect(order.kind).toBe('counter-orders');
    expect(order.navalSupport?.length).toBeGreaterThan(0);
    const units = order.navalSupport!.flatMap((x) => x.units);
    expect(units.every((u) => box.includes(u))).toBe(true);
    const real = resolveOrderIds(s.planetary, 'CW', order) as typeof order;
    for (const t of real.navalSupport!.flatMap((x) => x.tfs ?? []))
      expect([s.planetary.tfs[t].side, zoneOfHex(s.planetary.tfs[t].hex)]).toEqual(['CW', c.zone]);
    check('pos-counter', {
      naval: [{ prev: s, side: 'CW', order: order as unknown as Json }],
      commits: [],
      defaulted: 0,
    });
  });

  it("gs-commitment: the Attacker's GS units that tip his declared attack are committed to it (L2214-2218, D-76) — legal, own view only", () => {
    const pos = combatDeclarePosition(1);
    const { s: d } = declareAttacks(pos.s, pos.contacts);
    const box = navalUnits(d, 'TOG', 'FIGHTER');
    putInGsBox(d, pos.contacts[0].zone, box);
    const detect = prefectCampaign.prompts(d).find((q) => q.side === 'CW')!.defaultOrders;
    const s = prefectCampaign.resolve(d, { CW: detect }, seededDice('pos-commit', 1)).state;
    expect(prefectCampaign.prompts(s).map((q) => [q.side, q.kind])).toEqual([['TOG', 'gs-commitment']]);
    const order = prefectCampaign.bot(s, 'TOG', seededDice('pos-commit', 2)) as {
      commitments: { attack: string; units: string[] }[];
    };
    expect(order.commitments.map((x) => x.attack)).toEqual([s.planetary.combat!.attacks[0].id]);
    expect(order.commitments[0].units.length).toBeGreaterThan(0);
    expect(order.commitments[0].units.every((u) => box.includes(u))).toBe(true);
    check('pos-commit', {
      naval: [],
      commits: [{ prev: s, side: 'TOG', order: order as unknown as Json }],
      defaulted: 0,
    });
  });

  it('interactive counter-attack window: where the Planetary bot would pass, GS units that lift the estimated odds to 3:2 make it counter-attack with navalSupport (L435, L2204) — legal, own view only', () => {
    // Four TOG TF counters beside CW TFs of four zones (the public estimate of one TF is small), and a fifth TOG TF moving next to a CW TF of another zone.
    const { s, contacts } = groundPosition(4, { interleave: 'interactive' }, 1);
    const target = Object.values(s.planetary.tfs)
      .filter((t) => t.side === 'CW' && !contacts.some((c) => c.zone === zoneOfHex(t.hex)))
      .map((t) => t.id)
      .sort()[0];
    const light = Object.keys(s.cargo)
      .filter((id) => s.planetary.units[id].type === 'tog-light-cohort')
      .sort()
      .slice(0, 1);
    const m = moverTowards(s, target, light);
    const r = prefectCampaign.resolve(
      s,
      { TOG: { kind: 'move', move: { tf: m.tf, mode: 'COMBAT', path: m.path } } as Json },
      seededDice('pos-live', 1),
    );
    expect(r.state.planetary.movement?.window).toMatchObject({ kind: 'interrupt', side: 'CW', mover: m.tf });
    // L381-385: the CW TF detects the mover (the first of a few fixed dice that succeeds), so the counter-attack window opens (L435).
    const interrupt = { kind: 'interrupt', detections: [{ tf: target, esm: 1 }] } as unknown as Json;
    const open = ['a', 'b', 'c', 'd', 'e', 'f']
      .map((x) => prefectCampaign.resolve(r.state, { CW: interrupt }, seededDice(`pos-live-${x}`, 1)).state)
      .find((x) => x.planetary.movement?.window?.kind === 'counter-attack');
    expect(open, 'no detection succeeded on six fixed dice').toBeDefined();
    const without = prefectCampaign.bot(open!, 'CW', seededDice('pos-live', 2)) as { kind: string };
    expect(without.kind).toBe('pass');
    const withGs = structuredClone(open!);
    const box = navalUnits(withGs, 'CW', 'FIGHTER');
    putInGsBox(withGs, zoneOfHex(m.path[1]), box);
    const p = prefectCampaign.prompts(withGs).find((q) => q.side === 'CW')!;
    expect(p.description).toContain('navalSupport');
    const order = prefectCampaign.bot(withGs, 'CW', seededDice('pos-live', 2)) as {
      kind: string;
      navalSupport?: { units: string[] }[];
    };
    expect(order.kind).toBe('counter-attack');
    expect(order.navalSupport?.length).toBeGreaterThan(0);
    expect(order.navalSupport!.flatMap((x) => x.units).every((u) => box.includes(u))).toBe(true);
    check('pos-live', {
      naval: [{ prev: withGs, side: 'CW', order: order as unknown as Json }],
      commits: [],
      defaulted: 0,
    });
  });
});

describe("the bot's naval support in bot play (planned and interactive)", () => {
  // Whether bot play reaches a GS unit that tips a column moves with every bot change (on 8 seeds at the time of writing:
  // no standing navalSupport, one gs-commitment), so that the bot writes them is proven in the hand-built positions
  // above; bot play checks that whatever it writes is legal, never defaulted and taken from its own view only.
  it('planned (c1, c2): standing navalSupport on movement-plan / counter-orders and sealed gs-commitments — legal, never defaulted, own view only', () => {
    for (const seed of ['c1', 'c2']) check(seed, collect(seed, {}));
  }, 120_000);

  it('interactive bot play (c1): every navalSupport the bot writes is legal, never defaulted, own view only (the supported counter-attack itself: the hand-built window above)', () => {
    const r = collect('c1', { interleave: 'interactive' });
    check('c1', r);
    for (const x of r.naval.filter((n) => (n.order as { kind: string }).kind === 'counter-attack')) {
      expect(prefectCampaign.prompts(x.prev).find((q) => q.side === x.side)!.description).toContain('navalSupport');
    }
  }, 120_000);
});
