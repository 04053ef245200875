/**
 * Bad input (issue 10): every prompt kind refuses malformed and illegal orders with structured
 * errors naming the rule, validation changes nothing, an invalid order at resolution is replaced
 * by the deadline default (orders.defaulted, to its sender only), and no error names a hidden
 * enemy thing (H16).
 */
import { describe, expect, it } from 'vitest';
import type { Json, OrderError } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { expectStructuredErrors } from '#engine/testing.js';
import prefectSpace from './index.js';
import { playBots } from './testing.js';
import type { Side, SpaceGameState } from './types.js';
import { tfAlias } from './view.js';

/** One state per prompt kind, from bot games. */
function statesByKind(): Map<string, { s: SpaceGameState; side: Side }> {
  const out = new Map<string, { s: SpaceGameState; side: Side }>();
  for (const seed of ['b1', 'b2', 'b3']) {
    playBots(seed, ({ prev, prompts }) => {
      for (const p of prompts)
        if (!out.has(p.kind)) out.set(p.kind, { s: structuredClone(prev), side: p.side as Side });
    });
  }
  return out;
}

const BY_KIND = statesByKind();
const other = (side: Side): Side => (side === 'TOG' ? 'CW' : 'TOG');
const enemyTf = (s: SpaceGameState, side: Side) => Object.values(s.tfs).find((t) => t.side !== side)!.id;
const ownTf = (s: SpaceGameState, side: Side) => Object.values(s.tfs).find((t) => t.side === side)!.id;

/** Illegal (well-formed) orders per kind, each breaking one named rule. */
const ILLEGAL: Record<string, (s: SpaceGameState, side: Side) => Json[]> = {
  missions: (s, side) => [
    { kind: 'missions', missions: [] }, // L1212: every TF needs one
    { kind: 'missions', missions: [{ tf: tfAlias(s, enemyTf(s, side)), mission: 'ATTACK' }] },
    { kind: 'missions', missions: [{ tf: 'nope', mission: 'ATTACK' }] },
  ],
  tspace: (s, side) => [
    { kind: 'tspace', enter: [tfAlias(s, enemyTf(s, side))], exits: [] },
    { kind: 'tspace', enter: [], exits: [{ tf: ownTf(s, side), sector: 's99-99' }] },
  ],
  reaction: (s, side) => [
    { kind: 'reaction', moves: [{ units: ['x'], from: ownTf(s, side), to: tfAlias(s, enemyTf(s, side)), segment: 1 }] },
  ],
  move: (s, side) => [
    { kind: 'move', moves: [{ tf: tfAlias(s, enemyTf(s, side)), to: 's3-4' }] },
    {
      kind: 'move',
      moves: [
        { tf: ownTf(s, side), to: 'nowhere' },
        { tf: ownTf(s, side), to: 'nowhere' },
      ],
    },
  ],
  'combat-plan': (s, side) => [
    { kind: 'combat-plan', plan: { tfs: [{ tf: tfAlias(s, enemyTf(s, side)) }] } },
    { kind: 'combat-plan', plan: 7 },
  ],
  'combat-reactions': () => [{ kind: 'combat-reactions', reactions: { intercept: 'maybe' } }],
  adjust: () => [
    {
      kind: 'adjust',
      form: [],
      exchanges: [],
      deploy: [],
      disorganise: [],
      destroySurplus: [],
      rebuild: ['not-a-unit'],
    },
  ],
  supply: (s, side) => [
    {
      kind: 'supply',
      rearm: [{ tf: tfAlias(s, enemyTf(s, side)), levels: 1, sources: [] }],
      reorganise: [],
      baseReorganise: [],
      transfers: [],
      load: [],
      unload: [],
    },
  ],
};

const MALFORMED = (kind: string): Json[] => [
  null,
  42,
  'missions',
  {},
  { kind: 'no-such-kind' },
  { kind, extra: true },
  { kind, moves: 'x', missions: 3, enter: 1, plan: null },
];

/** Real ids of enemy TFs and units: no error may name one (the sender typed only aliases). */
const hiddenNames = (s: SpaceGameState, side: Side) => [
  ...Object.keys(s.tfs).filter((id) => s.tfs[id].side !== side),
  ...Object.keys(s.units).filter(
    (id) => s.units[id].side !== side && s.units[id].tf && s.tfs[s.units[id].tf!]?.place.kind !== 'SECTOR',
  ),
];

describe('prefect-space bad input: structured errors, nothing changed', () => {
  it('covers every prompt kind', () => {
    expect([...BY_KIND.keys()]).toEqual(
      expect.arrayContaining([
        'missions',
        'tspace',
        'reaction',
        'move',
        'combat-plan',
        'combat-reactions',
        'adjust',
        'supply',
      ]),
    );
  });

  it.each([...BY_KIND.keys()])(
    '%s: malformed and illegal orders are refused with the rule named; the state is unchanged',
    (kind) => {
      const { s, side } = BY_KIND.get(kind)!;
      const before = JSON.stringify(s);
      const bad = [...MALFORMED(kind), ...(ILLEGAL[kind]?.(s, side) ?? [])];
      for (const o of bad) {
        const errors: OrderError[] = prefectSpace.validate(s, side, o);
        expectStructuredErrors(errors);
        const text = JSON.stringify(errors);
        for (const id of hiddenNames(s, side)) expect(text).not.toContain(id);
      }
      // the other side owes nothing of this kind (or owes another kind): refused too
      if (!prefectSpace.prompts(s).some((p) => p.side === other(side) && p.kind === kind))
        expectStructuredErrors(prefectSpace.validate(s, other(side), bad[bad.length - 1]));
      expect(JSON.stringify(s)).toBe(before);
    },
  );

  it.each([...BY_KIND.keys()])(
    '%s: an invalid order at resolution becomes the default, the sender alone is told',
    (kind) => {
      const { s, side } = BY_KIND.get(kind)!;
      const before = JSON.stringify(s);
      const orders: Record<string, Json> = {};
      for (const p of prefectSpace.prompts(s)) orders[p.side] = p.side === side ? { kind, junk: 1 } : p.defaultOrders;
      const r = prefectSpace.resolve(s, orders, seededDice('bad', 1));
      const d = r.events.filter((e) => e.type === 'orders.defaulted');
      expect(d).toHaveLength(1);
      expect(d[0].visibleTo).toEqual([side]);
      expect(JSON.stringify(s)).toBe(before);
    },
  );

  it('wrong-kind orders name the owed kind (D-53)', () => {
    const { s, side } = BY_KIND.get('move')!;
    const e = prefectSpace.validate(s, side, { kind: 'supply', rearm: [] });
    expect(e[0]).toMatchObject({ code: 'WRONG_KIND', rule: 'D-53' });
    expect(e[0].message).toContain("'move'");
  });

  it('missions: an enemy TF alias and a made-up id get the same answer (no leak, L1068)', () => {
    const { s, side } = BY_KIND.get('missions')!;
    const own = prefectSpace.prompts(s).find((p) => p.side === side)!.defaultOrders as { missions: Json[] };
    const withEnemy = prefectSpace.validate(s, side, {
      kind: 'missions',
      missions: [...own.missions, { tf: tfAlias(s, enemyTf(s, side)), mission: 'ATTACK' }],
    });
    const withFake = prefectSpace.validate(s, side, {
      kind: 'missions',
      missions: [...own.missions, { tf: 'tf_0000000000000000', mission: 'ATTACK' }],
    });
    expect(withEnemy.map((e) => e.code)).toEqual(['UNKNOWN_TF']);
    expect(withFake.map((e) => e.code)).toEqual(['UNKNOWN_TF']);
  });
});
