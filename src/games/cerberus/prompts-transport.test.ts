/**
 * 11 the Transportation Segment's legal choices in the prompts: every listed evacuation (11.15),
 * shuttle (11.16–11.19), sub-orbital trip (11.2) and landing (11.1) validates as an order, and the
 * hex-by-hex fast path gives exactly what the rules helpers give on the whole state.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import cerberus from './index.js';
import { knownState } from './known-state.js';
import {
  landingGroups,
  landHexes,
  shuttleChoices,
  subOrbitalChoices,
  type LandingGroup,
  type ShuttleChoice,
  type SubOrbitalRoute,
} from './prompts-transport.js';
import { owedAt } from './sequence.js';
import { canAddToStack } from './stacking.js';
import type { CerberusState, Side, Unit } from './state.js';
import { stateAt, unit } from './testing.js';
import { landingQuote, placementContext, placementProblem, stpLeft } from './transport-cost.js';

const hooks = { canStack: (s: CerberusState, u: Unit, hex: string) => canAddToStack(s, u.side, hex, [u]) };

interface TransportPrompt {
  landings: { stpLeft: number; groups: LandingGroup[] };
  evacuation: { units: { unitId: string; cost: number }[] };
  shuttle: ShuttleChoice[];
  subOrbital: { available: boolean; routes: SubOrbitalRoute[] };
}

/** States of seeded bot games where a side plans its Transportation Segment (the prompt's `from`). */
function transportStates(
  seed: string,
  options: Record<string, Json>,
  max: number,
): { state: CerberusState; side: Side }[] {
  const out: { state: CerberusState; side: Side }[] = [];
  let state = cerberus.setup('campaign', options, seededDice(seed, 0)) as CerberusState;
  for (let step = 1; step < 400 && out.length < max && !cerberus.outcome(state); step++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(state)) {
      if (o.kind === 'phase-plan' && o.from === 'TRANSPORTATION') out.push({ state, side: o.side });
      orders[o.side] = cerberus.bot(state, o.side, seededDice(`${seed}|bot|${o.side}`, step));
    }
    state = JSON.parse(JSON.stringify(cerberus.resolve(state, orders, seededDice(seed, step)).state)) as CerberusState;
  }
  return out;
}

const plan = (action: Json) => ({
  kind: 'phase-plan',
  through: 'TRANSPORTATION',
  transportation: { actions: [action], ifIllegal: 'stop' },
});

describe('11 transportation choices in the prompts', () => {
  const samples = [
    ...transportStates('tp-a', {}, 8),
    ...transportStates('tp-b', { weather: true, season: 'WINTER' }, 6),
  ];

  it('11.15, 11.16, 11.2, 11.1 every listed evacuation, shuttle, sub-orbital trip and landing validates', () => {
    const seen = { evacuate: 0, shuttle: 0, subOrbital: 0, land: 0 };
    for (const { state, side } of samples) {
      const prompt = cerberus.prompts(state).find((p) => p.side === side)!;
      const t = (prompt.choices as unknown as { TRANSPORTATION: TransportPrompt }).TRANSPORTATION;
      const ok = (a: Json) => expect(cerberus.validate(state, side, plan(a)), JSON.stringify(a)).toEqual([]);
      for (const e of t.evacuation.units.slice(0, 3)) {
        ok({ type: 'evacuate', unitId: e.unitId });
        seen.evacuate++;
      }
      for (const g of t.shuttle.slice(0, 3)) {
        for (const hex of [g.hexes[0], g.hexes.at(-1)!].filter(Boolean)) {
          ok({ type: 'shuttle', unitId: g.unitIds[0], hex });
          seen.shuttle++;
        }
      }
      for (const r of t.subOrbital.routes.slice(0, 4)) {
        if (r.unitIds.length) {
          ok({ type: 'sub-orbital', fromId: r.fromId, toId: r.toId, unitId: r.unitIds[0] });
          seen.subOrbital++;
        }
        if (r.maxSupplies > 0) {
          ok({ type: 'sub-orbital', fromId: r.fromId, toId: r.toId, supplies: r.maxSupplies });
          seen.subOrbital++;
        }
      }
      for (const g of t.landings.groups.slice(0, 3)) {
        for (const h of [g.hexes[0], g.hexes.at(-1)].filter(Boolean)) {
          ok({ type: 'land', unitId: g.unitIds[0], hex: h!.hex });
          seen.land++;
        }
      }
      expect(t.subOrbital.available).toBe(side === 'CETIAN');
    }
    expect(seen.evacuate).toBeGreaterThan(0);
    expect(seen.shuttle).toBeGreaterThan(0);
    expect(seen.subOrbital).toBeGreaterThan(0);
    expect(seen.land).toBeGreaterThan(0);
  }, 120_000);

  it('the hex-by-hex fast path equals the rules helpers asked on the whole state (landings 11.1, shuttle 11.16)', () => {
    for (const { state, side } of samples.filter((_, i) => i % 2 === 0)) {
      const s = knownState(state, side);
      const ctx = placementContext(s, side, hooks);
      const left = stpLeft(s, side);
      for (const g of landingGroups(s, side, hooks).groups) {
        const rep = s.units.find((u) => u.id === g.unitIds[0])!;
        const slow = landHexes().flatMap((hex) => {
          const q = landingQuote(s, side, rep, hex)!;
          return q.cost <= left && !placementProblem(s, side, rep, hex, g.from, ctx) ? [{ hex, cost: q.cost }] : [];
        });
        expect(g.hexes).toEqual(slow);
      }
      for (const g of shuttleChoices(s, side, hooks)) {
        const rep = s.units.find((u) => u.id === g.unitIds[0])!;
        expect(g.hexes).toEqual(
          landHexes().filter((hex) => hex !== rep.hex && !placementProblem(s, side, rep, hex, 'SHUTTLE', ctx)),
        );
      }
    }
  }, 120_000);

  it('11.21–11.23 sub-orbital routes: not Base to Base, not from a disrupted installation, not into an enemy-held hex', () => {
    const port = unit('CETIAN', 'SPACEPORT', '0505', { id: 'port', supplies: 10 });
    const b1 = unit('CETIAN', 'BASE', '0510', { id: 'b1', supplies: 2 });
    const b2 = unit('CETIAN', 'BASE', '0515', { id: 'b2' });
    const b3 = unit('CETIAN', 'BASE', '0520', { id: 'b3', disrupted: { by: 'HUMAN', turn: 1 } });
    const inf = unit('CETIAN', 'INFANTRY', '0505', { id: 'inf' });
    const human = unit('HUMAN', 'INFANTRY', '0515', { id: 'h' });
    const s = stateAt({ segment: 'TRANSPORTATION', phasing: 'CETIAN' }, [port, b1, b2, b3, inf, human]);
    const r = subOrbitalChoices(s, 'CETIAN', hooks);
    expect(r.routes.map((x) => `${x.fromId}>${x.toId}`).sort()).toEqual(['b1>port', 'port>b1']);
    expect(r.routes.find((x) => x.fromId === 'port')).toMatchObject({ unitIds: ['inf'], maxSupplies: 6 });
    expect(r.routes.find((x) => x.fromId === 'b1')).toMatchObject({ unitIds: [], maxSupplies: 2 });
    expect(subOrbitalChoices(s, 'HUMAN', hooks)).toEqual({ available: false, routes: [], rule: '11.2' });
  });
});
