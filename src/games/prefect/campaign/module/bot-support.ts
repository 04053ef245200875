/**
 * The campaign bot's naval ground support (L2204-2220, D-76, D-83), from its own view only: its
 * own GS units (record sheet), its own TFs' values, the public map (TF counters, bases, terrain)
 * and, for an enemy TF (contents hidden, H1), an estimate from the public order of battle.
 * A commitment is made only where it tips the CRT column (L2216-2218: the naval attack is added to
 * the attack or the defence); the fewest, strongest units that give the best column, so the
 * others stay for other combats and the independent attacks (L2256). Defence of a TF on one of
 * the side's bases comes first, then the side's own attacks, then other defences.
 */
import type { Json } from '#engine/contract.js';
import { allowanceLeft, counterAttackEligible, currentPoint } from '../../planetary/index.js';
import { ratioColumn } from '../../planetary/index.js';
import { attackTotal, combatUnits, defenceTotal } from '../../planetary/index.js';
import { rulesData } from '../../planetary/index.js';
import { aliasTfIds, resolveOrderIds } from '../../planetary/index.js';
import { campaignData } from '../data/index.js';
import { gsSupportValue } from '../ground-support.js';
import { zoneOfHex } from '../map-link.js';
import { supportCarrier, type StandingSupport } from './counter-support.js';
import { unusedGs } from './end-of-combat.js';
import type { CampaignGameState, Side } from './types.js';

const terrainDf = (hex: string): number =>
  Math.max(
    0,
    ...rulesData()
      .hex(hex)
      .terrain.map((t) => rulesData().terrain[t]?.defenceFactor ?? 0),
  );

/**
 * An enemy TF's attack and defence from public knowledge: the scenario's enemy combat units
 * (printed order of battle), less those the side has destroyed, spread over the enemy TF counters
 * on the map (at least one unit's worth).
 */
export function enemyTfEstimate(cs: CampaignGameState, side: Side): { attack: number; defence: number } {
  const types = rulesData().unitTypes;
  const enemy = campaignData.scenarios[cs.scenario].ground.units.filter(
    (u) => u.side !== side && types[u.type]?.category === 'COMBAT',
  );
  if (!enemy.length) return { attack: 4, defence: 4 };
  const per = (k: 'attack' | 'defence') => enemy.reduce((a, u) => a + types[u.type][k], 0) / enemy.length;
  const alive = Math.max(1, enemy.length - (cs.planetary.destroyedCombat[side] ?? 0));
  const counters = Math.max(
    1,
    Object.values(cs.planetary.tfs).filter((t) => t.side !== side && t.hex && !t.independent).length,
  );
  const share = Math.max(1, alive / counters);
  return { attack: Math.round(per('attack') * share), defence: Math.round(per('defence') * share) };
}

/** The fewest of `units` (strongest first) that give the best column for the side; none if no column moves. */
export function tippingUnits(
  cs: CampaignGameState,
  units: string[],
  attack: number,
  defence: number,
  adds: 'attack' | 'defence',
): string[] {
  const value = (u: string) => gsSupportValue(cs, [u]);
  const sorted = [...units].sort((a, b) => value(b) - value(a) || a.localeCompare(b));
  const col = (extra: number) =>
    adds === 'attack' ? ratioColumn(attack + extra, defence) : -ratioColumn(attack, defence + extra);
  let best = col(0);
  let n = 0;
  let sum = 0;
  sorted.forEach((u, i) => {
    sum += value(u);
    const c = col(sum);
    if (c > best) {
      best = c;
      n = i + 1;
    }
  });
  return sorted.slice(0, n);
}

/** Combat Phase (gs-commitment): per declared combat of a zone with the side's GS units, the units that tip it. */
export function commitPlan(
  cs: CampaignGameState,
  side: Side,
  combats: { attack: string; zone: number; target: string; attackers: string[] }[],
): { attack: string; units: string[] }[] {
  const ps = cs.planetary;
  const left: Record<number, string[]> = unusedGs(cs, side);
  const est = enemyTfEstimate(cs, side);
  const ranked = combats
    .filter((x) => left[x.zone] && ps.tfs[x.target])
    .map((x) => {
      const t = ps.tfs[x.target];
      const defending = t.side === side;
      const onBase = defending && Object.values(ps.bases).some((b) => b.side === side && b.hex === t.hex);
      return {
        x,
        defending,
        rank: onBase ? 0 : defending ? 2 : 1,
        attack: defending ? est.attack * x.attackers.length : attackTotal(ps, x.attackers),
        defence: (defending ? defenceTotal(ps, t.id) : est.defence) + terrainDf(t.hex),
      };
    })
    .sort((a, b) => a.rank - b.rank || a.x.attack.localeCompare(b.x.attack));
  const out: { attack: string; units: string[] }[] = [];
  for (const c of ranked) {
    const pick = tippingUnits(cs, left[c.x.zone] ?? [], c.attack, c.defence, c.defending ? 'defence' : 'attack');
    if (!pick.length) continue;
    out.push({ attack: c.x.attack, units: pick });
    left[c.x.zone] = left[c.x.zone].filter((u) => !pick.includes(u));
  }
  return out;
}

/** Movement Phase: the commitments a ground order of the bot carries (planned or interactive, counter-support*.ts). */
function movementPlan(cs: CampaignGameState, side: Side, o: Record<string, unknown>): StandingSupport {
  const ps = cs.planetary;
  const g = rulesData().graph;
  const left: Record<number, string[]> = unusedGs(cs, side);
  const est = enemyTfEstimate(cs, side);
  const list: StandingSupport = [];
  const take = (zone: number, attack: number, defence: number, adds: 'attack' | 'defence', tfs?: string[]) => {
    const pick = tippingUnits(cs, left[zone] ?? [], attack, defence, adds);
    if (!pick.length) return;
    list.push({ units: pick, ...(tfs ? { tfs } : {}) });
    left[zone] = left[zone].filter((u) => !pick.includes(u));
  };
  const enemyNear = (hex: string) =>
    Object.values(ps.tfs).some((t) => t.side !== side && t.hex && g.neighbors(hex).includes(t.hex));
  switch (o.kind) {
    case 'counter-orders': // a counter-attack by the zone's strongest TF on an estimated mover (L435)
      for (const zone of Object.keys(left).map(Number)) {
        const own = Object.values(ps.tfs)
          .filter((t) => t.side === side && t.hex && zoneOfHex(t.hex) === zone && combatUnits(ps, t.id).length)
          .map((t) => t.id)
          .sort();
        const best = own.sort((a, b) => attackTotal(ps, [b]) - attackTotal(ps, [a]))[0];
        if (best) take(zone, attackTotal(ps, [best]), est.defence, 'attack', own);
      }
      break;
    case 'movement-plan': // the defence of a mover that ends next to an enemy TF
      for (const m of (o.moves as { tf: string; path: string[] }[] | undefined) ?? []) {
        const end = m.path[m.path.length - 1];
        if (!end || !ps.tfs[m.tf] || !enemyNear(end)) continue;
        take(zoneOfHex(end), est.attack, defenceTotal(ps, m.tf) + terrainDf(end), 'defence', [m.tf]);
      }
      break;
    default: {
      const w = currentPoint(ps);
      if (w?.kind === 'counter-attack' && o.kind === 'counter-attack') {
        const hex = ps.tfs[w.mover].hex;
        take(zoneOfHex(hex), attackTotal(ps, (o.tfs as string[]) ?? []), est.defence + terrainDf(hex), 'attack');
      } else if (w?.kind === 'mover-detect') {
        const hex = ps.tfs[w.mover].hex;
        take(
          zoneOfHex(hex),
          est.attack * w.counterAttackers.length,
          defenceTotal(ps, w.mover) + terrainDf(hex),
          'defence',
        );
      }
    }
  }
  return list;
}

/** The column (index) at which a counter-attack with naval support is worth making: 3:2 (the Planetary bot's own threshold, L557). */
const WORTH = 3;

/**
 * Interactive play: where the Planetary bot passes at a counter-attack window (its eligible TFs
 * alone are too weak), a counter-attack is made when the zone's GS units lift the estimated odds
 * to 3:2 or better (L435, L2204).
 */
function supportedCounterAttack(cs: CampaignGameState, side: Side, order: Json): Json {
  const w = currentPoint(cs.planetary);
  if ((order as { kind?: unknown }).kind !== 'pass' || w?.kind !== 'counter-attack' || w.side !== side) return order;
  const tfs = counterAttackEligible(cs.planetary, w.mover).slice(0, allowanceLeft(cs.planetary));
  if (!tfs.length) return order;
  const hex = cs.planetary.tfs[w.mover].hex;
  const attack = attackTotal(cs.planetary, tfs);
  const defence = enemyTfEstimate(cs, side).defence + terrainDf(hex);
  const pick = tippingUnits(cs, unusedGs(cs, side)[zoneOfHex(hex)] ?? [], attack, defence, 'attack');
  if (!pick.length || ratioColumn(attack + gsSupportValue(cs, pick), defence) < WORTH) return order;
  return aliasTfIds(cs.planetary, { kind: 'counter-attack', tfs } as unknown as Json);
}

/** The bot's ground order with `navalSupport` added where its GS units tip a counter-attack; kept only if it validates. */
export function withBotNavalSupport(cs: CampaignGameState, side: Side, given: Json, valid: (o: Json) => boolean): Json {
  if (!given || typeof given !== 'object' || Array.isArray(given)) return given;
  const order = supportedCounterAttack(cs, side, given);
  if (!supportCarrier(cs, side, order)) return given;
  if (!Object.keys(unusedGs(cs, side)).length) return given;
  const real = resolveOrderIds(cs.planetary, side, order) as Record<string, unknown>;
  const list = movementPlan(cs, side, real);
  if (!list.length) return given;
  const out = { ...(order as Record<string, Json>), navalSupport: aliasTfIds(cs.planetary, list as unknown as Json) };
  return valid(out) ? out : given;
}
