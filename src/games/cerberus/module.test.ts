import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Json, OrderError } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { isOpaqueId } from '#engine/redact.js';
import { expectStructuredErrors } from '#engine/testing.js';
import { unitsData } from './data/index.js';
import cerberus, { ALL_OPTIONS, RULE_SEGMENTS, SEGMENT_HANDLERS, UNWIRED_SEGMENTS } from './index.js';
import { owedAt } from './sequence.js';
import { planCetianSetup, planHumanSetup } from './setup.js';
import type { CerberusState, Side } from './state.js';

const setup = (seed = 'm1', options: Record<string, Json> = {}) =>
  cerberus.setup('campaign', options, seededDice(seed, 0)) as CerberusState;

/** Plays bot orders from `state` until `stop` holds (or the game ends). */
function playUntil(state: CerberusState, seed: string, stop: (s: CerberusState) => boolean, max = 300): CerberusState {
  let s = state;
  for (let step = 1; step <= max && !stop(s) && !cerberus.outcome(s); step++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(s)) orders[o.side] = cerberus.bot(s, o.side, seededDice(`${seed}|bot`, step));
    s = cerberus.resolve(s, orders, seededDice(seed, step)).state as CerberusState;
  }
  return s;
}
const deployed = (seed = 'm1') => playUntil(setup(seed), seed, (s) => s.segment !== 'SETUP_CETIAN');

const expectStructured = expectStructuredErrors;
const codes = (errors: OrderError[]) => errors.map((e) => e.code);

describe('contract conformance', () => {
  it('declares the game: sides, the 12-turn campaign (14), options with unique ids', () => {
    expect(cerberus.id).toBe('cerberus');
    expect(cerberus.sides).toEqual(['HUMAN', 'CETIAN']);
    expect(cerberus.scenarios.map((s) => s.id)).toEqual(['campaign']);
    const ids = ALL_OPTIONS.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('extended');
    expect(ids).not.toContain('extendedGame');
    for (const o of cerberus.options) {
      expect(o.rule, o.id).toBeTruthy();
      expect(typeof o.default).toBe(o.type);
    }
  });

  it('withholds options whose rules are unwired (weather, 15) and refuses them at set-up', () => {
    const offered = cerberus.options.map((o) => o.id);
    expect(offered.includes('weather')).toBe(!UNWIRED_SEGMENTS.includes('WEATHER'));
    if (UNWIRED_SEGMENTS.includes('WEATHER')) expect(() => setup('w', { weather: true })).toThrow(/weather/);
  });

  it('every segment of the sequence has a handler or is listed as unwired, never both', () => {
    for (const seg of RULE_SEGMENTS)
      expect(Boolean(SEGMENT_HANDLERS[seg]) !== UNWIRED_SEGMENTS.includes(seg), seg).toBe(true);
  });

  it.each([
    ['SUPPLY', 'supply'],
    ['MOVEMENT', 'movement'],
    ['COMBAT', 'combat'],
    ['TRANSPORTATION', 'transport'],
    ['WEATHER', 'weather'],
  ] as const)('a shipped %s handler (%s.ts) is wired', async (segment, file) => {
    if (!existsSync(new URL(`./${file}.ts`, import.meta.url))) return;
    const mod = (await import(/* @vite-ignore */ new URL(`./${file}.ts`, import.meta.url).href)) as Record<
      string,
      unknown
    >;
    const ships = Object.entries(mod).some(([name, v]) => typeof v === 'function' && /handler$/i.test(name));
    if (ships) {
      expect(UNWIRED_SEGMENTS).not.toContain(segment);
      expect(SEGMENT_HANDLERS[segment]).toBeTypeOf('function');
    }
  });

  it('set-up is deterministic per seed and differs between seeds (14.1)', () => {
    expect(setup('a')).toEqual(setup('a'));
    expect(setup('a').viewSecret).not.toBe(setup('b').viewSecret);
    const s = setup('a');
    expect(s.units).toHaveLength(unitsData.counters.length);
    expect(s.space.state).toBe(6);
    expect(cerberus.prompts(s).map((p) => [p.side, p.kind, p.secret])).toEqual([['CETIAN', 'setup-cetian', false]]);
    expect(cerberus.outcome(s)).toBeNull();
  });

  it('validate rejects garbage with structured errors', () => {
    const s = setup();
    for (const raw of [
      null,
      42,
      'orders',
      [],
      {},
      { kind: 'nope' },
      { kind: 'setup-cetian', placements: 'x', supplies: [] },
    ]) {
      expectStructured(cerberus.validate(s, 'CETIAN', raw));
    }
    expect(codes(cerberus.validate(s, 'HUMAN', planHumanSetup(s)))).toEqual(['not-owed']);
    expect(codes(cerberus.validate(s, 'MARTIAN', {}))).toEqual(['unknown-side']);
    expect(codes(cerberus.validate(s, 'CETIAN', { kind: 'major-effort', call: true }))).toEqual(['wrong-kind']);
  });

  it('14.12 the Cetian deployment is checked rule by rule', () => {
    const s = setup();
    const good = planCetianSetup(s);
    expect(cerberus.validate(s, 'CETIAN', good)).toEqual([]);
    const edit = (f: (o: typeof good) => void) => {
      const o = structuredClone(good);
      f(o);
      const errors = cerberus.validate(s, 'CETIAN', o);
      expectStructured(errors);
      return codes(errors);
    };
    const sp = good.placements.findIndex((p) => p.unitId === 'C:SP');
    const inf = good.placements.findIndex((p) => p.unitId === 'C:2/3');
    expect(edit((o) => (o.placements[sp].hex = '0101'))).toContain('setup.no-hex');
    expect(edit((o) => (o.placements[inf].hex = '0101'))).toContain('setup.no-hex');
    expect(edit((o) => (o.placements[sp].hex = '1001'))).toContain('setup.water'); // All Water (4.4)
    expect(edit((o) => (o.placements[sp].hex = '1010'))).toContain('setup.installation-off-resource');
    expect(edit((o) => o.placements.splice(inf, 1))).toContain('setup.missing');
    expect(edit((o) => o.placements.push({ ...o.placements[inf] }))).toContain('setup.twice');
    expect(edit((o) => (o.placements.find((p) => p.unitId === 'C:B1')!.hex = o.placements[sp].hex))).toContain(
      'setup.installations-stacked',
    );
    expect(edit((o) => (o.supplies[0].factors -= 1))).toContain('setup.supply-total');
    expect(edit((o) => (o.supplies.find((x) => x.installationId === 'C:B1')!.factors = 9))).toContain(
      'setup.supply-cap',
    );
    expect(edit((o) => o.supplies.push({ installationId: 'C:2/3', factors: 1 }))).toContain('setup.supply-target');
    const crowd = edit((o) =>
      ['C:2/9', 'C:3/9'].forEach((id) => (o.placements.find((p) => p.unitId === id)!.hex = o.placements[sp].hex)),
    );
    expect(crowd.some((c) => c.startsWith('stacking.'))).toBe(true);
  });

  it('14.13 the Human Fleet allocation: at most 12 units from Earth, no SF', () => {
    const s = deployed();
    expect(cerberus.validate(s, 'HUMAN', planHumanSetup(s))).toEqual([]);
    const earth = s.units.filter((u) => u.side === 'HUMAN' && u.box === 'EARTH').map((u) => u.id);
    expect(codes(cerberus.validate(s, 'HUMAN', { kind: 'setup-human', fleet: earth.slice(0, 13) }))).toEqual([
      'schema.too_big',
    ]);
    expect(codes(cerberus.validate(s, 'HUMAN', { kind: 'setup-human', fleet: ['H:SF1'] }))).toEqual([
      'setup.not-on-earth',
    ]);
  });
});

describe('redaction (14.12, 2.6, §8.1)', () => {
  const s = deployed('r1');
  const hidden = s.units.filter((u) => u.side === 'CETIAN' && u.box === 'MAP');
  const hiddenTypes = [...new Set(hidden.map((u) => u.typeId))];

  it('the Human view names no face-down Cetian unit and no type of one', () => {
    expect(hidden.length).toBe(18);
    expect(hidden.every((u) => u.faceDown)).toBe(true);
    for (const viewer of ['HUMAN', null] as const) {
      const text = JSON.stringify(cerberus.view(s, viewer));
      for (const u of hidden) expect(text, `${viewer} sees ${u.id}`).not.toContain(JSON.stringify(u.id));
      for (const t of hiddenTypes) expect(text, `${viewer} sees ${t}`).not.toContain(t);
    }
  });

  it('face-down units are {opaqueId, hex}, per viewer, in hex order; hidden boxes are counts', () => {
    const human = cerberus.view(s, 'HUMAN') as any;
    const spect = cerberus.view(s, null) as any;
    const fd = human.sides.CETIAN.faceDown as { opaqueId: string; hex: string }[];
    expect(fd).toHaveLength(18);
    for (const f of fd) {
      expect(Object.keys(f).sort()).toEqual(['hex', 'opaqueId']);
      expect(isOpaqueId(f.opaqueId)).toBe(true);
    }
    expect(fd.map((f) => f.hex + f.opaqueId)).toEqual(fd.map((f) => f.hex + f.opaqueId).sort());
    const spectIds = new Set((spect.sides.CETIAN.faceDown as { opaqueId: string }[]).map((f) => f.opaqueId));
    expect(fd.some((f) => spectIds.has(f.opaqueId))).toBe(false);
    expect(human.sides.CETIAN.boxCounts).toMatchObject({ SYSTEM: 7, TAU_CETI: 6 });
    const cetian = cerberus.view(s, 'CETIAN') as any;
    expect(cetian.sides.CETIAN.faceDown).toEqual([]);
    expect(cetian.sides.HUMAN.boxCounts.EARTH).toBeGreaterThan(0);
    expect(JSON.stringify(cetian.sides.HUMAN)).not.toContain('"H:1/1"');
  });

  it('orders name hidden units by opaque id; a guessed real id is refused (10.41)', () => {
    const t = playUntil(s, 'r1', (x) => x.segment === 'SPECIAL_FORCES' && x.phasing === 'HUMAN');
    const prompt = cerberus.prompts(t).find((p) => p.side === 'HUMAN')!;
    const targets = (prompt.choices as any).SPECIAL_FORCES.disruptTargets as { unitId: string; faceDown: boolean }[];
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((x) => x.faceDown && isOpaqueId(x.unitId))).toBe(true);
    const order = (targetId: string) => ({
      kind: 'phase-plan',
      through: 'SPECIAL_FORCES',
      specialForces: { disrupt: [{ targetId, sfIds: ['H:SF1'] }] },
    });
    expect(cerberus.validate(t, 'HUMAN', order(targets[0].unitId))).toEqual([]);
    const guessed = cerberus.validate(t, 'HUMAN', order('C:SP'));
    expect(codes(guessed)).toEqual(['unit.unknown']);
    expect(guessed[0].path).toEqual(['specialForces', 'disrupt', 0, 'targetId']);
    expect(JSON.stringify(prompt)).not.toContain('"C:SP"');
    // 14.12 a made-up id gets the very same answer, so a dry run cannot sort real ids from invented ones.
    expect(cerberus.validate(t, 'HUMAN', order('C:NO-SUCH-UNIT'))).toEqual(guessed);
  });

  it('the phasing player’s stored plan is his alone', () => {
    const t = playUntil(s, 'r1', (x) => x.plan !== null && x.plan.side === 'HUMAN');
    expect((cerberus.view(t, 'HUMAN') as any).plan).not.toBeNull();
    expect((cerberus.view(t, 'HUMAN') as any).phaseScratch).toHaveProperty('stpUsed');
    for (const viewer of ['CETIAN', null] as const) {
      const v = cerberus.view(t, viewer) as any;
      expect(v).toMatchObject({ plan: null, planStored: true, phaseScratch: { side: 'HUMAN' } });
      for (const k of ['stpUsed', 'spaceSupplyUsed', 'airPointsUsed', 'missilesUsed', 'combatCursor'])
        expect(v.phaseScratch).not.toHaveProperty(k);
    }
  });
});

describe('prompts (3.1, 3.2 A)', () => {
  it('the Major Effort declaration is secret only when both are eligible', () => {
    const s = playUntil(deployed('p1'), 'p1', (x) => x.segment === 'ME_PLANNING');
    const open = cerberus.prompts(s);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'major-effort', secret: false });
    const sealed = structuredClone(s);
    sealed.segment = 'ME_DECLARATION';
    sealed.space.current!.mode = 'sealed';
    expect(cerberus.prompts(sealed).map((p) => [p.side, p.secret])).toEqual([
      ['HUMAN', true],
      ['CETIAN', true],
    ]);
  });

  it('default orders are always legal, and a game of defaults ends (14.4)', () => {
    let s = setup('d1');
    for (let step = 1; step < 200 && !cerberus.outcome(s); step++) {
      const prompts = cerberus.prompts(s);
      expect(prompts.length).toBeGreaterThan(0);
      const orders: Record<string, Json> = {};
      for (const p of prompts) {
        expect(cerberus.validate(s, p.side, p.defaultOrders), `${p.side} ${p.kind} at ${s.turn} ${s.segment}`).toEqual(
          [],
        );
        orders[p.side] = p.defaultOrders;
      }
      s = cerberus.resolve(s, orders, seededDice('d1', step)).state as CerberusState;
    }
    expect(cerberus.outcome(s)).toMatchObject({ winner: 'CETIAN', level: 'MINIMUM_GARRISON' });
    expect(cerberus.prompts(s)).toEqual([]);
  });

  it('bot defaults in a played game validate at every decision, and the view carries the viewer’s prompts', () => {
    let s = deployed('p2');
    for (let step = 1; step < 40 && !cerberus.outcome(s); step++) {
      const orders: Record<string, Json> = {};
      for (const p of cerberus.prompts(s)) {
        expect(cerberus.validate(s, p.side, p.defaultOrders)).toEqual([]);
        const v = cerberus.view(s, p.side as Side) as any;
        expect(v.prompts.map((x: { kind: string }) => x.kind)).toEqual([p.kind]);
        orders[p.side] = cerberus.bot(s, p.side, seededDice('p2|bot', step));
      }
      s = cerberus.resolve(s, orders, seededDice('p2', step)).state as CerberusState;
    }
  });
});
