/**
 * Hidden hands: per-side collections (drawn counters, safe zones, bogeys...) that only their
 * owner may see. State keeps them as plain JSON, `{ [side]: items }`; a view shows a side its own
 * items and every other viewer (other sides, spectators) only how many there are.
 */
import type { Json, Side, Viewer } from './contract.js';

export type Hands<T extends Json = Json> = Record<Side, T[]>;

/** One hand as a viewer sees it: the count always, the items only for the owner. */
export type HandView<T extends Json = Json> = { count: number; items?: T[] };

/** Empty hands for `sides`. */
export function emptyHands<T extends Json>(sides: readonly Side[]): Hands<T> {
  return Object.fromEntries(sides.map((s) => [s, [] as T[]]));
}

/** `hands` with `items` added to the end of `side`'s hand. */
export function addToHand<T extends Json>(hands: Hands<T>, side: Side, items: readonly T[]): Hands<T> {
  return { ...hands, [side]: [...(hands[side] ?? []), ...structuredClone(items)] };
}

/** Does `side` hold `item` (JSON-equal)? */
export function holds<T extends Json>(hands: Hands<T>, side: Side, item: T): boolean {
  const key = JSON.stringify(item);
  return (hands[side] ?? []).some((x) => JSON.stringify(x) === key);
}

/** `hands` with one copy of `item` taken out of `side`'s hand; throws if the side does not hold it (validate first). */
export function takeFromHand<T extends Json>(hands: Hands<T>, side: Side, item: T): Hands<T> {
  const hand = hands[side] ?? [];
  const key = JSON.stringify(item);
  const at = hand.findIndex((x) => JSON.stringify(x) === key);
  if (at < 0) throw new RangeError(`${side} does not hold ${key}`);
  return { ...hands, [side]: [...hand.slice(0, at), ...hand.slice(at + 1)] };
}

/**
 * The projection a view shows: every side's hand, with its items for the owner only. Sides are
 * listed in `sides` order (never in an order that depends on hidden contents).
 */
export function handsView<T extends Json>(
  hands: Hands<T>,
  viewer: Viewer,
  sides: readonly Side[],
): Record<Side, HandView<T>> {
  const out: Record<Side, HandView<T>> = {};
  for (const s of sides) {
    const hand = hands[s] ?? [];
    out[s] = s === viewer ? { count: hand.length, items: structuredClone(hand) } : { count: hand.length };
  }
  return out;
}
