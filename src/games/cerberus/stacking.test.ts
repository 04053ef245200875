import { describe, expect, it } from 'vitest';
import { tablesData } from './data/index.js';
import { canAddToStack, countStack, isStackingLegal, stackProblems, stackingViolations } from './stacking.js';
import type { UnitClass } from './state.js';
import { stateAt, unit } from './testing.js';

type Recipe = Partial<Record<UnitClass, number>>;
const stack = (r: Recipe): { cls: UnitClass }[] =>
  Object.entries(r).flatMap(([cls, n]) => Array.from({ length: n ?? 0 }, () => ({ cls: cls as UnitClass })));

describe('6.7 examples of legal stacks (T10)', () => {
  const examples: [string, Recipe][] = [
    [
      '1. one Base, two Infantry, one Heavy Weapons, two Transports',
      { BASE: 1, INFANTRY: 2, HEAVY_WEAPONS: 1, TRANSPORT: 2 },
    ],
    [
      '2. one Spaceport, two Bases, one Heavy Weapons, two Transports',
      { SPACEPORT: 1, BASE: 2, HEAVY_WEAPONS: 1, TRANSPORT: 2 },
    ],
    [
      '3. one Base, two Heavy Weapons, one Mobile, one Transport',
      { BASE: 1, HEAVY_WEAPONS: 2, MOBILE: 1, TRANSPORT: 1 },
    ],
    [
      '4. one Infantry, one Mobile, three Transports, one Heavy Weapons',
      { INFANTRY: 1, MOBILE: 1, TRANSPORT: 3, HEAVY_WEAPONS: 1 },
    ],
    ['5. five Transports, one Heavy Weapons', { TRANSPORT: 5, HEAVY_WEAPONS: 1 }],
    [
      '6. one Spaceport, one Base, one Mobile, two Transports, one Heavy Weapons',
      { SPACEPORT: 1, BASE: 1, MOBILE: 1, TRANSPORT: 2, HEAVY_WEAPONS: 1 },
    ],
  ];
  for (const [name, recipe] of examples) {
    it(`T10 6.7 stack ${name} is legal`, () => expect(stackProblems(stack(recipe))).toEqual([]));
  }

  it('T10 6.7: the data pack lists the same six examples, all legal', () => {
    const listed = tablesData.stacking.legalExamples.value;
    expect(listed).toEqual(examples.map(([, r]) => r));
    for (const r of listed) expect(isStackingLegal(stack(r))).toBe(true);
  });

  it('6.7 notes: removing any unit from a legal example still leaves a legal stack', () => {
    for (const [, r] of examples) {
      const units = stack(r);
      for (let i = 0; i < units.length; i++) expect(isStackingLegal(units.filter((_, j) => j !== i))).toBe(true);
    }
  });
});

describe('6.0–6.4 the limits (digest §5.4 negative tests)', () => {
  it('6.2: three Infantry battalions are too many combat battalions in the three slots', () => {
    expect(stackProblems(stack({ INFANTRY: 3 })).map((p) => p.rule)).toEqual(['6.2']);
  });
  it('6.1: two Spaceports may never stack', () => {
    expect(stackProblems(stack({ SPACEPORT: 2 })).map((p) => p.rule)).toEqual(['6.1']);
  });
  it('6.0: Base, two Infantry and a Mobile make four regular units', () => {
    expect(stackProblems(stack({ BASE: 1, INFANTRY: 2, MOBILE: 1 })).map((p) => p.code)).toEqual([
      'stacking.combat',
      'stacking.units',
    ]);
  });
  it('6.3: three Infantry and a Heavy Weapons company have four units with attack factors', () => {
    expect(stackProblems(stack({ INFANTRY: 3, HEAVY_WEAPONS: 1 })).map((p) => p.rule)).toContain('6.3');
    expect(isStackingLegal(stack({ INFANTRY: 2, HEAVY_WEAPONS: 1 }))).toBe(true);
  });
  it('6.3: two Mobiles, two Heavy Weapons and a Base are illegal (only one HW is extra)', () => {
    expect(isStackingLegal(stack({ MOBILE: 2, HEAVY_WEAPONS: 2, BASE: 1 }))).toBe(false);
  });
  it('6.3: two Transports are extra, a third takes a regular slot', () => {
    expect(isStackingLegal(stack({ BASE: 1, INFANTRY: 2, TRANSPORT: 2 }))).toBe(true);
    expect(isStackingLegal(stack({ BASE: 1, INFANTRY: 2, TRANSPORT: 3 }))).toBe(false);
  });
  it('6.0: at most six units of one player in a hex', () => {
    expect(isStackingLegal(stack({ TRANSPORT: 6 }))).toBe(false);
    expect(isStackingLegal(stack({ TRANSPORT: 5, HEAVY_WEAPONS: 1 }))).toBe(true);
  });
  it('6.4: Special Forces never count for stacking', () => {
    expect(countStack(stack({ SF: 4, INFANTRY: 2 }))).toMatchObject({ battalions: 2, installations: 0 });
    expect(isStackingLegal(stack({ SF: 4, INFANTRY: 2, BASE: 1 }))).toBe(true);
  });
  it('G25: an E-Field takes a regular slot', () => {
    expect(isStackingLegal(stack({ EFIELD: 1, BASE: 1, INFANTRY: 1 }))).toBe(true);
    expect(isStackingLegal(stack({ EFIELD: 1, BASE: 1, INFANTRY: 2 }))).toBe(false);
  });
});

describe('stackingViolations / canAddToStack', () => {
  it('6.0: limits are per player; enemy units in the hex do not count', () => {
    const units = [
      unit('HUMAN', 'INFANTRY', '1009'),
      unit('HUMAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'INFANTRY', '1009'),
      unit('CETIAN', 'MOBILE', '1009'),
    ];
    const s = stateAt({ segment: 'MOVEMENT', phasing: 'HUMAN' }, units);
    expect(stackingViolations(s, 'HUMAN')).toEqual([]);
    expect(stackingViolations(s, 'CETIAN')).toEqual([]);
    expect(canAddToStack(s, 'HUMAN', '1009', [{ id: 'x', cls: 'HEAVY_WEAPONS' }])).toBe(true);
    expect(canAddToStack(s, 'HUMAN', '1009', [{ id: 'y', cls: 'MOBILE' }])).toBe(false);
  });
  it('6.8: reports each overstacked hex of a side with the rule and the units', () => {
    const units = ['a', 'b', 'c'].map((id) => unit('HUMAN', 'INFANTRY', '1009', { id }));
    const s = stateAt({ segment: 'MOVEMENT', phasing: 'HUMAN' }, [...units, unit('HUMAN', 'INFANTRY', '1110')]);
    expect(stackingViolations(s, 'HUMAN')).toMatchObject([
      { hex: '1009', rule: '6.2', side: 'HUMAN', unitIds: ['a', 'b', 'c'] },
    ]);
    expect(stackingViolations(s, 'HUMAN', '1110')).toEqual([]);
    expect(canAddToStack(s, 'HUMAN', '1009', [units[0]])).toBe(false);
  });
});
