import { describe, it, expect } from 'vitest';
import { seededDice } from './dice.js';
import { drawBlind } from './draw.js';
import { addToHand, emptyHands, handsView, holds, takeFromHand, type Hands } from './hands.js';

const sides = ['REBEL', 'CROWN'];

describe('hidden hands', () => {
  const hands: Hands<string> = addToHand(addToHand(emptyHands(sides), 'REBEL', ['zone-3', 'zone-7']), 'CROWN', [
    'bogey-1',
  ]);

  it('shows the owner its items and everyone else only the count', () => {
    expect(handsView(hands, 'REBEL', sides)).toEqual({
      REBEL: { count: 2, items: ['zone-3', 'zone-7'] },
      CROWN: { count: 1 },
    });
    expect(handsView(hands, 'CROWN', sides)).toEqual({ REBEL: { count: 2 }, CROWN: { count: 1, items: ['bogey-1'] } });
    expect(handsView(hands, null, sides)).toEqual({ REBEL: { count: 2 }, CROWN: { count: 1 } });
  });

  it("never puts another side's items anywhere in a view", () => {
    const text = JSON.stringify(handsView(hands, 'CROWN', sides));
    expect(text).not.toContain('zone-');
    expect(JSON.stringify(handsView(hands, null, sides))).not.toMatch(/zone-|bogey-/);
  });

  it('lists a side without a hand as empty, and the projection is a copy', () => {
    const one: Hands<string> = { REBEL: ['a'] };
    const v = handsView(one, 'REBEL', sides);
    expect(v.CROWN).toEqual({ count: 0 });
    v.REBEL.items!.push('forged');
    expect(handsView(one, 'REBEL', sides).REBEL.items).toEqual(['a']);
  });

  it('adds and takes items without touching the old hands', () => {
    const after = takeFromHand(hands, 'REBEL', 'zone-3');
    expect(after.REBEL).toEqual(['zone-7']);
    expect(hands.REBEL).toEqual(['zone-3', 'zone-7']);
    expect(holds(after, 'REBEL', 'zone-3')).toBe(false);
    expect(holds(hands, 'REBEL', 'zone-3')).toBe(true);
    expect(() => takeFromHand(hands, 'CROWN', 'zone-3')).toThrow(RangeError);
  });

  it('holds what a blind draw dealt, and the counts follow the cup', () => {
    const cup = ['z1', 'z2', 'z3', 'z4', 'z5'];
    const { drawn, rest } = drawBlind(cup, 2, seededDice('hand'), 'safe zones');
    const h = addToHand(emptyHands<string>(sides), 'REBEL', drawn);
    expect(handsView(h, 'REBEL', sides).REBEL).toEqual({ count: 2, items: drawn });
    expect(handsView(h, 'CROWN', sides).REBEL).toEqual({ count: 2 });
    expect(rest).toHaveLength(3);
  });
});
