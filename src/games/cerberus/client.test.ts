/**
 * Cerberus for rule-less clients: the globe board (4.9), pieces from a redacted view, a sentence
 * for every event bot games produce, and orders schemas that agree with validate.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { isOpaqueId, isVisibleTo } from '#engine/redact.js';
import { BOARD_ID } from './client.js';
import { DESCRIBED_EVENTS, unitName } from './describe.js';
import { fuzzOptions } from './fuzz-harness.js';
import cerberus from './index.js';
import type { CerberusState } from './state.js';
import { hiddenIds } from './view.js';

const SIDES = ['HUMAN', 'CETIAN'];
const [board] = cerberus.boards!('campaign');
const hexIds = new Set(board.hexes.map((h) => h.id));
const placeIds = new Set([...hexIds, ...board.boxes.map((b) => b.id)]);

describe('board (4.9)', () => {
  it('is the whole globe: 440 hexes, symmetric neighbours, the wrap and both Poles', () => {
    expect(board.hexes).toHaveLength(440);
    expect(board.orientation).toBe('pointy');
    const byId = new Map(board.hexes.map((h) => [h.id, h]));
    for (const h of board.hexes) {
      for (const n of h.neighbors) expect(byId.get(n)?.neighbors, `${h.id}-${n}`).toContain(h.id);
      expect(h.x).toBeGreaterThanOrEqual(0);
      expect(h.x).toBeLessThanOrEqual(board.wrapX!);
    }
    expect(byId.get('0000')!.features).toContain('pole-north');
    expect(byId.get('2000')!.features).toContain('pole-south');
    expect(byId.get('0000')!.y).toBeLessThan(byId.get('0103')!.y);
    // The wrap (4.91): column 30 touches column 01 of the same row.
    const row10 = board.hexes.filter((h) => h.id.startsWith('10'));
    expect(row10.some((h) => h.id === '1030' && h.neighbors.includes('1001'))).toBe(true);
    // Curvature gaps (4.94): row 01 is short of 30 hexes.
    expect(board.hexes.filter((h) => h.id.startsWith('01')).length).toBeLessThan(30);
    expect(board.boxes.map((b) => b.id)).toEqual(
      expect.arrayContaining(['HUMAN:FLEET', 'CETIAN:SYSTEM', 'CETIAN:TAU_CETI', 'HUMAN:EARTH', 'HUMAN:DESTROYED']),
    );
  });
});

/** Plays bot games, handing every step to `check`. */
function play(
  seed: string,
  check: (state: CerberusState, before: CerberusState, events: GameEvent[]) => void,
  maxSteps = 400,
) {
  let state = cerberus.setup('campaign', fuzzOptions(seed), seededDice(seed, 0)) as CerberusState;
  for (let step = 1; step <= maxSteps && !cerberus.outcome(state); step++) {
    const orders: Record<string, Json> = {};
    for (const p of cerberus.prompts(state))
      orders[p.side] = cerberus.bot(state, p.side, seededDice(`${seed}|bot|${p.side}`, step));
    const before = state;
    const r = cerberus.resolve(state, orders, seededDice(seed, step));
    state = JSON.parse(JSON.stringify(r.state)) as CerberusState;
    check(state, before, r.events);
  }
}

describe('in bot games', () => {
  it('every event has a sentence of its own, naming only what the event itself holds; pieces hide what views hide', () => {
    const seen = new Set<string>();
    const ajv = new Ajv({ strict: false });
    ajv.addKeyword({ keyword: 'x-warpost-ref', schemaType: 'string' });
    const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
    const schemaOf = (kind: string) => {
      if (!compiled.has(kind))
        compiled.set(kind, ajv.compile(cerberus.promptKinds!.find((k) => k.kind === kind)!.ordersSchema as object));
      return compiled.get(kind)!;
    };
    let checkedOrders = 0;
    for (const seed of ['texts-a', 'texts-b']) {
      play(seed, (state, before, events) => {
        // Orders schemas agree with validate on the default and the bot orders of every prompt.
        for (const p of cerberus.prompts(before)) {
          for (const o of [
            p.defaultOrders,
            cerberus.bot(before, p.side, seededDice(`${seed}|schema`, checkedOrders)),
          ]) {
            const okSchema = schemaOf(p.kind)(o);
            expect(okSchema, `${p.kind} ${JSON.stringify(schemaOf(p.kind).errors)}`).toBe(
              cerberus.validate(before, p.side, o).length === 0,
            );
            checkedOrders++;
          }
          expect(cerberus.describePrompt!(p, p.side).key).toBe(`cerberus.prompt.${p.kind}`);
        }
        for (const e of events) {
          seen.add(e.type);
          for (const viewer of [...SIDES, null]) {
            if (!isVisibleTo(e.visibleTo, viewer, SIDES)) continue;
            const t = cerberus.describeEvent!({ type: e.type, data: e.data }, viewer);
            expect(t.key, e.type).toBe(`cerberus.${e.type}`);
            const data = JSON.stringify(e.data);
            for (const hex of t.text.match(/\b\d{4}\b/g) ?? []) expect(data, `${e.type}: ${t.text}`).toContain(hex);
            for (const u of state.units) {
              const name = unitName(u.id);
              if (!new RegExp(`(^|[\\s,(])${name.replace(/[/]/g, '\\/')}([\\s,.)]|$)`).test(t.text)) continue;
              const named = state.units
                .filter((x) => unitName(x.id) === name)
                .some((x) => data.includes(JSON.stringify(x.id)));
              expect(named, `${e.type} names ${name}: ${t.text}`).toBe(true);
            }
          }
        }
        // Pieces come from each viewer's view and carry no id the view hides.
        for (const viewer of [...SIDES, null]) {
          const ps = cerberus.pieces!(cerberus.view(state, viewer), viewer);
          const text = JSON.stringify(ps);
          for (const real of hiddenIds(state, viewer).keys())
            expect(text.includes(JSON.stringify(real)), `${viewer} sees ${real}`).toBe(false);
          for (const p of ps) {
            expect(p.board).toBe(BOARD_ID);
            expect(placeIds.has(p.at), `${p.id} at ${p.at}`).toBe(true);
            if (p.hidden) expect(p.values).toBeUndefined();
            if (p.hidden && hexIds.has(p.at)) expect(isOpaqueId(p.id)).toBe(true);
          }
        }
      });
    }
    expect(checkedOrders).toBeGreaterThan(50);
    expect([...seen].filter((t) => !DESCRIBED_EVENTS.includes(t))).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  }, 240_000);

  it('schemas mark hexes and units, and refuse unknown keys as validate does (3.1)', () => {
    const plan = JSON.stringify(cerberus.promptKinds!.find((k) => k.kind === 'phase-plan')!.ordersSchema);
    expect(plan).toContain('"x-warpost-ref":"hex"');
    expect(plan).toContain('"x-warpost-ref":"piece"');
    const ajv = new Ajv({ strict: false });
    const check = ajv.compile(cerberus.promptKinds!.find((k) => k.kind === 'major-effort')!.ordersSchema as object);
    expect(check({ kind: 'major-effort', call: false, extra: 1 })).toBe(false);
    for (const k of cerberus.promptKinds!) expect(k.ordersSchema, k.kind).toBeTruthy();
  });
});
