/** Test helpers for the Leviathan option (D-87): bot play up to a chosen battle pause, and entries. Imported only by tests. */
import type { GameEvent, Json } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import prefectSpace from '../module/index.js';
import type { Side, SpaceGameState } from '../module/types.js';
import type { BattleInfo } from './types.js';

export const battleOf = (s: SpaceGameState): BattleInfo => s.external!.pending!.battle;

/** An entry for the paused battle. */
export const entry = (
  s: SpaceGameState,
  o: { destroyed?: string[]; disorganised?: string[]; brokeOff?: string[]; prefect?: boolean } = {},
): Json => ({ kind: 'external-result', battle: battleOf(s).id, destroyed: [], disorganised: [], brokeOff: [], ...o });

export interface PlayOptions {
  /** The opponent intercepts with every eligible unit (DSI battles, L1511); the bot holds back. */
  interceptAll?: boolean;
  options?: Record<string, Json>;
  /** Called after every step. */
  each?: (prev: SpaceGameState, orders: Record<string, Json>, events: GameEvent[], next: SpaceGameState) => void;
}

/** Bot play with externalCombat LEVIATHAN; stops at the first battle pause where `stop` holds (or at the end). */
export function playTo(seed: string, stop: (s: SpaceGameState) => boolean, o: PlayOptions = {}): SpaceGameState {
  let s = prefectSpace.setup(
    'hold-the-line',
    { externalCombat: 'LEVIATHAN', ...(o.options ?? {}) },
    seededDice(seed, 0),
  ) as SpaceGameState;
  for (let step = 1; step < 2000 && !prefectSpace.outcome(s); step++) {
    if (s.external?.pending && stop(s)) return s;
    const orders: Record<string, Json> = {};
    for (const p of prefectSpace.prompts(s)) {
      let order = prefectSpace.bot(s, p.side, seededDice(`${seed}-bot`, step));
      if (o.interceptAll && p.kind === 'combat-reactions')
        order = {
          kind: 'combat-reactions',
          reactions: { ...(order as { reactions: object }).reactions, intercept: { default: 'ALL' } },
        };
      orders[p.side] = order;
    }
    const r = prefectSpace.resolve(s, orders, seededDice(seed, step));
    o.each?.(s, orders, r.events, r.state);
    s = r.state;
  }
  return s;
}

/** Resolves the rest of the Combat Phase with agreed empty entries (nothing lost) at every further pause. */
export function finishPhase(s: SpaceGameState, seed: string): { state: SpaceGameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (let i = 0; s.external?.pending && i < 50; i++) {
    const r = prefectSpace.resolve(s, { TOG: entry(s), CW: entry(s) }, seededDice(`${seed}-finish`, i));
    events.push(...r.events);
    s = r.state;
  }
  return { state: s, events };
}

export const sides: readonly Side[] = ['TOG', 'CW'];
