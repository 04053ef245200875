/**
 * 5.C.9 Orbital drops (L2364-2410, D-80-D-82).
 * - A transport on an OD mission that survived the segment (a disrupted one goes back, L2374)
 *   puts gravitic units or Marines (L2372) — or SP for an HQ (L2398) or a dismantled base for a
 *   TF with Construction Engineers (L2408) — into the zone's OD box (L2378).
 * - After the independent attacks, unused enemy GS fighters of the zone may attack the dropped
 *   forces (L2380-2386, D-80): planetary CRT, no shift, fighters never save, the dropped forces
 *   save with their number, AR/DR/CA/BT ignored. A supply transport that fails is disrupted and
 *   takes its SP back (L2402-2404).
 * - TF Adjustment: the owner groups all dropped units into TFs, no HQ needed (L2388).
 * - End of Supply: each group lands in a hex of the zone with no active enemy base, enemy TF or
 *   enemy active ZOC, merging with a friendly TF there (L2390-2392); HQs land with full supply
 *   (L2394, D-82); disorganised units land beside the TF (D-81); supply reaches the HQ (L2406).
 */
import type { GameEvent, Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import {
  destroy,
  disorganise,
  freeCounter,
  hasHq,
  newTaskForce,
  tfLimit,
  tfsAt,
  unitType,
} from '../planetary/index.js';
import { enterHex } from '../planetary/index.js';
import { crtCell, ratioColumn } from '../planetary/index.js';
import { rollUnder } from '../planetary/index.js';
import { isFullWater, rulesData } from '../planetary/index.js';
import { otherSide, type Side } from '../common/types.js';
import type { GroundUnit } from '../planetary/index.js';
import { enemyActiveZocHexes } from '../planetary/index.js';
import { navalSaveOutcome } from '../space/index.js';
import { stats } from '../space/index.js';
import { campaignData } from './data/index.js';
import { gsSupportValue } from './ground-support.js';
import { returnFromGsBox, zoneOfHex } from './map-link.js';
import { carriedBase, carriersReady, reloadComponents, unloadComponents } from './carried-bases.js';
import { ruleError } from './state.js';
import type { CampaignState, OdEntry, RuleError } from './types.js';

/** L2372: only gravitic units or Marines drop; garrison legions and militia only land on bases by Supply. */
export function dropEligible(u: GroundUnit): boolean {
  const t = unitType(u);
  return t.gravitic || t.flags.includes('MARINE');
}

/** HQ of `side` on the map, in a TF in `zone` (supply drop recipient, L2398). */
function hqInZone(cs: CampaignState, side: Side, hq: string, zone: number): boolean {
  const u = cs.planetary.units[hq];
  if (!u || u.side !== side || u.status !== 'ACTIVE' || !u.tf) return false;
  const kind = unitType(u).hq;
  return (kind === 'LEGION' || kind === 'AUXILIA') && zoneOfHex(cs.planetary.tfs[u.tf].hex) === zone;
}

/**
 * A transport that came through its segment enters the OD box of `zone` (L2368-2378). A
 * disrupted transport goes back without dropping (L2374): an event, nothing moves.
 */
export function enterOdBox(
  cs: CampaignState,
  side: Side,
  transport: string,
  zone: number,
  load: { units?: string[]; supply?: number; toHq?: string; base?: { base: string; toTf: string } },
): GameEvent[] | RuleError {
  const t = cs.space.units[transport];
  if (!t || t.side !== side || stats(t).kind !== 'TRANSPORT' || !t.tf)
    return ruleError('NOT_TRANSPORT', 'L2368', 'not one of your transports');
  const tf = cs.space.tfs[t.tf];
  if (
    tf.mission !== 'ORBITAL_DROP' ||
    tf.place.kind !== 'SECTOR' ||
    tf.place.sector !== campaignData.rules.planetSector
  ) {
    return ruleError('NOT_OD', 'L2368', "the transport's TF has no orbital drop mission at the planet");
  }
  if (!cs.zones[zone]) return ruleError('BAD_ZONE', 'L2139', `no zone ${zone}`);
  if (t.status !== 'ACTIVE')
    return [{ type: 'od.aborted', visibleTo: 'all', data: { transport: t.type, zone, rule: 'L2374' } }];
  // L1585-1587: a TF that retreated in the segment (FAILED) may not unload this turn; L1695: an interrupted one never got there.
  if (tf.missionStatus === 'FAILED' || tf.missionStatus === 'INTERRUPTED')
    return ruleError('NOT_THROUGH', 'L1585-1587, L1695', "the transport's TF did not come through to the segment");
  const units = load.units ?? [];
  if (new Set(units).size !== units.length) return ruleError('TWICE', 'L2378', 'a unit is listed twice');
  for (const id of units) {
    const u = cs.planetary.units[id];
    const c = cs.cargo[id];
    if (!u || !c || !c.transports.includes(transport))
      return ruleError('NOT_ABOARD', 'L2378', `${id} is not aboard ${transport}`, { unit: id });
    if (!dropEligible(u))
      return ruleError(
        'NOT_DROPPABLE',
        'L2372',
        `${unitType(u).name} may not be dropped: only gravitic units or Marines`,
        { unit: id },
      );
    if (c.transports.some((x) => cs.space.units[x]?.status !== 'ACTIVE'))
      return ruleError('DISRUPTED_TRANSPORT', 'L2374, D-85', `a transport carrying ${id} is disrupted`, { unit: id });
  }
  const sp = load.supply ?? 0;
  if (!Number.isInteger(sp) || sp < 0)
    return ruleError('BAD_SUPPLY', 'L2398', 'supply dropped is a whole number of SP, 0 or more');
  if (sp > 0) {
    if (sp > (t.supply ?? 0)) return ruleError('NO_SUPPLY', 'L2398', 'the transport does not carry that much');
    if (!load.toHq || !hqInZone(cs, side, load.toHq, zone))
      return ruleError('NO_HQ', 'L2398', 'supply drops go to a Legion or Auxilia HQ on the map in the zone');
  }
  let baseDrop: OdEntry['base'];
  if (load.base) {
    // L2408, L2418: only a dismantled Legion base this transport carries (carried-bases.ts); its carriers drop it together.
    const carried = carriedBase(cs, side, load.base.base);
    if (!carried || t.baseLoad?.base !== load.base.base)
      return ruleError('NOT_CARRIED', 'L2408, L2418', `${transport} carries no base ${load.base.base}`);
    if (!carried.legion)
      return ruleError('NAVAL_BASE', 'L2103', 'a naval ground base travels only with a Supply mission');
    const carriers = carriersReady(cs, side, load.base.base);
    if (!('length' in carriers)) return carriers;
    const ce = cs.planetary.tfs[load.base.toTf];
    if (!ce || ce.side !== side || zoneOfHex(ce.hex) !== zone)
      return ruleError('BAD_TF', 'L2408', 'dismantled bases drop to a friendly TF in the zone');
    baseDrop = {
      type: carried.type,
      toTf: load.base.toTf,
      id: load.base.base,
      loads: carriers.map((c) => ({ transport: c.id, sp: c.baseLoad!.sp })),
    };
  }
  if (units.length === 0 && sp === 0 && !load.base) return ruleError('EMPTY', 'L2378', 'nothing to drop');
  const entry: OdEntry = { side, transport, tf: t.tf, units: [...units] };
  if (sp > 0) {
    entry.supply = sp;
    entry.toHq = load.toHq;
    t.supply = (t.supply ?? 0) - sp;
  }
  if (baseDrop) {
    entry.base = baseDrop;
    unloadComponents(cs, baseDrop.id!);
  }
  for (const id of units) delete cs.cargo[id];
  cs.zones[zone].od.push(entry);
  const pub: Json =
    cs.options.boxVisibility === 'PUBLIC'
      ? {
          side,
          zone,
          transport: t.type,
          units: units.map((u) => cs.planetary.units[u].type),
          supplyDrop: sp > 0,
          baseDrop: !!baseDrop,
          rule: 'L2378, H39',
        }
      : { side, zone, rule: 'L2378, H39' };
  return [
    { type: 'od.entered', visibleTo: 'all', data: pub },
    {
      type: 'od.entered.detail',
      visibleTo: [side],
      data: { zone, transport, units, supply: sp, toHq: load.toHq ?? null, base: baseDrop?.id ?? null },
    },
  ];
}

/**
 * End of the Ground Combat Phase, after both sides' independent attacks (D-80): unused GS
 * fighters of `side` attack the enemy's dropped forces in `zone` (L2380-2386, L2402).
 */
export function dropAttack(
  cs: CampaignState,
  dice: Dice,
  side: Side,
  zone: number,
  fighters: string[],
): GameEvent[] | RuleError {
  if (cs.endOfCombat.independentDone.length < 2)
    return ruleError('TOO_EARLY', 'D-80', "drop attacks follow both sides' independent attacks");
  const enemy = otherSide(side);
  const box = cs.zones[zone];
  if (!box) return ruleError('BAD_ZONE', 'L2139', `no zone ${zone}`);
  const entries = box.od.filter((e) => e.side === enemy);
  if (entries.length === 0) return ruleError('NO_TARGET', 'L2380', 'no enemy forces in this OD box');
  if (fighters.length === 0) return ruleError('NO_UNITS', 'L2380', 'name the fighters');
  if (new Set(fighters).size !== fighters.length)
    return ruleError('TWICE', 'D-83', 'a fighter squadron is listed twice');
  for (const f of fighters) {
    const e = box.gs.find((x) => x.unit === f);
    // Own units first: an enemy id gets the made-up id's answer (H16, H39 OWNER).
    if (cs.gsUsed.includes(f) && cs.space.units[f]?.side === side)
      return ruleError('GS_USED', 'D-83', 'each GS unit is committed at most once per turn', { unit: f });
    if (!e || e.side !== side)
      return ruleError('NOT_IN_GS_BOX', 'L2380', `${f} is not in your GS box of zone ${zone}`, { unit: f });
    if (stats(cs.space.units[f]).kind !== 'FIGHTER')
      return ruleError('NOT_FIGHTER', 'L2380', 'only fighter squadrons attack dropped forces', { unit: f });
  }
  const ps = cs.planetary;
  const dropped = entries.flatMap((e) => e.units.map((u) => ps.units[u]).filter((u) => u && u.status !== 'DESTROYED'));
  // L2402, L2408: transports dropping SP or a dismantled base are attacked with the dropped forces.
  const supplyTransports = entries.filter((e) => (e.supply ?? 0) > 0 || e.base).map((e) => e.transport);
  const cohorts = dropped.filter((u) => unitType(u).category === 'COMBAT');
  const attack = gsSupportValue(cs, fighters); // L1839: −1 per fatigue level of the fighters' TF, as in every GS combat
  const defence =
    cohorts.reduce((a, u) => a + unitType(u).defence, 0) +
    supplyTransports.reduce((a, t) => a + stats(cs.space.units[t]).defence, 0);
  const col = ratioColumn(attack, defence); // L2382: no shift
  const roll = dice.roll(10, `drop attack zone ${zone}`);
  const cell = crtCell(col, roll);
  // L2384-2386: normal saves (the L639 rule: combat units, artillery exempt), flags ignored except as numbers.
  const nonArt = cohorts.filter((u) => !unitType(u).flags.includes('ARTILLERY'));
  const rolling = nonArt.length > 0 ? nonArt : cohorts.length > 0 ? cohorts : dropped;
  const saves = rolling.map((u) => {
    const target = unitType(u).defence + cell.d;
    const r = dice.roll(10, `save ${u.type}`);
    const ok = rollUnder(r, target);
    const outcome = ok
      ? 'UNHARMED'
      : u.status === 'DISORGANISED' || !unitType(u).gravitic
        ? 'DESTROYED'
        : 'DISORGANISED';
    if (outcome === 'DESTROYED') destroy(ps, u);
    if (outcome === 'DISORGANISED') u.status = 'DISORGANISED'; // L2388: they continue the drop
    return { side: enemy, type: u.type, target, roll: r, outcome };
  });
  for (const t of supplyTransports) {
    const u = cs.space.units[t];
    const target = stats(u).defence + cell.d;
    const r = dice.roll(10, `save ${u.type}`);
    const outcome = navalSaveOutcome(rollUnder(r, target), u.status, false);
    if (outcome !== 'UNHARMED') {
      u.status = outcome;
      // L2404: a disrupted supply transport returns; its SP are not dropped.
      const e = box.od.find((x) => x.transport === t)!;
      if (outcome === 'DISORGANISED') u.supply = (u.supply ?? 0) + (e.supply ?? 0);
      // L2404 read for bases (L2408 "in the same way"): back aboard if disrupted; lost with a destroyed carrier (L2101).
      if (outcome === 'DISORGANISED' && e.base?.id && e.base.loads)
        reloadComponents(cs, enemy, e.base.id, e.base.type, e.base.loads);
      delete e.supply;
      delete e.toHq;
      delete e.base;
    }
    saves.push({ side: enemy, type: u.type, target, roll: r, outcome });
  }
  for (const e of entries) e.units = e.units.filter((u) => ps.units[u]?.status !== 'DESTROYED');
  box.od = box.od.filter((e) => e.units.length > 0 || (e.supply ?? 0) > 0 || e.base);
  returnFromGsBox(cs, fighters); // L2382: the fighters never save
  const rolls = [
    { label: `drop attack zone ${zone}`, sides: 10, value: roll },
    ...saves.map((s) => ({ label: `save ${s.type}`, sides: 10, value: s.roll })),
  ];
  const full = {
    side,
    zone,
    attack,
    defence,
    column: rulesData().crt.columns[col],
    roll,
    cell: { a: cell.a, d: cell.d },
    saves,
    rule: 'L2380-2386, D-80',
  };
  // H39 OWNER / D-19 STRICT: the attacker learns outcomes only, not what was in the box.
  if (cs.options.boxVisibility === 'PUBLIC' && ps.options.revealMode === 'TABLETOP')
    return [{ type: 'od.attacked', visibleTo: 'all', data: full, rolls }];
  const count = (o: string) => saves.filter((s) => s.outcome === o).length;
  return [
    {
      type: 'od.attacked',
      visibleTo: 'all',
      data: {
        side,
        zone,
        disorganised: count('DISORGANISED'),
        destroyed: count('DESTROYED'),
        rule: 'L2380-2386, D-80',
      },
    },
    { type: 'od.attacked.detail', visibleTo: [enemy], data: full, rolls },
  ];
}

/** L2388: in TF Adjustment the owner groups every dropped unit into TFs (no HQ needed). */
export function groupDrops(
  cs: CampaignState,
  side: Side,
  groups: { zone: number; units: string[] }[],
): GameEvent[] | RuleError {
  const ps = cs.planetary;
  const inBox = new Map<string, number>();
  for (const [z, box] of Object.entries(cs.zones))
    for (const e of box.od) if (e.side === side) for (const u of e.units) inBox.set(u, Number(z));
  const seen = new Set<string>();
  const perOrg = new Map<string, number>();
  for (const g of groups) {
    if (g.units.length === 0) return ruleError('EMPTY', 'L2388', 'a dropped TF needs units');
    const org = ps.units[g.units[0]]?.org;
    for (const u of g.units) {
      if (inBox.get(u) !== g.zone)
        return ruleError('NOT_DROPPED', 'L2388', `${u} is not in your OD box of zone ${g.zone}`, { unit: u });
      if (seen.has(u)) return ruleError('TWICE', 'L2388', `${u} is in two groups`, { unit: u });
      if (ps.units[u].org !== org) return ruleError('MIXED_ORG', 'L2388', 'a TF holds units of one organisation');
      seen.add(u);
    }
    perOrg.set(org, (perOrg.get(org) ?? 0) + 1);
  }
  for (const u of inBox.keys())
    if (!seen.has(u)) return ruleError('UNGROUPED', 'L2388', `every dropped unit must be grouped (${u})`, { unit: u });
  for (const [org, n] of perOrg) {
    const used = Object.values(ps.tfs).filter((t) => t.org === org && !t.independent).length;
    const limit = tfLimit(ps, org); // D-07, L109, L183
    if (used + n > limit) return ruleError('TF_LIMIT', 'D-07', `${org} has no counters for ${n} more TFs`);
  }
  cs.dropGroups = cs.dropGroups.filter((g) => g.side !== side);
  for (const g of groups)
    cs.dropGroups.push({ id: cs.seq++, side, zone: g.zone, org: ps.units[g.units[0]].org, units: [...g.units] });
  return [
    {
      type: 'od.grouped',
      visibleTo: [side],
      data: { groups: groups.map((g) => ({ zone: g.zone, units: g.units })), rule: 'L2388' },
    },
  ];
}

/** Why `hex` is not a legal landing hex for `side` in `zone` (L2390-2392), or null. */
export function landingError(
  cs: CampaignState,
  side: Side,
  zone: number,
  hex: string,
  nonGravitic: boolean,
): RuleError | null {
  const ps = cs.planetary;
  let h;
  try {
    h = rulesData().hex(hex);
  } catch {
    return ruleError('BAD_HEX', 'L2390', `no hex ${hex}`);
  }
  if (h.zone !== zone) return ruleError('WRONG_ZONE', 'L2390', `hex ${hex} is not in zone ${zone}`);
  const enemy = otherSide(side);
  if (Object.values(ps.bases).some((b) => b.hex === hex && b.side === enemy && b.status === 'ACTIVE'))
    return ruleError('ENEMY_BASE', 'L2390', 'an active enemy base is there');
  if (tfsAt(ps, hex).some((t) => t.side === enemy)) return ruleError('ENEMY_TF', 'L2390', 'an enemy TF is there');
  if (enemyActiveZocHexes(ps, side).has(hex))
    return ruleError('ENEMY_ZOC', 'L2390, D-16', 'the hex is in an enemy active ZOC');
  if (nonGravitic && isFullWater(hex)) return ruleError('WATER', 'L930', 'non-gravitic units cannot land in water');
  return null;
}

/**
 * End of the Supply Phase (L2390-2396, L2406): every group of `side` lands in its hex; then supply
 * drops reach their HQ and the transports go back. The landing hex and TF counter are public (H32).
 */
export function landDrops(
  cs: CampaignState,
  side: Side,
  landings: { group: number; hex: string }[],
): GameEvent[] | RuleError {
  if (cs.supplyStep < 4) return ruleError('TOO_EARLY', 'L2390', 'drops land at the end of the Supply Phase (step 4)');
  const ps = cs.planetary;
  const groups = cs.dropGroups.filter((g) => g.side === side);
  const byGroup = new Map(landings.map((l) => [l.group, l.hex]));
  for (const g of groups) {
    const hex = byGroup.get(g.id);
    if (!hex) return ruleError('MUST_LAND', 'L2390', `group ${g.id} must land`);
    const nonGrav = g.units.some((u) => !unitType(ps.units[u]).gravitic);
    const e = landingError(cs, side, g.zone, hex, nonGrav);
    if (e) return e;
  }
  // D-07: counters for the new TFs are checked before anything moves (groups merging into a friendly TF need none).
  const needs = new Map<string, number>();
  for (const g of groups) {
    const hex = byGroup.get(g.id)!;
    const merges =
      tfsAt(ps, hex).some((t) => t.side === side && !t.independent) ||
      groups.some((o) => o.id < g.id && byGroup.get(o.id) === hex);
    if (!merges && g.units.some((u) => ps.units[u].status === 'ACTIVE')) needs.set(g.org, (needs.get(g.org) ?? 0) + 1);
  }
  for (const [org, n] of needs) {
    const used = Object.values(ps.tfs).filter((t) => t.org === org && !t.independent).length;
    const limit = tfLimit(ps, org); // D-07, L109, L183
    if (used + n > limit) return ruleError('TF_LIMIT', 'D-07', `${org} has no counters for ${n} more TFs`);
  }
  const events: GameEvent[] = [];
  for (const g of groups) {
    const hex = byGroup.get(g.id)!;
    const live = g.units.map((u) => ps.units[u]).filter((u) => u.status !== 'DESTROYED');
    const active = live.filter((u) => u.status === 'ACTIVE');
    let tfId: string | null = null;
    if (active.length > 0) {
      const host = tfsAt(ps, hex).find((t) => t.side === side && !t.independent);
      if (host)
        tfId = host.id; // L2392: merge at once
      else {
        const n = freeCounter(ps, g.org);
        if (n === null) return ruleError('TF_LIMIT', 'D-07', 'no free TF counter');
        tfId = newTaskForce(ps, side, g.org, hex, n).id;
      }
      for (const u of active) {
        u.tf = tfId;
        const t = unitType(u);
        if (t.hq === 'LEGION' || t.hq === 'AUXILIA') ps.hqSupply[u.id] = t.supplyMax ?? 0; // L2394, D-82
      }
    }
    for (const u of live.filter((x) => x.status === 'DISORGANISED')) {
      disorganise(u, hex); // D-81: on the map in the landing hex
      if (tfId && hasHq(ps, tfId)) u.under = tfId; // L2396: with an HQ they can be reorganised
    }
    events.push({
      type: 'od.landed',
      visibleTo: 'all',
      data: { side, zone: g.zone, hex, tf: tfId, disorganised: live.length - active.length, rule: 'L2390, H32' },
    });
    // Landing is entering the hex: an enemy urban area or (disrupted) base there changes hands (D-49, D-50).
    if (tfId) events.push(...enterHex(ps, tfId, hex, 'MOVE'));
    events.push({ type: 'od.landed.detail', visibleTo: [side], data: { group: g.id, units: live.map((u) => u.id) } });
  }
  cs.dropGroups = cs.dropGroups.filter((g) => g.side !== side);
  // L2406: supply drops reach their HQ (what does not fit stays aboard: reconstructed).
  for (const box of Object.values(cs.zones)) {
    for (const e of box.od.filter((x) => x.side === side)) {
      if (e.supply && e.toHq && ps.units[e.toHq]?.status === 'ACTIVE') {
        const max = unitType(ps.units[e.toHq]).supplyMax ?? 0;
        const room = Math.max(0, max - (ps.hqSupply[e.toHq] ?? 0));
        const given = Math.min(room, e.supply);
        ps.hqSupply[e.toHq] = (ps.hqSupply[e.toHq] ?? 0) + given;
        const t = cs.space.units[e.transport];
        t.supply = (t.supply ?? 0) + (e.supply - given);
        events.push({ type: 'od.supply', visibleTo: [side], data: { hq: e.toHq, sp: given, rule: 'L2406' } });
      }
    }
    box.od = box.od.filter((x) => x.side !== side || !!x.base);
  }
  return events;
}
