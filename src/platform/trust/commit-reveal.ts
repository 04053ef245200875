/**
 * Commit–reveal orders for secret prompts (README, "Trust"). A side first sends only a
 * commitment, SHA-256 of the RFC 8785 JSON of {orders, salt}; once every owed side is bound
 * (committed, or sent ready sealed orders), each committed side reveals its orders and salt.
 * The server checks the reveal against the commitment, validates the orders, and stores them
 * as the side's submission. Revealed salts feed the step's dice.
 */
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { deliverOutbox } from '../events/outbox.js';
import { owedSides } from '../play/prompts.js';
import { allReady, checkTurn, validateWith, type SubmitResult } from '../play/orders.js';
import { enqueueAfterCommit } from '../play/scheduling.js';
import { commitmentOf, HASH_PATTERN, jcs, ordersHash, SALT_PATTERN, sha256Hex } from './canonical.js';
import { idempotent } from './idempotency.js';
import { signingKey } from './keys.js';
import { prismaSql } from '../db/sql.js';
import { announceReveal, lockedError, loadPhase } from './phase.js';
import { issueReceipt, type Receipt } from './receipts.js';

export interface CommitInput {
  gameId: string;
  step: number;
  side?: string | null;
  commitment: string;
  idempotencyKey: string;
}

export interface CommitResult {
  gameId: string;
  step: number;
  side: string;
  commitment: string;
  /** Every owed side is bound: reveal now. */
  revealOpen: boolean;
  receipt: Receipt;
}

export interface RevealInput {
  gameId: string;
  step: number;
  side?: string | null;
  orders: unknown;
  salt: string;
  idempotencyKey: string;
}

export async function commitOrders(
  p: Platform,
  user: Principal,
  input: CommitInput,
): Promise<CommitResult & { replayed: boolean }> {
  const commitment = typeof input.commitment === 'string' ? input.commitment.toLowerCase() : '';
  if (!HASH_PATTERN.test(commitment)) {
    throw new AppError('BAD_INPUT', 'A commitment is 64 hexadecimal characters.', [
      {
        code: 'INVALID_COMMITMENT',
        path: ['commitment'],
        message: 'Send the lowercase hex SHA-256 of the RFC 8785 canonical JSON of {"orders": …, "salt": …}.',
      },
    ]);
  }
  const key = await signingKey(p.config);
  let announced = false;
  const requestHash = sha256Hex(
    jcs({ op: 'commit', g: input.gameId, s: input.step, side: input.side ?? null, c: commitment }),
  );
  const result = await idempotent(p, user, input.gameId, input.idempotencyKey, requestHash, async (tx) => {
    const { game, side, prompts } = await checkTurn(p, tx, user, input.gameId, input.step, input.side);
    if (!prompts.some((pr) => pr.side === side && pr.secret)) {
      throw new AppError(
        'NOT_SECRET',
        `The side "${side}" owes only open orders at step ${game.step}; send them with submitOrders.`,
      );
    }
    const owed = owedSides(prompts);
    const before = await loadPhase(tx, game.id, game.step, owed);
    if (before.revealOpen) throw lockedError(game.step);
    if (await tx.submission.findUnique({ where: { gameId_step_side: { gameId: game.id, step: game.step, side } } })) {
      throw new AppError(
        'ALREADY_SUBMITTED',
        `The side "${side}" already sent sealed orders for step ${game.step}; choose commit–reveal before sending orders.`,
      );
    }
    // A commitment may be replaced until every owed side is bound.
    await tx.commitment.upsert({
      where: { gameId_step_side: { gameId: game.id, step: game.step, side } },
      create: { gameId: game.id, step: game.step, side, userId: user.userId, commitment },
      update: { commitment, userId: user.userId },
    });
    const after = await loadPhase(tx, game.id, game.step, owed);
    if (after.revealOpen) await announceReveal(prismaSql(tx), game, after, game.stepDeadline);
    announced = after.revealOpen;
    const receipt = await issueReceipt(tx, key, {
      kind: 'commitment',
      gameId: game.id,
      step: game.step,
      side,
      hash: commitment,
      seedHash: game.seedHash,
      userId: user.userId,
    });
    return { gameId: game.id, step: game.step, side, commitment, revealOpen: after.revealOpen, receipt };
  });
  if (announced) await deliverOutbox(p).catch((err) => p.log.warn({ err }, 'outbox delivery deferred to the sweeper'));
  return result;
}

export async function revealOrders(p: Platform, user: Principal, input: RevealInput): Promise<SubmitResult> {
  if (typeof input.salt !== 'string' || !SALT_PATTERN.test(input.salt)) {
    throw new AppError('BAD_INPUT', 'A salt is 16 to 128 characters of A–Z, a–z, 0–9, "_" or "-".', [
      {
        code: 'INVALID_SALT',
        path: ['salt'],
        message: 'Use the salt you committed with: hex or base64url of at least 12 random bytes.',
      },
    ]);
  }
  const key = await signingKey(p.config);
  const requestHash = sha256Hex(
    jcs({ op: 'reveal', g: input.gameId, s: input.step, side: input.side ?? null, o: input.orders, salt: input.salt }),
  );
  const result = await idempotent(p, user, input.gameId, input.idempotencyKey, requestHash, async (tx) => {
    const { game, module, side, prompts } = await checkTurn(p, tx, user, input.gameId, input.step, input.side);
    const owed = owedSides(prompts);
    const row = await tx.commitment.findUnique({
      where: { gameId_step_side: { gameId: game.id, step: game.step, side } },
    });
    if (!row)
      throw new AppError(
        'NO_COMMITMENT',
        `The side "${side}" has no commitment at step ${game.step}; send plain orders with submitOrders.`,
      );
    if (row.revealedAt)
      throw new AppError('ALREADY_REVEALED', `The side "${side}" already revealed its orders for step ${game.step}.`);
    const phase = await loadPhase(tx, game.id, game.step, owed);
    if (!phase.revealOpen) {
      throw new AppError(
        'REVEAL_NOT_OPEN',
        `Reveal once every owed side is bound; still waiting for ${phase.waiting.join(', ')}.`,
        [],
        { waiting: phase.waiting },
      );
    }
    const computed = commitmentOf(input.orders, input.salt);
    if (computed !== row.commitment) {
      throw new AppError(
        'COMMITMENT_MISMATCH',
        'The revealed orders and salt do not hash to your commitment (SHA-256 of the RFC 8785 JSON of {"orders": …, "salt": …}).',
        [],
        { commitment: row.commitment, computed },
      );
    }
    const errors = validateWith(module, game.state, side, input.orders);
    if (errors.length)
      throw new AppError('INVALID_ORDERS', `${errors.length} revealed order(s) are not legal.`, errors);
    const hash = ordersHash(input.orders);
    await tx.submission.create({
      data: {
        gameId: game.id,
        step: game.step,
        side,
        userId: user.userId,
        orders: input.orders as object,
        ordersHash: hash,
        idempotencyKey: input.idempotencyKey,
        ready: true,
      },
    });
    await tx.commitment.update({
      where: { gameId_step_side: { gameId: game.id, step: game.step, side } },
      data: { salt: input.salt, revealedAt: new Date() },
    });
    const receipt = await issueReceipt(tx, key, {
      kind: 'orders',
      gameId: game.id,
      step: game.step,
      side,
      hash,
      seedHash: game.seedHash,
      userId: user.userId,
    });
    const stepComplete = await allReady(tx, game.id, game.step, owed);
    return { gameId: game.id, step: game.step, side, ordersHash: hash, ready: true, stepComplete, receipt };
  });
  if (result.stepComplete) await enqueueAfterCommit(p, { gameId: result.gameId, step: result.step });
  return result;
}
