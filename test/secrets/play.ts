/** Shared by the secrets suites: which modules they cover, and the validate-oracle probe. */
import type { GameModule, Json, OrderError, Side } from '#engine/contract.js';
import type { ModuleKit } from '#engine/kit.js';
import { shipped } from '#games/index.js';
import sealedBid, { kit as sealedBidKit } from '../fixtures/sealed-bid.js';
import { idLike } from './derive.js';

/** Every shipped module and the fixture; a module without a kit is listed so that its test fails. */
export const covered: { module: GameModule<any, any>; kit?: ModuleKit }[] = [
  ...shipped,
  { module: sealedBid as GameModule<any, any>, kit: sealedBidKit },
];

/** The kit, or a failure naming what is missing (a module without a kit is never skipped). */
export function kitOf(entry: { module: GameModule<any, any>; kit?: ModuleKit }): ModuleKit {
  if (!entry.kit)
    throw new Error(
      `module ${entry.module.id} ships no test kit (kit.ts in its folder, paired in src/games/index.ts): see docs/module-kit.md`,
    );
  return entry.kit;
}

/** Paths of identifier-like string slots in `orders`, where a piece is named. */
export function idSlots(orders: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof orders === 'string') return idLike(orders) ? [path] : [];
  if (Array.isArray(orders)) return orders.flatMap((x, i) => idSlots(x, [...path, i]));
  if (orders && typeof orders === 'object') return Object.entries(orders).flatMap(([k, x]) => idSlots(x, [...path, k]));
  return [];
}

export function withSlot(orders: Json, path: (string | number)[], value: string): Json {
  if (!path.length) return value;
  const copy: any = Array.isArray(orders) ? [...orders] : { ...(orders as object) };
  copy[path[0]] = withSlot(copy[path[0]], path.slice(1), value);
  return copy;
}

/** An identifier of the same shape as `id` (digits changed) that names nothing in `world`. */
export function madeUp(id: string, world: string): string {
  for (let shift = 1; shift < 10; shift++) {
    const fake = id.replace(/\d/g, (d) => String((Number(d) + shift) % 10));
    if (fake !== id && !world.includes(JSON.stringify(fake))) return fake;
  }
  return `${id}9`;
}

/**
 * The validate oracle: an order naming a hidden piece by its real id must be answered as one naming
 * any other hidden piece, and (unless the kit says the roster is public) as one naming a made-up
 * id of the same shape (code, path, message alike, the id aside); otherwise the answer tells the
 * piece exists, or where it is. Probes each identifier slot of `side`'s bot orders with `secrets`.
 */
export function oracleFindings(
  module: GameModule<any, any>,
  kit: ModuleKit,
  state: unknown,
  side: Side,
  bot: Json,
  secrets: Iterable<string>,
  limit = 3,
): string[] {
  const world = JSON.stringify(state);
  const found: string[] = [];
  const norm = (errs: OrderError[], token: string) =>
    JSON.stringify(
      errs.map((e) => ({
        ...e,
        message: e.message.split(token).join('<id>'),
        path: e.path.map((p) => (p === token ? '<id>' : p)),
      })),
    );
  // Ids of one shape (digits aside: tog-manus-hq-3, tog-manus-hq-6) name pieces of one kind: an
  // answer may tell a unit id from a TF id (both public kinds), never one hidden unit from another.
  const byShape = new Map<string, string[]>();
  for (const x of secrets) {
    const shape = x.replace(/\d+/g, '#');
    byShape.set(shape, [...(byShape.get(shape) ?? []), x]);
  }
  const groups = sample(
    [...byShape.values()].filter((g) => g.length >= (kit.secrets.rosterPublic ? 2 : 1)),
    2,
  ).map((g) => sample(g, 2));
  for (const slot of idSlots(bot).slice(0, limit)) {
    for (const group of groups) {
      const answers = group.map((secret) => ({
        secret,
        answer: norm(module.validate(state, side, withSlot(bot, slot, secret)), secret),
      }));
      if (!kit.secrets.rosterPublic) {
        const fake = madeUp(group[0], world);
        answers.push({
          secret: `${fake} (made up)`,
          answer: norm(module.validate(state, side, withSlot(bot, slot, fake)), fake),
        });
      }
      const odd = answers.find((x) => x.answer !== answers[0].answer);
      if (odd)
        found.push(
          `validate oracle (${side}) at ${slot.join('.')}: ${answers[0].secret} answers ${answers[0].answer.slice(0, 240)}, ${odd.secret} answers ${odd.answer.slice(0, 240)}`,
        );
    }
  }
  return found;
}

/** Up to `n` items spread over `xs` (a deterministic sample). */
export function sample<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  return Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]);
}
