/** GraphQL adapters for time controls: the stored control with every field filled, and reliability. */
import { reliability } from '../../platform/games/missed-turns.js';
import { retryGame } from '../../platform/games/retry.js';
import * as views from '../../platform/games/views.js';
import { readTimeControl } from '../../platform/games/time-control.js';
import { guard } from './errors.js';
import { summary, type Ctx } from './resolvers.js';

export function timeControlResolvers() {
  return {
    TimeControl: {
      timeOfDay: (tc: unknown) => readTimeControl(tc).timeOfDay,
      timeZone: (tc: unknown) => readTimeControl(tc).timeZone,
      days: (tc: unknown) => readTimeControl(tc).days,
      graceSeconds: (tc: unknown) => readTimeControl(tc).graceSeconds,
      readyDelaySeconds: (tc: unknown) => readTimeControl(tc).readyDelaySeconds,
      excuses: (tc: unknown) => readTimeControl(tc).excuses,
      onMissedTurn: (tc: unknown) => readTimeControl(tc).onMissedTurn,
    },
    /** Merged into Mutation by resolvers.ts (wrapped there). */
    Mutation: {
      retryGame: async (_r: unknown, a: Record<string, any>, { platform, auth }: Ctx) => {
        await retryGame(platform, auth.require('play'), a.gameId);
        return summary(await views.loadGame(platform, a.gameId));
      },
    },
    User: {
      reliability: guard((user: { id: string }, _a: unknown, { platform }: Ctx) => reliability(platform, user.id)),
    },
  };
}
