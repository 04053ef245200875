/**
 * Pieces every game module's `validate` / `resolve` share: validation memoised per state object
 * (the bot's self-check, the platform's submission check and resolution then validate an order
 * once) and the owed orders of a step with defaults for those missing or refused.
 */
import type { GameEvent, Json, OrderError, Prompt } from './contract.js';

export interface Checked<O> {
  errors: OrderError[];
  /** The parsed order when legal. */
  order?: O | null;
}

/**
 * Memoises `check` per state object and (side, order). Sound because module code never edits a
 * state it has validated against (resolution works on a clone).
 */
export function memoCheck<S extends object, C>(
  check: (state: S, side: string, raw: unknown) => C,
  capacity = 64,
): (state: S, side: string, raw: unknown) => C {
  const memo = new WeakMap<S, Map<string, C>>();
  return (state, side, raw) => {
    const key = `${side}|${JSON.stringify(raw ?? null)}`;
    let m = memo.get(state);
    if (!m) memo.set(state, (m = new Map()));
    let hit = m.get(key);
    if (hit === undefined) {
      if (m.size > capacity) m.clear();
      m.set(key, (hit = check(state, side, raw)));
    }
    return hit;
  };
}

/**
 * The orders to apply at a step: each owed side's order if legal (validated against `prev`, a
 * copy handed over), otherwise its default, with an `orders.defaulted` event telling that side why
 * (its first five errors; for a side that sent nothing, `missing` if given, else none).
 */
export function ordersOrDefaults<S, O, W extends { side: string }>(
  prev: S,
  next: S,
  owed: W[],
  ordersBySide: Record<string, Json>,
  checked: (state: S, side: string, raw: unknown) => Checked<O>,
  defaultFor: (state: S, owed: W) => O,
  opts: { missing?: OrderError } = {},
): { orders: Record<string, O>; events: GameEvent[] } {
  const orders: Record<string, O> = {};
  const events: GameEvent[] = [];
  for (const o of owed) {
    const raw = ordersBySide[o.side];
    const c = raw === undefined ? null : checked(prev, o.side, raw);
    if (c?.order) orders[o.side] = structuredClone(c.order);
    else {
      orders[o.side] = defaultFor(next, o);
      const errors = c ? c.errors : opts.missing ? [opts.missing] : [];
      events.push({
        type: 'orders.defaulted',
        visibleTo: [o.side],
        data: { errors: errors.slice(0, 5) as unknown as Json },
      });
    }
  }
  return { orders, events };
}

/** What a view adds about the current step: the viewer's own prompts (none for spectators) and who owes what kind. */
export function promptContext(
  viewer: string | null,
  prompts: Prompt[],
  owed: { side: string; kind: string; secret: boolean }[],
) {
  return {
    prompts: (viewer === null ? [] : prompts.filter((p) => p.side === viewer)) as unknown as Json,
    owed: owed.map((o) => ({ side: o.side, kind: o.kind, secret: o.secret })),
  };
}
