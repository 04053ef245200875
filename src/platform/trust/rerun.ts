/**
 * Re-running a game from its export with the module: set-up, then every step with the recorded
 * orders and the dice derived from the revealed seed and salts, comparing each roll, each
 * module event, each state hash and the outcome with the record. Pure: no server, no database.
 */
import { storedOrder } from '../play/stored-order.js';
import type { AnyModule, Json, Side } from '#engine/contract.js';
import { SeededDice, type RollRecord } from '#engine/dice.js';
import { jcs, sha256Hex } from './canonical.js';
import type { ExportStep, GameExport } from './export.js';

export interface Finding {
  /** The step where the record and the re-run part ways; null for the export as a whole. */
  step: number | null;
  check: string;
  message: string;
}

/** Events the platform writes around the module's own (lobby.ts, resolution.ts, phase.ts, and the time control: missed-turns.ts, admin.ts, votes.ts, seats.ts). */
export const PLATFORM_EVENTS = new Set([
  'game-started',
  'step-resolved',
  'game-finished',
  'game-paused',
  'reveal-open',
  'game-resumed',
  'game-cancelled',
  'deadline-extended',
  'vote-proposed',
  'vote-passed',
  'vote-rejected',
  'vote-expired',
  'seat-offered',
  'seat-replaced',
  'seat-resigned',
]);

/**
 * Outcome levels of games the players or an admin ended before the rules did (a forfeit, a
 * concession, a draw agreed by vote, an admin's decision): the module's state has no outcome then.
 */
export const PLATFORM_ENDINGS = new Set(['forfeit', 'concession', 'agreement', 'adjudicated']);

/**
 * The server hands the module state read back from PostgreSQL jsonb, whose objects come back
 * with keys ordered by length, then bytes. Re-running with the same key order keeps modules
 * that iterate over object keys on the same path (play/stored-order.ts, shared with the
 * resolution's remembered state).
 */
export const asStored = storedOrder;

function compareRolls(
  step: number,
  derived: readonly RollRecord[],
  recorded: ExportStep['rolls'],
  out: Finding[],
): boolean {
  const rec = recorded ?? [];
  const n = Math.max(derived.length, rec.length);
  for (let i = 0; i < n; i++) {
    const d = derived[i];
    const r = rec[i];
    if (d && r && d.label === r.label && d.sides === r.sides && d.value === r.value) continue;
    const say = (x?: { label: string; sides: number; value: number }) =>
      x ? `${x.value} on a d${x.sides} ("${x.label}")` : 'no roll';
    out.push({ step, check: 'rolls', message: `roll #${i + 1}: the record says ${say(r)}, the seed gives ${say(d)}` });
    return false;
  }
  return true;
}

const visibility = (v: 'all' | Side[], sides: Side[]) =>
  v === 'all' || sides.every((s) => v.includes(s)) ? ['*'] : [...new Set(v)].sort();

function compareEvents(
  step: number,
  derived: { type: string; visibleTo: 'all' | Side[]; data: Json; rolls?: RollRecord[] }[],
  recorded: GameExport['events'],
  sides: Side[],
  out: Finding[],
): boolean {
  const rec = recorded.filter((e) => e.step === step && !PLATFORM_EVENTS.has(e.type));
  for (let i = 0; i < Math.max(derived.length, rec.length); i++) {
    const d = derived[i];
    const r = rec[i];
    if (!d || !r) {
      out.push({
        step,
        check: 'events',
        message: `the record has ${rec.length} module event(s), the re-run ${derived.length}`,
      });
      return false;
    }
    const same =
      d.type === r.type &&
      jcs(asStored(d.data)) === jcs(r.data) &&
      jcs(asStored(d.rolls ?? [])) === jcs(r.rolls ?? []) &&
      jcs(visibility(d.visibleTo, sides)) === jcs([...r.visibleTo].sort());
    if (!same) {
      out.push({
        step,
        check: 'events',
        message: `event seq ${r.seq} ("${r.type}") differs from the re-run's "${d.type}"`,
      });
      return false;
    }
  }
  return true;
}

function compareState(step: number, state: unknown, recorded: string | null, out: Finding[]): boolean {
  if (recorded === null) return true;
  const derived = sha256Hex(jcs(asStored(state)));
  if (derived === recorded) return true;
  out.push({
    step,
    check: 'state',
    message: `the state after the step hashes to ${derived}, the record says ${recorded}`,
  });
  return false;
}

/** Checks the orders the module received: legal when a player sent them, the prompt's defaults otherwise. */
function checkOrders(module: AnyModule, state: Json, entry: ExportStep, out: Finding[]): boolean {
  const prompts = module.prompts(state);
  const owed = [...new Set(prompts.map((p) => p.side))].sort();
  const given = Object.keys(entry.orders).sort();
  if (jcs(owed) !== jcs(given)) {
    out.push({
      step: entry.step,
      check: 'owed',
      message: `the module owes orders from ${owed.join(', ') || 'nobody'}, the record has ${given.join(', ') || 'none'}`,
    });
    return false;
  }
  for (const side of owed) {
    const origin = entry.origins[side];
    if (origin === 'default' || origin === 'unrevealed') {
      const prompt = prompts.find((p) => p.side === side)!;
      if (jcs(entry.orders[side]) !== jcs(prompt.defaultOrders)) {
        out.push({
          step: entry.step,
          check: 'default-orders',
          message: `${side} missed the turn (${origin}) but was given orders other than the prompt's defaults`,
        });
        return false;
      }
    } else if (module.validate(state, side, entry.orders[side]).length > 0) {
      out.push({
        step: entry.step,
        check: 'illegal-orders',
        message: `the orders adjudicated for ${side} are not legal under the module`,
      });
      return false;
    }
  }
  return true;
}

/** Re-runs the game; stops at the first step that diverges (everything after would follow from it). */
export function rerun(exp: GameExport, module: AnyModule, out: Finding[]): { steps: number; stoppedAt: number | null } {
  const g = exp.game;
  const seed = g.seed!;
  const sides = module.scenarios.find((s) => s.id === g.scenario)?.sides ?? module.sides;
  const steps = [...exp.steps].sort((a, b) => a.step - b.step);
  let state: Json | null = null;
  let done = 0;
  for (const [i, entry] of steps.entries()) {
    const at = entry.step;
    if (at !== i) {
      out.push({ step: i, check: 'record', message: `the record of step ${i} is missing` });
      return { steps: done, stoppedAt: i };
    }
    let ok = true;
    try {
      if (at === 0) {
        const dice = new SeededDice({ seed, gameId: g.id, step: 0 });
        const setUp = module.setup(g.scenario, g.options as Record<string, Json>, dice);
        ok = compareRolls(0, dice.log, entry.rolls, out) && compareState(0, setUp, entry.stateHash, out);
        state = asStored(setUp);
      } else {
        ok = checkOrders(module, state!, entry, out);
        if (ok) {
          const dice = new SeededDice({ seed, gameId: g.id, step: at, salts: Object.values(entry.salts) });
          const result = module.resolve(state!, entry.orders, dice);
          ok =
            compareRolls(at, dice.log, entry.rolls, out) &&
            compareEvents(at, result.events, exp.events, sides, out) &&
            compareState(at, result.state, entry.stateHash, out);
          state = asStored(result.state);
        }
      }
    } catch (err) {
      out.push({ step: at, check: 'module-error', message: `the module threw: ${(err as Error).message}` });
      ok = false;
    }
    if (!ok) return { steps: done, stoppedAt: at };
    done++;
  }
  if (g.status === 'FINISHED' && state !== null) {
    const outcome = module.outcome(state);
    const endedByPlayers =
      outcome === null && PLATFORM_ENDINGS.has(String((g.outcome as { level?: string } | null)?.level));
    if (!endedByPlayers && jcs(outcome ?? null) !== jcs(g.outcome ?? null)) {
      out.push({
        step: steps.length - 1,
        check: 'outcome',
        message: `the re-run ends with ${JSON.stringify(outcome)}, the record with ${JSON.stringify(g.outcome)}`,
      });
    }
  }
  return { steps: done, stoppedAt: null };
}
