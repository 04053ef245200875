/**
 * Naval TF Adjustment orders (L1869-1889, L1326-1332, L1649-1651, L2111-2117; digest §5.B.18),
 * on top of grouping and rebuilding (adjustment.ts). Each order is validated first and changes
 * nothing when refused:
 * * form a new TF at a friendly naval base, from units of that sector, or off-system from the
 *   Functional box only (L1873, L1885); an off-system TF must take a mission next turn and go to
 *   T-space space 0 (L1887, `enterTSpace`); twenty counters at most (L1068);
 * * move units between TFs of one sector or of the off-system zone (L1877); fighters may go to
 *   any friendly TF on the system map (L1330) or between off-system TFs (L1332);
 * * fatigue: joining or merging takes the higher level (L1879, L1883), a split keeps it (L1881);
 * * disorganised units stay apart from organised ones (L1875); a split of disorganised units,
 *   to reorganise some (L1963), makes another must-withdraw TF;
 * * TFs on the T-space track are untouchable (L1889);
 * * a transport becomes a base on the sector's OFAT, announced to the opponent (L2111-2113),
 *   and may rejoin a TF in a later adjustment phase (L2115-2117);
 * * stranded fighters: voluntarily disorganise carriers (L1651, D-73) or destroy surplus
 *   fighters (L1328); then the end of the phase (`closeAdjustment`): grouping and rebuilding.
 */
import { applyRebuild, freeCounter, groupDisorganised, rebuildErrors } from './adjustment.js';
import { carrierCapacity, fighterSurplus, fightersNeedingTransport } from './fighters.js';
import { isSegment } from './ofat.js';
import { liveUnitsOf, sectorById, sectorOf, stats } from './state.js';
import type { NavalTF, NavalUnit, RuleError, Side, SpaceState } from './types.js';

const e = (code: string, rule: string, message: string, unit?: string): RuleError => ({
  code,
  rule,
  message,
  ...(unit ? { unit } : {}),
});
/** Where a unit is for adjustment: a sector, the off-system zone, or nowhere it may be moved from. */
type Where = { kind: 'SECTOR'; sector: string } | { kind: 'OFFSYSTEM' } | { kind: 'TSPACE' } | { kind: 'NONE' };

function whereOf(state: SpaceState, u: NavalUnit): Where {
  if (u.deployedAsBase)
    return u.deployedAsBase.turn < state.turn ? { kind: 'SECTOR', sector: u.deployedAsBase.sector } : { kind: 'NONE' };
  if (u.tf) {
    const p = state.tfs[u.tf].place;
    return p.kind === 'SECTOR'
      ? { kind: 'SECTOR', sector: p.sector }
      : p.kind === 'OFFSYSTEM'
        ? { kind: 'OFFSYSTEM' }
        : { kind: 'TSPACE' };
  }
  return u.offSystemBox === 'FUNCTIONAL' ? { kind: 'OFFSYSTEM' } : { kind: 'NONE' };
}

/** Checks the moving units; `dest` is where they go. Fighters alone may cross sectors (L1330). */
function unitErrors(state: SpaceState, side: Side, ids: string[], dest: Where, destTf: NavalTF | null): RuleError[] {
  if (ids.length === 0) return [e('NO_UNITS', 'L1068', 'a TF needs at least one naval unit')];
  if (new Set(ids).size !== ids.length) return [e('DUPLICATE_UNIT', 'L1877', 'a unit is listed twice')];
  const out: RuleError[] = [];
  for (const id of ids) {
    const u = state.units[id];
    if (!u || u.side !== side || u.status === 'DESTROYED') {
      out.push(
        u?.offSystemBox === 'DESTROYED'
          ? e('DESTROYED_BOX', 'L1885', `${id} is in the Destroyed box`, id)
          : e('UNKNOWN_UNIT', 'L1068', `you have no unit ${id}`, id),
      );
      continue;
    }
    if (destTf && u.tf === destTf.id) out.push(e('ALREADY_THERE', 'L1877', `${id} is already in ${destTf.id}`, id));
    const w = whereOf(state, u);
    const fighter = stats(u).kind === 'FIGHTER';
    if (w.kind === 'TSPACE') out.push(e('TSPACE_LOCKED', 'L1889', `${id} is on the T-space track: no adjustment`, id));
    else if (w.kind === 'NONE')
      out.push(e('NOT_AVAILABLE', u.deployedAsBase ? 'L2117' : 'L1885', `${id} cannot join a TF now`, id));
    else if (w.kind !== dest.kind)
      out.push(e('OTHER_ZONE', 'L1877, L1885', `${id} is not in the same zone as the TF`, id));
    else if (w.kind === 'SECTOR' && dest.kind === 'SECTOR' && w.sector !== dest.sector && !fighter) {
      out.push(
        e(
          'OTHER_SECTOR',
          'L1877, L1330',
          `${id} is in another sector (only fighters may be reassigned across the map)`,
          id,
        ),
      );
    }
  }
  if (out.length) return out;
  const statuses = new Set(
    [...ids, ...(destTf?.units ?? [])].map((id) => state.units[id].status).filter((s) => s !== 'DESTROYED'),
  );
  if (statuses.size > 1)
    return [e('MIXED_DISORGANISED', 'L1875', 'disorganised units may not share a TF with organised ones')];
  return [];
}

/** L1879-1883: the higher fatigue of every TF contributing units (and of the destination). */
function fatigueAfter(state: SpaceState, ids: string[], destTf: NavalTF | null): NavalTF['fatigue'] {
  const levels = ids.map((id) => (state.units[id].tf ? state.tfs[state.units[id].tf!].fatigue : 0));
  return Math.max(destTf?.fatigue ?? 0, ...levels) as NavalTF['fatigue'];
}

function detach(state: SpaceState, id: string): void {
  const u = state.units[id];
  if (u.tf) {
    const from = state.tfs[u.tf];
    from.units = from.units.filter((x) => x !== id);
    for (const [seg, list] of Object.entries(from.sdAllocation ?? {}))
      from.sdAllocation![Number(seg)] = list.filter((x) => x !== id);
    if (from.units.length === 0) delete state.tfs[from.id];
  }
  delete u.tf;
  delete u.deployedAsBase;
  delete u.offSystemBox;
}

export interface FormTf {
  units: string[];
  /** 'OFFSYSTEM' or a sector id holding a friendly naval base. */
  at: string;
}

export function formTfErrors(state: SpaceState, side: Side, o: FormTf): RuleError[] {
  if (freeCounter(state, side) === null) return [e('NO_FREE_COUNTER', 'L1068', 'all twenty TF counters are in use')];
  if (o.at !== 'OFFSYSTEM') {
    if (!sectorById(o.at)) return [e('NO_SUCH_SECTOR', 'L984', `no sector ${o.at}`)];
    const base =
      Object.values(state.bases).some(
        (b) => b.side === side && b.sector === o.at && b.status !== 'DESTROYED' && !b.offSystemBox && !b.carriedBy,
      ) ||
      Object.values(state.units).some(
        (u) => u.side === side && u.deployedAsBase?.sector === o.at && u.status !== 'DESTROYED',
      );
    if (!base) return [e('NO_BASE', 'L1873', `new TFs are activated at a friendly naval base; none in ${o.at}`)];
  }
  const dest: Where = o.at === 'OFFSYSTEM' ? { kind: 'OFFSYSTEM' } : { kind: 'SECTOR', sector: o.at };
  const out = unitErrors(state, side, o.units, dest, null);
  // L1873: a new system-map TF is formed from the sector's own units (fighters too, reconstructed: L1330 is for existing TFs)
  if (out.length === 0 && dest.kind === 'SECTOR') {
    for (const id of o.units) {
      const w = whereOf(state, state.units[id]);
      if (w.kind === 'SECTOR' && w.sector !== o.at) out.push(e('OTHER_SECTOR', 'L1873', `${id} is not in ${o.at}`, id));
    }
  }
  return out;
}

/** Forms the TF; returns its id, or the errors. */
export function formTf(state: SpaceState, side: Side, o: FormTf): string | RuleError[] {
  const errors = formTfErrors(state, side, o);
  if (errors.length) return errors;
  const counterNo = freeCounter(state, side)!;
  const fatigue = fatigueAfter(state, o.units, null);
  const disorganised = o.units.every((id) => state.units[id].status === 'DISORGANISED');
  const id = `${side.toLowerCase()}-tf${counterNo}-t${state.turn}`;
  for (const u of o.units) detach(state, u);
  const off = o.at === 'OFFSYSTEM';
  state.tfs[id] = {
    id,
    side,
    counterNo,
    units: [...o.units],
    fatigue: off ? 0 : fatigue, // off-system units carry no fatigue (L1951)
    place: off ? { kind: 'OFFSYSTEM' } : { kind: 'SECTOR', sector: o.at },
    beganTurnInSystem: !off,
    ...(off ? { formedOffSystemTurn: state.turn } : {}),
    ...(disorganised ? { disorganisedGroup: true } : {}),
  };
  for (const u of o.units) state.units[u].tf = id;
  return id;
}

export function exchangeErrors(state: SpaceState, side: Side, units: string[], to: string): RuleError[] {
  const tf = state.tfs[to];
  if (!tf || tf.side !== side) return [e('UNKNOWN_TF', 'L1068', `you have no TF ${to}`)];
  if (tf.place.kind === 'TSPACE') return [e('TSPACE_LOCKED', 'L1889', `${to} is on the T-space track: no adjustment`)];
  const dest: Where = tf.place.kind === 'SECTOR' ? { kind: 'SECTOR', sector: tf.place.sector } : { kind: 'OFFSYSTEM' };
  return unitErrors(state, side, units, dest, tf);
}

export function exchange(state: SpaceState, side: Side, units: string[], to: string): RuleError[] {
  const errors = exchangeErrors(state, side, units, to);
  if (errors.length) return errors;
  const tf = state.tfs[to];
  tf.fatigue = fatigueAfter(state, units, tf);
  for (const u of units) {
    detach(state, u);
    tf.units.push(u);
    state.units[u].tf = to;
  }
  return [];
}

/** L2111-2113: a transport leaves its TF for the sector's OFAT segment. Returns the public announcement. */
export function deployTransportErrors(state: SpaceState, side: Side, unitId: string, segment: number): RuleError[] {
  const u = state.units[unitId];
  if (!u || u.side !== side || stats(u).kind !== 'TRANSPORT' || !u.tf)
    return [e('NOT_A_TRANSPORT', 'L2111', `${unitId} is not one of your transports in a TF`, unitId)];
  if (u.status !== 'ACTIVE') return [e('DISORGANISED', 'L1649', `${unitId} is disorganised`, unitId)]; // reconstructed: a disrupted transport cannot act as a base
  const sector = sectorOf(state.tfs[u.tf]);
  if (!sector)
    return [
      e(
        state.tfs[u.tf].place.kind === 'TSPACE' ? 'TSPACE_LOCKED' : 'NOT_IN_SECTOR',
        'L1889, L2111',
        `${unitId} is not on the system map`,
        unitId,
      ),
    ];
  if (!isSegment(sectorById(sector)!, segment))
    return [e('NO_SUCH_SEGMENT', 'L1002, L2111', `${sector} has no segment ${segment}`, unitId)];
  return [];
}

export function deployTransport(
  state: SpaceState,
  side: Side,
  unitId: string,
  segment: number,
): { side: Side; unit: string; sector: string; segment: number } | RuleError[] {
  const errors = deployTransportErrors(state, side, unitId, segment);
  if (errors.length) return errors;
  const sector = sectorOf(state.tfs[state.units[unitId].tf!])!;
  detach(state, unitId);
  state.units[unitId].deployedAsBase = { sector, segment, turn: state.turn };
  return { side, unit: unitId, sector, segment };
}

/** L1651, D-73: disorganise carriers so that a sector's stranded disorganised fighters can be carried. */
export function voluntaryDisorganiseErrors(state: SpaceState, side: Side, sector: string, ids: string[]): RuleError[] {
  const group = Object.values(state.tfs).find((t) => t.side === side && t.disorganisedGroup && sectorOf(t) === sector);
  const stuck = group ? fighterSurplus(liveUnitsOf(state, group.id).map(stats)) : 0;
  if (stuck === 0) return [e('NOTHING_STRANDED', 'L1651', `no stranded disorganised fighters in ${sector}`)];
  for (const id of ids) {
    const u = state.units[id];
    if (
      !u ||
      u.side !== side ||
      !u.tf ||
      sectorOf(state.tfs[u.tf]) !== sector ||
      u.status !== 'ACTIVE' ||
      stats(u).kind !== 'SHIP' ||
      stats(u).carry === 0
    ) {
      return [e('NOT_A_CARRIER', 'L1651', `${id} is not one of your organised carriers in ${sector}`, id)];
    }
  }
  return [];
}

export function voluntaryDisorganise(state: SpaceState, side: Side, sector: string, ids: string[]): RuleError[] {
  const errors = voluntaryDisorganiseErrors(state, side, sector, ids);
  if (errors.length) return errors;
  for (const id of ids) state.units[id].status = 'DISORGANISED';
  const g = groupDisorganised(state, side, sector);
  return typeof g === 'object' && g ? [g] : [];
}

/** L1328: destroy surplus fighters of a TF so it may move; they go to the Destroyed box (rebuildable). */
export function destroySurplusErrors(state: SpaceState, side: Side, tfId: string, ids: string[]): RuleError[] {
  const tf = state.tfs[tfId];
  if (!tf || tf.side !== side) return [e('UNKNOWN_TF', 'L1068', `you have no TF ${tfId}`)];
  const live = liveUnitsOf(state, tfId).map(stats);
  const surplus = Math.max(0, fightersNeedingTransport(live) - carrierCapacity(live));
  if (ids.length === 0 || ids.length > surplus)
    return [e('NOT_SURPLUS', 'L1328', `${tfId} has ${surplus} surplus squadrons`)];
  const bad = ids.find(
    (id) =>
      !tf.units.includes(id) ||
      stats(state.units[id]).kind !== 'FIGHTER' ||
      stats(state.units[id]).independent ||
      new Set(ids).size !== ids.length,
  );
  return bad ? [e('NOT_SURPLUS', 'L1316, L1328', `${bad} is not a carried fighter squadron of ${tfId}`, bad)] : [];
}

export function destroySurplus(state: SpaceState, side: Side, tfId: string, ids: string[]): RuleError[] {
  const errors = destroySurplusErrors(state, side, tfId, ids);
  if (errors.length) return errors;
  for (const id of ids) {
    detach(state, id);
    Object.assign(state.units[id], { status: 'DESTROYED', offSystemBox: 'DESTROYED' });
  }
  return [];
}

/**
 * The last part of the phase (L1931, L1975-1981): every sector's disorganised units grouped
 * (L1875), then at most `limit` rebuilds (D-67); nothing happens if the rebuild is refused.
 */
export function closeAdjustment(state: SpaceState, side: Side, rebuild: string[], limit: number): RuleError[] {
  const errors = rebuildErrors(state, side, rebuild, limit);
  if (errors.length) return errors;
  const trial: SpaceState = structuredClone(state); // grouping may run out of counters: try it first
  const sectors = new Set(
    Object.values(trial.tfs)
      .filter((t) => t.side === side)
      .map(sectorOf)
      .filter((s): s is string => !!s),
  );
  for (const s of sectors) {
    const g = groupDisorganised(trial, side, s);
    if (g && typeof g === 'object') return [g];
  }
  applyRebuild(trial, rebuild);
  Object.assign(state, trial);
  return [];
}
