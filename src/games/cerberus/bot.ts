/**
 * The Cerberus bot (contract `bot`): orders for whatever `side` owes now, for demos, fuzzing and
 * seats in civil disorder. It plays from what its side may see (known-state.ts: face-down enemy
 * units are only positions, their strength estimated, never read), plans with the rules helpers' legal-choice
 * functions, then checks its orders with the module's own validation: items the validation names
 * are dropped and the order checked again; if that fails, the deadline default is used, which is
 * always legal. Randomness (set-up variety only) comes from the recorded dice.
 */
import type { OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { planPhase } from './bot-plan.js';
import { planMajorEffort, planStrategicCetian, planStrategicHuman } from './bot-strategic.js';
import type { CerberusOrder } from './orders.js';
import { knownState } from './known-state.js';
import { defaultFor } from './prompts.js';
import { owedAt, type Owed } from './sequence.js';
import { planCetianSetup, planHumanSetup } from './setup.js';
import type { CerberusState, Side } from './state.js';

/** The module's validation (index.ts), injected to keep the import graph one-way. */
export type Validator = (state: CerberusState, side: Side, order: unknown) => OrderError[];

/** A 0-based choice among n from the dice (n = 1 needs no roll). */
export function pickIndex(dice: Dice, n: number, label: string): number {
  return n <= 1 ? 0 : dice.roll(n, label) - 1;
}

function plan(state: CerberusState, owed: Owed, dice: Dice): CerberusOrder {
  switch (owed.kind) {
    case 'setup-cetian':
      return planCetianSetup(state, (n) => pickIndex(dice, n, 'bot set-up'));
    case 'setup-human':
      return planHumanSetup(state);
    case 'major-effort':
      return planMajorEffort(state, owed.side);
    case 'phase-plan':
      return planPhase(state, owed.side, owed.from ?? 'SPECIAL_FORCES');
    case 'strategic-human':
      return planStrategicHuman(state);
    case 'strategic-cetian':
      return planStrategicCetian(state);
    case 'losses':
      return defaultFor(state, owed);
  }
}

type Obj = Record<string, unknown>;

/**
 * Drops what the errors point at: a list item (['movement', 'moves', 3, …] → that move), an
 * attack's support or SF pair or advance choice, or a whole part (['specialForces'] → no
 * missions). Null when an error cannot be pinned on something droppable.
 */
export function prune(order: CerberusOrder, errors: OrderError[]): CerberusOrder | null {
  const out = structuredClone(order) as unknown as Obj;
  const drops = new Map<unknown[], Set<number>>();
  const dropItem = (list: unknown[], i: number) => drops.set(list, (drops.get(list) ?? new Set()).add(i));
  for (const e of errors) {
    const p = e.path;
    if (order.kind !== 'phase-plan') {
      const list = out[p[0] as string];
      if (Array.isArray(list) && typeof p[1] === 'number') dropItem(list, p[1]);
      else if (Array.isArray(list)) out[p[0] as string] = [];
      else return null;
      continue;
    }
    const part = out[p[0] as string] as Obj | undefined;
    if (!part || typeof part !== 'object') return null;
    const list = part[p[1] as string];
    if (!Array.isArray(list) || typeof p[2] !== 'number') {
      delete out[p[0] as string];
      continue;
    }
    const item = list[p[2]] as Obj | undefined;
    const field = p[3];
    if (p[0] === 'combat' && p[1] === 'attacks' && item) {
      if (field === 'sfPair') {
        delete item.sfPair;
        continue;
      }
      if (field === 'advance') {
        item.advance = 'none';
        continue;
      }
      if (
        field === 'air' ||
        field === 'missiles' ||
        field === 'fleet' ||
        e.code.startsWith('support.') ||
        e.code.startsWith('air.') ||
        e.code.startsWith('fleet.') ||
        e.code.startsWith('missile.')
      ) {
        if ((item.air as unknown[]).length || (item.missiles as unknown[]).length || item.fleet) {
          item.air = [];
          item.missiles = [];
          item.fleet = 0;
          continue;
        }
      }
    }
    dropItem(list, p[2]);
  }
  for (const [list, idx] of drops) {
    for (const i of [...idx].sort((a, b) => b - a)) list.splice(i, 1);
  }
  return out as unknown as CerberusOrder;
}

/** Validates and prunes until legal (a few rounds), or null. */
function selfCheck(state: CerberusState, side: Side, order: CerberusOrder, validate: Validator): CerberusOrder | null {
  let o: CerberusOrder | null = order;
  for (let round = 0; o && round < 8; round++) {
    const errors = validate(state, side, o);
    if (!errors.length) return o;
    const next = prune(o, errors);
    if (!next || JSON.stringify(next) === JSON.stringify(o)) return null;
    o = next;
  }
  return null;
}

/**
 * Always-legal orders for what `side` owes now. The plan and its self-check use only the state as
 * `side` knows it (known-state.ts); the real state is consulted last, as the platform does on
 * submission, and only to drop what it refuses.
 */
export function botOrders(state: CerberusState, side: Side, dice: Dice, validate: Validator): CerberusOrder {
  const owed = owedAt(state).find((o) => o.side === side);
  if (!owed) throw new Error(`Cerberus bot: ${side} owes nothing at ${state.segment}`);
  const known = knownState(state, side);
  const planned = selfCheck(known, side, plan(known, owed, dice), validate) ?? defaultFor(known, owed);
  return selfCheck(state, side, planned, validate) ?? defaultFor(state, owed);
}
