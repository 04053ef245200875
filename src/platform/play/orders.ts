/**
 * Orders: validated at once against the current state (nothing stored on failure), sealed,
 * replaceable until the step resolves, idempotent by client key. When the last owed side is
 * ready, the step's resolution job is queued (job id from game and step: queued once).
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { deliverOutbox } from '../events/outbox.js';
import { announceReveal, checkPlainChange, guardSealedChange, phaseAfterPlainChange, phaseOf } from '../trust/phase.js';
import { signReceipt, type Receipt } from '../trust/receipts.js';
import { signingKey, type SigningKey } from '../trust/keys.js';
import { checkIdempotencyKey, recordKey } from '../trust/idempotency.js';
import { lockGame } from './lock.js';
import { owedSides, promptsOf } from './prompts.js';
import { pickSide } from './acting-side.js';
import { jcs as canonicalJson, sha256Hex } from '../trust/canonical.js';
import { TX_OPTIONS, type Tx } from '../db/transactions.js';
import { enqueueAfterCommit } from './scheduling.js';
import { pgTransaction, prismaSql } from '../db/sql.js';
import type { SubmissionContext, SubmissionWrite } from './submission-sql.js';
import { heldState, knownPrompts, knownState, type KnownState } from './read-model.js';
import type { Prompt } from '#engine/contract.js';
import { SubmissionBatcher, submitOne, type SubmissionItem } from './submission-batch.js';
import { readyDelayMs } from './time-control.js';
import { metrics } from '../metrics.js';

export interface SubmitInput {
  gameId: string;
  step: number;
  side?: string | null;
  orders: unknown;
  idempotencyKey: string;
  ready?: boolean;
}

export interface SubmitResult {
  gameId: string;
  step: number;
  side: string;
  ordersHash: string;
  ready: boolean;
  /** Every owed side is ready: the step is queued for resolution. */
  stepComplete: boolean;
  /** True when this answer replays an earlier identical request. */
  replayed: boolean;
  /** Signed receipt for the stored orders (README, "Trust"). */
  receipt?: Receipt;
}

const MAX_ORDERS_BYTES = 128 * 1024;

/** Checks that the step is current, the side is the caller's, and the side owes orders now. */
export async function checkTurn(
  p: Platform,
  tx: Tx,
  user: Principal,
  gameId: string,
  step: number,
  side?: string | null,
) {
  const game = await lockGame(tx, gameId);
  const prompts = () => promptsOf(p.modules.get(game.module), game.state);
  return { game, ...turnOf(p, game, game.seats, user, step, side, prompts) };
}

/**
 * checkTurn's rules on a game already read under its lock: side, status, step, owed (in that
 * order). `promptsNow` gives the prompts of the state read (asked for only once the step is current).
 */
function turnOf(
  p: Platform,
  game: { module: string; status: string; step: number },
  seats: { side: string; userId: string }[],
  user: Principal,
  step: number,
  side: string | null | undefined,
  promptsNow: () => Prompt[],
) {
  const mySide = pickSide(seats, user.userId, side);
  if (game.status !== 'ACTIVE')
    throw new AppError('GAME_NOT_ACTIVE', `The game is ${game.status.toLowerCase()}; no orders are taken.`);
  if (step !== game.step) {
    throw new AppError('STALE_STEP', `Orders were for step ${step}, but the game is at step ${game.step}.`, [], {
      currentStep: game.step,
    });
  }
  const module = p.modules.get(game.module);
  const prompts = promptsNow();
  if (!prompts.some((pr) => pr.side === mySide))
    throw new AppError('NOT_OWED', `The side "${mySide}" owes nothing at step ${step}.`);
  return { module, side: mySide, prompts };
}

/** An idempotency record found: the first answer again, or a refusal if the request differs. */
function replay(prior: { requestHash: string; response: unknown }, requestHash: string): SubmitResult {
  if (prior.requestHash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was used for a different submission; use a new key.',
    );
  }
  return { ...(prior.response as SubmitResult), replayed: true };
}

export function validateWith(
  module: {
    validate(
      s: unknown,
      side: string,
      o: unknown,
    ): { code: string; path: (string | number)[]; message: string; rule?: string }[];
  },
  state: unknown,
  side: string,
  orders: unknown,
) {
  const size = Buffer.byteLength(JSON.stringify(orders ?? null));
  if (size > MAX_ORDERS_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `Orders are ${size} bytes; the limit is ${MAX_ORDERS_BYTES}.`);
  return module.validate(state, side, orders);
}

/** A submission decided under its game's lock: the answer, and what to store (nothing on a replay). */
interface Decided {
  result: SubmitResult;
  write?: SubmissionWrite;
  /** The submission opened the commit–reveal phase (its announcement goes with the write). */
  revealed: boolean;
  delayMs: number;
}

/**
 * Every check of a submission on its context, in the order callers rely on: replay first, then
 * side, status, step, owed, sealed phase, legality. Throws AppError to refuse; stores nothing.
 * `known` is the remembered state whose version the context was asked with.
 */
function decide(
  p: Platform,
  user: Principal,
  input: SubmitInput,
  ctx: SubmissionContext,
  known: KnownState | undefined,
  h: { ready: boolean; requestHash: string; key: SigningKey },
): Decided {
  if (ctx.prior) return { result: replay(ctx.prior, h.requestHash), revealed: false, delayMs: 0 };
  const game = ctx.game;
  if (!game) throw new AppError('NOT_FOUND', `No game ${input.gameId}.`);
  const state = heldState(game.id, game, known);
  metrics.submissionStates.inc({ source: state === known ? 'remembered' : 'read' });
  const { module, side, prompts } = turnOf(p, game, ctx.seats, user, input.step, input.side, () =>
    knownPrompts(p, state),
  );
  const before = checkPlainChange(phaseOf(ctx.commitments, ctx.ready, owedSides(prompts)), side, game.step);
  const errors = validateWith(module, state.state, side, input.orders);
  if (errors.length) throw new AppError('INVALID_ORDERS', `${errors.length} order(s) are not legal.`, errors);
  const ordersHash = sha256Hex(canonicalJson(input.orders));
  // Under the game lock the phase follows from the one read before the write: no re-read.
  const phase = phaseAfterPlainChange(before, side, h.ready);
  const stepComplete = phase.owed.every((s) => phase.ready.includes(s));
  const receipt = signReceipt(h.key, {
    kind: 'orders',
    gameId: game.id,
    step: game.step,
    side,
    hash: ordersHash,
    seedHash: game.seedHash,
  });
  const result: SubmitResult = {
    gameId: game.id,
    step: game.step,
    side,
    ordersHash,
    ready: h.ready,
    stepComplete,
    replayed: false,
    receipt,
  };
  return {
    result,
    write: {
      gameId: game.id,
      step: game.step,
      side,
      userId: user.userId,
      orders: input.orders,
      ordersHash,
      idempotencyKey: input.idempotencyKey,
      recordKey: recordKey(game.id, input.idempotencyKey),
      ready: h.ready,
      receipt,
      requestHash: h.requestHash,
      response: result,
      reveal: phase.revealOpen
        ? {
            game: { id: game.id, step: game.step, status: game.status, seats: ctx.seats },
            phase,
            deadline: game.stepDeadline,
          }
        : undefined,
    },
    revealed: phase.revealOpen,
    delayMs: readyDelayMs(game.timeControl),
  };
}

/** The batcher of this database pool (group commit; submission-batch.ts), or null when batching is off. */
const batchers = new WeakMap<object, SubmissionBatcher>();
export function submissionBatcher(p: Platform): SubmissionBatcher | null {
  const size = p.config.submissionBatch ?? 64;
  if (!p.pgPool || size <= 1) return null;
  let b = batchers.get(p.pgPool);
  if (!b) {
    const onFailure = (err: unknown, failed: number) =>
      p.log.warn({ err, failed }, 'submission batches failed whole; their submissions ran one by one');
    batchers.set(p.pgPool, (b = new SubmissionBatcher(p.pgPool, { maxItems: size, maxInFlight: 2, onFailure })));
  }
  return b;
}

/**
 * One submission in a transaction, by the one writer (submission-batch.ts): on PostgreSQL
 * batched with whatever arrives together (or alone when batching is off: four round trips,
 * begin, lock and read, write, commit), embedded (PGlite) in a Prisma transaction.
 */
function submit<T>(p: Platform, item: SubmissionItem<T>): Promise<T> {
  const batcher = submissionBatcher(p);
  if (batcher) return batcher.run(item);
  if (p.pgPool) return pgTransaction(p.pgPool, (sql) => submitOne(sql, item));
  return p.prisma.$transaction((tx) => submitOne(prismaSql(tx), item), TX_OPTIONS);
}

export async function submitOrders(p: Platform, user: Principal, input: SubmitInput): Promise<SubmitResult> {
  checkIdempotencyKey(input.idempotencyKey);
  const ready = input.ready ?? true;
  const requestHash = sha256Hex(
    canonicalJson({ g: input.gameId, s: input.step, side: input.side ?? null, o: input.orders, r: ready }),
  );
  const h = { ready, requestHash, key: await signingKey(p.config) };
  // The state this process holds for the game: the context sends it only if the row has moved on.
  const known = knownState(input.gameId);
  const query = {
    gameId: input.gameId,
    userId: user.userId,
    key: recordKey(input.gameId, input.idempotencyKey),
    known: known?.version,
  };
  const d = await submit(p, {
    ...query,
    decide: (ctx) => {
      const d = decide(p, user, input, ctx, known, h);
      return { value: d, write: d.write };
    },
  });
  const result = d.result;
  metrics.submissions.inc({ result: result.replayed ? 'replayed' : 'accepted' });
  if (result.stepComplete)
    await enqueueAfterCommit(
      p,
      { gameId: result.gameId, step: result.step },
      d.delayMs ? { delayMs: d.delayMs } : undefined,
    );
  else if (d.revealed) await deliverOutbox(p).catch(() => undefined); // the reveal notice; the sweeper retries
  return result;
}

export async function allReady(tx: Tx, gameId: string, step: number, owed: string[]) {
  const subs = await tx.submission.findMany({ where: { gameId, step, ready: true }, select: { side: true } });
  return owed.every((s) => subs.some((x) => x.side === s));
}

/** Dry run: the same checks as a submission, nothing stored. */
export async function validateOrders(
  p: Platform,
  user: Principal,
  input: Omit<SubmitInput, 'idempotencyKey' | 'ready'>,
) {
  return p.prisma.$transaction(async (tx) => {
    const { game, module, side } = await checkTurn(p, tx, user, input.gameId, input.step, input.side);
    return { side, step: game.step, errors: validateWith(module, game.state, side, input.orders) };
  }, TX_OPTIONS);
}

/** Marks already-submitted orders ready or not; un-readying holds the step open. */
export async function setReady(
  p: Platform,
  user: Principal,
  input: { gameId: string; step: number; side?: string | null; ready: boolean },
) {
  let announced = false;
  let delayMs = 0;
  const complete = await p.prisma.$transaction(async (tx) => {
    const { game, side, prompts } = await checkTurn(p, tx, user, input.gameId, input.step, input.side);
    delayMs = readyDelayMs(game.timeControl);
    const before = await guardSealedChange(tx, game.id, game.step, side, owedSides(prompts));
    const sub = await tx.submission.findUnique({
      where: { gameId_step_side: { gameId: game.id, step: game.step, side } },
    });
    if (!sub) throw new AppError('NOT_FOUND', 'Submit orders before marking them ready.');
    await tx.submission.update({ where: { id: sub.id }, data: { ready: input.ready } });
    const phase = phaseAfterPlainChange(before, side, input.ready);
    if (phase.revealOpen) await announceReveal(prismaSql(tx), game, phase, game.stepDeadline);
    announced = phase.revealOpen;
    return input.ready && phase.owed.every((s) => phase.ready.includes(s));
  }, TX_OPTIONS);
  if (complete)
    await enqueueAfterCommit(p, { gameId: input.gameId, step: input.step }, delayMs ? { delayMs } : undefined);
  else if (announced) await deliverOutbox(p).catch(() => undefined);
  return true;
}

/** Private scratch orders: stored as given, never validated, seen only by the side's holder. */
export async function saveDraft(
  p: Platform,
  user: Principal,
  input: { gameId: string; side?: string | null; orders: unknown },
) {
  const game = await p.prisma.game.findUnique({ where: { id: input.gameId }, include: { seats: true } });
  if (!game) throw new AppError('NOT_FOUND', `No game ${input.gameId}.`);
  const side = pickSide(game.seats, user.userId, input.side);
  if (Buffer.byteLength(JSON.stringify(input.orders ?? null)) > MAX_ORDERS_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The draft is too large.');
  await p.prisma.draft.upsert({
    where: { gameId_side: { gameId: game.id, side } },
    create: { gameId: game.id, side, userId: user.userId, orders: input.orders as object },
    update: { orders: input.orders as object, userId: user.userId },
  });
  return true;
}

export async function loadDraft(p: Platform, user: Principal, gameId: string, side?: string | null) {
  const game = await p.prisma.game.findUnique({ where: { id: gameId }, include: { seats: true } });
  if (!game) throw new AppError('NOT_FOUND', `No game ${gameId}.`);
  const s = pickSide(game.seats, user.userId, side);
  // Only the caller's own draft: a seat's previous holder's scratch orders never show.
  const draft = await p.prisma.draft.findUnique({ where: { gameId_side: { gameId, side: s } } });
  return draft && draft.userId === user.userId ? draft.orders : null;
}
