/**
 * Game exports, format "warpost-game-export" version 1 (README, "Trust"). A full export (once
 * the game has ended) holds the whole ordered record: set-up, every step's adjudicated orders,
 * origins, commitments, revealed salts, rolls and state hash, every submission, every event and
 * every receipt, plus the revealed seed; the verifier re-runs the game from it. While the game
 * runs, a player may export only their own side's part: their orders, salts and receipts, and
 * the events their side saw; no seed, no rolls, no state.
 */
import type { Json } from '#engine/contract.js';
import type { Principal } from '../auth/service.js';
import type { Platform } from '../context.js';
import { AppError } from '../errors.js';
import { eventWhere } from '../play/views.js';
import { jcs, sha256Hex } from './canonical.js';
import { recordAccess, resolvedSteps } from './access.js';
import { signingKey, type PublicJwk } from './keys.js';
import { receiptFromRow, receiptPayload } from './receipts.js';

export const EXPORT_FORMAT = 'warpost-game-export';
export const EXPORT_VERSION = 1;

export interface ExportStep {
  step: number;
  resolvedAt: string;
  /** Adjudicated orders by side (what the module's resolve received). */
  orders: Record<string, Json>;
  /** By side: player, bot, default (missing at the deadline) or unrevealed (committed, never revealed). */
  origins: Record<string, string>;
  commitments: Record<string, string>;
  /** Revealed salts by side; all of them fed this step's dice. */
  salts: Record<string, string>;
  /** Every die rolled in the step, in order (full exports only). */
  rolls: { label: string; sides: number; value: number }[] | null;
  /** SHA-256 of the canonical JSON of the state after the step (full exports only). */
  stateHash: string | null;
  submissions: {
    side: string;
    mode: 'sealed' | 'commit-reveal';
    origin: string;
    ready: boolean;
    ordersHash: string;
    createdAt: string;
    updatedAt: string;
  }[];
}

export interface GameExport {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  scope: 'full' | 'side';
  side: string | null;
  signingKeys: PublicJwk[];
  game: {
    id: string;
    module: string;
    scenario: string;
    options: Json;
    timeControl: Json;
    isPublic: boolean;
    spectatorDelaySteps: number;
    status: string;
    step: number;
    seedHash: string;
    seed: string | null;
    createdAt: string;
    startedAt: string | null;
    finishedAt: string | null;
    outcome: Json | null;
    seats: { side: string; username: string }[];
  };
  steps: ExportStep[];
  events: {
    seq: number;
    step: number;
    type: string;
    visibleTo: string[];
    data: Json;
    rolls: Json;
    createdAt: string;
  }[];
  receipts: Record<string, unknown>[];
}

const pick = <T>(record: unknown, side: string | null): Record<string, T> => {
  const all = (record ?? {}) as Record<string, T>;
  if (side === null) return all;
  return side in all ? { [side]: all[side] } : {};
};

export async function exportGame(
  p: Platform,
  user: Principal | null,
  gameId: string,
  side?: string | null,
): Promise<GameExport> {
  const { game, ended, viewer } = await recordAccess(p, user, gameId, side);
  if (!ended && viewer === null) {
    throw new AppError(
      'EXPORT_NOT_AVAILABLE',
      'A running game is exported only by its players, each for their own side; everyone may export it once it has ended.',
    );
  }
  const only = ended ? null : viewer; // null: every side
  const upto = resolvedSteps(game);
  const [records, subs, commitments, events, receipts] = await Promise.all([
    p.prisma.stepRecord.findMany({ where: { gameId, step: { lte: upto } }, orderBy: { step: 'asc' } }),
    p.prisma.submission.findMany({
      where: { gameId, step: { lte: upto }, ...(only ? { side: only } : {}) },
      orderBy: [{ step: 'asc' }, { side: 'asc' }],
    }),
    p.prisma.commitment.findMany({ where: { gameId, step: { lte: upto } }, select: { step: true, side: true } }),
    p.prisma.gameEvent.findMany({ where: only ? eventWhere(gameId, only) : { gameId }, orderBy: { seq: 'asc' } }),
    p.prisma.receipt.findMany({ where: { gameId, ...(only ? { side: only } : {}) }, orderBy: { seq: 'asc' } }),
  ]);
  const key = await signingKey(p.config);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    scope: only ? 'side' : 'full',
    side: only,
    signingKeys: [key.jwk],
    game: {
      id: game.id,
      module: game.module,
      scenario: game.scenario,
      options: game.options as Json,
      timeControl: game.timeControl as Json,
      isPublic: game.isPublic,
      spectatorDelaySteps: game.spectatorDelaySteps,
      status: game.status,
      step: game.step,
      seedHash: game.seedHash,
      seed: ended ? game.seed : null,
      createdAt: game.createdAt.toISOString(),
      startedAt: game.startedAt?.toISOString() ?? null,
      finishedAt: game.finishedAt?.toISOString() ?? null,
      outcome: ended ? ((game.outcome as Json) ?? null) : null,
      seats: game.seats
        .map((s) => ({ side: s.side, username: s.user.username }))
        .sort((a, b) => a.side.localeCompare(b.side)),
    },
    steps: records.map((r) => ({
      step: r.step,
      resolvedAt: r.resolvedAt.toISOString(),
      orders: pick<Json>(r.orders, only),
      origins: pick<string>(r.origins, only),
      commitments: pick<string>(r.commitments, only),
      salts: pick<string>(r.salts, only),
      rolls: only ? null : (r.rolls as ExportStep['rolls']),
      stateHash: only || r.state == null ? null : sha256Hex(jcs(r.state)),
      submissions: subs
        .filter((s) => s.step === r.step)
        .map((s) => ({
          side: s.side,
          mode: commitments.some((c) => c.step === s.step && c.side === s.side)
            ? ('commit-reveal' as const)
            : ('sealed' as const),
          origin: s.origin,
          ready: s.ready,
          ordersHash: s.ordersHash,
          createdAt: s.createdAt.toISOString(),
          updatedAt: s.updatedAt.toISOString(),
        })),
    })),
    events: events.map((e) => ({
      seq: e.seq,
      step: e.step,
      type: e.type,
      visibleTo: e.visibleTo,
      data: e.data as Json,
      rolls: e.rolls as Json,
      createdAt: e.createdAt.toISOString(),
    })),
    receipts: receipts.map((r) => {
      const { signature, ...rest } = receiptFromRow(r);
      return { ...receiptPayload(rest), signature };
    }),
  };
}
