/**
 * The third step of a mission (L1671-1829): the survivors move to one orbital segment (H25, only
 * segments that exist, L1681), the opponent places what he has there (L1677), then:
 *  - Attack / HS Attack (L1699-1725): the phasing force attacks everything placed (orbital bases
 *    count, ground bases do not, L1771); an empty segment means no combat (L1713, L1723);
 *    Marines may then land from an Attack (L2033-2083).
 *  - Supply / GS / OD (L1737-1829): the opponent attacks with any, some or none of the segment's
 *    forces (his standing policy, L1743); survivors then transfer cargo (L1749), strike a ground
 *    base (L1803, T-S14) or drop (L1825: scores only in the Space Game, L1829).
 * Retreats (AR/DR/BT/CA) are carried out (L1581-1613): a retreating phasing force no longer helps
 * the mission (L1585, L1587); retreating SD units leave the table for the TF box.
 */
import { otherSide } from '../../common/types.js';
import { spaceData } from '../data/index.js';
import { deployedBaseValues, isDeployedBase } from '../deployed-bases.js';
import { resolveMarineAssault } from '../marines.js';
import { unloadBase } from '../new-bases.js';
import { sdTfIn } from '../state.js';
import { applyTransfer } from '../supply.js';
import type { NavalTF } from '../types.js';
import {
  emit,
  markOpponentEngaged,
  placeSegment,
  sectorPolicy,
  segmentBases,
  segmentDeployed,
  segmentUnits,
  type PhaseContext,
  type SectorTable,
} from './context.js';
import { fight } from './fight.js';
import { decide } from './decisions.js';
import { segmentsOf } from '../ofat.js';
import { sectorById } from '../state.js';
import type { Approach } from './approach.js';
import type { FightOutcome } from './external-hook.js';
import type { TfPlan } from './types.js';

/** Opponent units told to retreat leave the table and their segment for the TF box (L1585, L1589). */
function retreatOpponent(ctx: PhaseContext, table: SectorTable, segment: number, units: string[]): void {
  const left = units.filter((id) => ctx.state.units[id]?.status !== 'DESTROYED');
  const sd = sdTfIn(ctx.state, ctx.opponent, table.sector);
  for (const id of left) table.retreated.add(id);
  if (sd?.sdAllocation?.[segment])
    sd.sdAllocation[segment] = sd.sdAllocation[segment].filter((id) => !left.includes(id));
  if (left.length)
    emit(ctx, 'RETREAT', 'all', { sector: table.sector, segment, side: ctx.opponent, units: left, rule: 'L1581-1613' });
}

/** Carries out the retreats of a segment fight; returns whether the phasing force retreated. */
function carryOutRetreats(
  ctx: PhaseContext,
  table: SectorTable,
  segment: number,
  tf: NavalTF,
  r: FightOutcome | null,
  phasingUnits: string[],
  opponentUnits: string[],
): boolean {
  if (!r) return false;
  if (r.retreats.includes(ctx.opponent)) retreatOpponent(ctx, table, segment, opponentUnits);
  if (!r.retreats.includes(ctx.phasing)) return false;
  const left = phasingUnits.filter((id) => ctx.state.units[id]?.status !== 'DESTROYED');
  emit(ctx, 'RETREAT', 'all', {
    tf: tf.id,
    sector: table.sector,
    segment,
    side: ctx.phasing,
    units: left,
    rule: 'L1581-1587',
  });
  return true;
}

const organisedOf = (ctx: PhaseContext, ids: string[]): string[] =>
  ids.filter((id) => ctx.state.units[id]?.status === 'ACTIVE');

/** Attack and HS Attack (L1699-1725); Marines after an Attack (L2063). Returns whether the mission was carried out. */
function attackSegment(
  ctx: PhaseContext,
  table: SectorTable,
  tf: NavalTF,
  p: TfPlan,
  a: Approach,
  segment: number,
): boolean {
  const units = segmentUnits(ctx, table, segment);
  const bases = segmentBases(ctx, table, segment)
    .filter((b) => spaceData.baseTypes[b.type].orbital)
    .map((b) => b.id); // L1771
  bases.push(...segmentDeployed(ctx, table, segment)); // L2115: a transport-as-base is a target like an orbital base (L1701)
  let survivors = a.survivors;
  if (units.length === 0 && bases.length === 0) {
    // L1713, L1723: no combat; the force returns to its holding box and still tires (L1833).
    emit(ctx, 'EMPTY_SEGMENT', 'all', { tf: tf.id, sector: table.sector, segment, rule: 'L1713, L1723' });
  } else {
    const undetected = !a.detected;
    const sd = sdTfIn(ctx.state, ctx.opponent, table.sector);
    if (units.length) markOpponentEngaged(ctx, table.sector, units);
    const r = fight(
      ctx,
      {
        kind: 'SEGMENT',
        phasing: ctx.phasing,
        phasingMission: tf.mission!,
        phasingUnits: survivors,
        opponentUnits: units,
        opponentBases: bases,
        attackerUndetected: undetected,
        shiftRight: undetected && (p.shiftIfUndetected ?? true),
      },
      { sector: table.sector, segment, tf: tf.id },
      units.length && sd ? [tf.id, sd.id] : [tf.id],
    );
    survivors = carryOutRetreats(ctx, table, segment, tf, r, survivors, units) ? [] : organisedOf(ctx, survivors);
  }
  if (tf.mission === 'ATTACK') {
    for (const m of p.marines ?? []) marineAssault(ctx, table, tf, m, segment, survivors);
  }
  return true;
}

/** L2063-2067: Marines of a transport that came through land on a disrupted base of the segment. */
function marineAssault(
  ctx: PhaseContext,
  table: SectorTable,
  tf: NavalTF,
  m: { transport: string; base: string },
  segment: number,
  survivors: string[],
): void {
  const cancel = (code: string, rule: string, message: string) =>
    emit(ctx, 'MARINE_ASSAULT_CANCELLED', [ctx.phasing], {
      tf: tf.id,
      transport: m.transport,
      base: m.base,
      code,
      rule,
      message,
    });
  if (!survivors.includes(m.transport))
    return cancel('TRANSPORT_NOT_THROUGH', 'L2065', `${m.transport} did not reach the segment intact`);
  const b =
    ctx.state.bases[m.base] ??
    (isDeployedBase(ctx.state, m.base)
      ? {
          sector: ctx.state.units[m.base].deployedAsBase!.sector,
          segment: ctx.state.units[m.base].deployedAsBase!.segment,
        }
      : undefined); // L2115
  if (!b || b.sector !== table.sector || b.segment !== segment)
    return cancel('NOT_IN_SEGMENT', 'L2063', `${m.base} is not a base in segment ${segment}`);
  const since = ctx.dice.log.length;
  const r = resolveMarineAssault(ctx.state, ctx.dice, ctx.phasing, { tf: tf.id, transport: m.transport, base: m.base });
  if (Array.isArray(r)) return cancel(r[0].code, r[0].rule, r[0].message);
  emit(
    ctx,
    'MARINE_ASSAULT',
    'all',
    { tf: tf.id, transport: m.transport, base: m.base, sector: table.sector, segment, ...r, rule: 'L2033-2083, D-74' },
    since,
  );
}

/** L1743, L1795, L1819: the opponent's chosen attackers among the segment's units and organised bases. */
function protectedAttackers(
  ctx: PhaseContext,
  table: SectorTable,
  segment: number,
  tf: string,
): { units: string[]; bases: string[] } {
  const units = segmentUnits(ctx, table, segment);
  const bases = segmentBases(ctx, table, segment)
    .filter((b) => b.status === 'ACTIVE')
    .map((b) => b.id);
  // L2115, L1767: an organised transport-as-base fires if it has weapons (a transport's attack is 0, reconstructed values)
  bases.push(...segmentDeployed(ctx, table, segment).filter((id) => deployedBaseValues(ctx.state, id).attack > 0));
  const policy = sectorPolicy(ctx.reactions.protectedAttack, table.sector);
  const standing =
    policy === 'NONE'
      ? { units: [], bases: [] }
      : policy === 'ALL'
        ? { units, bases }
        : policy === 'UNITS_ONLY'
          ? { units, bases: [] }
          : {
              units: units.filter((id) => policy.units.includes(id)),
              bases: bases.filter((id) => policy.bases.includes(id)),
            };
  // Skipped only when nothing was placed there (public, H25): which bases may fire is not told by a skip.
  if (units.length + segmentBases(ctx, table, segment).length + segmentDeployed(ctx, table, segment).length === 0)
    return standing;
  // D-91: "any, some or none", decided once the segment is placed; standing play uses the policy.
  return decide(ctx.decisions, {
    kind: 'protected-attack',
    side: ctx.opponent,
    tf,
    sector: table.sector,
    segment,
    units,
    bases,
    standing,
    rule: 'L1741-1745, L1795, L1819, D-91',
  });
}

/** Supply / GS / OD (L1737-1829). Returns whether the mission was carried out (some units came through). */
function protectedSegment(
  ctx: PhaseContext,
  table: SectorTable,
  tf: NavalTF,
  p: TfPlan,
  a: Approach,
  segment: number,
): boolean {
  const { state } = ctx;
  const att = protectedAttackers(ctx, table, segment, tf.id);
  let survivors = a.survivors;
  if (att.units.length + att.bases.length === 0) {
    emit(ctx, 'NOT_ATTACKED', 'all', { tf: tf.id, sector: table.sector, segment, rule: 'L1743' });
  } else {
    const sd = sdTfIn(state, ctx.opponent, table.sector);
    if (att.units.length) markOpponentEngaged(ctx, table.sector, att.units);
    const r = fight(
      ctx,
      {
        kind: 'SEGMENT',
        phasing: ctx.phasing,
        phasingMission: tf.mission!,
        phasingUnits: survivors,
        opponentUnits: att.units,
        opponentBases: att.bases,
        attackerUndetected: false,
        shiftRight: false, // D-60: no shift in these fights
      },
      { sector: table.sector, segment, tf: tf.id },
      att.units.length && sd ? [tf.id, sd.id] : [tf.id],
    );
    survivors = carryOutRetreats(ctx, table, segment, tf, r, survivors, att.units) ? [] : organisedOf(ctx, survivors);
  }
  if (survivors.length === 0) return false;
  if (tf.mission === 'SUPPLY') supplyArrives(ctx, tf, p, segment, survivors);
  if (tf.mission === 'GROUND_SUPPORT' && p.gsTarget)
    groundSupportStrike(ctx, table, tf, p.gsTarget, segment, survivors);
  return true;
}

/** L1749, L1921: the TF is "in" the segment this turn; survivors hand over cargo; carried bases unload (L2103, L2109). */
function supplyArrives(ctx: PhaseContext, tf: NavalTF, p: TfPlan, segment: number, survivors: string[]): void {
  tf.suppliedSegment = { segment, turn: ctx.state.turn };
  for (const t of p.transfers ?? []) {
    const errs = survivors.includes(t.from)
      ? applyTransfer(ctx.state, ctx.phasing, {
          from: t.from,
          to: t.to,
          amount: t.amount,
          ...(t.marines ? { marines: true } : {}),
        })
      : [{ code: 'NOT_A_SURVIVOR', rule: 'L1749', message: `${t.from} did not come through organised` }];
    // H14: transfers are hidden from the opponent.
    emit(ctx, errs.length ? 'TRANSFER_REFUSED' : 'TRANSFER', [ctx.phasing], {
      tf: tf.id,
      ...t,
      ...(errs.length
        ? { code: errs[0].code, rule: errs[0].rule, message: errs[0].message }
        : { rule: 'L1749, L1919' }),
    });
  }
  for (const id of p.unloadBases ?? []) {
    const r = unloadBase(ctx.state, ctx.phasing, id, segment);
    if (Array.isArray(r))
      emit(ctx, 'UNLOAD_REFUSED', [ctx.phasing], {
        tf: tf.id,
        base: id,
        code: r[0].code,
        rule: r[0].rule,
        message: r[0].message,
      });
    else emit(ctx, 'BASE_UNLOADED', 'all', { ...r, rule: 'L2103-2109' }); // L2109: the location is announced
  }
}

/** L1803-1805, T-S14: survivors' total attack against the ground base's defence only. */
function groundSupportStrike(
  ctx: PhaseContext,
  table: SectorTable,
  tf: NavalTF,
  baseId: string,
  segment: number,
  survivors: string[],
): void {
  const b = ctx.state.bases[baseId];
  const ok =
    b &&
    b.side === otherSide(ctx.phasing) &&
    !spaceData.baseTypes[b.type].orbital &&
    b.sector === table.sector &&
    b.segment === segment &&
    b.status !== 'DESTROYED' &&
    !b.offSystemBox;
  if (!ok) {
    emit(ctx, 'GS_NO_TARGET', [ctx.phasing], {
      tf: tf.id,
      base: baseId,
      code: 'NO_GROUND_BASE',
      rule: 'L1803',
      message: `${baseId} is not an enemy ground base in segment ${segment}`,
    });
    return;
  }
  fight(
    ctx,
    {
      kind: 'GS_VS_GROUND_BASE',
      phasing: ctx.phasing,
      phasingMission: 'GROUND_SUPPORT',
      phasingUnits: survivors,
      opponentUnits: [],
      opponentBases: [baseId],
      attackerUndetected: false,
      shiftRight: false,
    },
    { sector: table.sector, segment, tf: tf.id },
    [tf.id],
  );
}

/** Moves the survivors to the plan's segment (H25, public), places the opponent's forces there, runs the mission. */
export function segmentMission(ctx: PhaseContext, table: SectorTable, tf: NavalTF, p: TfPlan, a: Approach): boolean {
  if (a.survivors.length === 0) return false;
  // D-91: the segment is chosen once the interception is over (L1675); standing play uses the plan's.
  const segments = segmentsOf(sectorById(table.sector)!);
  const planned = p.segment ?? 1;
  const segment =
    segments <= 1
      ? planned
      : decide(ctx.decisions, {
          kind: 'segment',
          side: ctx.phasing,
          tf: tf.id,
          sector: table.sector,
          segments,
          survivors: a.survivors,
          standing: { segment: planned },
          rule: 'L1675-1681, D-91',
        }).segment;
  emit(ctx, 'SEGMENT_CHOSEN', 'all', {
    tf: tf.id,
    sector: table.sector,
    segment,
    units: a.survivors,
    rule: 'L1675, H25',
  });
  placeSegment(ctx, table, segment, 'MISSION');
  if (tf.mission === 'ATTACK' || tf.mission === 'HS_ATTACK') return attackSegment(ctx, table, tf, p, a, segment);
  return protectedSegment(ctx, table, tf, p, a, segment);
}
