/**
 * The players' orders applied to a state, one rule function of the library at a time, in the
 * order the rules fix. The same code validates (on a clone: the first refusal stops it and the
 * clone is thrown away) and resolves (on the step's own copy), so a validated order can never
 * fail half-way. Every refusal is a structured OrderError naming the rule (RuleError.rule).
 */
import type { GameEvent, Json, OrderError } from '#engine/contract.js';
import { sealMissions } from '../missions.js';
import { applyMove, moveErrors } from '../movement.js';
import { unloadBase } from '../new-bases.js';
import { applyBaseReorganise, applyRearm, applyReorganise } from '../rearm.js';
import { spaceScenario } from '../data/index.js';
import { applyTransfer, loadOffSystem } from '../supply.js';
import { loadMarinesOffSystem } from '../marines.js';
import {
  closeAdjustment,
  deployTransport,
  destroySurplus,
  exchange,
  formTf,
  voluntaryDisorganise,
} from '../tf-adjust.js';
import { applyReaction, enterTSpace, exitErrors, reactionErrors } from '../tspace.js';
import { sectorById } from '../state.js';
import type { RuleError } from '../types.js';
import type {
  AdjustOrder,
  MissionsOrder,
  MoveOrder,
  PlaceOrder,
  ReactionOrder,
  Side,
  SpaceGameState,
  SupplyOrder,
  TSpaceOrder,
} from './types.js';

export type Applied = { errors: OrderError[]; events: GameEvent[] };

const j = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;
export const toOrderErrors = (errs: RuleError[], path: (string | number)[]): OrderError[] =>
  errs.map((e) => ({ code: e.code, path, message: e.message, rule: e.rule }));
const fail = (code: string, rule: string, message: string, path: (string | number)[]): Applied => ({
  errors: [{ code, path, message, rule }],
  events: [],
});

/** Phase 1 (L1210-1296, H17): sealed here; revealed by the sequence once both are in. */
export function applyMissions(s: SpaceGameState, side: Side, o: MissionsOrder): Applied {
  const errs = sealMissions(s, side, o.missions);
  return {
    errors: errs.map((e) => ({
      code: e.code,
      path: [
        'missions',
        Math.max(
          0,
          o.missions.findIndex((m) => m.tf === e.tf),
        ),
      ],
      message: e.message,
      rule: e.rule,
    })),
    events: [],
  };
}

/**
 * Phases 2/5 up to the detections (L1358-1360, D-54): off-system TFs to space 0, then the exits
 * named. Each exiting TF's sector is given now so that no second prompt is needed (L1387, L1401).
 */
export function checkTSpace(s: SpaceGameState, side: Side, o: TSpaceOrder): Applied {
  if (new Set(o.enter).size !== o.enter.length) return fail('DUPLICATE_TF', 'L1358', 'a TF is named twice', ['enter']);
  const late = mustEnter(s, side).find((id) => !o.enter.includes(id));
  if (late)
    return fail('MUST_ENTER_TSPACE', 'L1887', `${late} was formed off-system last turn and goes to space 0 now`, [
      'enter',
    ]);
  const errs = enterTSpace(s, side, o.enter);
  if (errs.length) return { errors: toOrderErrors(errs, ['enter']), events: [] };
  const ids = o.exits.map((x) => x.tf);
  if (new Set(ids).size !== ids.length) return fail('DUPLICATE_TF', 'L1360', 'a TF exits twice', ['exits']);
  const ex = exitErrors(s, side, ids);
  if (ex.length) return { errors: toOrderErrors(ex, ['exits']), events: [] };
  const withExit = s.options.arrivalPlacement === 'with-exit';
  const missing = o.exits.findIndex((x) => x.sector === undefined);
  if (withExit && missing >= 0)
    return fail('SECTOR_NEEDED', 'L1387, L1401', 'with arrivalPlacement with-exit each exit names its sector', [
      'exits',
      missing,
      'sector',
    ]);
  const bad = o.exits.findIndex((x) => x.sector !== undefined && !sectorById(x.sector));
  if (bad >= 0)
    return fail('NO_SUCH_SECTOR', 'L984, L1409', `no sector ${o.exits[bad].sector}`, ['exits', bad, 'sector']);
  return { errors: [], events: [] };
}

/** L1387, L1401: the owner places each arrival owed now exactly once, in a sector of the system map. */
export function checkPlace(s: SpaceGameState, side: Side, o: PlaceOrder): Applied {
  const owed = (s.placing?.tfs ?? []).map((x) => x.tf);
  const seen = new Set<string>();
  for (const [i, p] of o.places.entries()) {
    if (!owed.includes(p.tf) || s.tfs[p.tf]?.side !== side)
      return fail('NOT_ARRIVING', 'L1387, L1401', `${p.tf} is not an arrival you place now`, ['places', i, 'tf']);
    if (seen.has(p.tf)) return fail('DUPLICATE_TF', 'L1387, L1401', `${p.tf} is placed twice`, ['places', i, 'tf']);
    seen.add(p.tf);
    if (!sectorById(p.sector))
      return fail('NO_SUCH_SECTOR', 'L984, L1387', `no sector ${p.sector}`, ['places', i, 'sector']);
  }
  const left = owed.find((tf) => !seen.has(tf));
  if (left) return fail('NOT_PLACED', 'L1387, L1401', `${left} arrives and must be placed in a sector`, ['places']);
  return { errors: [], events: [] };
}

/** L1887: TFs formed off-system on an earlier turn, with their mission, that can move (L1326), must go to space 0. */
export function mustEnter(s: SpaceGameState, side: Side): string[] {
  return Object.values(s.tfs)
    .filter(
      (t) =>
        t.side === side &&
        t.place.kind === 'OFFSYSTEM' &&
        t.formedOffSystemTurn !== undefined &&
        t.formedOffSystemTurn < s.turn &&
        t.mission,
    )
    .filter((t) => enterTSpace(structuredClone(s), side, [t.id]).length === 0)
    .map((t) => t.id)
    .sort();
}

/** L1395-1399, D-57: the detector's reassignment between his SD TFs. */
export function applyReactionOrder(s: SpaceGameState, side: Side, o: ReactionOrder): Applied {
  const errs = reactionErrors(s, side, o.moves);
  if (errs.length) return { errors: toOrderErrors(errs, ['moves']), events: [] };
  applyReaction(s, o.moves);
  return {
    errors: [],
    events: o.moves.length ? [{ type: 'tspace.reaction', visibleTo: [side], data: j(o.moves) }] : [],
  };
}

/**
 * D-68: a TF withdrawing off-system stays in its sector until the end of its owner's Combat Phase
 * (where it may be intercepted, then leaves: ../resolution/withdrawal.ts), so it makes no move; a
 * TF withdrawing to a friendly base moves there, and nowhere else (L1272, L1419).
 */
export function withdrawalMoveError(s: SpaceGameState, tfId: string, to: string): RuleError | null {
  const tf = s.tfs[tfId];
  if (tf?.mission !== 'WITHDRAWAL') return null;
  const dest = tf.missionParams?.destination ?? 'OFFSYSTEM';
  if (dest === 'OFFSYSTEM')
    return {
      code: 'WITHDRAWS_AFTER_COMBAT',
      rule: 'D-68, L1421',
      message: `${tfId} withdraws off-system at the end of your Combat Phase; it makes no move`,
    };
  return to === dest
    ? null
    : { code: 'WITHDRAW_DESTINATION', rule: 'L1272, L1419', message: `${tfId} withdraws to ${dest}` };
}

/** Phases 3/6 (L1405-1421): public moves, one TF at most once. */
export function applyMoves(s: SpaceGameState, side: Side, o: MoveOrder): Applied {
  const events: GameEvent[] = [];
  const seen = new Set<string>();
  for (const [i, m] of o.moves.entries()) {
    if (seen.has(m.tf)) return fail('DUPLICATE_TF', 'L1407', 'a TF moves once per phase', ['moves', i, 'tf']);
    seen.add(m.tf);
    const errs = moveErrors(s, side, m.tf, m.to);
    if (errs.length) return { errors: toOrderErrors(errs, ['moves', i]), events: [] };
    const w = withdrawalMoveError(s, m.tf, m.to);
    if (w) return fail(w.code, w.rule, w.message, ['moves', i, 'to']);
    applyMove(s, m.tf, m.to);
    events.push({ type: 'move', visibleTo: 'all', data: { side, tf: m.tf, to: m.to } });
  }
  return { errors: [], events };
}

const isErrs = (x: unknown): x is RuleError[] => Array.isArray(x);

/**
 * Phase 8 (L1869-1889): new TFs, exchanges, transports deployed as bases (announced, L2113),
 * voluntary disorganisation, surplus fighters destroyed, then the last part of the phase:
 * grouping and rebuilding (closeAdjustment, L1931, L1975-1981) once for the side.
 */
export function applyAdjust(s: SpaceGameState, side: Side, o: AdjustOrder): Applied {
  const events: GameEvent[] = [];
  for (const [i, f] of o.form.entries()) {
    const r = formTf(s, side, f);
    if (isErrs(r)) return { errors: toOrderErrors(r, ['form', i]), events: [] };
    events.push({
      type: 'adjust.formed',
      visibleTo: f.at === 'OFFSYSTEM' ? [side] : 'all',
      data: { side, tf: r, at: f.at },
    });
  }
  for (const [i, x] of o.exchanges.entries()) {
    const r = exchange(s, side, x.units, x.to);
    if (r.length) return { errors: toOrderErrors(r, ['exchanges', i]), events: [] };
  }
  for (const [i, d] of o.deploy.entries()) {
    const r = deployTransport(s, side, d.unit, d.segment);
    if (isErrs(r)) return { errors: toOrderErrors(r, ['deploy', i]), events: [] };
    s.announcedBases.push({ side, id: r.unit, sector: r.sector, segment: r.segment, turn: s.turn });
    events.push({
      type: 'base.announced',
      visibleTo: 'all',
      data: { side, base: r.unit, sector: r.sector, transport: true },
    });
  }
  for (const [i, d] of o.disorganise.entries()) {
    const r = voluntaryDisorganise(s, side, d.sector, d.units);
    if (r.length) return { errors: toOrderErrors(r, ['disorganise', i]), events: [] };
  }
  for (const [i, d] of o.destroySurplus.entries()) {
    const r = destroySurplus(s, side, d.tf, d.units);
    if (r.length) return { errors: toOrderErrors(r, ['destroySurplus', i]), events: [] };
  }
  const close = closeAdjustment(s, side, o.rebuild, spaceScenario(s.scenario).rebuildLimit);
  if (close.length) return { errors: toOrderErrors(close, ['rebuild']), events: [] };
  if (o.rebuild.length) events.push({ type: 'adjust.rebuilt', visibleTo: [side], data: j(o.rebuild) });
  return { errors: [], events };
}

/**
 * Phase 9 (L1891-1967) in the order the rules fix: rearm → reorganise (TFs, then bases) →
 * off-system loading and transfers → unloading carried bases, whose new place is announced
 * (L2109, H33). The order's shape enforces the sequence.
 */
export function applySupply(s: SpaceGameState, side: Side, o: SupplyOrder): Applied {
  const events: GameEvent[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry takes its own key's order part
  const steps: [keyof SupplyOrder, (x: any) => RuleError[]][] = [
    ['rearm', (x) => applyRearm(s, side, x)],
    ['reorganise', (x) => applyReorganise(s, side, x)],
    ['baseReorganise', (x) => applyBaseReorganise(s, side, x)],
    ['load', (x) => loadOffSystem(s, side, x.unit, x.sp)],
    ['loadMarines', (x) => loadMarinesOffSystem(s, side, x.unit, x.cohorts)], // L2055: loaded as SP are
    ['transfers', (x) => applyTransfer(s, side, x)],
  ];
  for (const [key, f] of steps) {
    for (const [i, x] of ((o[key] ?? []) as unknown[]).entries()) {
      const r = f(x);
      if (r.length) return { errors: toOrderErrors(r, [key, i]), events: [] };
    }
  }
  for (const [i, u] of o.unload.entries()) {
    const r = unloadBase(s, side, u.base, u.segment);
    if (isErrs(r)) return { errors: toOrderErrors(r, ['unload', i]), events: [] };
    s.announcedBases.push({ side, id: r.base, sector: r.sector, segment: r.segment, turn: s.turn });
    events.push({
      type: 'base.announced',
      visibleTo: 'all',
      data: { side, base: r.base, type: r.type, sector: r.sector },
    });
  }
  // L2057: which transports carry Marines is on the owner's record sheet only (H16).
  if (o.loadMarines?.length)
    events.push({
      type: 'supply.marines-loaded',
      visibleTo: [side],
      data: j({ loads: o.loadMarines, offSystemLeft: s.offSystemMarines?.[side] ?? 0, rule: 'L2049-2057' }),
    });
  if (o.rearm.length + o.reorganise.length + o.transfers.length)
    events.push({
      type: 'supply.done',
      visibleTo: [side],
      data: j({ rearm: o.rearm, reorganise: o.reorganise, transfers: o.transfers }),
    });
  return { errors: [], events };
}
