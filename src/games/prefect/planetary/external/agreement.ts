/**
 * D-87: the option `externalCombat: 'CENTURION'` — a declared Combat Phase attack between Task
 * Forces is played outside the server with Centurion (L2602-2798) and both players enter the
 * agreed outcome as sealed orders ('external-result'). Identical entries → the server converts
 * them (conversion.ts, L2749-2798) and applies the result through the normal Prefect combat
 * (combat.ts: BT/CA, retreats, advance, fatigue, tempo). Differing entries → both are told
 * "entries differ" (nothing of either entry is shown) and asked again, at most MAX_ROUNDS times.
 * A missed deadline, an entry asking for Prefect resolution, or MAX_ROUNDS differing rounds →
 * the normal Prefect resolution of that attack (the event says which).
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import type { CombatSpec } from '../combat.js';
import { attackTotal, combatUnits, defenceTotal, unitsIn } from '../composition.js';
import type { SaveOutcome } from '../saves.js';
import type { DeclaredAttack, ExternalResultOrder, PrefectState, Side } from '../types.js';
import { SIDES, otherSide } from '../types.js';
import { combatForces, conversionRow, CONVERSION_TABLE, effectCell, unitPoints, totals } from './conversion.js';
import { idSet, MAX_ROUNDS, settleEntries } from '../../common/external-protocol.js';
import {
  applyLegionBases,
  baseOutcomes,
  halfStrength,
  installationErrors,
  installationsKey,
  installationsSetUp,
  legionBasesAt,
  type BaseOutcome,
  type ExternalBase,
} from './installations.js';

export { MAX_ROUNDS } from '../../common/external-protocol.js';
const RULE = 'L2749-2798, D-87';

export const externalOn = (s: PrefectState): boolean => s.options.externalCombat === 'CENTURION';

/** The live TFs of a declared attack (attackers with units, the defending TF). */
function sidesOf(s: PrefectState, a: DeclaredAttack): { attackers: string[]; defender: string } | null {
  if (!('tf' in a.target) || !s.tfs[a.target.tf]) return null;
  const attackers = a.attackers.filter((t) => s.tfs[t] && unitsIn(s, t).length);
  return attackers.length ? { attackers, defender: a.target.tf } : null;
}

/**
 * Is this attack played externally? Only TF against TF with combat units on both sides and at
 * least one represented unit each (L2604); hex attacks on disorganised units (L721) and
 * support-only defenders (L567) stay automatic.
 */
export function wantsExternal(s: PrefectState, a: DeclaredAttack): boolean {
  if (!externalOn(s)) return false;
  const x = sidesOf(s, a);
  if (!x || !combatUnits(s, x.defender).length) return false;
  const f = combatForces(s, x.attackers, x.defender);
  return SIDES.every((side) => f[side].length > 0);
}

/**
 * What both players set up besides the represented units, all public (the detection flags are in
 * every view, the bases on the map): half strength (L2622-2626, L587) and the defender's bases'
 * defensive installations (L2630-2646).
 */
function setUp(s: PrefectState, x: { attackers: string[]; defender: string }, bases: readonly ExternalBase[]): Json {
  const h = halfStrength(s, x.attackers, x.defender);
  return {
    halfStrength: { TOG: h.TOG, CW: h.CW },
    detected: h.detected,
    installations: installationsSetUp(bases),
    rule: 'L2622-2626, L2630-2646',
  };
}

/**
 * Pauses the Combat Phase at attack `id`: both sides now owe an entry (public: which attack, which
 * round, the forces' types, the set-up). `naval`: the Campaign's naval ground bases in the
 * defending TF's hex (their installations are on the map too, L2630-2641).
 */
export function openExternal(s: PrefectState, a: DeclaredAttack, round = 1, naval: ExternalBase[] = []): GameEvent[] {
  const x = sidesOf(s, a)!;
  const bases = [...legionBasesAt(s, x.defender), ...naval.map((b) => ({ ...b, naval: true }))];
  s.combat!.external = { attack: a.id, round, ...(bases.length ? { bases } : {}) };
  const f = combatForces(s, x.attackers, x.defender);
  // L2616, L2628: both players set the representative forces up on the Centurion maps, so their types are known to both.
  const forces = Object.fromEntries(
    SIDES.map((side) => [side, f[side].map((u) => ({ type: u.type, points: unitPoints(u) }))]),
  );
  return [
    {
      type: 'external.open',
      visibleTo: 'all',
      data: {
        attack: a.id,
        attackers: x.attackers,
        target: x.defender,
        round,
        forces,
        setUp: setUp(s, x, bases),
        rule: RULE,
      },
    },
  ];
}

/** Both sides owe the entry, sealed. */
export const externalOwed = (_s: PrefectState) =>
  SIDES.map((side) => ({
    side,
    kinds: ['external-result'] as ExternalResultOrder['kind'][],
    kind: 'external-result',
    secret: true,
  }));

const pendingAttack = (s: PrefectState): DeclaredAttack | undefined =>
  s.combat?.attacks.find((a) => a.id === s.combat?.external?.attack);

/** The server's deadline default: ask for Prefect resolution. */
export const externalDefault = (s: PrefectState): ExternalResultOrder => ({
  kind: 'external-result',
  attack: s.combat?.external?.attack ?? '',
  destroyed: [],
  leftMap: [],
  prefect: true,
  deadline: true,
});

/** Bad entries: structured errors naming the rule; nothing about the other side's entry is consulted. */
export function validateExternal(s: PrefectState, _side: Side, o: ExternalResultOrder): OrderError[] {
  const a = pendingAttack(s);
  if (!a)
    return [{ code: 'external.none', path: [], message: 'No combat is waiting for an external result.', rule: 'D-87' }];
  if (o.attack !== a.id)
    return [
      {
        code: 'external.attack',
        path: ['attack'],
        message: `The entry is for attack '${a.id}', the one being played externally.`,
        rule: 'D-87',
      },
    ];
  const errors: OrderError[] = [];
  if (o.prefect && (o.destroyed.length || o.leftMap.length || installationsKey(o.installations).length)) {
    errors.push({
      code: 'external.prefect-with-units',
      path: ['prefect'],
      message: 'An entry asking for the Prefect resolution names no units.',
      rule: 'D-87',
    });
  }
  errors.push(...installationErrors(s.combat!.external!.bases ?? [], o.installations ?? [])); // L2630, L2796
  const x = sidesOf(s, a)!;
  const f = combatForces(s, x.attackers, x.defender);
  const inCombat = new Set([...f.TOG, ...f.CW].map((u) => u.id));
  const seen = new Set<string>();
  for (const field of ['destroyed', 'leftMap'] as const) {
    o[field].forEach((id, i) => {
      if (!s.units[id])
        errors.push({
          code: 'external.unit-unknown',
          path: [field, i],
          message: 'No unit by that id is known to you.',
          rule: 'L2628',
        });
      else if (!inCombat.has(id))
        errors.push({
          code: 'external.unit-not-in-combat',
          path: [field, i],
          message:
            'Only units on the Centurion map (the represented units of this combat\u2019s Task Forces) can be lost in it.',
          rule: 'L2616, L2628, L2786',
        });
      else if (seen.has(id))
        errors.push({
          code: 'external.unit-twice',
          path: [field, i],
          message: 'A unit is named once, as destroyed or as having left the map.',
          rule: 'L2767, L2792',
        });
      seen.add(id);
    });
  }
  return errors;
}

const entryKey = (o: ExternalResultOrder): string =>
  JSON.stringify([idSet(o.destroyed), idSet(o.leftMap), installationsKey(o.installations)]);

/** What the Combat Phase loop does with the paused attack: its agreed result, or Prefect resolution (no `external`). */
export interface ExternalDecision {
  attack: string;
  external?: CombatSpec['external'];
  bases?: BaseOutcome[];
}

/** The agreed entry converted (L2749-2798): the CRT stand-in cell and the represented units' outcomes. */
export function convertEntry(
  s: PrefectState,
  a: DeclaredAttack,
  o: ExternalResultOrder,
  round: number,
): NonNullable<CombatSpec['external']> {
  const x = sidesOf(s, a)!;
  const aSide = s.tfs[x.attackers[0]].side;
  const lost = new Set([...o.destroyed, ...o.leftMap]);
  const t = totals(s, aSide, [...lost]);
  const row = conversionRow(t.attacker, t.defender);
  const cell = effectCell(row.effect);
  const f = combatForces(s, x.attackers, x.defender);
  const outcomes: Record<string, SaveOutcome> = {};
  for (const side of SIDES) {
    const severe = side === aSide ? row.effect === 'CA' : row.effect === 'BT'; // L605-607: the whole TF is broken anyway
    // L2794: a unit whose representatives were destroyed is only disorganised.
    for (const u of f[side]) outcomes[u.id] = lost.has(u.id) || severe ? 'DISORGANISED' : 'UNHARMED';
  }
  const lostOf = (side: Side) =>
    f[side].filter((u) => lost.has(u.id)).map((u) => ({ type: u.type, points: unitPoints(u) }));
  const record: Json = {
    system: 'CENTURION',
    round,
    ratio: row.ratio,
    effect: row.effect,
    totals: t,
    lost: { [aSide]: lostOf(aSide), [otherSide(aSide)]: lostOf(otherSide(aSide)) },
    rule: RULE,
  };
  return { cell, outcomes, record };
}

/**
 * The step's two entries: agreement → the converted result; a Prefect request, a deadline or
 * MAX_ROUNDS differing rounds → Prefect resolution; otherwise "entries differ", asked again.
 */
export function settleExternal(
  s: PrefectState,
  orders: Partial<Record<Side, ExternalResultOrder>>,
): { events: GameEvent[]; decided: ExternalDecision | null } {
  const p = s.combat!.external!;
  const a = pendingAttack(s)!;
  const [t, c] = [orders.TOG ?? externalDefault(s), orders.CW ?? externalDefault(s)];
  const base = { attack: a.id, round: p.round, rule: 'D-87' };
  delete s.combat!.external;
  const r = settleEntries(t, c, p.round, entryKey, !sidesOf(s, a)); // shared protocol (protocol.ts)
  if (r.outcome === 'fallback') {
    return {
      events: [
        { type: 'external.fallback', visibleTo: 'all', data: { ...base, reason: r.reason, resolution: 'PREFECT' } },
      ],
      decided: { attack: a.id },
    };
  }
  if (r.outcome === 'agreed') {
    const external = convertEntry(s, a, t, p.round);
    const rec = external.record as Record<string, Json>;
    // L2796: the bases' installations; applied before the Prefect result (retreats, advance, capture) that follows the battle.
    const bases = baseOutcomes(p.bases ?? [], t.installations);
    applyLegionBases(s, bases);
    const shown: Record<string, Json> = bases.length
      ? { bases: bases.map((b): Json => ({ ...b, rule: 'L2796' })) }
      : {};
    return {
      events: [
        {
          type: 'external.agreed',
          visibleTo: 'all',
          data: { ...base, ratio: rec.ratio, effect: rec.effect, totals: rec.totals, ...shown },
        },
      ],
      decided: { attack: a.id, external, ...(bases.length ? { bases } : {}) },
    };
  }
  // Neither entry is revealed: only the fact that they differ.
  return {
    events: [
      { type: 'external.differ', visibleTo: 'all', data: base },
      ...openExternal(
        s,
        a,
        p.round + 1,
        (p.bases ?? []).filter((b) => b.naval),
      ),
    ],
    decided: null,
  };
}

/**
 * A deterministic suggestion both sides see (for bots and as a convenience — not a rule): by the
 * public Prefect totals (attack vs defence), the stronger side destroys the weaker side's
 * represented unit of fewest points (ties by id); equal totals → no losses.
 */
export function suggestedEntry(s: PrefectState): ExternalResultOrder | null {
  const a = pendingAttack(s);
  const x = a && sidesOf(s, a);
  if (!a || !x) return null;
  const aSide = s.tfs[x.attackers[0]].side;
  const atk = attackTotal(s, x.attackers);
  const def = defenceTotal(s, x.defender);
  const f = combatForces(s, x.attackers, x.defender);
  const loser = atk > def ? otherSide(aSide) : atk < def ? aSide : null;
  const victim = loser
    ? [...f[loser]].sort((p, q) => unitPoints(p) - unitPoints(q) || p.id.localeCompare(q.id))[0]
    : undefined;
  return { kind: 'external-result', attack: a.id, destroyed: victim ? [victim.id] : [], leftMap: [] };
}

/** The prompt's choices: the combat, each side's represented units (enemy ids redacted by the caller), the table, the suggestion. */
export function externalChoices(s: PrefectState): Json {
  const a = pendingAttack(s);
  const x = a && sidesOf(s, a);
  if (!a || !x) return null;
  const f = combatForces(s, x.attackers, x.defender);
  const forces = Object.fromEntries(
    SIDES.map((side) => [side, f[side].map((u) => ({ unit: u.id, type: u.type, points: unitPoints(u) }))]),
  );
  return JSON.parse(
    JSON.stringify({
      attack: a.id,
      round: s.combat!.external!.round,
      maxRounds: MAX_ROUNDS,
      attackers: x.attackers,
      target: x.defender,
      forces,
      setUp: setUp(s, x, s.combat!.external!.bases ?? []),
      table: CONVERSION_TABLE,
      suggested: suggestedEntry(s),
      rule: RULE,
    }),
  ) as Json;
}
