/** GraphQL adapters for trust: commit–reveal, receipts, adjudicated orders, exports, replays. */
import type { Platform } from '../../platform/context.js';
import { commitOrders, revealOrders, type CommitInput, type RevealInput } from '../../platform/trust/commit-reveal.js';
import { exportGame } from '../../platform/trust/export.js';
import { signingKey } from '../../platform/trust/keys.js';
import { loadPhase } from '../../platform/trust/phase.js';
import { adjudicatedOrders, replayStep } from '../../platform/trust/replay.js';
import { spectatorHorizon } from '../../platform/trust/spectators.js';
import { promptsOf, owedSides } from '../../platform/games/common.js';
import { guard } from './errors.js';
import type { Ctx } from './resolvers.js';

type Args = Record<string, any>;

/** The caller for a read: anonymous is fine, a credential must carry `read`. */
function reader(auth: Ctx['auth']) {
  const user = auth.optional();
  if (user) auth.require('read');
  return user;
}

/** Commit–reveal progress of the current step: who committed and who revealed, never what. */
async function commitStatus(p: Platform, root: { game: { id: string; module: string; status: string; step: number; spectatorDelaySteps: number }; viewer: string | null }) {
  const { game } = root;
  // Like readiness, hidden from delayed spectators: they see nothing of the live step.
  if (game.status !== 'ACTIVE' || (root.viewer === null && spectatorHorizon(game) !== null)) return { commitments: [], revealOpen: false };
  const state = (await p.prisma.game.findUnique({ where: { id: game.id }, select: { state: true } }))?.state;
  const owed = owedSides(promptsOf(p.modules.get(game.module), state));
  const phase = await p.prisma.$transaction((tx) => loadPhase(tx, game.id, game.step, owed));
  return {
    commitments: phase.commitments.map((c) => ({ side: c.side, committed: true, revealed: c.revealedAt !== null })),
    revealOpen: phase.revealOpen,
  };
}

export function trustResolvers() {
  return {
    Query: {
      signingKey: guard(async (_r: unknown, _a: Args, { platform }: Ctx) => (await signingKey(platform.config)).jwk),
      adjudicatedOrders: guard((_r: unknown, a: Args, { platform, auth }: Ctx) => adjudicatedOrders(platform, reader(auth), a.gameId, a.step, a.side)),
      gameExport: guard((_r: unknown, a: Args, { platform, auth }: Ctx) => exportGame(platform, reader(auth), a.gameId, a.side)),
      replay: guard((_r: unknown, a: Args, { platform, auth }: Ctx) => replayStep(platform, reader(auth), a.gameId, a.step, a.side)),
    },
    Mutation: {
      commitOrders: guard((_r: unknown, a: Args, { platform, auth }: Ctx) => commitOrders(platform, auth.require('play'), a as CommitInput)),
      revealOrders: guard((_r: unknown, a: Args, { platform, auth }: Ctx) => revealOrders(platform, auth.require('play'), a as RevealInput)),
    },
    GameView: {
      // Both fields share one load per view.
      commitments: guard(async (root: any, _a: Args, { platform }: Ctx) => (await (root._commit ??= commitStatus(platform, root))).commitments),
      revealOpen: guard(async (root: any, _a: Args, { platform }: Ctx) => (await (root._commit ??= commitStatus(platform, root))).revealOpen),
    },
  };
}
