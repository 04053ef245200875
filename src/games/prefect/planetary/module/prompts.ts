/**
 * Kernel Prompts for what each side owes (sequence.ts owedAt): a description, the legal choices a
 * client needs (computed only from what the owing side may see: its own TFs, public counters,
 * public detections), the default orders used at a deadline, and — for interactive reaction
 * windows — a short deadline of their own (option reactionWindowSeconds). Choices are redacted
 * for the owing side by the module (view.ts redactFor).
 */
import type { Json, Prompt } from '#engine/contract.js';
import { allowanceLeft, counterAttackEligible, currentPoint } from '../counteractions.js';
import { mayAttack } from '../combat-phase.js';
import { externalChoices, externalDefault } from '../external/agreement.js';
import { counterSetUp, isCounterPause } from '../external/counter.js';
import {
  attackerReach,
  defenderAllowance,
  defenderReach,
  enemyDisorganisedAt,
  movementAllowance,
} from '../movement.js';
import { maxEsm } from '../rules.js';
import { rulesData, scenarioDef } from '../rules-data.js';
import { owedAt, type Owed } from './sequence.js';
import { planSetupAssign, planSetupPlace, unplaced } from './setup.js';
import type { PrefectOrder, PrefectState, Side } from '../types.js';

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;
const own = (s: PrefectState, side: Side) =>
  Object.values(s.tfs)
    .filter((t) => t.side === side && t.hex)
    .sort((a, b) => a.id.localeCompare(b.id));

/** The order used for `o` when nothing arrives by the deadline (always legal). */
export function defaultFor(s: PrefectState, o: Owed): PrefectOrder {
  switch (o.kind) {
    case 'setup-assign':
      return planSetupAssign(s, o.side);
    case 'setup-place':
      return planSetupPlace(s, o.side);
    case 'movement-plan':
      return { kind: 'movement-plan', moves: [] };
    case 'counter-orders':
      return {
        kind: 'counter-orders',
        interrupt: { default: { detect: true, esm: 'max' } },
        counterAttacks: [],
        moves: [],
      };
    case 'move':
      return { kind: 'end-movement' };
    case 'combat-declare':
      return { kind: 'combat-declare', attacks: [], detections: [] };
    case 'combat-detect':
      return { kind: 'combat-detect', detections: [] };
    case 'external-result':
      return externalDefault(s); // D-87: a missed deadline asks for Prefect resolution
    case 'supply':
      return { kind: 'supply', transfers: [], fatigue: [], reorganise: [], rebuild: [], build: [] };
    case 'withdrawal':
      return { kind: 'withdrawal', moves: [] };
    case 'adjustment':
      return { kind: 'adjustment', transfers: [], create: [], reinforcements: [], assignBases: [] };
    default:
      return { kind: 'pass' };
  }
}

const DESCRIPTIONS: Record<string, string> = {
  'setup-assign': 'Assign every unit to a numbered Task Force of its organisation (sealed, L228-236).',
  'setup-place': 'Place one Task Force counter in your operational zone (L238-240).',
  'movement-plan':
    'Plan your Movement Phase: each Task Force\u2019s mode and path in order (sealed, played out against the defender\u2019s counter-orders, L269-457).',
  'counter-orders':
    'Give your standing counter-orders for the enemy\u2019s Movement Phase: interruptions, counter-attacks, held counter-moves (sealed, L393-457).',
  move: 'Move one Task Force (declare its mode, L283) or end your Movement Phase.',
  interrupt: 'An enemy Task Force entered your zone of control: interrupt it to attempt detection (L381-385)?',
  'counter-attack': 'A detected enemy Task Force is in your zone of control: counter-attack it (L435-455)?',
  'mover-detect': 'Your moving Task Force is counter-attacked: attempt to detect one counter-attacker first (L389).',
  'defender-actions':
    'Counter-actions: move or attack with Task Forces, up to the number of enemy Task Forces moved so far, or hold them (L399-433).',
  'combat-declare': 'Declare all your attacks, then your detection attempts (L547-561, L483).',
  'combat-detect':
    'Attempt detections against attacking Task Forces engaged in combat (L483-491); `advance` ranks the hexes your Task Force would advance into if its attackers retreat (`{ hexes }`, L635).',
  'external-result':
    'Enter the agreed outcome of this combat played with Centurion: the units destroyed and those that left the map without failing a morale test, on both sides, and per defending base (`choices.setUp.installations`) its installations destroyed or turret-damaged (`installations` [{ base, lost }], L2796); both entries must match (sealed, L2749-2798, D-87). `choices.setUp` also says which side plays at half strength (L2622-2626) and, for a Defender counter-attack during movement, `counterAttack`: the deployment rows (L2727-2732).',
  supply: 'Supply Phase: transfers, fatigue removal, reorganisation, rebuilding, base building (sealed, L737-846).',
  withdrawal: 'Withdrawal Phase: move your disorganised units up to 9 hexes toward a headquarters or base (L848-864).',
  adjustment:
    'Task Force Adjustment: exchange units between adjacent Task Forces, create Task Forces, place reinforcements (sealed, L866-878).',
};

function choicesFor(s: PrefectState, o: Owed): Json {
  const side = o.side;
  switch (o.kind) {
    case 'setup-assign':
      return j({
        units: Object.values(s.units)
          .filter((u) => u.side === side && u.status === 'ACTIVE')
          .map((u) => ({ id: u.id, type: u.type, org: u.org })),
        zone: scenarioDef(s.scenario).setupZones[side],
      });
    case 'setup-place':
      return j({
        tfs: unplaced(s, side).map((t) => t.id),
        zone: scenarioDef(s.scenario).setupZones[side].filter((h) => !Object.values(s.tfs).some((t) => t.hex === h)),
      });
    case 'movement-plan':
    case 'move':
      // The hexes each TF may end in now in Combat mode (LAF reaches further; a plan's later moves see earlier ones).
      return j({
        tfs: own(s, side)
          .filter((t) => !t.movedThisTurn)
          .map((t) => ({
            tf: t.id,
            hex: t.hex,
            allowance: { COMBAT: movementAllowance(s, t.id, 'COMBAT'), LAF: movementAllowance(s, t.id, 'LAF') },
            reachCombat: [...attackerReach(s, t.id, 'COMBAT').keys()].sort(),
          })),
      });
    case 'counter-orders':
      return j({
        tfs: own(s, side).map((t) => ({
          tf: t.id,
          hex: t.hex,
          counterMove: defenderAllowance(s, t.id),
          maxEsm: maxEsm(s, t.id),
        })),
      });
    case 'interrupt':
    case 'counter-attack':
    case 'mover-detect':
    case 'defender-actions': {
      const w = currentPoint(s);
      if (!w || w.kind === 'attacker-move') return null;
      if (w.kind === 'interrupt')
        return j({ mover: w.mover, hex: w.hex, eligible: w.eligible.map((tf) => ({ tf, maxEsm: maxEsm(s, tf) })) });
      if (w.kind === 'counter-attack')
        return j({ mover: w.mover, eligible: counterAttackEligible(s, w.mover), allowance: allowanceLeft(s) });
      if (w.kind === 'mover-detect')
        return j({ mover: w.mover, counterAttackers: w.counterAttackers, maxEsm: maxEsm(s, w.mover) });
      const targets = Object.values(s.tfs)
        .filter((t) => t.side === s.attacker)
        .map((t) => ({ target: t.id, eligible: counterAttackEligible(s, t.id) }))
        .filter((x) => x.eligible.length);
      return j({
        allowance: allowanceLeft(s),
        movable: own(s, side)
          .filter((t) => !t.defenderAction)
          .map((t) => ({
            tf: t.id,
            hex: t.hex,
            counterMove: defenderAllowance(s, t.id),
            reach: Object.fromEntries(defenderReach(s, t.id)),
          })),
        attackTargets: targets,
      });
    }
    case 'combat-declare': {
      const g = rulesData().graph;
      const attackers = own(s, side)
        .filter((t) => mayAttack(s, t.id))
        .map((t) => ({
          tf: t.id,
          adjacentEnemies: Object.values(s.tfs)
            .filter((e) => e.side !== side && e.hex && g.neighbors(t.hex).includes(e.hex))
            .map((e) => e.id),
        }));
      const hexTargets = [...new Set(own(s, side).flatMap((t) => g.neighbors(t.hex)))]
        .filter((h) => enemyDisorganisedAt(s, side, h) > 0 && !Object.values(s.tfs).some((t) => t.hex === h))
        .sort();
      return j({
        attackers: attackers.filter((a) => a.adjacentEnemies.length),
        hexTargets,
        detectors: own(s, side)
          .filter((t) => !t.movedLafThisTurn)
          .map((t) => ({ tf: t.id, maxEsm: maxEsm(s, t.id) })),
      });
    }
    case 'combat-detect': {
      const engaged = [...new Set((s.combat?.attacks ?? []).flatMap((a) => a.attackers))];
      return j({
        engaged,
        detectors: own(s, side)
          .filter((t) => !t.movedLafThisTurn && !t.detectedDuringMovement)
          .map((t) => ({ tf: t.id, maxEsm: maxEsm(s, t.id) })),
      });
    }
    case 'external-result': {
      const c = externalChoices(s) as Record<string, Json> | null;
      // L2725-2732: a Defender counter-attack during movement says so, with its deployment rows.
      return c && isCounterPause(s)
        ? { ...c, setUp: { ...(c.setUp as Record<string, Json>), counterAttack: counterSetUp(s) } }
        : c;
    }
    default:
      return null;
  }
}

/** Reaction windows of interactive play: each gets the short deadline reactionWindowSeconds (attacker moves keep the game's own). */
const DEFAULT_EXTERNAL_SECONDS = 86400;
const WINDOW_KINDS = new Set(['interrupt', 'counter-attack', 'mover-detect', 'defender-actions']);

/** Every prompt owed now, choices and defaults redacted by `redact` for the owing side. */
export function buildPrompts(s: PrefectState, redact: (side: Side, v: unknown) => Json): Prompt[] {
  return owedAt(s).map((o) => ({
    side: o.side,
    kind: o.kind,
    secret: o.secret,
    description: DESCRIPTIONS[o.kind] ?? o.kind,
    choices: redact(o.side, choicesFor(s, o)),
    defaultOrders: redact(o.side, defaultFor(s, o)),
    ...(s.options.interleave === 'interactive' && s.step === 'MOVEMENT' && WINDOW_KINDS.has(o.kind)
      ? { deadlineSeconds: s.options.reactionWindowSeconds }
      : {}),
    ...(o.kind === 'external-result'
      ? { deadlineSeconds: s.options.externalResultSeconds ?? DEFAULT_EXTERNAL_SECONDS }
      : {}), // D-87
  }));
}
