/**
 * The Space turn as a step machine (digest §4.4, D-53): who owes what at each step and whether it
 * is sealed (§4.6 H16-H28), and the transitions that run the rules until the next decision point.
 * Automatic steps never rest: a half with nothing to decide moves straight on.
 */
import type { GameEvent, Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { otherSide } from '../../common/types.js';
import { spaceData, spaceScenario } from '../data/index.js';
import { bothSealed, revealMissions, tfsNeedingMission } from '../missions.js';
import { moveErrors } from '../movement.js';
import { isActive } from '../state.js';
import { spaceTempoPhase } from '../tempo.js';
import { advanceTrack, placeArrival, rollArrivals } from '../tspace.js';
import { spaceWinner } from '../victory.js';
import {
  applyAdjust,
  applyMissions,
  applyMoves,
  applyReactionOrder,
  applySupply,
  checkTSpace,
  withdrawalMoveError,
} from './apply.js';
import { combatOwed, SEALED_POINTS } from './combat-link.js';
import { combatStep } from '../external/run.js';
import type {
  AdjustOrder,
  MissionsOrder,
  MoveOrder,
  PlaceOrder,
  ReactionOrder,
  Side,
  SpaceGameState,
  SpaceOrder,
  SupplyOrder,
  TSpaceOrder,
} from './types.js';
import { SIDES } from './types.js';

export interface Owed {
  side: Side;
  kind: SpaceOrder['kind'];
  secret: boolean;
}

/** The side whose phases 2-4 (half 1) or 5-7 (half 2) are being played (D-53). */
export const phasingOf = (s: SpaceGameState): Side => (s.half === 1 ? s.attacker : otherSide(s.attacker));

/** Has the phasing side anything to do in T-space (L1356-1360)? */
export const tSpaceOwed = (s: SpaceGameState, side: Side): boolean =>
  Object.values(s.tfs).some(
    (t) =>
      t.side === side && isActive(s, t) && (t.place.kind === 'TSPACE' || (t.place.kind === 'OFFSYSTEM' && !!t.mission)),
  );

/** L1397, D-57: a reaction needs two of the detector's SD TFs on the map. */
export const reactionPossible = (s: SpaceGameState, side: Side): boolean =>
  Object.values(s.tfs).filter((t) => t.side === side && t.mission === 'SECTOR_DEFENCE' && t.place.kind === 'SECTOR')
    .length >= 2;

/** TFs of `side` that may move intra-system now (L1407-1409). */
export const movableTfs = (s: SpaceGameState, side: Side): string[] =>
  Object.values(s.tfs)
    .filter((t) => t.side === side && t.place.kind === 'SECTOR')
    .filter((t) => {
      const to =
        t.mission === 'WITHDRAWAL'
          ? (t.missionParams?.destination ?? 'OFFSYSTEM')
          : (t.place as { sector: string }).sector;
      return moveErrors(s, side, t.id, to).length === 0 && !withdrawalMoveError(s, t.id, to);
    })
    .map((t) => t.id)
    .sort();

export function owedAt(s: SpaceGameState): Owed[] {
  const p = phasingOf(s);
  switch (s.step) {
    case 'MISSIONS':
      return SIDES.filter((side) => tfsNeedingMission(s, side).length > 0).map((side) => ({
        side,
        kind: 'missions',
        secret: true,
      }));
    case 'TSPACE':
      return [{ side: p, kind: 'tspace', secret: false }];
    case 'PLACE':
      return [{ side: p, kind: 'place', secret: false }];
    case 'REACTION':
      return [{ side: otherSide(p), kind: 'reaction', secret: false }];
    case 'MOVE':
      return [{ side: p, kind: 'move', secret: false }];
    case 'COMBAT':
      // D-87: a battle paused for its Leviathan result: both sides owe the sealed entry.
      if (s.external?.pending) return SIDES.map((side) => ({ side, kind: 'external-result', secret: true }));
      // D-91: an interactive phase paused at a decision point: its owner answers (the choice shows in the events);
      // sealed where both players choose at once and the other has yet to answer (L1861).
      if (s.external?.asking)
        return [
          {
            side: s.external.asking.side,
            kind: 'combat-decision',
            secret: SEALED_POINTS.includes(s.external.asking.kind),
          },
        ];
      return [
        { side: p, kind: 'combat-plan', secret: true },
        { side: otherSide(p), kind: 'combat-reactions', secret: true },
      ];
    case 'ADJUST':
      return SIDES.map((side) => ({ side, kind: 'adjust', secret: true }));
    case 'SUPPLY':
      return SIDES.map((side) => ({ side, kind: 'supply', secret: true }));
    case 'GAME_OVER':
      return [];
  }
}

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;

/** Phase 2/5 opens: the track advances (L1356), privately (the track is hidden, H16). */
function startHalf(s: SpaceGameState, half: 1 | 2): GameEvent[] {
  s.half = half;
  const p = phasingOf(s);
  advanceTrack(s, p);
  s.step = 'TSPACE';
  const events: GameEvent[] = [{ type: 'phase', visibleTo: 'all', data: { turn: s.turn, half, phasing: p } }];
  if (!tSpaceOwed(s, p)) events.push(...toMove(s));
  return events;
}

function toMove(s: SpaceGameState): GameEvent[] {
  s.step = 'MOVE';
  return movableTfs(s, phasingOf(s)).length ? [] : toCombat(s);
}

function toCombat(s: SpaceGameState): GameEvent[] {
  s.step = 'COMBAT';
  return combatOwed(s, phasingOf(s)) ? [] : endHalf(s);
}

function endHalf(s: SpaceGameState): GameEvent[] {
  if (s.half === 1) return startHalf(s, 2);
  s.step = 'ADJUST';
  return [];
}

/** L1397: the detector's reaction, if he has one to make, before the undetected arrivals are placed. */
function afterDetectedPlaced(
  s: SpaceGameState,
  anyDetected: boolean,
  pending: { tf: string; sector?: string }[],
): GameEvent[] {
  if (anyDetected && reactionPossible(s, otherSide(phasingOf(s)))) {
    s.pendingArrivals = pending;
    s.step = 'REACTION';
    return [];
  }
  return placeUndetected(s, pending);
}

/** L1401: after the opponent's transfers the owner places his undetected arrivals (a PLACE prompt, unless named at exit). */
function placeUndetected(s: SpaceGameState, pending: { tf: string; sector?: string }[]): GameEvent[] {
  if (pending.length && s.options.arrivalPlacement !== 'with-exit') {
    s.placing = { detected: false, tfs: pending };
    s.step = 'PLACE';
    return [];
  }
  return [...placeAll(s, pending), ...toMove(s)];
}

/** L1401 with arrivalPlacement 'with-exit': the undetected arrivals go to the sectors named at exit. */
function placeAll(s: SpaceGameState, list: { tf: string; sector?: string }[]): GameEvent[] {
  const side = phasingOf(s);
  return list.map((a) => {
    const sector = a.sector!; // checkTSpace requires it under 'with-exit'
    placeArrival(s, a.tf, sector);
    return { type: 'tspace.placed', visibleTo: 'all', data: { side, tf: a.tf, sector, detected: false } };
  });
}

/** Phase 10 (L1983-1991, D-38, L1208); the game ends after the scenario's last turn (D-01). */
function tempo(s: SpaceGameState): GameEvent[] {
  const sc = spaceScenario(s.scenario);
  const t = spaceTempoPhase(s);
  s.arrivals = [];
  const events: GameEvent[] = [{ type: 'tempo', visibleTo: 'all', data: j(t) }];
  if (s.turn > sc.turns) {
    const { winner, vp, bonus } = spaceWinner(s, sc);
    s.turn = sc.turns;
    s.step = 'GAME_OVER';
    const plus = Object.entries(bonus)
      .map(([side, n]) => `, ${side} +${n} scenario bonus`)
      .join('');
    s.result = {
      winner,
      vp,
      summary: `${winner} wins "${sc.title}" on victory points, TOG ${vp.TOG} – CW ${vp.CW}${plus} (D-01)`,
    };
    events.push({ type: 'game.over', visibleTo: 'all', data: j(s.result) });
  } else s.step = 'MISSIONS';
  return events;
}

/** A segment placed on the table in public (H25): remembered for everyone's view. */
function recordSighting(s: SpaceGameState, d: { sector: string; segment: number; bases: string[] }): void {
  s.sightings = (s.sightings ?? []).filter((x) => !(x.sector === d.sector && x.segment === d.segment));
  s.sightings.push({
    sector: d.sector,
    segment: d.segment,
    turn: s.turn,
    bases: d.bases
      .filter((id) => s.bases[id])
      .map((id) => ({ id, side: s.bases[id].side, ground: !spaceData.baseTypes[s.bases[id].type].orbital })),
  });
}

/** Applies the (validated) orders owed at the current step and runs to the next decision point. */
export function advance(s: SpaceGameState, orders: Partial<Record<Side, SpaceOrder>>, dice: Dice): GameEvent[] {
  const events: GameEvent[] = [];
  const o = <T extends SpaceOrder>(side: Side) => orders[side] as T;
  const p = phasingOf(s);
  switch (s.step) {
    case 'MISSIONS': {
      // H17: both sealed, revealed at once (missions.ts); a side with no TF to order seals nothing.
      for (const side of SIDES)
        applyMissions(s, side, orders[side] ? o<MissionsOrder>(side) : { kind: 'missions', missions: [] });
      if (!bothSealed(s)) throw new Error('mission orders were not sealed');
      revealMissions(s);
      for (const side of SIDES)
        events.push({
          type: 'missions.assigned',
          visibleTo: [side],
          data: j(
            Object.values(s.tfs)
              .filter((t) => t.side === side && t.mission)
              .map((t) => ({ tf: t.id, mission: t.mission })),
          ),
        });
      events.push(...startHalf(s, 1));
      break;
    }
    case 'TSPACE': {
      const ord = o<TSpaceOrder>(p);
      checkTSpace(s, p, ord);
      const rolls = rollArrivals(
        s,
        dice,
        ord.exits.map((x) => x.tf),
      );
      // H19: each exit's Sig total and modifier are announced; the detector's roll is public.
      const recorded = dice.drain();
      const withExit = s.options.arrivalPlacement === 'with-exit';
      const detected: { tf: string; sector?: string }[] = [];
      const pending: { tf: string; sector?: string }[] = [];
      rolls.forEach((r, i) => {
        s.arrivals.push({
          tf: r.tf,
          side: p,
          turn: s.turn,
          total: r.total,
          modifier: r.modifier,
          roll: r.roll,
          detected: r.detected,
        });
        const sector = ord.exits[i].sector;
        const placedNow = r.detected && withExit;
        if (placedNow) placeArrival(s, r.tf, sector!);
        else (r.detected ? detected : pending).push({ tf: r.tf, ...(sector ? { sector } : {}) });
        events.push({
          type: 'tspace.arrival',
          visibleTo: 'all',
          data: {
            side: p,
            tf: r.tf,
            total: r.total,
            modifier: r.modifier,
            roll: r.roll,
            detected: r.detected,
            ...(placedNow ? { sector } : {}),
          },
          rolls: recorded.filter((x) => x.label.endsWith(` ${r.tf}`)),
        });
      });
      if (detected.length) {
        // L1387: the owner now knows which arrivals were detected and places those first.
        s.placing = { detected: true, tfs: detected };
        s.pendingArrivals = pending;
        s.step = 'PLACE';
      } else
        events.push(
          ...afterDetectedPlaced(
            s,
            rolls.some((r) => r.detected),
            pending,
          ),
        );
      break;
    }
    case 'PLACE': {
      const placing = s.placing!;
      delete s.placing;
      for (const x of o<PlaceOrder>(p).places) {
        placeArrival(s, x.tf, x.sector);
        events.push({
          type: 'tspace.placed',
          visibleTo: 'all',
          data: { side: p, tf: x.tf, sector: x.sector, detected: placing.detected },
        });
      }
      if (placing.detected) {
        const pending = s.pendingArrivals ?? [];
        delete s.pendingArrivals;
        events.push(...afterDetectedPlaced(s, true, pending));
      } else events.push(...toMove(s));
      break;
    }
    case 'REACTION': {
      events.push(...applyReactionOrder(s, otherSide(p), o<ReactionOrder>(otherSide(p))).events);
      const pending = s.pendingArrivals ?? [];
      delete s.pendingArrivals;
      events.push(...placeUndetected(s, pending));
      break;
    }
    case 'MOVE':
      events.push(...applyMoves(s, p, o<MoveOrder>(p)).events);
      events.push(...toCombat(s));
      break;
    case 'COMBAT': {
      // D-87: with externalCombat 'LEVIATHAN' the phase may pause at a battle (../external/run.ts).
      const step = combatStep(s, p, orders, dice);
      events.push(...step.before);
      step.phase.forEach((e, i) => {
        // A replayed phase re-records its sightings (idempotent); only events not sent before are sent.
        if (e.type === 'SEGMENT_PLACED' && e.visibleTo === 'all')
          recordSighting(s, e.data as { sector: string; segment: number; bases: string[] });
        if (i >= step.fresh) events.push({ type: e.type, visibleTo: e.visibleTo, data: e.data });
      });
      events.push(...step.after);
      dice.drain(); // combat rolls are shown in the events the procedure writes (D-19), not as raw labels
      if (step.done) events.push(...endHalf(s));
      break;
    }
    case 'ADJUST':
      for (const side of [s.attacker, otherSide(s.attacker)])
        events.push(...applyAdjust(s, side, o<AdjustOrder>(side)).events);
      s.step = 'SUPPLY';
      break;
    case 'SUPPLY':
      for (const side of [s.attacker, otherSide(s.attacker)])
        events.push(...applySupply(s, side, o<SupplyOrder>(side)).events);
      events.push(...tempo(s));
      break;
    case 'GAME_OVER':
      break;
  }
  return events;
}
