/**
 * Views and prompts (§4.6 H1–H15, H34–H36): what a side may not see cannot change what it is shown.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { isOpaqueId } from '#engine/redact.js';
import prefect from './index.js';
import { owedAt } from './sequence.js';
import type { PrefectState, Side } from '../types.js';

function playTo(seed: string, options: Record<string, Json>, stop: (s: PrefectState) => boolean): PrefectState {
  let s = prefect.setup('liberation', options, seededDice(seed, 0)) as PrefectState;
  for (let i = 1; i < 400 && !stop(s) && !prefect.outcome(s); i++) {
    const orders: Record<string, Json> = {};
    for (const o of owedAt(s)) orders[o.side] = prefect.bot(s, o.side, seededDice(`${seed}|bot`, i));
    s = prefect.resolve(s, orders, seededDice(seed, i)).state as PrefectState;
  }
  return s;
}

/** A copy of `s` changed only in what `viewer` may not see of `other` (H1, H14): contents, fatigue, SP, plans. */
function alterHidden(s: PrefectState, other: Side): PrefectState {
  const t = structuredClone(s);
  const swap: Record<string, string> = {
    'cw-light-cohort': 'cw-heavy-cohort',
    'cw-heavy-cohort': 'cw-light-cohort',
    'tog-light-cohort': 'tog-heavy-cohort',
    'tog-heavy-cohort': 'tog-light-cohort',
  };
  for (const u of Object.values(t.units)) {
    if (u.side !== other) continue;
    const inTf = u.status === 'ACTIVE' && u.tf && !t.tfs[u.tf]?.independent;
    if (inTf && swap[u.type]) u.type = swap[u.type];
  }
  for (const tf of Object.values(t.tfs)) if (tf.side === other) tf.fatigue = ((tf.fatigue + 1) % 3) as 0 | 1 | 2;
  for (const b of Object.values(t.bases)) if (b.side === other) b.supply = Math.max(0, b.supply - 1);
  for (const id of Object.keys(t.hqSupply))
    if (t.units[id].side === other) t.hqSupply[id] = Math.max(0, t.hqSupply[id] - 1);
  return t;
}

const viewAndPrompts = (s: PrefectState, side: Side) =>
  JSON.stringify({ view: prefect.view(s, side), prompts: prefect.prompts(s).filter((p) => p.side === side) });

describe('H1/H14: a side\u2019s view and prompts ignore what it may not see', () => {
  it.each([
    ['planned, Movement', {}, (s: PrefectState) => s.step === 'MOVEMENT' && s.turn === 2],
    ['planned, Adjustment', {}, (s: PrefectState) => s.step === 'ADJUSTMENT' && s.turn === 2],
    [
      'interactive, a Movement window',
      { interleave: 'interactive' },
      (s: PrefectState) => s.step === 'MOVEMENT' && s.turn >= 2 && !!s.movement?.current,
    ],
  ] as const)('%s', (_name, options, stop) => {
    const s = playTo('v1', { ...options }, stop);
    for (const side of ['TOG', 'CW'] as Side[]) {
      const other = side === 'TOG' ? 'CW' : 'TOG';
      const t = alterHidden(s, other);
      expect(JSON.stringify(t)).not.toBe(JSON.stringify(s)); // the states really differ
      expect(viewAndPrompts(t, side)).toBe(viewAndPrompts(s, side));
      expect(JSON.stringify(prefect.view(t, null))).toBe(JSON.stringify(prefect.view(s, null)));
    }
  });

  it('enemy TF counters are public (position, mode, moved, detected) but never their units, fatigue or SP', () => {
    const s = playTo('v2', {}, (x) => x.step === 'MOVEMENT' && x.turn === 2);
    const v = prefect.view(s, 'TOG') as {
      taskForces: Record<string, Json>[];
      bases: Record<string, Json>[];
      hqSupply: Record<string, number>;
    };
    const cw = v.taskForces.filter((t) => t.side === 'CW');
    expect(cw.length).toBeGreaterThan(0);
    for (const t of cw) {
      expect(t).toHaveProperty('hex');
      expect(t).toHaveProperty('mode');
      if (!t.independent) expect(t).not.toHaveProperty('units');
      expect(t).not.toHaveProperty('fatigue');
    }
    for (const b of v.bases.filter((x) => x.side === 'CW')) expect(b).not.toHaveProperty('supply');
    expect(Object.keys(v.hqSupply).every((id) => id.startsWith('tog'))).toBe(true);
    const mine = v.taskForces.filter((t) => t.side === 'TOG' && !t.independent);
    expect(mine.every((t) => Array.isArray(t.units) && typeof t.fatigue === 'number')).toBe(true);
  });

  it('a sealed plan is shown to its owner only; a reaction window\u2019s details only to the side that owes it', () => {
    const s = playTo(
      'v3',
      { interleave: 'interactive' },
      (x) => x.step === 'MOVEMENT' && !!x.movement?.window && x.movement.window.kind !== 'defender-actions',
    );
    const w = s.movement!.window!;
    const other: Side = w.side === 'TOG' ? 'CW' : 'TOG';
    const mine = prefect.view(s, w.side) as { movement: { window: Record<string, Json> } };
    const theirs = prefect.view(s, other) as { movement: { window: Record<string, Json> } };
    expect(mine.movement.window.kind).toBe(w.kind);
    expect(Object.keys(theirs.movement.window).sort()).toEqual(['kind', 'side']);
  });

  it('hidden enemy units are shown (if at all) by opaque ids that differ per viewer', () => {
    const s = playTo('v4', {}, (x) => x.step === 'MOVEMENT' && x.turn === 3);
    const text = JSON.stringify(prefect.view(s, 'TOG'));
    for (const u of Object.values(s.units)) {
      if (u.side === 'CW' && u.status === 'ACTIVE' && !s.tfs[u.tf!]?.independent)
        expect(text).not.toContain(`"${u.id}"`);
    }
    const ids = text.match(/opq_[0-9a-f]{24}/g) ?? [];
    for (const id of ids) expect(isOpaqueId(id)).toBe(true);
  });
});

describe('list order tells nothing hidden (H1, H14)', () => {
  it("the opponent's and spectators' task forces and units are ordered by the id they are shown, not by organisation and counter", () => {
    const s = playTo('order', {}, (x) => x.turn >= 2);
    for (const viewer of ['TOG', 'CW', null] as const) {
      const v = prefect.view(s, viewer) as {
        taskForces: { id: string; side: string }[];
        units: { id: string; side: string }[];
      };
      const theirs = v.taskForces.filter((t) => t.side !== viewer).map((t) => t.id);
      expect(theirs.length).toBeGreaterThan(2);
      expect(theirs).toEqual([...theirs].sort());
      const units = v.units.filter((u) => u.side !== viewer).map((u) => u.id);
      expect(units).toEqual([...units].sort());
    }
  });
});
