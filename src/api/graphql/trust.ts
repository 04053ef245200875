/** GraphQL adapters for trust: commit–reveal, receipts, adjudicated orders, exports, replays. */
import { commitOrders, revealOrders, type CommitInput, type RevealInput } from '#platform/trust/commit-reveal.js';
import { exportGame } from '#platform/trust/export.js';
import { signingKey } from '#platform/trust/keys.js';
import { adjudicatedOrders, replayStep } from '#platform/trust/replay.js';
import { commitProgress } from '#platform/play/views.js';
import { guard } from './errors.js';
import type { Args, Ctx } from './context.js';

/** The caller for a read: anonymous is fine, a credential must carry `read`. */
function reader(auth: Ctx['auth']) {
  const user = auth.optional();
  if (user) auth.require('read');
  return user;
}

export function trustResolvers() {
  return {
    Query: {
      signingKey: guard(async (_r: unknown, _a: Args, { platform }: Ctx) => (await signingKey(platform.config)).jwk),
      adjudicatedOrders: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        adjudicatedOrders(platform, reader(auth), a.gameId, a.step, a.side),
      ),
      gameExport: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        exportGame(platform, reader(auth), a.gameId, a.side),
      ),
      replay: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        replayStep(platform, reader(auth), a.gameId, a.step, a.side),
      ),
    },
    Mutation: {
      commitOrders: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        commitOrders(platform, auth.require('play'), a as CommitInput),
      ),
      revealOrders: guard((_r: unknown, a: Args, { platform, auth }: Ctx) =>
        revealOrders(platform, auth.require('play'), a as RevealInput),
      ),
    },
    GameView: {
      // Both fields share one load per view.
      commitments: guard(
        async (root: any, _a: Args, { platform }: Ctx) =>
          (await (root._commit ??= commitProgress(platform, root))).commitments,
      ),
      revealOpen: guard(
        async (root: any, _a: Args, { platform }: Ctx) =>
          (await (root._commit ??= commitProgress(platform, root))).revealOpen,
      ),
    },
  };
}
