/**
 * The Combat Phase steps (L547-561, L483-491): declarations and detections checked with the rule
 * named, then resolved in the attacker's order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seededDice } from '#engine/dice.js';
import { useRulesData } from './rules-data.js';
import { advance } from './module/sequence.js';
import { hx, makeTestState, useFixtureMap } from './testing.js';
import type { PrefectState } from './types.js';
import { checkOrder } from './module/validate.js';

afterEach(() => useRulesData(null));

const MED = 'tog-medium-cohort';
const CWL = 'cw-light-cohort';

function atDeclare(): PrefectState {
  useFixtureMap();
  const s = makeTestState({
    attacker: 'TOG',
    tfs: [
      { id: 'A1', side: 'TOG', hex: hx(4, 3), units: [MED, MED] },
      { id: 'A2', side: 'TOG', hex: hx(3, 4), units: [MED, 'signals-century'] },
      { id: 'A3', side: 'TOG', hex: hx(0, 0), units: [MED] },
      { id: 'A4', side: 'TOG', hex: hx(5, 4), units: [MED], fatigue: 3 },
      { id: 'A5', side: 'TOG', hex: hx(4, 5), units: [MED], movedLafThisTurn: true },
      { id: 'D1', side: 'CW', hex: hx(4, 4), units: [CWL] },
      { id: 'D2', side: 'CW', hex: hx(8, 8), units: [CWL] },
    ],
  });
  s.step = 'COMBAT_DECLARE';
  s.combat = { attacks: [], order: [], resolved: [] };
  return s;
}
const codes = (s: PrefectState, side: 'TOG' | 'CW', o: unknown) =>
  checkOrder(s, side, o).errors.map((e) => `${e.code}@${e.rule}`);

describe('COMBAT_DECLARE (L547-561)', () => {
  it('refuses non-adjacent attackers, double use, fatigue 3, a target attacked twice, LAF detectors and ESM out of range', () => {
    const s = atDeclare();
    expect(codes(s, 'TOG', { kind: 'combat-declare', attacks: [{ target: { tf: 'D1' }, attackers: ['A3'] }] })).toEqual(
      ['attack.adjacent@L549'],
    );
    expect(codes(s, 'TOG', { kind: 'combat-declare', attacks: [{ target: { tf: 'D1' }, attackers: ['A4'] }] })).toEqual(
      ['attack.attacker@L553, L703'],
    );
    expect(
      codes(s, 'TOG', {
        kind: 'combat-declare',
        attacks: [
          { target: { tf: 'D1' }, attackers: ['A1'] },
          { target: { tf: 'D1' }, attackers: ['A2'] },
        ],
      }),
    ).toEqual(['attack.twice@L551']);
    expect(
      codes(s, 'TOG', { kind: 'combat-declare', attacks: [{ target: { tf: 'D1' }, attackers: ['A1', 'A1'] }] }),
    ).toEqual(['attack.twice@L553']);
    expect(codes(s, 'TOG', { kind: 'combat-declare', detections: [{ detector: 'A5', target: 'D1', esm: 1 }] })).toEqual(
      ['detect.laf@L485'],
    );
    expect(codes(s, 'TOG', { kind: 'combat-declare', detections: [{ detector: 'A2', target: 'D1', esm: 9 }] })).toEqual(
      ['esm.range@L495-499, D-18'],
    );
    expect(codes(s, 'TOG', { kind: 'combat-declare', detections: [{ detector: 'A3', target: 'D1', esm: 1 }] })).toEqual(
      ['detect.target@L483-485'],
    );
    expect(codes(s, 'CW', { kind: 'combat-declare' })).toEqual(['not-owed@L258-267']);
  });

  it('a legal declaration is stored, the attacker detects, and the defender owes its detections next (L483)', () => {
    const s = atDeclare();
    const order = {
      kind: 'combat-declare',
      attacks: [{ target: { tf: 'D1' }, attackers: ['A1', 'A2'], advance: 'A1' }],
      detections: [{ detector: 'A2', target: 'D1', esm: 5 }],
    };
    const c = checkOrder(s, 'TOG', order);
    expect(c.errors).toEqual([]);
    const events = advance(s, { TOG: c.order! }, seededDice('cd'));
    expect(events.map((e) => e.type)).toEqual(['combat.declared', 'detection']);
    expect((events[0].data as { attacks: Record<string, unknown>[] }).attacks[0]).not.toHaveProperty('advance'); // D-32 stays private
    expect(s.step).toBe('COMBAT_DETECT');

    // L491, D-22: a defending TF that detected during the Movement Phase may not detect now; targets must be engaged.
    s.tfs.D1.detectedDuringMovement = true;
    expect(codes(s, 'CW', { kind: 'combat-detect', detections: [{ detector: 'D1', target: 'A1', esm: 1 }] })).toEqual([
      'detect.after-counter@L491, D-22',
    ]);
    s.tfs.D1.detectedDuringMovement = false;
    expect(codes(s, 'CW', { kind: 'combat-detect', detections: [{ detector: 'D1', target: 'A5', esm: 1 }] })).toEqual([
      'detect.target@L483-485',
    ]);
    const d = checkOrder(s, 'CW', { kind: 'combat-detect', detections: [{ detector: 'D1', target: 'A1', esm: 1 }] });
    expect(d.errors).toEqual([]);
    const ev = advance(s, { CW: d.order! }, seededDice('cd2'));
    expect(ev.map((e) => e.type)).toContain('detection');
    expect(ev.map((e) => e.type).some((t) => t.startsWith('combat'))).toBe(true);
    expect(s.combat!.resolved).toEqual(['a1']);
    expect(s.step).toBe('SUPPLY');
  });

  it('L635: the defender\u2019s advance names hexes the declared attackers hold', () => {
    const s = atDeclare();
    advance(
      s,
      {
        TOG: checkOrder(s, 'TOG', {
          kind: 'combat-declare',
          attacks: [{ target: { tf: 'D1' }, attackers: ['A1', 'A2'] }],
        }).order!,
      },
      seededDice('adv'),
    );
    expect(codes(s, 'CW', { kind: 'combat-detect', advance: { hexes: [hx(3, 4), hx(0, 0)] } })).toEqual([
      'advance.hex@L635, D-32',
    ]);
    expect(codes(s, 'CW', { kind: 'combat-detect', advance: { hexes: [hx(3, 4), hx(4, 3)] } })).toEqual([]);
    expect(codes(s, 'CW', { kind: 'combat-detect', advance: { hexes: [hx(3, 4)], tf: 'D1' } })[0]).toMatch(
      /^MALFORMED/,
    );
  });

  it('no attack declared: straight on to Supply, the defender owes nothing', () => {
    const s = atDeclare();
    advance(s, { TOG: { kind: 'combat-declare', attacks: [], detections: [] } }, seededDice('none'));
    expect(s.step).toBe('SUPPLY');
  });
});

describe('resolution in the attacker\u2019s order (L557-561)', () => {
  it('L679: a declared attack whose target TF is gone before its turn is cancelled; the other attacks resolve', () => {
    useFixtureMap();
    const s = makeTestState({
      attacker: 'TOG',
      tfs: [
        { id: 'A1', side: 'TOG', hex: hx(4, 3), units: [MED, MED] },
        { id: 'A2', side: 'TOG', hex: hx(3, 4), units: [MED] },
        { id: 'D1', side: 'CW', hex: hx(4, 4), units: [CWL] },
        { id: 'D2', side: 'CW', hex: hx(3, 5), units: [CWL] },
      ],
    });
    s.step = 'COMBAT_DECLARE';
    s.combat = { attacks: [], order: [], resolved: [] };
    const declare = checkOrder(s, 'TOG', {
      kind: 'combat-declare',
      attacks: [
        { target: { tf: 'D1' }, attackers: ['A1'] },
        { target: { tf: 'D2' }, attackers: ['A2'] },
      ],
    });
    expect(declare.errors).toEqual([]);
    advance(s, { TOG: declare.order! }, seededDice('l679'));
    expect(s.step).toBe('COMBAT_DETECT');
    const [first, second] = s.combat!.order;
    const gone = s.combat!.attacks.find((a) => a.id === first)!.target as { tf: string };
    // The first target leaves the map before resolution (as a retreat merge or a strike of the Campaign removes it).
    for (const u of Object.values(s.units)) if (u.tf === gone.tf) u.status = 'DESTROYED';
    delete s.tfs[gone.tf];
    const ev = advance(s, { CW: { kind: 'combat-detect', detections: [] } }, seededDice('l679-r'));
    const cancelled = ev.filter((e) => e.type === 'combat.cancelled');
    expect(cancelled.map((e) => e.data)).toEqual([{ attack: first, reason: 'target gone', rule: 'L679' }]);
    // Only the second attack is fought: one combat, after the cancelled one.
    expect(ev.map((e) => e.type).filter((t) => t === 'combat' || t === 'combat.cancelled')).toEqual([
      'combat.cancelled',
      'combat',
    ]);
    expect(s.combat!.resolved).toEqual([first, second]);
    expect(s.step).toBe('SUPPLY');
  });
});
