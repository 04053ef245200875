/**
 * D-87 with a Defender counter-attack (L2725-2732): with `externalCombat: 'CENTURION'` in
 * interactive play, a counter-attack during the Movement Phase (L435-455) is played outside the
 * server like a Combat Phase attack. The Movement Phase pauses after the counter-attack is declared
 * (and after the mover's detection attempt, L389); both sides owe the same sealed `external-result`
 * entry (agreement.ts, protocol.ts); the agreed result is converted as for attacks (conversion.ts)
 * and applied as the counter-attack's result; the fallbacks roll it on the Prefect CRT. Then the
 * movement resumes where it stood (counteractions.ts).
 *
 * What differs from a Combat Phase attack: the counter-attacking TFs (the Prefect defender's) are
 * the combat's attacker — their side's total is the first term of the conversion ratio, CA/AR fall
 * on them and DR/BT on the mover (L2771-2782 read with the counter-attack's roles, L435); the set-up
 * is the counter-attack's (L2727-2732): the moving ("attacking") player's forces first along row
 * xx01 of the northern map, then the Defender's along row xx14 of the southern map. The pause is
 * kept in the Combat Phase record (`s.combat` with one declared attack), so the whole protocol,
 * validation, prompts and bots are those of the Combat Phase attack.
 *
 * Not paused (rolled on the CRT as before): planned play (the movement resolves in one step) and
 * the Campaign's counter-attacks (its ground half's pause handling is the Combat Phase's, and its
 * counter-combat may carry naval ground support, L2204).
 */
import type { GameEvent, Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { resolveCombat, type CombatSpec } from '../combat.js';
import type { DeclaredAttack, ExternalResultOrder, PrefectState, Side } from '../types.js';
import { openExternal, settleExternal, wantsExternal, type ExternalDecision } from './agreement.js';

export const COUNTER_RULE = 'L2725-2732';

/** The synthetic attack of a counter-attack: counter-attacking TFs against the mover. */
const attackOf = (s: PrefectState, attackers: string[], target: string): DeclaredAttack => ({
  id: `counter-t${s.turn}-a${s.movement?.defenderActions ?? 0}`,
  target: { tf: target },
  attackers: [...attackers],
  advance: null,
});

/** Is the paused external combat a counter-attack (the Movement Phase is running)? */
export const isCounterPause = (s: PrefectState): boolean => s.step === 'MOVEMENT' && !!s.combat?.external;

/** Public set-up of a counter-attack (L2727-2732): who deploys where, and first. */
export function counterSetUp(s: PrefectState): Json {
  const a = s.combat?.attacks[0];
  const mover = a && 'tf' in a.target ? s.tfs[a.target.tf] : undefined;
  const moving: Side = mover?.side ?? s.attacker;
  const counter: Side = moving === 'TOG' ? 'CW' : 'TOG';
  return {
    type: 'DEFENDER_COUNTER_ATTACK',
    deployment: [
      { side: moving, order: 1, map: 'northern', row: 'xx01', rule: 'L2729' },
      { side: counter, order: 2, map: 'southern', row: 'xx14', rule: 'L2731' },
    ],
    conversionAttacker: counter,
    rule: COUNTER_RULE,
  };
}

/** Marks each `external.open` as a counter-attack's (its set-up, L2727-2732). */
function marked(s: PrefectState, events: GameEvent[]): GameEvent[] {
  return events.map((e) =>
    e.type === 'external.open'
      ? {
          ...e,
          data: {
            ...(e.data as Record<string, Json>),
            setUp: {
              ...((e.data as Record<string, Json>).setUp as Record<string, Json>),
              counterAttack: counterSetUp(s),
            },
          },
        }
      : e,
  );
}

/**
 * Pauses at the counter-attack if it is played externally: TF against TF, both sides with
 * represented units (as wantsExternal), interactive play only. Returns null when it is not.
 */
export function openCounterExternal(s: PrefectState, attackers: string[], target: string): GameEvent[] | null {
  if (s.options.interleave !== 'interactive') return null; // planned play: one step, stays on the CRT
  if (s.options.externalCounterAttacks === false) return null; // the Campaign's ground half keeps them on the CRT
  const a = attackOf(s, attackers, target);
  const saved = s.combat;
  s.combat = { attacks: [a], order: [a.id], resolved: [] };
  if (!wantsExternal(s, a)) {
    if (saved) s.combat = saved;
    else delete s.combat;
    return null;
  }
  return marked(s, openExternal(s, a));
}

/** The paused counter-attack's TFs. */
export function pausedCounter(s: PrefectState): { attackers: string[]; target: string } {
  const a = s.combat!.attacks[0];
  return { attackers: a.attackers, target: (a.target as { tf: string }).tf };
}

/**
 * Both entries of the round: agreed → the converted result; fallback → Prefect (no `external`);
 * differ → asked again (`decided` null, the pause stays). When decided, the pause record is removed.
 */
export function settleCounterExternal(
  s: PrefectState,
  orders: Partial<Record<Side, ExternalResultOrder>>,
): { events: GameEvent[]; decided: ExternalDecision | null; counter: { attackers: string[]; target: string } } {
  const counter = pausedCounter(s);
  const r = settleExternal(s, orders);
  if (r.decided) delete s.combat;
  return { events: marked(s, r.events), decided: r.decided, counter };
}

/** L435-455: a counter-attack's combat (the counter-attacking TFs attack the mover; no advance). */
export const counterSpec = (attackers: string[], target: string): CombatSpec => ({
  attackers,
  target: { tf: target },
  context: 'COUNTER_ACTION',
  shiftPolicy: { TOG: 'FAVOURABLE', CW: 'FAVOURABLE' },
  advance: null,
});

/**
 * The settled counter-attack: its agreed result applied (no CRT roll), or rolled on the CRT
 * (fallback); TFs gone since cannot fight. The movement then resumes (sequence.ts).
 */
export function resumeCounterAttack(
  s: PrefectState,
  dice: Dice,
  counter: { attackers: string[]; target: string },
  decided: ExternalDecision,
): GameEvent[] {
  const live = counter.attackers.filter((id) => s.tfs[id]);
  if (!live.length || !s.tfs[counter.target]) return [];
  return resolveCombat(s, dice, {
    ...counterSpec(live, counter.target),
    ...(decided.external ? { external: decided.external } : {}),
  });
}
