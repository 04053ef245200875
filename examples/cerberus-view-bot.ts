/**
 * A Cerberus bot that plays from the API only: it rebuilds a game state from the `view` its side
 * is given (GraphQL `game(id){view}`), then asks the module's own bot (src/games/cerberus/bot.ts)
 * for orders on that state. Whatever the view hides stays unknown to the bot:
 * - an enemy face-down map unit becomes a stand-in at its hex, named by the opaque id the view
 *   gave, with the factors of the commonest battalion (3-4-2) and `faceDown` set (the bot never
 *   reads a face-down unit's factors, 14.12);
 * - enemy units in hidden boxes (Earth, System, Tau Ceti, a private Fleet, the turn track) become
 *   stand-ins counted as the view counts them (2.6);
 * - the other side's standing orders, stored plan, private scratch and pending payloads are blank.
 * The server may still refuse an order that depended on something hidden (a stand-in's real type);
 * the player loop (bot-player.ts) then prunes what the server's errors point at, and at last sends
 * the prompt's default orders, which are always legal.
 */
import type { Json } from '#engine/contract.js';
import { SeededDice } from '#engine/dice.js';
import { botOrders, prune } from '#games/cerberus/bot.js';
import { validateOrders } from '#games/cerberus/index.js';
import type { CerberusOrder } from '#games/cerberus/orders.js';
import { owedAt } from '#games/cerberus/sequence.js';
import {
  makeUnit,
  newPhaseScratch,
  newPlayerState,
  type Box,
  type CerberusState,
  type Side,
  type Unit,
} from '#games/cerberus/state.js';

type Obj = Record<string, any>;

/** A unit the viewer knows only as a position or a count: a plain 3-4-2 battalion, face down. */
function standIn(id: string, side: Side, fields: Partial<Unit>): Unit {
  return makeUnit({
    id,
    side,
    cls: 'INFANTRY',
    typeId: 'HIDDEN',
    designation: '?',
    attack: 3,
    defense: 4,
    movement: 2,
    faceDown: true,
    ...fields,
  });
}

/** The units of `side` as `viewer` sees them: in full, as face-down positions, or as box counts. */
function unitsOf(v: Obj, side: Side, viewer: Side): Unit[] {
  const s = v.sides[side] as Obj;
  const units = (s.units as Unit[]).map((u) => structuredClone(u));
  if (side === viewer) return units;
  for (const fd of s.faceDown as { opaqueId: string; hex: string }[])
    units.push(standIn(fd.opaqueId, side, { box: 'MAP', hex: fd.hex }));
  // The turn track is counted by arrival turn (14.22); other hidden boxes by box.
  const due = Object.entries((s.turnTrackDue ?? {}) as Record<string, number>).flatMap(([turn, n]) =>
    Array.from({ length: n }, () => Number(turn)),
  );
  for (const [box, n] of Object.entries((s.boxCounts ?? {}) as Record<string, number>)) {
    for (let i = 0; i < n; i++) {
      const onTrack = box === 'TURN_TRACK';
      units.push(
        standIn(`hidden:${side}:${box}:${i}`, side, {
          box: box as Box,
          hex: null,
          due: onTrack ? (due[i] ?? null) : null,
          arrivesAt: onTrack ? 'FLEET' : null,
        }),
      );
    }
  }
  return units;
}

/** 3.2 A.3 the other side's unused conditional Major Effort choice is sealed (null) in the view. */
function spaceOf(v: Obj): CerberusState['space'] {
  const rec = (r: Obj | null) =>
    r ? { ...r, cancelIfSole: { HUMAN: r.cancelIfSole.HUMAN ?? false, CETIAN: r.cancelIfSole.CETIAN ?? false } } : null;
  return {
    state: v.space.state,
    current: rec(v.space.current),
    history: (v.space.history as Obj[]).map(rec),
  } as CerberusState['space'];
}

/** Fields of a view that are not state: who views, the prompts and owed list added by the module. */
const VIEW_ONLY = ['game', 'viewer', 'sides', 'planStored', 'prompts', 'owed'];

/**
 * The game state as far as `side` can know it from its view. Fields the view shows as they are
 * (turn, segment, storms, …, and any field added later) are copied; the redacted ones are rebuilt.
 */
export function stateFromView(view: Json, side: Side): CerberusState {
  const v = view as Obj;
  if (v.game !== 'cerberus') throw new Error('not a Cerberus view');
  const players = {} as CerberusState['players'];
  for (const s of ['HUMAN', 'CETIAN'] as Side[]) {
    const p = v.players[s] as Obj;
    players[s] = {
      ...newPlayerState(s),
      ...structuredClone(p),
      standing: s === side ? structuredClone(p.standing ?? {}) : {},
    };
  }
  const shown = structuredClone(Object.fromEntries(Object.entries(v).filter(([k]) => !VIEW_ONLY.includes(k))));
  return {
    ...shown,
    version: 1,
    space: spaceOf(v),
    players,
    units: [...unitsOf(v, 'HUMAN', side), ...unitsOf(v, 'CETIAN', side)],
    phaseScratch: v.phaseScratch
      ? { ...newPhaseScratch(v.phaseScratch.side), ...structuredClone(v.phaseScratch) }
      : null,
    pending: (v.pending as Obj[]).map((d) =>
      d.side === side ? structuredClone(d) : { segment: v.segment, payload: null, ...d },
    ),
    viewSecret: '', // the server's key for opaque ids; the view's opaque ids are used as the stand-ins' ids
  } as CerberusState;
}

/**
 * The module's bot's orders for what `side` owes, decided on the state rebuilt from its view;
 * null when the rebuilt state does not owe what the prompt asks (the caller then sends the
 * prompt's defaults). `seed` feeds the bot's only randomness (set-up variety).
 */
export function cerberusBotOrders(view: Json, side: Side, promptKind: string, seed: string, step: number): Json | null {
  const state = stateFromView(view, side);
  const owed = owedAt(state).find((o) => o.side === side);
  if (!owed || owed.kind !== promptKind) return null;
  return botOrders(
    state,
    side,
    new SeededDice({ seed, gameId: `client-${side}`, step }),
    validateOrders,
  ) as unknown as Json;
}

/** Drops the items the server's error details point at (the module bot's own pruning), or null. */
export function pruneOrders(
  orders: Json,
  details: { code: string; path: (string | number)[]; message: string }[],
): Json | null {
  const next = prune(orders as unknown as CerberusOrder, details);
  return next && JSON.stringify(next) !== JSON.stringify(orders) ? (next as unknown as Json) : null;
}
