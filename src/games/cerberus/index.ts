/**
 * Cerberus: The Proxima Centauri Campaign, as a Warpost game module (engine/contract.ts).
 *
 * The module assembles the rules of this folder: the set-up (14.1, setup.ts), the sequence of
 * play (3, sequence.ts) driving one handler per segment, the checks of every order (3.1 owed,
 * then the rules of its part), the prompts with legal choices (prompts.ts), the redacted views
 * (view.ts), the outcome (14.4–14.5, victory.ts) and the bot (bot.ts).
 */
import { boards, ordersSchema, pieces } from './client.js';
import { describeEvent, describePrompt } from './describe.js';
import { createHash } from 'node:crypto';
import {
  defineGame,
  type Json,
  type OptionSpec,
  type OrderError,
  type Outcome,
  type Prompt,
  type PromptKindInfo,
} from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { memoCheck, ordersOrDefaults } from '#engine/step-kit.js';
import { botOrders } from './bot.js';
import { combatSegmentHandler, validateCombatPlan } from './combat.js';
import { optionSpecs } from './data/index.js';
import { coreHandlers, validateCore } from './handlers.js';
import type { LogisticsHooks } from './logistics.js';
import { validateLossesOrder } from './losses.js';
import { movementHandler, validateMovementPlan } from './movement.js';
import { parseOrder, type CerberusOrder, type PhasePlanOrder } from './orders.js';
import { RULE_OPTIONS, ruleOptions } from './options-rules.js';
import { buildPrompts, defaultFor } from './prompts.js';
import { advance, checkOwed, owedAt, type SegmentHandlers } from './sequence.js';
import {
  CAMPAIGN,
  cetianSetupHandler,
  humanSetupHandler,
  initialState,
  validateCetianSetup,
  validateHumanSetup,
} from './setup.js';
import { canAddToStack } from './stacking.js';
import type { CerberusState, Segment, Side, Unit } from './state.js';
import { supplyHandler, validatePlanSupply } from './supply.js';
import { transportationHandler, validatePlanTransportation } from './transport.js';
import { cerberusVictoryMap } from './victory.js';
import { hiddenIds, hiddenIdsNamed, redactFor, redactText, resolveOrderIds, view as redactedView } from './view.js';

const SIDES: Side[] = ['HUMAN', 'CETIAN'];

/** 6 stacking, for the rules that place units (reinforcements 14.22, landings 11.19). */
const canStack = (state: CerberusState, unit: Unit, hex: string): boolean =>
  canAddToStack(state, unit.side, hex, [unit]);
const logistics: LogisticsHooks = { canStack };

// ---------------------------------------------------------------- segments

/** Every segment of the sequence of play (3.1) that runs rules (GAME_OVER runs none). */
export const RULE_SEGMENTS = [
  'SETUP_CETIAN',
  'SETUP_HUMAN',
  'DETERIORATION',
  'ME_PLANNING',
  'ME_DECLARATION',
  'ME_RESOLUTION',
  'SS_RESOLUTION',
  'WEATHER',
  'SPECIAL_FORCES',
  'SUPPLY',
  'MOVEMENT',
  'COMBAT',
  'TRANSPORTATION',
  'REINFORCEMENT',
  'HUMAN_STRATEGIC',
  'CETIAN_STRATEGIC',
  'END_OF_TURN',
] as const satisfies readonly Segment[];

/**
 * Segments whose rules are not written yet. The sequence passes through them doing nothing, so
 * the module refuses the options that would need them (see `options`). Keep this list honest:
 * module.test.ts fails if a segment here has a handler, or a segment has neither.
 */
export const UNWIRED_SEGMENTS: readonly Segment[] = []; // WEATHER wired by handlers.ts coreHandlers (weather.ts, rule 15)

/** One handler per segment (3.2): core rules (space 13, weather 15, SF 10, reinforcements 14.2, victory 14.4–14.5), set-up 14.1, supply 12, movement 4–6, combat 7–8, transportation 11. */
export const SEGMENT_HANDLERS: SegmentHandlers = {
  ...coreHandlers({ canStack, victoryMap: cerberusVictoryMap }),
  SETUP_CETIAN: cetianSetupHandler,
  SETUP_HUMAN: humanSetupHandler,
  SUPPLY: supplyHandler(logistics),
  MOVEMENT: movementHandler(),
  COMBAT: combatSegmentHandler(),
  TRANSPORTATION: transportationHandler(logistics),
};

// ---------------------------------------------------------------- options

/** Options that need an unwired segment: withheld from `options` until it is wired. */
const OPTION_NEEDS: Record<string, Segment> = { weather: 'WEATHER' };

/** Every named option: the data pack's (options.json) and the rules modules' (options-rules.ts). */
export const ALL_OPTIONS: OptionSpec[] = [...optionSpecs, ...RULE_OPTIONS];
{
  const ids = ALL_OPTIONS.map((o) => o.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new Error(`Cerberus: option '${dup}' is defined twice`);
}
const OFFERED_OPTIONS = ALL_OPTIONS.filter((o) => !UNWIRED_SEGMENTS.includes(OPTION_NEEDS[o.id]));

// ---------------------------------------------------------------- validation

/** The rule a whole order answers to, for errors that concern its form (schema errors). */
const KIND_RULE: Record<string, string> = {
  'setup-cetian': '14.12',
  'setup-human': '14.13',
  'major-effort': '13.4',
  'phase-plan': '3.2 B',
  'strategic-human': '3.2 D.2',
  'strategic-cetian': '3.2 D.3',
  losses: '7.7',
};

/** The parts of a phase plan, each by the rules of its segment (10 in validateCore, 12, 4, 7–8, 11). */
function validatePhasePlan(state: CerberusState, side: Side, order: PhasePlanOrder): OrderError[] {
  return [
    ...validatePlanSupply(state, side, order, logistics),
    ...(order.movement
      ? validateMovementPlan(state, side, order.movement, { at: ['movement'], ferry: order.supply?.ferry })
      : []),
    ...(order.combat ? validateCombatPlan(state, side, order.combat, { prefix: ['combat'] }) : []),
    ...validatePlanTransportation(state, side, order, logistics),
  ];
}

function checkOrder(state: CerberusState, side: Side, order: CerberusOrder): OrderError[] {
  const owed = checkOwed(state, side, order);
  if (owed.length) return owed;
  const core = validateCore(state, side, order);
  switch (order.kind) {
    case 'setup-cetian':
      return [...core, ...validateCetianSetup(state, order)];
    case 'setup-human':
      return [...core, ...validateHumanSetup(state, order)];
    case 'phase-plan':
      return [...core, ...validatePhasePlan(state, side, order)];
    case 'losses':
      return [...core, ...validateLossesOrder(state, side, order)];
    default:
      return core;
  }
}

/** Parses an order sent by `side` (opaque ids of hidden enemy units turned back into real ids). */
function parseFor(state: CerberusState, side: Side, raw: unknown) {
  return parseOrder(resolveOrderIds(state, side, raw));
}

/**
 * 3.1 and the rules of the order's segment. Every error has a code, a path, a message and a
 * rule; messages never name a unit hidden from `side` (its opaque id stands in).
 */
export function validateOrders(state: CerberusState, side: Side, raw: unknown): OrderError[] {
  // The same state object and order give the same answer: the bot's self-check, the platform's
  // submission check and resolution then validate once.
  return checked(state, side, raw).errors.map((e) => ({ ...e }));
}

interface Checked {
  errors: OrderError[];
  /** The parsed order (real ids, defaults filled in) when legal. */
  order: CerberusOrder | null;
}
/** Validation memoised per state object and order (engine/step-kit.ts). */
const checked = memoCheck<CerberusState, Checked>((state, side, raw) => validateUncached(state, side as Side, raw));

function validateUncached(state: CerberusState, side: Side, raw: unknown): Checked {
  const fail = (errors: OrderError[]): Checked => ({ errors, order: null });
  if (!SIDES.includes(side))
    return fail([{ code: 'unknown-side', path: [], message: `Cerberus has no side '${side}'.`, rule: '2.2' }]);
  // 14.12, 2.6 a hidden unit is named only by the opaque id its enemy was shown.
  const guessed = hiddenIdsNamed(state, side, raw);
  if (guessed.length)
    return fail(
      guessed.map((path) => ({
        code: 'unit.unknown',
        path,
        message: 'No unit by that id is known to you.',
        rule: '14.12',
      })),
    );
  const parsed = parseFor(state, side, raw);
  const errors = parsed.ok ? checkOrder(state, side, parsed.order) : parsed.errors;
  if (parsed.ok && !errors.length) return { errors: [], order: parsed.order };
  const kind = raw && typeof raw === 'object' && 'kind' in raw ? String((raw as { kind: unknown }).kind) : '';
  const hidden = hiddenIds(state, side);
  return fail(
    errors.map((e) => ({ ...e, message: redactText(e.message, hidden), rule: e.rule ?? KIND_RULE[kind] ?? '3.1' })),
  );
}

// ---------------------------------------------------------------- resolution

const NO_ORDERS: OrderError = { code: 'missing', path: [], message: 'No orders were given.', rule: '3.1' };

/**
 * Applies the orders of every owed side and runs to the next decision point. An order that does
 * not validate (it never should: the platform validates on submission) is replaced by the
 * deadline default, and its owner is told.
 */
export function resolveStep(prev: CerberusState, ordersBySide: Record<string, Json>, dice: Dice) {
  const state = structuredClone(prev);
  const { orders, events } = ordersOrDefaults(prev, state, owedAt(state), ordersBySide, checked, defaultFor, {
    missing: NO_ORDERS,
  });
  events.push(...advance(state, orders, dice, SEGMENT_HANDLERS));
  return { state, events };
}

function outcomeOf(state: CerberusState): Outcome | null {
  const r = state.result;
  if (!r) return null;
  const summary =
    r.reason === 'GARRISON'
      ? `${r.winner === 'HUMAN' ? 'Cetian' : 'Human'} forces fell below the Minimum Garrison on turn ${r.turn} (14.4).`
      : `Turn ${r.turn}: Human ${r.vp?.HUMAN ?? 0} VP, Cetian ${r.vp?.CETIAN ?? 0} VP (14.5).`;
  return { winner: r.winner, level: r.level, ...(r.vp ? { score: { ...r.vp } } : {}), summary };
}

// ---------------------------------------------------------------- prompts

/**
 * Prompts memoised per state content and side: the platform asks for `prompts` and for each
 * side's `view` of the same step, and legal choices (reachable hexes, landings) are the costly
 * part. The key is a digest of the whole state, so an edited state is never served stale.
 */
const promptMemo = new Map<string, Prompt[]>();
function promptsOf(state: CerberusState, only?: Side): Prompt[] {
  const digest = createHash('sha1').update(JSON.stringify(state)).digest('base64');
  const sides = only ? [only] : owedAt(state).map((o) => o.side);
  const out: Prompt[] = [];
  for (const side of sides) {
    const key = `${side}|${digest}`;
    let hit = promptMemo.get(key);
    if (!hit) {
      hit = buildPrompts(state, logistics, (s, v) => redactFor(state, s, v), side);
      if (promptMemo.size >= 16) promptMemo.delete(promptMemo.keys().next().value!);
      promptMemo.set(key, hit);
    }
    out.push(...structuredClone(hit));
  }
  return out;
}

// ---------------------------------------------------------------- the module

export const cerberus = defineGame<CerberusState, Json>({
  id: 'cerberus',
  title: 'Cerberus: The Proxima Centauri Campaign',
  sides: SIDES,
  scenarios: [
    {
      id: CAMPAIGN,
      title: 'The Human Invasion (12 turns)',
      description:
        'The one scenario of the rules (14): the Human invasion of Cerberus, 12 game turns of one day, decided by Minimum Garrison (14.4) or victory points (14.5). With the Extended Game option it runs until a Minimum Garrison fails (16).',
      sides: SIDES,
    },
  ],
  options: OFFERED_OPTIONS,
  promptKinds: withOrdersSchemas([
    { kind: 'setup-cetian', description: 'Cetian set-up (14.12): placing the garrison, face down where allowed.' },
    { kind: 'setup-human', description: 'Human set-up (14.13): the units with the Fleet and on Earth.' },
    {
      kind: 'major-effort',
      description: 'Major Effort declaration (13.4, 3.2 A.2–A.3), sealed when both sides may declare.',
    },
    {
      kind: 'strategic-human',
      description: 'Human Strategic Transportation Segment (3.2 D.2): Earth and Fleet boxes.',
    },
    {
      kind: 'strategic-cetian',
      description: 'Cetian Strategic Transportation Segment (3.2 D.3): Tau Ceti, System and Fleet boxes.',
    },
    {
      kind: 'phase-plan',
      description:
        'A whole Player Phase (3.2 B–C): special forces (10), supply (12), movement (4), combat (7–8), transportation (11).',
    },
    { kind: 'losses', description: 'A loss choice asked interactively (7.7, option lossChoice).' },
  ]),

  setup(scenario, options, dice) {
    if (scenario !== CAMPAIGN) throw new RangeError(`Cerberus has no scenario '${scenario}'`);
    for (const [id, seg] of Object.entries(OPTION_NEEDS)) {
      if (options[id] === true && UNWIRED_SEGMENTS.includes(seg))
        throw new RangeError(`Cerberus option '${id}' is not available yet`);
    }
    ruleOptions(options); // wrong option types fail here, not mid-game
    return initialState(scenario, options, dice);
  },

  prompts: (state) => promptsOf(state),

  validate: validateOrders,

  resolve: resolveStep,

  view(state, viewer) {
    const mine = viewer === null ? [] : promptsOf(state, viewer as Side);
    const owed = owedAt(state).map((o) => ({ side: o.side, kind: o.kind, secret: o.secret }));
    return redactedView(state, viewer, { prompts: mine as unknown as Json, owed });
  },

  outcome: outcomeOf,

  bot: (state, side, dice) => botOrders(state, side as Side, dice, validateOrders) as unknown as Json,

  boards: () => boards(),
  pieces,
  describeEvent,
  describePrompt,
});

function withOrdersSchemas(kinds: PromptKindInfo[]): PromptKindInfo[] {
  return kinds.map((k) => ({ ...k, ordersSchema: ordersSchema(k.kind) }));
}

export default cerberus;
