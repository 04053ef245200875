/**
 * D-87 (L2572-2600): the sealed `external-result` entry of a Leviathan battle — validation
 * (structured errors naming the rule; only the state is read, never the other side's entry), the
 * comparison key, the deadline default, and the prompt's choices with a public suggestion.
 */
import type { OrderError } from '#engine/contract.js';
import { idSet, MAX_ROUNDS } from '../../common/external-protocol.js';
import { stats } from '../state.js';
import type { Side, SpaceState } from '../types.js';
import { RULE } from './battle.js';
import { lossErrors, lossesOf } from './transport-losses.js';
import type { BattleInfo, CombatRun, SpaceExternalResultOrder } from './types.js';

type WithRun = SpaceState & { external?: CombatRun };

export const pendingBattle = (s: WithRun): BattleInfo | undefined => s.external?.pending?.battle;

const inBattle = (b: BattleInfo): Set<string> =>
  new Set([...b.units.TOG, ...b.units.CW, ...b.bases.TOG, ...b.bases.CW]);

/**
 * Bad entries. Any id outside the battle gets the same answer whether or not it exists (an enemy
 * unit or TF not in the battle must not be confirmed by its error, H16).
 */
export function entryErrors(s: WithRun, _side: Side, o: SpaceExternalResultOrder): OrderError[] {
  const b = pendingBattle(s);
  if (!b)
    return [{ code: 'EXTERNAL_NONE', path: [], message: 'No battle is waiting for a Leviathan result.', rule: 'D-87' }];
  if (o.battle !== b.id)
    return [
      {
        code: 'EXTERNAL_BATTLE',
        path: ['battle'],
        message: `The entry is for battle '${b.id}', the one being played with Leviathan.`,
        rule: 'D-87',
      },
    ];
  const errors: OrderError[] = [];
  if (o.prefect && (o.destroyed.length || o.disorganised.length || o.brokeOff.length || o.transportLosses?.length)) {
    errors.push({
      code: 'EXTERNAL_PREFECT_WITH_RESULT',
      path: ['prefect'],
      message: 'An entry asking for the Prefect resolution names no units and no Task Force.',
      rule: 'D-87',
    });
  }
  const ok = inBattle(b);
  const seen = new Set<string>();
  for (const field of ['destroyed', 'disorganised'] as const) {
    o[field].forEach((id, i) => {
      if (!ok.has(id))
        errors.push({
          code: 'EXTERNAL_NOT_IN_BATTLE',
          path: [field, i],
          message: 'Only ships, fighters and bases on the Leviathan map of this battle can be lost in it.',
          rule: 'L2478-2526, L2582',
        });
      else if (seen.has(id))
        errors.push({
          code: 'EXTERNAL_TWICE',
          path: [field, i],
          message: 'A unit is named once, as destroyed or as disorganised.',
          rule: 'L2578',
        });
      seen.add(id);
    });
  }
  o.brokeOff.forEach((tf, i) => {
    if (tf !== b.tf)
      errors.push({
        code: 'EXTERNAL_NOT_PHASING_TF',
        path: ['brokeOff', i],
        message: 'Only the Task Force of the player in phase in this battle can break off.',
        rule: 'L2530-2534, L2570',
      });
    else if (b.kind === 'WITHDRAWAL_INTERCEPT')
      errors.push({
        code: 'EXTERNAL_WITHDRAWAL_BREAKS_OFF',
        path: ['brokeOff', i],
        message:
          'An intercepted withdrawal does not break off: it fights on until every unit has jumped into T-space or been destroyed.',
        rule: 'L2542',
      });
  });
  if (new Set(o.brokeOff).size < o.brokeOff.length)
    errors.push({ code: 'EXTERNAL_TWICE', path: ['brokeOff'], message: 'A Task Force is named once.', rule: 'L2570' });
  errors.push(...lossErrors(s, b, o)); // L2592-2598
  return errors;
}

/** Order-free comparison key of an entry's result (transport losses omitted = none). */
export const entryKey = (o: SpaceExternalResultOrder): string =>
  JSON.stringify([idSet(o.destroyed), idSet(o.disorganised), idSet(o.brokeOff), lossesOf(o)]);

/** What a prompt offers as its default: ask for the Prefect resolution (always legal). */
export const promptDefault = (s: WithRun): SpaceExternalResultOrder => ({
  kind: 'external-result',
  battle: pendingBattle(s)?.id ?? '',
  destroyed: [],
  disorganised: [],
  brokeOff: [],
  prefect: true,
});

/** The server's default when an entry is missing or refused at the deadline. */
export const deadlineDefault = (s: WithRun): SpaceExternalResultOrder => ({ ...promptDefault(s), deadline: true });

/**
 * A deterministic suggestion both players see (for bots and as a convenience, not a rule): by the
 * printed attack of the units on the map, the stronger side destroys the weaker side's ship or
 * fighter of lowest defence (ties by id); equal strength, nothing happens. Bases are left alone.
 */
export function suggestedEntry(s: WithRun): SpaceExternalResultOrder | null {
  const b = pendingBattle(s);
  if (!b) return null;
  const attack = (side: Side) => b.units[side].reduce((a, id) => a + stats(s.units[id]).attack, 0);
  const [t, c] = [attack('TOG'), attack('CW')];
  const loser: Side | null = t > c ? 'CW' : c > t ? 'TOG' : null;
  const victim = loser
    ? [...b.units[loser]].sort((x, y) => stats(s.units[x]).defence - stats(s.units[y]).defence || (x < y ? -1 : 1))[0]
    : undefined;
  return { kind: 'external-result', battle: b.id, destroyed: victim ? [victim] : [], disorganised: [], brokeOff: [] };
}

/** The prompt's choices: the battle (public), the owner's own status and fatigue (record sheet, H16), the suggestion. */
export function entryChoices(s: WithRun, side: Side): unknown {
  const b = pendingBattle(s);
  if (!b) return null;
  // Enemy units: what the Leviathan map shows of them (their pieces); own units: the record sheet too (H16).
  const ownInfo = (id: string) => ({
    id,
    type: s.units[id].type,
    status: s.units[id].status,
    attack: stats(s.units[id]).attack,
    defence: stats(s.units[id]).defence,
    fatigue: s.units[id].tf ? s.tfs[s.units[id].tf!].fatigue : 0,
  });
  const units = Object.fromEntries(
    (['TOG', 'CW'] as Side[]).map((x) => [
      x,
      b.units[x].map((id) => (x === side ? ownInfo(id) : { id, type: s.units[id].type })),
    ]),
  );
  return {
    battle: b.id,
    kind: b.kind,
    sector: b.sector,
    segment: b.segment,
    tf: b.tf,
    phasing: b.phasing,
    units,
    bases: b.bases,
    round: s.external!.pending!.round,
    maxRounds: MAX_ROUNDS,
    // L2596: the owner's transports in the battle and what they carry (his record sheet, H16), for `transportLosses`.
    transports: b.units[side]
      .filter((id) => stats(s.units[id]).kind === 'TRANSPORT')
      .map((id) => ({ id, supply: s.units[id].supply ?? 0, marines: s.units[id].marines ?? 0 })),
    mayBreakOff: b.kind !== 'WITHDRAWAL_INTERCEPT',
    suggested: suggestedEntry(s),
    rule: RULE,
  };
}
