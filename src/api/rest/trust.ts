/**
 * REST: trust (README, "Trust"): commit–reveal orders, the orders a side was adjudicated with,
 * replays and the game export. Thin adapters over src/platform/trust, the services behind the
 * GraphQL fields of the same names (the signing key is at /.well-known/warpost-signing-key).
 */
import type { FastifyInstance } from 'fastify';
import { commitOrders, revealOrders } from '#platform/trust/commit-reveal.js';
import { SALT_PATTERN } from '#platform/trust/canonical.js';
import { exportGame } from '#platform/trust/export.js';
import { adjudicatedOrders, replayStep } from '#platform/trust/replay.js';
import { reader, security } from './auth.js';
import type { RestDeps } from './index.js';
import { body, errorResponses, gameParams, MAX_INT, object, s, side } from './schemas.js';

const free = (description: string) => ({ type: 'object', description, additionalProperties: true });
const nullableStr = (d: string) => s.nullable(s.str(d));

export const trustSchemas = [
  object('CommitResult', 'The answer to a commitment: what was committed, and its signed receipt.', {
    gameId: s.str('The game committed in.'),
    step: s.int('The step committed for.'),
    side: s.str('The side that committed.'),
    commitment: s.str('The stored commitment (lowercase hex SHA-256).'),
    revealOpen: s.bool('Every owed side is bound (committed or sent ready orders): reveal now.'),
    replayed: s.bool('This answer replays an earlier request with the same idempotency key.'),
    receipt: s.ref('Receipt'),
  }),
  object(
    'AdjudicatedOrders',
    'The orders a side was adjudicated with at a resolved step, to check against its receipts.',
    {
      step: s.int('The resolved step.'),
      side: s.str('The side these orders were for.'),
      origin: nullableStr(
        'player, bot, default (nothing ready by the deadline) or unrevealed (committed, never revealed).',
      ),
      orders: s.any('The orders the server adjudicated for this side.'),
      ordersHash: nullableStr("SHA-256 of the canonical JSON of `orders`: equal to the last orders receipt's hash."),
      commitment: nullableStr("The side's commitment at this step, if it used commit–reveal."),
      salt: nullableStr("The revealed salt (it fed the step's dice)."),
      receipts: s.listOf(s.ref('Receipt'), 'Every receipt issued to this side for this step, oldest first.'),
    },
    ['step', 'side', 'receipts'],
  ),
  object(
    'Replay',
    'What one side (or a spectator) saw when a step opened.',
    {
      gameId: s.str('The game replayed.'),
      step: s.int('The step whose opening is shown.'),
      viewer: nullableStr('The side this replay is for; null for a spectator.'),
      view: s.any("The module's view of the state at the opening of the step, as it was shown then."),
      pieces: s.nullable(
        s.listOf(
          s.ref('Piece'),
          'The counters of that view, placed on the boards; null when the module publishes none.',
        ) as { type: string },
      ),
      myPrompts: s.listOf(s.ref('Prompt'), "The viewer's prompts at that step, as they were offered."),
      events: s.listOf(s.ref('Event'), 'Events the viewer could see from earlier steps.'),
    },
    ['gameId', 'step', 'viewer', 'myPrompts', 'events'],
  ),
  object(
    'GameExport',
    'A game\'s record, format "warpost-game-export" version 1 (README, "Trust"); check it offline with `npm run verify`.',
    {
      format: s.str('Always warpost-game-export.', { enum: ['warpost-game-export'] }),
      version: s.int('Format version (1).'),
      exportedAt: s.str('When the export was made (ISO-8601).'),
      scope: s.str('full (the game has ended) or side (one side of a running game).', { enum: ['full', 'side'] }),
      side: nullableStr('The side of a side export; null for a full export.'),
      signingKeys: s.listOf(free('An Ed25519 public JWK.'), "The server's public receipt-signing keys."),
      game: free(
        'id, module, scenario, options, timeControl, isPublic, spectatorDelaySteps, status, step, seedHash, seed (full only), times, outcome, seats.',
      ),
      steps: s.listOf(
        free('orders, origins, commitments, salts, rolls, stateHash and submissions of one resolved step.'),
        'One per resolved step, 0 = set-up.',
      ),
      events: s.listOf(
        free('seq, step, type, visibleTo, data, rolls, createdAt.'),
        'The ordered event log (a side export: what that side could see).',
      ),
      receipts: s.listOf(
        free('Signed fields plus signature.'),
        'Every receipt issued, in order (a side export: its own).',
      ),
    },
  ),
];

type GameParams = { Params: { gameId: string } };
type SideQuery = { Querystring: { side?: string } };

const step = s.int('The current step (see the game view).', { minimum: 0, maximum: MAX_INT });
const stepParams = {
  type: 'object',
  properties: {
    gameId: gameParams.properties.gameId,
    step: s.int('A step of the game.', { minimum: 0, maximum: MAX_INT }),
  },
  required: ['gameId', 'step'],
};
const sideQuery = (description: string) => ({
  type: 'object',
  additionalProperties: false,
  properties: { side: { ...side, description } },
});
const idempotencyKey = s.str(
  'A fresh key per distinct request (1 to 128 characters); the same key and content replays the first answer.',
  { minLength: 1, maxLength: 128 },
);

export async function trustRoutes(app: FastifyInstance, { platform }: RestDeps) {
  const tags = ['trust'];

  app.post<GameParams & { Body: { step: number; commitment: string; idempotencyKey: string; side?: string } }>(
    '/games/:gameId/commitments',
    {
      schema: {
        tags,
        operationId: 'commitOrders',
        summary: 'Commit to orders',
        security: security.bearer,
        description:
          'Commits to orders for a secret prompt without sending them: `commitment` is the lowercase hex SHA-256 of the RFC 8785 canonical JSON of {"orders": <orders>, "salt": <salt>}. Replaceable until every owed side is bound; then reveal.',
        params: gameParams,
        body: body(
          'The commitment.',
          {
            step,
            commitment: s.str('Lowercase hex SHA-256 of the canonical JSON of {orders, salt}.', {
              pattern: '^[0-9a-fA-F]{64}$',
            }),
            idempotencyKey,
            side,
          },
          ['step', 'commitment', 'idempotencyKey'],
        ),
        response: { 200: s.ref('CommitResult'), ...errorResponses },
      },
    },
    async (req) => commitOrders(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId }),
  );

  app.post<
    GameParams & { Body: { step: number; orders: unknown; salt: string; idempotencyKey: string; side?: string } }
  >(
    '/games/:gameId/reveal',
    {
      schema: {
        tags,
        operationId: 'revealOrders',
        summary: 'Reveal committed orders',
        security: security.bearer,
        description:
          'Reveals committed orders and their salt once every owed side is bound (REVEAL_NOT_OPEN before). A reveal that does not hash to the commitment is refused with COMMITMENT_MISMATCH and changes nothing; revealed orders are then validated as usual.',
        params: gameParams,
        body: body(
          'The committed orders and salt.',
          {
            step,
            orders: s.any('The committed orders.'),
            salt: s.str('The salt used in the commitment: 16 to 128 characters of A-Z a-z 0-9 _ -.', {
              pattern: SALT_PATTERN.source,
            }),
            idempotencyKey,
            side,
          },
          ['step', 'orders', 'salt', 'idempotencyKey'],
        ),
        response: { 200: s.ref('SubmitResult'), ...errorResponses },
      },
    },
    async (req) => revealOrders(platform, req.auth.require('play'), { ...req.body, gameId: req.params.gameId }),
  );

  /** A read of the game's record as one side (optional credentials): the shape the three reads share. */
  type ReadRoute = { Params: { gameId: string; step?: number } } & SideQuery;
  const sideRead = (
    url: string,
    doc: { operationId: string; summary: string; description: string; params: object; side: string; response: string },
    read: (req: {
      params: ReadRoute['Params'];
      query: SideQuery['Querystring'];
      user: ReturnType<typeof reader>;
    }) => Promise<unknown>,
  ) =>
    app.get<ReadRoute>(
      url,
      {
        schema: {
          tags,
          operationId: doc.operationId,
          summary: doc.summary,
          security: security.optional,
          description: doc.description,
          params: doc.params,
          querystring: sideQuery(doc.side),
          response: { 200: s.ref(doc.response), ...errorResponses },
        },
      },
      async (req) => read({ params: req.params, query: req.query, user: reader(req) }),
    );

  sideRead(
    '/games/:gameId/steps/:step/orders',
    {
      operationId: 'getAdjudicatedOrders',
      summary: 'Adjudicated orders',
      params: stepParams,
      response: 'AdjudicatedOrders',
      description:
        'The orders adjudicated for a side at a resolved step, with its receipts. While the game runs, only for your own side; once it has ended, for any side.',
      side: 'The side (default: your only side).',
    },
    (r) => adjudicatedOrders(platform, r.user, r.params.gameId, r.params.step!, r.query.side),
  );

  sideRead(
    '/games/:gameId/steps/:step/replay',
    {
      operationId: 'getReplay',
      summary: 'Replay a step',
      params: stepParams,
      response: 'Replay',
      description:
        'Step `step` as a side saw it when the step opened: while the game runs, your own side (spectators as spectators, delayed); once it has ended, any side.',
      side: 'The side to replay as (default: your only side).',
    },
    (r) => replayStep(platform, r.user, r.params.gameId, r.params.step!, r.query.side),
  );

  sideRead(
    '/games/:gameId/export',
    {
      operationId: 'exportGame',
      summary: 'Export the game',
      params: gameParams,
      response: 'GameExport',
      description:
        "The game's record as a warpost-game-export version 1 document: in full once the game has ended; while it runs, only your own side's part (spectators: EXPORT_NOT_AVAILABLE).",
      side: 'While the game runs: your side to export (default: your only side).',
    },
    (r) => exportGame(platform, r.user, r.params.gameId, r.query.side),
  );
}
