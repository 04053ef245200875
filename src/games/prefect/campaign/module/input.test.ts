/**
 * Bad input per prompt kind: every kind the campaign issues refuses malformed orders with
 * structured errors naming a rule, and resolving with them changes nothing beyond the deadline
 * default (same state as the default orders, an 'orders.defaulted' event to the sender only).
 * Plus the campaign's own rules: GS strikes wait for the ground combat (L2182), drop groups
 * (L2388) and landing hexes (L2390) are checked.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { campaignData } from '../data/index.js';
import prefectCampaign from './index.js';
import { firstInBotPlay, playBots, SEARCH_SEEDS } from './testing.js';
import type { CampaignGameState } from './types.js';

const states: CampaignGameState[] = [];
for (const seed of ['c1', 'c2'])
  playBots(seed, ({ prev }) => {
    states.push(prev);
  });

/** The first recorded state where `pred` holds, else the first in bot play on further seeds (bot policies move where situations arise). */
const stateWhere = (what: string, pred: (s: CampaignGameState) => boolean): CampaignGameState =>
  states.find(pred) ??
  firstInBotPlay(
    what,
    ({ prev }) => pred(prev) && prev,
    {},
    SEARCH_SEEDS.filter((x) => x !== 'c1' && x !== 'c2'),
  );

/** The first state where each prompt kind is owed, by kind. */
function firstByKind(): Map<string, CampaignGameState> {
  const out = new Map<string, CampaignGameState>();
  for (const s of states) for (const p of prefectCampaign.prompts(s)) if (!out.has(p.kind)) out.set(p.kind, s);
  return out;
}

/** The default order with every field but `kind` replaced by a wrong type. */
const spoiled = (o: Json): Json =>
  Object.fromEntries(Object.entries(o as Record<string, Json>).map(([k, v]) => [k, k === 'kind' ? v : 'garbage']));

describe('prefect-campaign: bad input per prompt kind', () => {
  const byKind = firstByKind();

  it('covers the kinds a campaign issues', () => {
    for (const k of [
      'mission-assignment',
      'space-movement',
      'space-combat',
      'ground-movement',
      'tf-adjustment',
      'supply',
    ])
      expect([...byKind.keys()]).toContain(k);
  });

  for (const [kind, s] of byKind) {
    it(`${kind}: malformed orders are refused with a rule, and resolve as the default`, () => {
      const snapshot = JSON.stringify(s);
      for (const p of prefectCampaign.prompts(s).filter((x) => x.kind === kind)) {
        const bads: unknown[] = [null, 42, { kind: 'nonsense' }, spoiled(p.defaultOrders)];
        for (const bad of bads) {
          const errors = prefectCampaign.validate(s, p.side, bad);
          expect(errors.length, `${kind} ${JSON.stringify(bad)}`).toBeGreaterThan(0);
          for (const e of errors) {
            expect(e.code).toBeTruthy();
            expect(e.rule, e.code).toBeTruthy();
          }
        }
        const others: Record<string, Json> = {};
        for (const q of prefectCampaign.prompts(s))
          if (q.side !== p.side) others[q.side] = prefectCampaign.bot(s, q.side, seededDice('in', 1));
        const bad = prefectCampaign.resolve(s, { ...others, [p.side]: spoiled(p.defaultOrders) }, seededDice('r', 1));
        const dflt = prefectCampaign.resolve(s, { ...others, [p.side]: p.defaultOrders }, seededDice('r', 1));
        expect(bad.state).toEqual(dflt.state);
        const note = bad.events.filter((e) => e.type === 'orders.defaulted');
        expect(note.length).toBe(1);
        expect(note[0].visibleTo).toEqual([p.side]);
        // Not owed: the other side (when it owes nothing) is told so.
        if (!prefectCampaign.prompts(s).some((q) => q.side !== p.side))
          expect(prefectCampaign.validate(s, p.side === 'TOG' ? 'CW' : 'TOG', p.defaultOrders)[0].code).toBe(
            'NOT_OWED',
          );
      }
      expect(JSON.stringify(s)).toBe(snapshot); // validation and resolution never touch the state given
    });
  }

  it('L2282-2284: loading more SP off-system than the scenario delivers this turn is refused', () => {
    const s = stateWhere('Supply stage', (x) => x.stage === 'SUPPLY');
    const p = prefectCampaign.prompts(s).find((q) => q.side === 'TOG')!;
    const d = p.defaultOrders as { naval: Record<string, Json> };
    const trm = Object.values(s.space.units).find((u) => u.side === 'TOG' && u.type.includes('TRM'))!.id;
    const over = { ...(p.defaultOrders as object), naval: { ...d.naval, load: [{ unit: trm, sp: 41 }] } };
    const e = prefectCampaign.validate(s, 'TOG', over);
    expect(e.find((x) => x.code === 'OFF_SYSTEM_LIMIT')).toMatchObject({ rule: 'L2282-2284', path: ['naval', 'load'] });
    const ok = { ...(p.defaultOrders as object), naval: { ...d.naval, load: [{ unit: trm, sp: 40 }] } };
    expect(prefectCampaign.validate(s, 'TOG', ok).map((x) => x.code)).not.toContain('OFF_SYSTEM_LIMIT');
  }, 300_000);

  it('L2368-2378: odLoads choose what an OD transport drops; the rest stays aboard; a unit not aboard is refused', () => {
    type OdCargo = { transport: string; units: { id: string }[] }[];
    /** A space combat step where TOG has two transports with cargo, the first with two units or more, and that TF comes through (L1585). */
    const odCase = (s: CampaignGameState) => {
      if (s.stage !== 'SPACE' || s.space.step !== 'COMBAT') return null;
      const p = prefectCampaign.prompts(s).find((q) => q.side === 'TOG');
      const odCargo = (p?.choices as { odCargo?: OdCargo } | undefined)?.odCargo ?? [];
      const cargo = odCargo.find((t) => t.units.length > 1);
      const other = odCargo.find((t) => t.transport !== cargo?.transport);
      if (!p || !cargo || !other) return null;
      const order = {
        ...(prefectCampaign.bot(s, 'TOG', seededDice('od', 1)) as object),
        odLoads: [{ transport: cargo.transport, units: [cargo.units[0].id] }],
      };
      const others: Record<string, Json> = {};
      for (const q of prefectCampaign.prompts(s))
        if (q.side !== 'TOG') others[q.side] = prefectCampaign.bot(s, q.side, seededDice('od', 2));
      const r = prefectCampaign.resolve(s, { ...others, TOG: order as Json }, seededDice('od', 3));
      const dropped = Object.values(r.state.zones).flatMap((z) =>
        z.od.filter((e) => e.transport === cargo.transport).flatMap((e) => e.units),
      );
      return dropped.length ? { s, p, cargo, other, order, r, dropped } : null;
    };
    let first: ReturnType<typeof odCase> = null;
    for (const x of states) if (!first) first = odCase(x);
    const found =
      first ??
      firstInBotPlay(
        'space combat step with an OD transport of TOG that comes through',
        ({ prev }) => odCase(prev),
        {},
        SEARCH_SEEDS.slice(2),
      );
    const { s, p, cargo, other, order, r, dropped } = found;
    const keep = cargo.units.slice(1).map((u) => u.id);
    const bad = {
      ...(p.defaultOrders as object),
      odLoads: [{ transport: cargo.transport, units: [other.units[0].id] }],
    };
    expect(prefectCampaign.validate(s, 'TOG', bad)[0]).toMatchObject({
      code: 'NOT_ABOARD',
      rule: 'L2378',
      path: ['odLoads'],
    });
    expect(prefectCampaign.validate(s, 'TOG', order)).toEqual([]);
    expect(dropped).toEqual([cargo.units[0].id]); // only the unit named
    for (const u of keep) expect(r.state.cargo[u]?.transports).toContain(cargo.transport);
  }, 300_000);

  it('an unknown side is refused (L124-126)', () => {
    expect(prefectCampaign.validate(states[0], 'ROME', {})[0]).toMatchObject({
      code: 'UNKNOWN_SIDE',
      rule: 'L124-126',
    });
  });

  it('L2182: a GS TF at the planet names no space strike target in the campaign', () => {
    const planet = campaignData.rules.planetSector;
    const s = stateWhere(
      'space combat plan owed by a side with a GS TF at the planet',
      (x) =>
        x.stage === 'SPACE' &&
        x.space.step === 'COMBAT' &&
        Object.values(x.space.tfs).some(
          (t) =>
            t.mission === 'GROUND_SUPPORT' &&
            t.place.kind === 'SECTOR' &&
            t.place.sector === planet &&
            prefectCampaign
              .prompts(x)
              .some((p) => p.side === t.side && (p.defaultOrders as { kind: string }).kind === 'combat-plan'),
        ),
    );
    expect(s).toBeDefined();
    const p = prefectCampaign.prompts(s).find((q) => (q.defaultOrders as { kind: string }).kind === 'combat-plan')!;
    const gs = Object.values(s.space.tfs).find(
      (t) =>
        t.side === p.side && t.mission === 'GROUND_SUPPORT' && t.place.kind === 'SECTOR' && t.place.sector === planet,
    )!;
    const base = Object.values(s.space.bases).find((b) => b.side !== p.side)?.id ?? 'any-base';
    const order = { kind: 'combat-plan', plan: { tfs: [{ tf: gs.id, segment: 1, gsTarget: base }] } };
    const errors = prefectCampaign.validate(s, p.side, order);
    expect(errors.map((e) => e.code)).toContain('GS_WAITS_FOR_GROUND_COMBAT');
    expect(errors.find((e) => e.code === 'GS_WAITS_FOR_GROUND_COMBAT')!.rule).toBe('L2182, L2198');
    expect(
      prefectCampaign.validate(s, p.side, { kind: 'combat-plan', plan: { tfs: [{ tf: gs.id, segment: 1 }] } }),
    ).toEqual([]);
  }, 300_000);

  it('L2388 / L2390: bad drop groups and landing hexes are refused with their rule', () => {
    const adj = stateWhere(
      'TF Adjustment with TOG forces in an OD box',
      (x) => x.stage === 'ADJUST' && Object.values(x.zones).some((z) => z.od.some((e) => e.side === 'TOG')),
    );
    expect(adj).toBeDefined();
    const p = prefectCampaign.prompts(adj).find((q) => q.side === 'TOG')!;
    const [zone, box] = Object.entries(adj.zones).find(([, z]) => z.od.some((e) => e.side === 'TOG'))!;
    const unit = box.od.find((e) => e.side === 'TOG')!.units[0];
    const wrongZone = { ...(p.defaultOrders as object), drops: [{ zone: Number(zone) === 1 ? 2 : 1, units: [unit] }] };
    expect(prefectCampaign.validate(adj, 'TOG', wrongZone)[0]).toMatchObject({
      code: 'NOT_DROPPED',
      rule: 'L2388',
      path: ['drops'],
    });
    expect(prefectCampaign.validate(adj, 'TOG', { ...(p.defaultOrders as object), drops: 'all' })[0]).toMatchObject({
      code: 'MALFORMED',
      rule: 'L2388',
    });
    const sup = stateWhere(
      'Supply stage with TOG drop groups',
      (x) =>
        x.stage === 'SUPPLY' &&
        x.dropGroups.some((g) => g.side === 'TOG') &&
        Object.values(x.planetary.bases).some((b) => b.side === 'CW' && b.status === 'ACTIVE'),
    );
    expect(sup).toBeDefined();
    const q = prefectCampaign.prompts(sup).find((x) => x.side === 'TOG')!;
    const g = sup.dropGroups.find((x) => x.side === 'TOG')!;
    const enemyBase = Object.values(sup.planetary.bases).find((b) => b.side === 'CW' && b.status === 'ACTIVE')!;
    const e = prefectCampaign.validate(sup, 'TOG', {
      ...(q.defaultOrders as object),
      landings: [{ group: g.id, hex: enemyBase.hex }],
    });
    expect(e[0].rule).toMatch(/L2390/);
    expect(e[0].path).toEqual(['landings']);
  }, 300_000);
});
