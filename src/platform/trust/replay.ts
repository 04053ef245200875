/**
 * Replays and adjudicated orders. A replay of step N is what a side saw when step N opened:
 * the module's view of the state kept with step N−1's record, that side's prompts, and the
 * events it could see from earlier steps. The same function of the same stored state, so it
 * matches the original view byte for byte.
 */
import type { Json } from '#engine/contract.js';
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { eventWhere } from '../play/views.js';
import { piecesOf, withEventTexts, withPromptTexts } from '../play/presenter.js';
import { ordersHash } from './canonical.js';
import { recordAccess, resolvedSteps } from './access.js';
import { receiptFromRow } from './receipts.js';
import { spectatorHorizon, stateAtOpening } from './spectators.js';

export async function replayStep(
  p: Platform,
  user: Principal | null,
  gameId: string,
  step: number,
  side?: string | null,
) {
  const { game, viewer } = await recordAccess(p, user, gameId, side);
  const latest = viewer === null ? (spectatorHorizon(game) ?? game.step) : game.step;
  const state = Number.isInteger(step) && step >= 1 && step <= latest ? await stateAtOpening(p, gameId, step) : null;
  if (state === null) {
    throw new AppError('STEP_NOT_AVAILABLE', `Step ${step} cannot be replayed; steps 1 to ${latest} can.`, [], {
      availableUpTo: latest,
    });
  }
  const module = p.modules.get(game.module);
  const prompts = viewer === null ? [] : module.prompts(state).filter((pr) => pr.side === viewer);
  const events = await p.prisma.gameEvent.findMany({
    where: { ...eventWhere(gameId, viewer), step: { lt: step } },
    orderBy: { seq: 'asc' },
  });
  const view = module.view(state, viewer) as Json;
  // The counters of that view, as GameView derives them, so a client draws a past step as it draws the live one.
  return {
    gameId,
    step,
    viewer,
    view,
    pieces: piecesOf(module, view, viewer),
    myPrompts: withPromptTexts(module, prompts, viewer),
    events: withEventTexts(module, events, viewer),
  };
}

/**
 * The orders adjudicated for one side at a resolved step, with the receipts issued for that
 * side and step, so a player can check the server used what it signed for.
 */
export async function adjudicatedOrders(
  p: Platform,
  user: Principal | null,
  gameId: string,
  step: number,
  side?: string | null,
) {
  const { game, viewer, ended } = await recordAccess(p, user, gameId, side);
  if (viewer === null) {
    if (ended) throw new AppError('SIDE_REQUIRED', 'Name the side whose orders you want.');
    throw new AppError('NOT_YOUR_SIDE', 'Only a side sees its own orders while the game runs.');
  }
  const rec =
    step >= 1 && step <= resolvedSteps(game)
      ? await p.prisma.stepRecord.findUnique({ where: { gameId_step: { gameId, step } } })
      : null;
  if (!rec)
    throw new AppError('STEP_NOT_AVAILABLE', `Step ${step} has not been resolved.`, [], {
      availableUpTo: resolvedSteps(game),
    });
  const orders = (rec.orders as Record<string, Json>)[viewer];
  const rows = await p.prisma.receipt.findMany({ where: { gameId, step, side: viewer }, orderBy: { seq: 'asc' } });
  return {
    step,
    side: viewer,
    origin: (rec.origins as Record<string, string>)[viewer] ?? null,
    orders: orders ?? null,
    ordersHash: orders === undefined ? null : ordersHash(orders),
    commitment: (rec.commitments as Record<string, string>)[viewer] ?? null,
    salt: (rec.salts as Record<string, string>)[viewer] ?? null,
    receipts: rows.map(receiptFromRow),
  };
}
