import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedDice } from '#engine/dice.js';
import { applyAdjustment, validateAdjustment } from './adjustment.js';
import { enterHex } from './capture.js';
import { validateCombatDeclare, validateCombatDetect } from './combat-orders.js';
import { attackDisorganisedHex, canDestroyDisorganised, destroyOnEntry } from './disorganised.js';
import { useRulesData } from './rules-data.js';
import { tempoPhase } from './tempo.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { AdjustmentOrder, CombatDeclareOrder } from './types.js';
import { checkVictory } from './victory.js';
import { applyWithdrawal, validateWithdrawal } from './withdrawal.js';

const codes = (e: { code: string }[]) => e.map((x) => x.code);
const adj = (o: Partial<AdjustmentOrder>): AdjustmentOrder => ({
  kind: 'adjustment',
  transfers: [],
  create: [],
  reinforcements: [],
  assignBases: [],
  ...o,
});
const declare = (o: Partial<CombatDeclareOrder>): CombatDeclareOrder => ({
  kind: 'combat-declare',
  attacks: [],
  detections: [],
  ...o,
});

beforeEach(() => {
  useFixtureMap({ urban: { city: [hx(2, 2)] }, water: { [hx(8, 8)]: 'FULL' } });
});
afterEach(() => useRulesData(null));

describe('T-P15 tempo (L880-896, D-37)', () => {
  it('BT 2 vs CA 2: roles swap; BT 3 vs CA 2: the attacker keeps the role; tracks reset, turn advances', () => {
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 'a', side: 'TOG', hex: hx(0, 0), units: ['tog-light-cohort'] },
        { id: 'b', side: 'CW', hex: hx(8, 0), units: ['cw-light-cohort'] },
      ],
    });
    s.tempo = { TOG: 2, CW: 2 };
    s.tfs.a.detected = true;
    tempoPhase(s);
    expect([s.attacker, s.turn, s.tempo.TOG, s.tfs.a.detected]).toEqual(['CW', 2, 0, false]);
    s.tempo = { TOG: 2, CW: 3 };
    tempoPhase(s);
    expect(s.attacker).toBe('CW');
    s.tempo = { TOG: 0, CW: 0 };
    tempoPhase(s);
    expect(s.attacker).toBe('TOG'); // 0 vs 0 is a tie: swap (L896)
  });
});

describe('victory (D-01, as data)', () => {
  it('Liberation-style conditions: annihilation ends the game at the Tempo Phase; at the end the defender wins by default', () => {
    const d = useFixtureMap();
    const lib = d.scenarios.liberation;
    const prov = lib.provenance;
    d.scenarios = {
      liberation: {
        ...lib,
        victory: [
          {
            side: 'TOG',
            when: 'atEnd',
            level: 'Decisive liberation',
            all: [
              { kind: 'controlUrbanFraction', side: 'TOG', atLeast: 2 / 3 },
              { kind: 'controlAllBasesOf', side: 'TOG', enemy: 'CW' },
            ],
            provenance: prov,
          },
          {
            side: 'TOG',
            when: 'anyTime',
            level: 'Annihilation',
            all: [{ kind: 'noActiveTaskForce', side: 'CW' }],
            provenance: prov,
          },
          {
            side: 'CW',
            when: 'anyTime',
            level: 'Invasion crushed',
            all: [{ kind: 'noActiveTaskForce', side: 'TOG' }],
            provenance: prov,
          },
          { side: 'CW', when: 'atEnd', level: 'Planet held', all: [], provenance: prov },
        ],
      },
    };
    const s = makeTestState({ tfs: [{ id: 'a', side: 'TOG', hex: hx(0, 0), units: ['tog-light-cohort'] }] });
    expect(checkVictory(s, 'tempo')).toMatchObject({ winner: 'TOG', level: 'Annihilation' });
    const t = makeTestState({
      maxTurns: 1,
      tfs: [
        { id: 'a', side: 'TOG', hex: hx(0, 0), units: ['tog-light-cohort'] },
        { id: 'b', side: 'CW', hex: hx(8, 0), units: ['cw-light-cohort'] },
      ],
      urban: { x: 'TOG', y: 'CW' },
    });
    expect(checkVictory(t, 'tempo')).toBeUndefined();
    tempoPhase(t);
    expect(t.step).toBe('GAME_OVER');
    expect(t.result).toMatchObject({ winner: 'CW', level: 'Planet held' });
    t.urban = { x: 'TOG', y: 'TOG', z: 'CW' };
    expect(checkVictory(t, 'end')).toMatchObject({ winner: 'TOG', level: 'Decisive liberation' }); // ⅔ and no CW base
  });
});

describe('Combat Phase orders (L481-491, L549-561) and issue 9 bad input', () => {
  const state = () =>
    makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 't1', side: 'TOG', hex: hx(4, 4), units: ['tog-medium-cohort'] },
        { id: 't2', side: 'TOG', hex: hx(4, 6), units: ['tog-medium-cohort'], fatigue: 3 },
        { id: 't3', side: 'TOG', hex: hx(3, 4), units: ['signals-century'], movedLafThisTurn: true },
        { id: 'c1', side: 'CW', hex: hx(4, 5), units: ['cw-light-cohort'] },
        { id: 'c2', side: 'CW', hex: hx(7, 7), units: ['cw-light-cohort'] },
      ],
    });
  it('a legal declaration passes', () => {
    expect(
      validateCombatDeclare(
        state(),
        'TOG',
        declare({
          attacks: [{ target: { tf: 'c1' }, attackers: ['t1'], advance: 't1' }],
          detections: [{ detector: 't1', target: 'c1', esm: 2 }],
        }),
      ),
    ).toEqual([]);
  });
  it('T-P14 / L705: a TF at fatigue 3 may not attack nor destroy disorganised units', () => {
    const s = state();
    expect(
      codes(validateCombatDeclare(s, 'TOG', declare({ attacks: [{ target: { tf: 'c1' }, attackers: ['t2'] }] }))),
    ).toEqual(['fatigue-3']);
    expect(canDestroyDisorganised(s, 't2')).toBe(false);
    expect(canDestroyDisorganised(s, 't1')).toBe(true);
    expect(canDestroyDisorganised(s, 't3')).toBe(false); // L469: no combat unit
  });
  it('rejects enemy or unknown TFs, non-adjacent targets, double attacks, LAF detectors, bad ESM, wrong side', () => {
    const s = state();
    expect(
      codes(
        validateCombatDeclare(s, 'TOG', declare({ attacks: [{ target: { tf: 't2' }, attackers: ['c1', 'nope'] }] })),
      ),
    ).toEqual(['bad-target', 'not-own-tf', 'unknown-tf']);
    expect(
      codes(validateCombatDeclare(s, 'TOG', declare({ attacks: [{ target: { tf: 'c2' }, attackers: ['t1'] }] }))),
    ).toEqual(['not-adjacent']);
    expect(
      codes(
        validateCombatDeclare(
          s,
          'TOG',
          declare({
            attacks: [
              { target: { tf: 'c1' }, attackers: ['t1'] },
              { target: { tf: 'c1' }, attackers: ['t1'] },
            ],
          }),
        ),
      ),
    ).toEqual(['target-twice', 'attacks-twice']);
    expect(
      codes(
        validateCombatDeclare(
          s,
          'TOG',
          declare({
            detections: [
              { detector: 't3', target: 'c1', esm: 3 },
              { detector: 't1', target: 'c1', esm: 7 },
            ],
          }),
        ),
      ),
    ).toEqual(['laf-no-detect', 'bad-esm']);
    expect(codes(validateCombatDeclare(s, 'CW', declare({})))).toEqual(['not-attacker']);
    expect(
      codes(validateCombatDeclare(s, 'TOG', declare({ attacks: [{ target: { hex: hx(5, 4) }, attackers: ['t1'] }] }))),
    ).toEqual(['bad-hex-target']);
  });
  it('L483, L491: the Defender detects only engaged attackers, and not with TFs that detected during movement', () => {
    const s = state();
    s.tfs.t1.attackedThisTurn = true;
    expect(
      validateCombatDetect(s, 'CW', { kind: 'combat-detect', detections: [{ detector: 'c1', target: 't1', esm: 2 }] }),
    ).toEqual([]);
    s.tfs.c1.detectedDuringMovement = true;
    expect(
      codes(
        validateCombatDetect(s, 'CW', {
          kind: 'combat-detect',
          detections: [
            { detector: 'c1', target: 't1', esm: 2 },
            { detector: 'c2', target: 't3', esm: 1 },
          ],
        }),
      ),
    ).toEqual(['detected-in-movement', 'not-adjacent', 'not-engaged']);
  });
});

describe('disorganised units (L459-475, L721-735, D-36)', () => {
  it('on entry: 1 MP each, random pick, one save by the lowest-defence combat unit, failure = +1 fatigue', () => {
    const s = makeTestState({
      tfs: [{ id: 't', side: 'TOG', hex: hx(4, 4), units: ['tog-heavy-cohort', 'tog-light-cohort'] }],
      disorganised: ['a', 'b', 'c'].map((id) => ({ id, type: 'cw-light-cohort', side: 'CW' as const, hex: hx(4, 5) })),
    });
    const ev = destroyOnEntry(s, new ScriptedDice([2, 2, 5]), 't', hx(4, 5), 2);
    expect(['a', 'b', 'c'].map((id) => s.units[id].status)).toEqual(
      ['ACTIVE', 'DESTROYED', 'DESTROYED'].map((x) => (x === 'ACTIVE' ? 'DISORGANISED' : x)),
    );
    expect(ev.find((e) => e.type === 'disorganised.save')!.data).toMatchObject({
      unitType: 'tog-light-cohort',
      target: 4,
      roll: 5,
      success: false,
    });
    expect(s.tfs.t.fatigue).toBe(1);
    expect(s.destroyedCombat.TOG).toBe(2);
  });
  it('Combat Phase attack on a hex of disorganised units: all destroyed, save, +1 fatigue as a combat (D-33, D-36)', () => {
    const s = makeTestState({
      tfs: [{ id: 't', side: 'TOG', hex: hx(4, 4), units: ['tog-heavy-cohort'] }],
      disorganised: ['a', 'b'].map((id) => ({ id, type: 'cw-light-cohort', side: 'CW' as const, hex: hx(4, 5) })),
    });
    attackDisorganisedHex(s, new ScriptedDice([1]), ['t'], hx(4, 5));
    expect([s.units.a.status, s.units.b.status, s.tfs.t.fatigue, s.tempo.TOG]).toEqual([
      'DESTROYED',
      'DESTROYED',
      1,
      0,
    ]);
  });
});

describe('capture (L898-912, D-49, D-50)', () => {
  it('supply captured on a move or BT, destroyed after a DR; urban control changes on entry', () => {
    const mk = () =>
      makeTestState({
        tfs: [{ id: 't', side: 'TOG', hex: hx(2, 2), units: ['tog-light-cohort'] }],
        bases: [{ id: 'b', side: 'CW', type: 'GL2', hex: hx(2, 2), supply: 12 }],
        urban: { city: 'CW' },
      });
    const s = mk();
    const ev = enterHex(s, 't', hx(2, 2), 'MOVE');
    expect([s.bases.b.side, s.bases.b.supply, s.urban.city]).toEqual(['TOG', 12, 'TOG']);
    expect(ev.find((e) => e.type === 'base.captured.supply')!.visibleTo).toEqual(['TOG', 'CW']);
    const d = mk();
    enterHex(d, 't', hx(2, 2), 'ADVANCE_DR');
    expect([d.bases.b.side, d.bases.b.supply]).toEqual(['TOG', 0]);
    const b = mk();
    enterHex(b, 't', hx(2, 2), 'ADVANCE_BT');
    expect(b.bases.b.supply).toBe(12);
  });
});

describe('withdrawal (L848-864, D-46)', () => {
  it('no LOC → destroyed; up to 9 hexes avoiding enemy ZOC; non-gravitic 1 hex; under a base on arrival', () => {
    const s = makeTestState({
      tfs: [
        { id: 'e', side: 'CW', hex: hx(4, 4), units: ['cw-light-cohort'] },
        { id: 'cut', side: 'CW', hex: hx(0, 1), units: ['cw-light-cohort'] },
      ],
      disorganised: [
        { id: 'u', type: 'tog-light-cohort', side: 'TOG', hex: hx(5, 1) },
        { id: 'm', type: 'militia-regiment', side: 'TOG', hex: hx(6, 6) },
        { id: 'lost', type: 'tog-light-cohort', side: 'TOG', hex: hx(0, 0) },
      ],
      bases: [{ id: 'b', side: 'TOG', type: 'GL1', hex: hx(8, 4) }],
    });
    // 'lost' at 0000: its neighbours 0001 (CW TF) and 0100 (next to it, active ZOC) are blocked.
    const good = {
      kind: 'withdrawal' as const,
      moves: [
        { unit: 'u', path: [hx(6, 1), hx(7, 1), hx(8, 2), hx(8, 3), hx(8, 4)] },
        { unit: 'm', path: [hx(7, 6)] },
      ],
    };
    expect(validateWithdrawal(s, 'TOG', good)).toEqual([]);
    expect(
      codes(
        validateWithdrawal(s, 'TOG', {
          kind: 'withdrawal',
          moves: [
            { unit: 'u', path: [hx(5, 2), hx(5, 3)] },
            { unit: 'm', path: [hx(7, 6), hx(8, 6)] },
            { unit: 'lost', path: [] },
          ],
        }),
      ),
    ).toEqual(['path-impassable', 'path-over-budget', 'no-loc']);
    expect(codes(validateWithdrawal(s, 'CW', good))).toEqual(['not-own-unit', 'not-own-unit']);
    applyWithdrawal(s, { TOG: good });
    expect(s.units.lost.status).toBe('DESTROYED');
    expect(s.units.u).toMatchObject({ status: 'DISORGANISED', hex: hx(8, 4), under: 'b' });
    expect(s.units.m.hex).toBe(hx(7, 6));
  });
});

describe('L363: disorganised units may not enter hexes occupied by enemy units', () => {
  it('a withdrawal path through or into a hex with an enemy disorganised unit is refused; around it is fine', () => {
    const s = makeTestState({
      disorganised: [
        { id: 'u', type: 'tog-light-cohort', side: 'TOG', hex: hx(5, 1) },
        { id: 'x', type: 'cw-light-cohort', side: 'CW', hex: hx(7, 1) },
      ],
      bases: [
        { id: 'b', side: 'TOG', type: 'GL1', hex: hx(8, 4) },
        { id: 'c', side: 'CW', type: 'GL1', hex: hx(0, 8) },
      ],
    });
    const through = { kind: 'withdrawal' as const, moves: [{ unit: 'u', path: [hx(6, 1), hx(7, 1), hx(8, 2)] }] };
    const into = { kind: 'withdrawal' as const, moves: [{ unit: 'u', path: [hx(6, 1), hx(7, 1)] }] };
    expect(validateWithdrawal(s, 'TOG', through)).toMatchObject([
      { code: 'path-impassable', path: ['moves', 0, 'path', 1] },
    ]);
    expect(codes(validateWithdrawal(s, 'TOG', into))).toEqual(['path-impassable']);
    const around = {
      kind: 'withdrawal' as const,
      moves: [{ unit: 'u', path: [hx(6, 1), hx(6, 2), hx(7, 2), hx(8, 2)] }],
    };
    expect(validateWithdrawal(s, 'TOG', around)).toEqual([]);
    applyWithdrawal(s, { TOG: into });
    expect(s.units.u.hex).toBe(hx(5, 1)); // an illegal move is not applied
  });
});

describe('TF adjustment (L866-878, D-47, D-48)', () => {
  it('creates a TF next to an HQ within the limit; reinforcements arrive at their hex; the attacker’s order wins a conflict', () => {
    const s = makeTestState({
      attacker: 'CW',
      tfs: [
        {
          id: 'hq',
          side: 'TOG',
          hex: hx(4, 4),
          units: [
            { id: 'lhq', type: 'legion-hq' },
            { id: 'l1', type: 'tog-light-cohort' },
          ],
          fatigue: 1,
          mode: 'LAF',
        },
        {
          id: 'cwhq',
          side: 'CW',
          hex: hx(4, 6),
          units: [
            { id: 'chq', type: 'legion-hq' },
            { id: 'c1', type: 'cw-light-cohort' },
          ],
        },
      ],
    });
    const tog = adj({ create: [{ org: 'tog-legion', counter: 5, hex: hx(4, 5), units: ['l1'] }] });
    const cw = adj({ create: [{ org: 'cw-legion', counter: 3, hex: hx(4, 5), units: ['c1'] }] });
    expect(validateAdjustment(s, 'TOG', tog)).toEqual([]);
    expect(validateAdjustment(s, 'CW', cw)).toEqual([]);
    expect(
      codes(
        validateAdjustment(
          s,
          'TOG',
          adj({ create: [{ org: 'tog-legion', counter: 19, hex: hx(2, 4), units: ['l1'] }] }),
        ),
      ),
    ).toEqual(['bad-counter']);
    expect(
      codes(
        validateAdjustment(
          s,
          'TOG',
          adj({ create: [{ org: 'tog-legion', counter: 4, hex: hx(0, 0), units: ['l1'] }] }),
        ),
      ),
    ).toEqual(['not-near-hq']);
    expect(
      codes(validateAdjustment(s, 'TOG', adj({ transfers: [{ from: 'cwhq', to: 'hq', units: ['c1'] }] }))),
    ).toEqual(['bad-source']);
    const ev = applyAdjustment(s, { TOG: tog, CW: cw });
    const newCw = Object.values(s.tfs).find((t) => t.side === 'CW' && t.counter === 3)!;
    expect(newCw.hex).toBe(hx(4, 5)); // CW attacks this turn: its order goes first (D-48)
    expect(s.units.l1.tf).toBe('hq');
    expect(ev.find((e) => e.type === 'orders.rejected')!.visibleTo).toEqual(['TOG']);
    // fatigue and LAF status follow units into a new TF (L719, L878)
    const t = makeTestState({
      tfs: [
        {
          id: 'hq',
          side: 'TOG',
          hex: hx(4, 4),
          units: [
            { id: 'lhq', type: 'legion-hq' },
            { id: 'l1', type: 'tog-light-cohort' },
          ],
          fatigue: 1,
          mode: 'LAF',
        },
      ],
    });
    applyAdjustment(t, { TOG: tog });
    const made = t.tfs[t.units.l1.tf!];
    expect([made.hex, made.fatigue, made.mode]).toEqual([hx(4, 5), 1, 'LAF']);
  });
});

describe('reinforcements (L264, scenario data)', () => {
  const R = ['r-med-1', 'r-med-2', 'r-inf-3'];
  it('arrive at their hex on their turn: into a new TF, an adjacent TF, or placed automatically', () => {
    const d = useFixtureMap();
    const lib = d.scenarios.liberation;
    const units = R.map((id, i) => ({
      id,
      type: i < 2 ? 'tog-medium-cohort' : 'infantry-cohort',
      side: 'TOG' as const,
      org: 'tog-legion',
    }));
    d.scenarios = {
      liberation: {
        ...lib,
        reinforcements: [{ turn: 3, side: 'TOG', units, hex: hx(8, 2), provenance: lib.provenance }],
      },
    };
    const s = makeTestState({
      turn: 3,
      tfs: [
        { id: 'near', side: 'TOG', hex: hx(8, 3), units: ['tog-light-cohort'] },
        { id: 'far', side: 'TOG', hex: hx(0, 0), units: ['tog-light-cohort'] },
      ],
    });
    const o = adj({
      reinforcements: [
        { unit: R[0], tf: { newCounter: 7, org: 'tog-legion' } },
        { unit: R[1], tf: 'near' },
      ],
    });
    expect(validateAdjustment(s, 'TOG', o)).toEqual([]);
    expect(
      codes(
        validateAdjustment(
          s,
          'TOG',
          adj({
            reinforcements: [
              { unit: R[0], tf: 'far' },
              { unit: 'nobody', tf: 'near' },
            ],
          }),
        ),
      ),
    ).toEqual(['bad-tf', 'not-arriving']);
    applyAdjustment(s, { TOG: o });
    const fresh = s.tfs[s.units[R[0]].tf!];
    expect([fresh.hex, fresh.counter]).toEqual([hx(8, 2), 7]);
    expect(s.units[R[1]].tf).toBe('near');
    expect(s.units[R[2]]).toMatchObject({ status: 'ACTIVE', tf: fresh.id }); // not ordered: joins the TF in its hex
    const early = makeTestState({ turn: 2 });
    expect(
      codes(
        validateAdjustment(
          early,
          'TOG',
          adj({ reinforcements: [{ unit: R[0], tf: { newCounter: 7, org: 'tog-legion' } }] }),
        ),
      ),
    ).toEqual(['not-arriving']);
  });
});

describe('composition (L145, L155, D-07, D-34)', () => {
  it('TF limits: Legion 18 (or 20 with the option), Auxilia 6; attack/defence totals count combat units only, after fatigue, floored at 0', async () => {
    const { attackTotal, defenceTotal, freeCounter, tfLimit } = await import('./composition.js');
    const s = makeTestState({
      tfs: [
        {
          id: 'a',
          side: 'CW',
          hex: hx(0, 0),
          units: ['cw-light-cohort', 'signals-century', 'legion-hq'],
          fatigue: 3,
          org: 'cw-auxilia',
        },
        { id: 'b', side: 'CW', hex: hx(0, 2), units: ['cw-heavy-cohort', 'combat-engineer-century'], fatigue: 1 },
      ],
    });
    expect([tfLimit(s, 'cw-legion'), tfLimit(s, 'cw-auxilia')]).toEqual([18, 6]);
    expect(tfLimit(makeTestState({ options: { legionTfLimit: 20 } }), 'tog-legion')).toBe(20);
    expect([attackTotal(s, ['a', 'b']), defenceTotal(s, 'a'), defenceTotal(s, 'b')]).toEqual([0 + 4, 1, 7]);
    expect(freeCounter(s, 'cw-auxilia')).toBe(2);
  });

  it('D-29 engineer assignments are checked (own CE, combat unit of the same TF, once each)', () => {
    const s = makeTestState({
      tfs: [
        {
          id: 't',
          side: 'TOG',
          hex: hx(4, 4),
          units: [
            { id: 'ce', type: 'combat-engineer-century' },
            { id: 'm', type: 'tog-medium-cohort' },
            { id: 'sg', type: 'signals-century' },
          ],
        },
        { id: 'o', side: 'TOG', hex: hx(4, 6), units: [{ id: 'h', type: 'tog-heavy-cohort' }] },
        { id: 'c', side: 'CW', hex: hx(4, 5), units: [{ id: 'cce', type: 'combat-engineer-century' }] },
      ],
    });
    const e = (engineers: { engineer: string; unit: string }[]) =>
      codes(validateCombatDeclare(s, 'TOG', declare({ engineers })));
    expect(e([{ engineer: 'ce', unit: 'm' }])).toEqual([]);
    expect(
      e([
        { engineer: 'cce', unit: 'm' },
        { engineer: 'ce', unit: 'h' },
        { engineer: 'ce', unit: 'sg' },
      ]),
    ).toEqual(['bad-engineer', 'bad-engineer-unit', 'bad-engineer-unit']);
  });
});
