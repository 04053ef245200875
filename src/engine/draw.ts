/**
 * Blind draws: shuffling a deck and drawing from a cup, through the step's Dice. Each random
 * choice is one recorded die roll, so the step record holds it like any other roll, the export
 * verifier re-derives it from the seed, and a replay of the recorded values reproduces it.
 *
 * The functions are pure: they return new arrays and leave their input alone (state is JSON).
 * What a draw picked is as secret as what it drew: a roll says "item 3 of the cup as stored", so
 * its record must only reach viewers who may know the result (docs/module-kit.md, "Blind draws").
 */
import type { Dice } from './dice.js';

function checkCount(count: number, available: number, label: string): void {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`${label}: cannot draw ${count} items`);
  if (count > available) throw new RangeError(`${label}: cannot draw ${count} items from ${available}`);
}

/**
 * A uniformly random order of `items` (Fisher-Yates): n-1 rolls, of a d n, d n-1, ... d2, all
 * labelled `label`. A deck shuffled once and dealt from the top needs no further rolls.
 */
export function shuffle<T>(items: readonly T[], dice: Dice, label: string): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1, label) - 1;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Draws `count` items blind from a cup, without replacement: each draw is one roll over what is
 * left (a die of as many faces as items), except that the last item left is taken without a roll.
 * `drawn` is in the order drawn; `rest` keeps the cup's order.
 */
export function drawBlind<T>(cup: readonly T[], count: number, dice: Dice, label: string): { drawn: T[]; rest: T[] } {
  checkCount(count, cup.length, label);
  const rest = [...cup];
  const drawn: T[] = [];
  for (let k = 0; k < count; k++) {
    const index = rest.length === 1 ? 0 : dice.roll(rest.length, label) - 1;
    drawn.push(...rest.splice(index, 1));
  }
  return { drawn, rest };
}

/** Deals `count` items off the top (the front) of a shuffled deck: no roll, the shuffle chose. */
export function deal<T>(deck: readonly T[], count: number): { drawn: T[]; rest: T[] } {
  checkCount(count, deck.length, 'deal');
  return { drawn: deck.slice(0, count), rest: deck.slice(count) };
}
