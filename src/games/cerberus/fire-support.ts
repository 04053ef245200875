/**
 * Fire support (rule 8, digest §5.6): tactical air (8.3–8.32), air defence zones and their
 * suppression (8.4–8.43), Cetian bombardment missiles (8.5–8.52), Fleet fire support (8.6–8.64)
 * and the cap Σ support ≤ Σ ground attack (8.1, 8.63).
 *
 * Pools: each own Base/Spaceport (reduced ones too, G9) flies 4 points per friendly Player Phase
 * (8.3), split freely between ADZ suppression and attacks (8.41: points spent on suppression cannot
 * join an attack); each Cetian Base/Spaceport fires 1 missile factor per Cetian Ground Combat
 * Segment (8.5); Fleet points come from the Effects Chart (8.6, space.ts). Usage lives in the
 * phase scratch (airPointsUsed, missilesUsed, fleetFireUsed, adzSuppression).
 *
 * Hidden information: only face-up enemy installations are known to have an ADZ. Validation
 * judges ADZ coverage from face-up installations only (an error must not betray a face-down
 * Base); at resolution a face-down Base or Spaceport whose ADZ covers the hex blocks the air
 * points, and is turned face up as the reason (as a player at the table would have to show it).
 */
import type { GameEvent } from '#engine/contract.js';
import { optionValues, tablesData } from './data/index.js';
import type { z } from 'zod';
import type { AdzSuppressionSchema, AirPointsSchema, AttackOrder } from './orders.js';
import { mapFor, type CerberusMap } from './map.js';
import { fleetFireSupport } from './space.js';
import type { IntensityAt } from './special-forces.js';
import {
  enemyOf,
  newPhaseScratch,
  unitById,
  type CerberusState,
  type HexId,
  type PhaseScratch,
  type Side,
  type Unit,
} from './state.js';

/** 8.3 air points from one own installation; 8.41 an ADZ suppression order (orders.ts schemas). */
export type AirPoints = z.output<typeof AirPointsSchema>;
export type AdzSuppression = z.output<typeof AdzSuppressionSchema>;

const FS = tablesData.fireSupport;
export const AIR_POINTS = Number(FS.airPointsPerInstallation.value);
export const AIR_RANGE = Number(FS.airRange.value);
export const ADZ_ONE_HEX = Number(FS.adzReduceToOwnHex.value);
export const ADZ_OFF = Number(FS.adzSuppressFully.value);
export const MISSILES_PER_INSTALLATION = Number(FS.missilesPerInstallation.value);

/** Map and storms of a game, for range and weather checks. */
export interface FireEnv {
  map: CerberusMap;
  intensityAt: IntensityAt;
}
export function fireEnv(state: CerberusState, intensityAt?: IntensityAt): FireEnv {
  return { map: mapFor(state.options), intensityAt: intensityAt ?? (() => 0) };
}

/** A problem found with one part of an order: code, sentence, rule, and its path below the attack/suppression. */
export interface Problem {
  code: string;
  message: string;
  rule: string;
  path: (string | number)[];
}
const problem = (code: string, rule: string, message: string, path: (string | number)[] = []): Problem => ({
  code,
  rule,
  message,
  path,
});

/** The phasing player's scratch, created if this is a fresh phase (tests, direct calls). */
export function scratchOf(state: CerberusState, side: Side): PhaseScratch {
  if (!state.phaseScratch || state.phaseScratch.side !== side) state.phaseScratch = newPhaseScratch(side);
  return state.phaseScratch;
}

// ---------------------------------------------------------------- sources

/** 8.3 every Base and Spaceport on the map has an Air Wing (E-Fields do not, G25). */
export function hasAirWing(u: Unit): boolean {
  return u.box === 'MAP' && u.hex !== null && (u.cls === 'BASE' || u.cls === 'SPACEPORT');
}

/** Own installation that may fly or fire: on the map, with an air wing, not disrupted (10.412). */
function ownSource(
  state: CerberusState,
  side: Side,
  id: string,
  kind: 'air' | 'missile',
  path: (string | number)[],
): Unit | Problem {
  const u = unitById(state, id);
  if (!u || u.side !== side || !hasAirWing(u)) {
    return kind === 'air'
      ? problem(
          'air.not-your-installation',
          '8.3',
          `${id} is not one of your Bases or Spaceports on the map; only they fly Tactical Air (8.3).`,
          path,
        )
      : problem(
          'missile.not-your-installation',
          '8.5',
          `${id} is not one of your Bases or Spaceports on the map; only they fire missiles (8.5).`,
          path,
        );
  }
  if (u.disrupted) {
    return kind === 'air'
      ? problem('air.disrupted', '10.412', `${id} is disrupted and may not fly air attacks (10.412).`, path)
      : problem('missile.disrupted', '10.412', `${id} is disrupted and may not fire missiles (10.412).`, path);
  }
  return u;
}

/** 8.3, 15.72, G34 air range: ≤ 6 hexes counted like movement (4.9 adjacency), never into, out of or through an Intensity-3 hex. */
export function airReach(env: FireEnv, from: HexId, to: HexId): 'ok' | 'out-of-range' | 'storm' {
  if (env.map.distance(from, to) > AIR_RANGE) return 'out-of-range';
  const i3 = (h: HexId) => env.intensityAt(h) >= 3;
  if (i3(from) || i3(to)) return 'storm';
  const d = env.map.distanceAvoiding(from, to, { blocked: i3 });
  return d === null || d > AIR_RANGE ? 'storm' : 'ok';
}

// ---------------------------------------------------------------- air defence zones (8.4–8.43)

/** 8.41 an ADZ after `points` of suppression this segment: 4 → its own hex only, 8 → off. */
export function adzLevel(points: number): 'full' | 'own-hex' | 'off' {
  return points >= ADZ_OFF ? 'off' : points >= ADZ_ONE_HEX ? 'own-hex' : 'full';
}

/**
 * 8.4, 8.43 enemy installations whose ADZ covers `hex` against `side`'s aviation, given the
 * suppression points spent on each. A disrupted installation keeps its ADZ (10.412, G40).
 */
export function coveringAdz(
  state: CerberusState,
  side: Side,
  hex: HexId,
  suppression: Record<string, number>,
  env: FireEnv,
  visibleOnly: boolean,
): Unit[] {
  return state.units.filter((u) => {
    if (u.side !== enemyOf(side) || !hasAirWing(u) || (visibleOnly && u.faceDown)) return false;
    const level = adzLevel(suppression[u.id] ?? 0);
    if (level === 'off') return false;
    return u.hex === hex || (level === 'full' && env.map.isAdjacent(u.hex!, hex));
  });
}

// ---------------------------------------------------------------- pools

/** Support used so far in this Ground Combat Segment (copied, so a plan can be simulated). */
export interface Pools {
  air: Record<string, number>;
  missiles: string[];
  fleet: number;
  suppression: Record<string, number>;
}
export function poolsOf(state: CerberusState, side: Side): Pools {
  const s = state.phaseScratch && state.phaseScratch.side === side ? state.phaseScratch : newPhaseScratch(side);
  return {
    air: { ...s.airPointsUsed },
    missiles: [...s.missilesUsed],
    fleet: s.fleetFireUsed,
    suppression: { ...s.adzSuppression },
  };
}
export const airLeft = (pools: Pools, id: string): number => AIR_POINTS - (pools.air[id] ?? 0);
export const fleetLeft = (state: CerberusState, side: Side, pools: Pools): number =>
  Math.max(0, fleetFireSupport(state, side) - pools.fleet);

/** Writes simulated pools back to the phase scratch. */
export function commitPools(state: CerberusState, side: Side, pools: Pools): void {
  const s = scratchOf(state, side);
  s.airPointsUsed = { ...pools.air };
  s.missilesUsed = [...pools.missiles];
  s.fleetFireUsed = pools.fleet;
  s.adzSuppression = { ...pools.suppression };
}

// ---------------------------------------------------------------- suppression (8.41)

/**
 * 8.41 one suppression order against `pools`: the target is a face-up enemy Base/Spaceport on the
 * map, each source an own undisrupted installation within air range of it with points left.
 * Accepted points are taken from `pools`. `positional` = judge ranges (the state is the one the
 * order will meet); otherwise only what cannot change before the Ground Combat Segment.
 */
export function checkSuppression(
  state: CerberusState,
  side: Side,
  s: AdzSuppression,
  pools: Pools,
  env: FireEnv,
  positional: boolean,
): { problems: Problem[]; points: number } {
  const problems: Problem[] = [];
  const t = unitById(state, s.targetInstallationId);
  if (!t || t.side !== enemyOf(side) || !hasAirWing(t) || t.faceDown) {
    problems.push(
      problem(
        'adz.bad-target',
        '8.4',
        `${s.targetInstallationId} is not a face-up enemy Base or Spaceport; only they have an Air Defense Zone (8.4).`,
        ['targetInstallationId'],
      ),
    );
    return { problems, points: 0 };
  }
  let points = 0;
  s.from.forEach((a, j) => {
    const p = checkAirSource(state, side, a, t.hex!, pools, env, positional, ['from', j]);
    if (p) problems.push(p);
    else points += a.points;
  });
  pools.suppression[t.id] = (pools.suppression[t.id] ?? 0) + points;
  return { problems, points };
}

/** One air-points entry flown at `hex` (an attack or an ADZ to suppress); takes the points from `pools` when accepted. */
export function checkAirSource(
  state: CerberusState,
  side: Side,
  a: AirPoints,
  hex: HexId,
  pools: Pools,
  env: FireEnv,
  positional: boolean,
  path: (string | number)[],
): Problem | null {
  const src = ownSource(state, side, a.installationId, 'air', path);
  if ('code' in src) return src;
  if (positional) {
    const reach = airReach(env, src.hex!, hex);
    if (reach === 'out-of-range')
      return problem('air.out-of-range', '8.3', `${src.id} is more than ${AIR_RANGE} hexes from ${hex} (8.3).`, path);
    if (reach === 'storm')
      return problem(
        'air.storm',
        '15.72',
        `No Tactical Aviation may fly into, out of or through an Intensity 3 hex on the way from ${src.hex} to ${hex} (15.72).`,
        path,
      );
  }
  if (a.points > airLeft(pools, src.id)) {
    return problem(
      'air.points-exhausted',
      '8.3, 8.41',
      `${src.id} has ${airLeft(pools, src.id)} of its ${AIR_POINTS} air points left this phase; points used to suppress an ADZ cannot join an attack (8.3, 8.41).`,
      path,
    );
  }
  pools.air[src.id] = (pools.air[src.id] ?? 0) + a.points;
  return null;
}

/** 8.41 the suppression orders at the start of the segment; sources that cannot fly are dropped with an event to their owner. */
export function applySuppressions(state: CerberusState, side: Side, list: AdzSuppression[], env: FireEnv): GameEvent[] {
  const events: GameEvent[] = [];
  const pools = poolsOf(state, side);
  list.forEach((s, k) => {
    const { problems, points } = checkSuppression(state, side, s, pools, env, true);
    if (problems.length)
      events.push({
        type: 'air.suppression-dropped',
        visibleTo: [side],
        data: { index: k, problems: problems.map((p) => ({ code: p.code, path: p.path })) },
      });
    if (points === 0) return;
    const t = unitById(state, s.targetInstallationId)!;
    const total = pools.suppression[t.id];
    events.push({
      type: 'air.adz-suppressed',
      visibleTo: 'all',
      data: { targetId: t.id, hex: t.hex, points, total, level: adzLevel(total), rule: '8.41' },
    });
    events.push({
      type: 'air.suppression-sources',
      visibleTo: [side],
      data: { targetId: t.id, from: s.from.map((a) => ({ installationId: a.installationId, points: a.points })) },
    });
  });
  commitPools(state, side, pools);
  return events;
}

// ---------------------------------------------------------------- support in an attack (8.1–8.6)

export interface Support {
  air: AirPoints[];
  missiles: string[];
  fleet: number;
}
export const supportTotal = (s: Support): number =>
  s.air.reduce((n, a) => n + a.points, 0) + s.missiles.length * MISSILES_PER_INSTALLATION + s.fleet;

/**
 * 8.3–8.6 the fire support of one attack on `hex`, checked against `pools` (accepted support is
 * taken from them). `visibleOnly` ADZ: validation (face-up only) or resolution (every one; the
 * face-down blockers are returned so they can be turned up). `attackedBefore`: hexes attacked
 * earlier in the same plan, whose installations' ADZs validation does not hold against it.
 */
export function checkSupport(
  state: CerberusState,
  side: Side,
  attack: Pick<AttackOrder, 'air' | 'missiles' | 'fleet'>,
  hex: HexId,
  pools: Pools,
  env: FireEnv,
  o: { positional: boolean; visibleOnly: boolean; attackedBefore?: ReadonlySet<HexId> },
): { problems: Problem[]; accepted: Support; hiddenBlockers: Unit[] } {
  const problems: Problem[] = [];
  const accepted: Support = { air: [], missiles: [], fleet: 0 };
  // Validation gives the benefit of the doubt to an ADZ whose installation an earlier attack of
  // the same plan may destroy; resolution then judges the map as it is.
  const blockers = o.positional
    ? coveringAdz(state, side, hex, pools.suppression, env, o.visibleOnly).filter((b) => !o.attackedBefore?.has(b.hex!))
    : [];
  const adzProblem = (path: (string | number)[], what: string, rule: string) =>
    problem(
      what === 'air' ? 'air.adz' : 'fleet.adz',
      rule,
      `${hex} is inside an enemy Air Defense Zone that is not suppressed (${
        blockers
          .filter((b) => !b.faceDown)
          .map((b) => b.id)
          .join(', ') || 'a hidden installation'
      }); ${what === 'air' ? 'Tactical Aviation' : 'Fleet fire support'} may not be added there (${rule}).`,
      path,
    );
  attack.air.forEach((a, j) => {
    if (blockers.length) {
      const src = ownSource(state, side, a.installationId, 'air', ['air', j]);
      problems.push('code' in src ? src : adzProblem(['air', j], 'air', '8.4, 8.43'));
      return;
    }
    const p = checkAirSource(state, side, a, hex, pools, env, o.positional, ['air', j]);
    if (p) problems.push(p);
    else accepted.air.push(a);
  });
  attack.missiles.forEach((id, j) => {
    if (side !== 'CETIAN')
      return void problems.push(
        problem('missile.not-cetian', '8.5', 'Only the Cetian player may use bombardment missiles (8.5).', [
          'missiles',
          j,
        ]),
      );
    const src = ownSource(state, side, id, 'missile', ['missiles', j]);
    if ('code' in src) return void problems.push(src);
    if (pools.missiles.includes(id))
      return void problems.push(
        problem('missile.used', '8.5', `${id} has already fired its missile factor this Ground Combat Segment (8.5).`, [
          'missiles',
          j,
        ]),
      );
    pools.missiles.push(id);
    accepted.missiles.push(id);
  });
  if (attack.fleet > 0) {
    const ignoresAdz = optionValues(state.options).fleetFireIgnoresAdz !== false;
    const left = fleetLeft(state, side, pools);
    if (!ignoresAdz && blockers.length) problems.push(adzProblem(['fleet'], 'fleet', '8.64'));
    else if (attack.fleet > left)
      problems.push(
        problem(
          'fleet.exhausted',
          '8.6',
          `Only ${left} Fleet Fire Support points are left this Ground Combat Segment (8.6, 13.7).`,
          ['fleet'],
        ),
      );
    else {
      pools.fleet += attack.fleet;
      accepted.fleet = attack.fleet;
    }
  }
  return { problems, accepted, hiddenBlockers: blockers.filter((b) => b.faceDown) };
}

/** 8.1 trims support to the ground attack (Fleet points first, then missiles, then air from the last entry); freed points go back to the pools. */
export function trimToCap(s: Support, ground: number, pools: Pools): { support: Support; trimmed: boolean } {
  let over = supportTotal(s) - ground;
  if (over <= 0) return { support: s, trimmed: false };
  const out: Support = { air: s.air.map((a) => ({ ...a })), missiles: [...s.missiles], fleet: s.fleet };
  const f = Math.min(out.fleet, over);
  out.fleet -= f;
  pools.fleet -= f;
  over -= f;
  while (over > 0 && out.missiles.length) {
    const id = out.missiles.pop()!;
    pools.missiles.splice(pools.missiles.lastIndexOf(id), 1);
    over -= MISSILES_PER_INSTALLATION;
  }
  for (let j = out.air.length - 1; over > 0 && j >= 0; j--) {
    const cut = Math.min(out.air[j].points, over);
    out.air[j].points -= cut;
    pools.air[out.air[j].installationId] -= cut;
    over -= cut;
  }
  out.air = out.air.filter((a) => a.points > 0);
  return { support: out, trimmed: true };
}

/** Fire support `side` could still add at `hex` (for the view): air by source, missiles, Fleet points. */
export function availableSupport(state: CerberusState, side: Side, hex: HexId, env: FireEnv): Support {
  const pools = poolsOf(state, side);
  const blocked = coveringAdz(state, side, hex, pools.suppression, env, true).length > 0;
  const sources = state.units.filter((u) => u.side === side && hasAirWing(u) && !u.disrupted);
  const air = blocked
    ? []
    : sources
        .filter((u) => airLeft(pools, u.id) > 0 && airReach(env, u.hex!, hex) === 'ok')
        .map((u) => ({ installationId: u.id, points: airLeft(pools, u.id) }));
  const missiles = side === 'CETIAN' ? sources.filter((u) => !pools.missiles.includes(u.id)).map((u) => u.id) : [];
  const fleetBlocked = blocked && optionValues(state.options).fleetFireIgnoresAdz === false;
  return { air, missiles, fleet: fleetBlocked ? 0 : fleetLeft(state, side, pools) };
}
