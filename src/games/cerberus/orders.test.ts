import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import cerberus from './index.js';
import { scheduledReinforcements, unitFromCounter } from './counters.js';
import { CerberusOrderSchema, parseOrder, PhasePlanOrderSchema } from './orders.js';
import { makeUnit, newState, type CerberusState } from './state.js';

describe('orders: one submission per decision point', () => {
  it('3.2 B/C: a whole Player Phase plan parses, with defaults filled in', () => {
    const raw = {
      kind: 'phase-plan',
      specialForces: { disrupt: [{ targetId: 'C:B1', sfIds: ['H:SF1', 'H:SF2'] }], hold: ['H:SF3', 'H:SF4'] },
      supply: {
        spaceDelivery: [
          { kind: 'installation', installationId: 'H:SP1', factors: 20 },
          { kind: 'unit', unitId: 'H:2/R' },
        ],
      },
      movement: { moves: [{ unitId: 'H:T/1', path: ['0213', '0212'], load: { atStep: 0, passengerId: 'H:1/1' } }] },
      combat: {
        suppress: [{ targetInstallationId: 'C:B1', from: [{ installationId: 'H:B1', points: 4 }] }],
        attacks: [
          {
            targetHex: '1109',
            attackers: ['H:2/R', 'H:H/R'],
            air: [{ installationId: 'H:B2', points: 4 }],
            fleet: 2,
            sfPair: ['H:SF3', 'H:SF4'],
            advance: 'all',
          },
        ],
      },
      transportation: {
        actions: [
          { type: 'land', unitId: 'H:1/X', hex: '0604' },
          { type: 'shuttle', unitId: 'H:1/1', hex: '0812' },
        ],
      },
      standing: { lossPriority: { unitIds: ['H:T/1'] } },
    };
    const r = parseOrder(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order).toMatchObject({
      kind: 'phase-plan',
      through: 'TRANSPORTATION',
      specialForces: { raid: [] },
      supply: { auto: true, draws: [] },
      movement: { ifBlocked: 'truncate' },
      combat: { attacks: [{ missiles: [], attackerLosses: [], ifChanged: 'proceed' }] },
      transportation: { ifIllegal: 'skip' },
      standing: { lossPriority: { then: 'fewest-vp-first', spaceport: 'protect' } },
    });
    expect(JSON.parse(JSON.stringify(r.order))).toEqual(r.order);
  });
  it('errors carry a stable code and a path into the orders', () => {
    const r = parseOrder({ kind: 'phase-plan', combat: { attacks: [{ targetHex: '99', attackers: [] }] } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path.join('.'))).toEqual(
      expect.arrayContaining(['combat.attacks.0.targetHex', 'combat.attacks.0.attackers']),
    );
    expect(r.errors.every((e) => e.code.startsWith('schema.'))).toBe(true);
    expect(parseOrder({ kind: 'nonsense' }).ok).toBe(false);
  });
  it('11.33: a Transport loads a passenger or supplies, not both', () => {
    const bad = PhasePlanOrderSchema.safeParse({
      kind: 'phase-plan',
      movement: { moves: [{ unitId: 'T', path: ['0101'], load: { atStep: 0, passengerId: 'I', supplies: 2 } }] },
    });
    expect(bad.success).toBe(false);
  });
  it('10.432: an SF pair is exactly two SF', () => {
    const three = PhasePlanOrderSchema.safeParse({
      kind: 'phase-plan',
      combat: { attacks: [{ targetHex: '0101', attackers: ['a'], sfPair: ['x', 'y', 'z'] }] },
    });
    expect(three.success).toBe(false);
  });
  it('13.4: the Major Effort order; every kind of order is in the union', () => {
    expect(CerberusOrderSchema.parse({ kind: 'major-effort', call: true })).toEqual({
      kind: 'major-effort',
      call: true,
      cancelRollIfSoleCaller: false,
    });
    const kinds = CerberusOrderSchema.options.map((o) => o.shape.kind.value).sort();
    expect(kinds).toEqual([
      'losses',
      'major-effort',
      'phase-plan',
      'setup-cetian',
      'setup-human',
      'strategic-cetian',
      'strategic-human',
    ]);
  });
  it('14.23: the Special Insertion lists units in priority order (the die decides how many land)', () => {
    const r = parseOrder({
      kind: 'phase-plan',
      transportation: { insertion: { priority: [{ unitId: 'C:3/A', hex: '1109' }] } },
    });
    expect(r.ok).toBe(true);
  });
});

describe('state is plain JSON', () => {
  it('a state with units from the data pack survives a JSON round trip unchanged', () => {
    const units = [
      unitFromCounter('H:2/R', 'FLEET'),
      unitFromCounter('C:SP', 'MAP'),
      ...scheduledReinforcements(),
      makeUnit({ id: 'x', side: 'HUMAN', cls: 'SF', box: 'FLEET_SF' }),
    ];
    const s = newState('campaign', { weather: false }, units);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(unitFromCounter('C:SP', 'MAP')).toMatchObject({ cls: 'SPACEPORT', defense: 10 });
    expect(unitFromCounter('C:SP', 'MAP', { spaceportFactorsFrom: '14.1' }).defense).toBe(12);
  });
  it('14.11: a new game starts in set-up with the marker at Human +6 and 12 turns (no limit in the extended game)', () => {
    expect(newState('campaign', {})).toMatchObject({
      segment: 'SETUP_CETIAN',
      phase: 'SETUP',
      space: { state: 6 },
      lastTurn: 12,
    });
    expect(newState('campaign', { extended: true }).lastTurn).toBeNull();
  });
});

describe('3.1 orders are strict: an unknown key at any level is refused', () => {
  /** The first default order of each prompt kind met in a game of defaults (interactive losses, 7.7, included). */
  function defaultsByKind(): Map<string, { state: CerberusState; side: string; order: Json }> {
    const found = new Map<string, { state: CerberusState; side: string; order: Json }>();
    let s = cerberus.setup('campaign', { lossChoice: 'interactive' }, seededDice('strict', 0)) as CerberusState;
    for (let step = 1; step < 200 && !cerberus.outcome(s) && found.size < KINDS.length; step++) {
      const orders: Record<string, Json> = {};
      for (const p of cerberus.prompts(s)) {
        if (!found.has(p.kind)) found.set(p.kind, { state: s, side: p.side, order: p.defaultOrders });
        orders[p.side] = cerberus.bot(s, p.side, seededDice('strict|bot', step));
      }
      s = cerberus.resolve(s, orders, seededDice('strict', step)).state as CerberusState;
    }
    return found;
  }
  const KINDS = CerberusOrderSchema.options.map((o) => o.shape.kind.value);
  /** Path of the first object nested in `v` (below the top level), if any. */
  const nestedObject = (v: Json, path: (string | number)[] = []): (string | number)[] | null => {
    if (Array.isArray(v))
      return v.reduce<(string | number)[] | null>((f, x, i) => f ?? nestedObject(x, [...path, i]), null);
    if (!v || typeof v !== 'object') return null;
    if (path.length) return path;
    return Object.entries(v).reduce<(string | number)[] | null>((f, [k, x]) => f ?? nestedObject(x, [k]), null);
  };
  const at = (v: Json, path: (string | number)[]) => path.reduce<any>((o, k) => o[k], v);

  it('every prompt kind: an unknown top-level key, in standing orders, and in the kind’s own nested objects', () => {
    const found = defaultsByKind();
    expect([...found.keys()].sort()).toEqual([...KINDS].sort());
    for (const [kind, { state, side, order }] of found) {
      expect(cerberus.validate(state, side, order), kind).toEqual([]);
      const refused = (bad: Json, path: (string | number)[]) => {
        const errors = cerberus.validate(state, side, bad);
        expect(errors, `${kind} ${path.join('.')}`).toEqual([
          expect.objectContaining({
            code: 'schema.unrecognized_keys',
            path,
            message: expect.stringMatching(/^Unknown key '\w+'; expected only: /),
          }),
        ]);
        expect(errors[0].rule, kind).toBeTruthy();
      };
      const top = structuredClone(order) as Record<string, Json>;
      top.landings = [];
      refused(top, ['landings']);
      expect(cerberus.validate(state, side, top)[0].message).toContain('kind');
      refused({ ...(order as object), standing: { lossPriority: { unitIds: [], bogus: 1 } } }, [
        'standing',
        'lossPriority',
        'bogus',
      ]);
      const inner = nestedObject(order);
      if (inner) {
        const deep = structuredClone(order);
        at(deep, inner).bogus = 1;
        refused(deep, [...inner, 'bogus']);
      }
    }
  }, 60_000);
});
