/**
 * Initial set-up (rule 14.1): the pieces where 14.12–14.13 put them, the Cetian face-down
 * deployment order (14.12) and the Human Fleet allocation (14.13), validated and applied, with
 * pure default orders for a player who sends nothing.
 *
 * Until his deployment order is applied, the Cetian's 18 "On Cerberus" units wait on the turn
 * track with no due turn (reinforcementSegment ignores them), so every counter is in the state
 * from the start and no unit is ever "on the map" without a hex.
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { scheduledReinforcements, unitFromCounter } from './counters.js';
import { optionValues, unitsData } from './data/index.js';
import { continentOf, hasHex, isResourceHex, mayLand, neighbors, resourceHexes } from './map.js';
import type { CetianSetupOrder, HumanSetupOrder } from './orders.js';
import { ruleOptions } from './options-rules.js';
import type { SegmentHandler } from './sequence.js';
import { stackProblems } from './stacking.js';
import { newState, unitById, type CerberusState, type HexId, type Unit } from './state.js';

const SETUP = unitsData.setup;
const CETIAN_MAP = SETUP.CETIAN.map.counters;
/** 12.2 stockpile caps of the set-up installations. */
const CAP = { BASE: 8, SPACEPORT: 40 } as const;

/** The one scenario of the rulebook (14.0): the 12-turn campaign. */
export const CAMPAIGN = 'campaign';

/** 14.1 every counter in its starting place, marker at Human +6 (14.11), and the view secret. */
export function initialState(scenario: string, options: Record<string, Json>, dice: Dice): CerberusState {
  const units: Unit[] = [];
  const put = (ids: string[], box: Unit['box']) => ids.forEach((id) => units.push(unitFromCounter(id, box, options)));
  // 14.12: the map units wait for the deployment order (due null: not a reinforcement).
  put(CETIAN_MAP, 'TURN_TRACK');
  put(SETUP.CETIAN.FLEET.counters, 'FLEET');
  put(SETUP.CETIAN.FLEET_SF.counters, 'FLEET_SF');
  put(SETUP.CETIAN.SYSTEM.counters, 'SYSTEM');
  put(SETUP.CETIAN.TAU_CETI.counters, 'TAU_CETI');
  units.push(...scheduledReinforcements(options));
  // 14.13: the SF in the Fleet SF box, every other Human unit on Earth until he allocates the Fleet.
  put(SETUP.HUMAN.FLEET_SF.counters, 'FLEET_SF');
  const placed = new Set(units.map((u) => u.id));
  put(
    unitsData.counters.filter((c) => c.id.startsWith('H:') && !placed.has(c.id)).map((c) => c.id),
    'EARTH',
  );

  const state = newState(scenario, options, units);
  state.space.state = SETUP.spaceState.value;
  // 128 bits from the secret-seeded set-up dice: opaque ids cannot be forged or linked across viewers.
  state.viewSecret = Array.from({ length: 8 }, () =>
    (dice.roll(65536, 'view secret') - 1).toString(16).padStart(4, '0'),
  ).join('');
  return state;
}

/** 14.12 the Cetian units still to be deployed. */
export function awaitingDeployment(state: CerberusState): Unit[] {
  return state.units.filter(
    (u) => u.side === 'CETIAN' && u.box === 'TURN_TRACK' && u.due === null && CETIAN_MAP.includes(u.id),
  );
}

const isSetupInstallation = (u: Unit): boolean => u.cls === 'BASE' || u.cls === 'SPACEPORT';

// ---------------------------------------------------------------- Cetian deployment (14.12)

/** 14.12, 12.2, 6 checks a Cetian deployment order: every map unit placed once, on land, installations on distinct Resource hexes, stacking, 40 supplies within caps. */
export function validateCetianSetup(state: CerberusState, order: CetianSetupOrder): OrderError[] {
  const errors: OrderError[] = [];
  const pool = new Map(awaitingDeployment(state).map((u) => [u.id, u]));
  const seen = new Set<string>();
  const byHex = new Map<HexId, Unit[]>();
  order.placements.forEach((p, i) => {
    const at = ['placements', i];
    const u = pool.get(p.unitId);
    if (!u)
      return errors.push({
        code: 'setup.not-deployable',
        path: [...at, 'unitId'],
        message: `${p.unitId} is not one of your units to deploy on Cerberus.`,
        rule: '14.12',
      });
    if (seen.has(p.unitId))
      return errors.push({
        code: 'setup.twice',
        path: [...at, 'unitId'],
        message: `${p.unitId} is placed twice.`,
        rule: '14.12',
      });
    seen.add(p.unitId);
    if (!hasHex(p.hex))
      return errors.push({
        code: 'setup.no-hex',
        path: [...at, 'hex'],
        message: `There is no hex ${p.hex} on Cerberus.`,
        rule: '4.9',
      });
    if (!mayLand(p.hex))
      errors.push({
        code: 'setup.water',
        path: [...at, 'hex'],
        message: `${p.hex} is All Water; units may not end there.`,
        rule: '4.4, 9.21',
      });
    if (p.faceDown && !SETUP.CETIAN.map.mayBeFaceDown)
      errors.push({
        code: 'setup.face-down',
        path: [...at, 'faceDown'],
        message: 'Units may not be placed face down.',
        rule: '14.12',
      });
    if (isSetupInstallation(u) && !isResourceHex(p.hex)) {
      errors.push({
        code: 'setup.installation-off-resource',
        path: [...at, 'hex'],
        message: 'Bases and the Spaceport must be deployed on Resource hexes.',
        rule: '14.12',
      });
    }
    byHex.set(p.hex, [...(byHex.get(p.hex) ?? []), u]);
  });
  for (const id of pool.keys()) {
    if (!seen.has(id))
      errors.push({
        code: 'setup.missing',
        path: ['placements'],
        message: `${id} must be deployed on Cerberus.`,
        rule: '14.12',
      });
  }
  const alone = optionValues(state.options).installationSetup === 'alone';
  for (const [hex, units] of [...byHex].sort(([a], [b]) => a.localeCompare(b))) {
    const inst = units.filter(isSetupInstallation).length;
    if (inst > 1 || (alone && inst === 1 && units.length > 1)) {
      errors.push({
        code: 'setup.installations-stacked',
        path: ['placements'],
        message: alone
          ? `In ${hex}: an installation must stand alone at set-up.`
          : `In ${hex}: Bases and the Spaceport may not be stacked at set-up.`,
        rule: '14.12',
      });
    }
    for (const p of stackProblems(units))
      errors.push({ code: p.code, path: ['placements'], message: `In ${hex}: ${p.message}`, rule: p.rule });
  }
  let total = 0;
  const supplied = new Set<string>();
  order.supplies.forEach((s, i) => {
    const at = ['supplies', i];
    const u = pool.get(s.installationId);
    if (!u || !isSetupInstallation(u))
      return errors.push({
        code: 'setup.supply-target',
        path: [...at, 'installationId'],
        message: `${s.installationId} is not one of your Bases or your Spaceport.`,
        rule: '12.2',
      });
    if (supplied.has(u.id))
      errors.push({
        code: 'setup.supply-twice',
        path: [...at, 'installationId'],
        message: `${u.id} is listed twice.`,
        rule: '14.12',
      });
    supplied.add(u.id);
    const cap = CAP[u.cls as 'BASE' | 'SPACEPORT'];
    if (s.factors > cap)
      errors.push({
        code: 'setup.supply-cap',
        path: [...at, 'factors'],
        message: `A ${u.cls === 'BASE' ? 'Base' : 'Spaceport'} holds at most ${cap} supply factors.`,
        rule: '12.2',
      });
    total += s.factors;
  });
  if (total !== SETUP.CETIAN.supplies.value) {
    errors.push({
      code: 'setup.supply-total',
      path: ['supplies'],
      message: `Exactly ${SETUP.CETIAN.supplies.value} supply factors are distributed; this order gives ${total}.`,
      rule: '14.12',
    });
  }
  return errors;
}

/** 14.12 applies a validated deployment: units on their hexes (face down if chosen), supplies in the stockpiles. */
export function applyCetianSetup(state: CerberusState, order: CetianSetupOrder): GameEvent[] {
  for (const p of order.placements) {
    const u = unitById(state, p.unitId)!;
    u.box = 'MAP';
    u.hex = p.hex;
    u.faceDown = p.faceDown;
  }
  for (const s of order.supplies) unitById(state, s.installationId)!.supplies = s.factors;
  // The Human sees positions, and identities only of face-up units; hexes in id order, never by type.
  const shown: { hex: HexId; faceDown: boolean; unitId?: string; typeId?: string }[] = order.placements
    .map((p) =>
      p.faceDown
        ? { hex: p.hex, faceDown: true }
        : { hex: p.hex, faceDown: false, unitId: p.unitId, typeId: unitById(state, p.unitId)!.typeId },
    )
    .sort(
      (a, b) =>
        a.hex.localeCompare(b.hex) ||
        Number(b.faceDown) - Number(a.faceDown) ||
        (a.unitId ?? '').localeCompare(b.unitId ?? ''),
    );
  return [
    {
      type: 'setup.cetian-deployed',
      visibleTo: ['CETIAN'],
      data: { placements: order.placements, supplies: order.supplies, rule: '14.12' },
    },
    { type: 'setup.cetian-positions', visibleTo: 'all', data: { units: shown as unknown as Json, rule: '14.12' } },
  ];
}

/**
 * A legal deployment (pure when `pick` is constant). Installations go to Resource hexes, one
 * continent after another in the order of their victory points (14.5), so the Cetian starts
 * holding ground worth the most; each gets one or two battalions; the rest hold further Resource
 * hexes (1 VP each). Everything face down, 8 supplies per installation (40 in all).
 * `pick(n)` chooses among n candidates (0-based): the default takes the first, the bot rolls.
 */
export function planCetianSetup(state: CerberusState, pick: (n: number) => number = () => 0): CetianSetupOrder {
  const pool = awaitingDeployment(state);
  const of = (pred: (u: Unit) => boolean) => pool.filter(pred);
  const port = of((u) => u.cls === 'SPACEPORT');
  const bases = of((u) => u.cls === 'BASE');
  const infantry = of((u) => u.cls === 'INFANTRY');
  const mobiles = of((u) => u.cls === 'MOBILE');
  const others = of((u) => !isSetupInstallation(u) && u.cls !== 'INFANTRY' && u.cls !== 'MOBILE');

  const order = ['ALPHA', 'BETA', 'NORTH_POLAR', 'GAMMA', 'DELTA', 'EPSILON'];
  const byContinent = (c: string) => resourceHexes().filter((h) => continentOf(h) === c);
  const free = new Set(resourceHexes());
  const take = (list: HexId[]): HexId | null => {
    const ok = list.filter((h) => free.has(h));
    if (!ok.length) return null;
    const h = ok[Math.min(ok.length - 1, Math.max(0, pick(ok.length)))];
    free.delete(h);
    return h;
  };
  // Spaceport on Alpha (the richest continent), Bases on the next continents in value order.
  const sites: HexId[] = [];
  for (const c of order) {
    if (sites.length >= port.length + bases.length) break;
    const h = take(byContinent(c));
    if (h) sites.push(h);
  }
  while (sites.length < port.length + bases.length) sites.push(take([...free])!);

  const placements: CetianSetupOrder['placements'] = [];
  const place = (u: Unit, hex: HexId) =>
    placements.push({ unitId: u.id, hex, faceDown: SETUP.CETIAN.map.mayBeFaceDown });
  const installations = [...port, ...bases];
  installations.forEach((u, i) => place(u, sites[i]));
  // Option installationSetup 'alone': the troops of a site stand next to it, two battalions a hex.
  const alone = optionValues(state.options).installationSetup === 'alone';
  const battalionsAt = (hex: HexId) =>
    placements.filter((p) => p.hex === hex && !isSetupInstallation(unitById(state, p.unitId)!)).length;
  const troopHex = (i: number): HexId => {
    if (!alone) return sites[i];
    const near = neighbors(sites[i]).filter((h) => mayLand(h) && !sites.includes(h) && battalionsAt(h) < 2);
    return near[0] ?? landNear(sites, placements);
  };
  // One infantry at every installation, a second at the Spaceport; one mobile at every Base.
  const inf = [...infantry];
  const mob = [...mobiles];
  installations.forEach((_, i) => {
    if (inf.length) place(inf.shift()!, troopHex(i));
    if (i === 0 && inf.length) place(inf.shift()!, troopHex(i));
    else if (i > 0 && mob.length) place(mob.shift()!, troopHex(i));
  });
  // Transports (and anything else without attack factors) stay with the Spaceport's troops (6.3 extras).
  for (const u of others)
    place(u, alone ? placements.find((p) => unitById(state, p.unitId)!.cls === 'INFANTRY')!.hex : sites[0]);
  // Leftover battalions, two at a time, hold more Resource hexes, preferring high-value continents.
  const rest = [...inf, ...mob];
  while (rest.length) {
    const hex = take(order.flatMap(byContinent)) ?? landNear(sites, placements);
    for (let k = 0; k < 2 && rest.length; k++) place(rest.shift()!, hex);
  }
  const per = Math.floor(SETUP.CETIAN.supplies.value / installations.length);
  const supplies = installations.map((u, i) => ({
    installationId: u.id,
    factors: i === 0 ? SETUP.CETIAN.supplies.value - per * (installations.length - 1) : per,
  }));
  return { kind: 'setup-cetian', placements, supplies };
}

/** A land hex next to a site with no unit yet (fallback when Resource hexes run out). */
function landNear(sites: HexId[], placements: { hex: HexId }[]): HexId {
  const used = new Set(placements.map((p) => p.hex));
  for (const s of sites) for (const n of neighbors(s)) if (mayLand(n) && !used.has(n)) return n;
  throw new Error('no free land hex near the Cetian installations');
}

// ---------------------------------------------------------------- Human allocation (14.13)

/** 14.13 checks the Human Fleet allocation: at most 12 distinct non-SF units from Earth. */
export function validateHumanSetup(state: CerberusState, order: HumanSetupOrder): OrderError[] {
  const errors: OrderError[] = [];
  const seen = new Set<string>();
  if (order.fleet.length > SETUP.HUMAN.FLEET.maxCounters) {
    errors.push({
      code: 'setup.fleet-full',
      path: ['fleet'],
      message: `At most ${SETUP.HUMAN.FLEET.maxCounters} units besides the SF may start with the Fleet.`,
      rule: '14.13',
    });
  }
  if (order.season !== undefined && !humanChoosesSeason(state)) {
    errors.push({
      code: 'setup.season',
      path: ['season'],
      message:
        'The season is not yours to choose in this game: it was fixed when the game was created (option seasonChosenBy), or weather is off.',
      rule: '15.9',
    });
  }
  order.fleet.forEach((id, i) => {
    const u = unitById(state, id);
    if (!u || u.side !== 'HUMAN' || u.box !== 'EARTH' || u.cls === 'SF') {
      errors.push({
        code: 'setup.not-on-earth',
        path: ['fleet', i],
        message: `${id} is not one of your units available for the Fleet.`,
        rule: '14.13',
      });
    } else if (seen.has(id)) {
      errors.push({ code: 'setup.twice', path: ['fleet', i], message: `${id} is listed twice.`, rule: '14.13' });
    }
    seen.add(id);
  });
  return errors;
}

/** 15.9 does the Human pick the season in his set-up order (weather on, option seasonChosenBy 'human')? */
export function humanChoosesSeason(state: CerberusState): boolean {
  const o = ruleOptions(state.options);
  return o.weather && o.seasonChosenBy === 'human';
}

/** 14.13 applies a validated allocation: the listed units join the Fleet, the rest stay on Earth; 15.9 the chosen season. */
export function applyHumanSetup(state: CerberusState, order: HumanSetupOrder): GameEvent[] {
  for (const id of order.fleet) unitById(state, id)!.box = 'FLEET';
  const open = ruleOptions(state.options).fleetBoxPublic;
  const season: GameEvent[] = [];
  if (humanChoosesSeason(state)) {
    state.season = order.season ?? String(optionValues(state.options).season);
    season.push({
      type: 'weather.season',
      visibleTo: 'all',
      data: { season: state.season, chosenBy: 'HUMAN', rule: '15.9' },
    });
  }
  return [
    ...season,
    { type: 'setup.human-allocated', visibleTo: ['HUMAN'], data: { fleet: order.fleet, rule: '14.13' } },
    // H5: the Fleet box is public by default; otherwise the Cetian learns only how many.
    {
      type: 'setup.human-fleet',
      visibleTo: 'all',
      data: open ? { fleet: [...order.fleet].sort(), rule: '14.13' } : { count: order.fleet.length, rule: '14.13' },
    },
  ];
}

/**
 * The default allocation: what 18 STP at Human +6 can land on turn 1 (a Spaceport, the three
 * Paratroopers, four Mobiles and a Transport, 11.12–11.143), plus a Heavy Weapons company, a
 * Base and an Infantry battalion to land later (the turn-1 overload is cut back in D2, 14.13).
 */
export function planHumanSetup(state: CerberusState): HumanSetupOrder {
  const earth = state.units.filter((u) => u.side === 'HUMAN' && u.box === 'EARTH');
  const want: [(u: Unit) => boolean, number][] = [
    [(u) => u.cls === 'SPACEPORT', 1],
    [(u) => u.sub === 'PARATROOP', 3],
    [(u) => u.cls === 'MOBILE', 4],
    [(u) => u.cls === 'TRANSPORT', 1],
    [(u) => u.cls === 'HEAVY_WEAPONS', 1],
    [(u) => u.cls === 'BASE', 1],
    [(u) => u.cls === 'INFANTRY' && u.sub === 'REGULAR', 1],
  ];
  const fleet: string[] = [];
  for (const [pred, n] of want)
    fleet.push(
      ...earth
        .filter(pred)
        .slice(0, n)
        .map((u) => u.id),
    );
  return { kind: 'setup-human', fleet: fleet.slice(0, SETUP.HUMAN.FLEET.maxCounters) };
}

// ---------------------------------------------------------------- handlers

/** 14.12 SETUP_CETIAN: the order (validated before) or, with none, the default deployment. */
export const cetianSetupHandler: SegmentHandler = (state, { orders }) => {
  const o = orders.CETIAN;
  return applyCetianSetup(state, o && o.kind === 'setup-cetian' ? o : planCetianSetup(state));
};

/** 14.13 SETUP_HUMAN. */
export const humanSetupHandler: SegmentHandler = (state, { orders }) => {
  const o = orders.HUMAN;
  return applyHumanSetup(state, o && o.kind === 'setup-human' ? o : planHumanSetup(state));
};
