/**
 * JSON schemas shared by the REST routes. They validate requests, drive response serialisation
 * (fields not listed here are never sent) and become the components of the OpenAPI document.
 * Field meanings match the GraphQL schema (schema.graphql), which documents each in full.
 */

const str = (description: string, extra: object = {}) => ({ type: 'string', description, ...extra });
const int = (description: string, extra: object = {}) => ({ type: 'integer', description, ...extra });
const bool = (description: string) => ({ type: 'boolean', description });
const nullable = (schema: { type: string } & object) => ({ ...schema, type: [schema.type, 'null'] });
const ref = (id: string) => ({ $ref: `${id}#` });
const nullableRef = (id: string, description: string) => ({ description, anyOf: [ref(id), { type: 'null' }] });
const any = (description: string) => ({ description });
const listOf = (items: object, description: string) => ({ type: 'array', description, items });
const dateTime = (description: string) => str(description, { format: 'date-time' });

/** Largest 32-bit integer: steps and sequence numbers are stored as such. */
export const MAX_INT = 2_147_483_647;

export function object(
  id: string,
  description: string,
  properties: Record<string, object>,
  required = Object.keys(properties),
) {
  return { $id: id, type: 'object', description, properties, required };
}

export const schemas = [
  object(
    'ErrorDetail',
    'One precise problem: for orders, one per failing order.',
    {
      code: str('Stable code of this problem.'),
      path: listOf(
        { type: ['string', 'integer'] },
        'Where the problem is: keys and indexes into the request or the orders.',
      ),
      message: str('A sentence a player understands.'),
      rule: str('Rule number of the rulebook, when a rule is the reason.'),
    },
    ['code', 'path', 'message'],
  ),
  {
    ...object(
      'ApiError',
      'The one error shape of the API (GraphQL puts the same fields in `extensions`).',
      {
        code: str('Stable code, e.g. NOT_FOUND, STALE_STEP, INVALID_ORDERS, RATE_LIMITED, INTERNAL.'),
        message: str('What went wrong, in one sentence.'),
        path: listOf({ type: ['string', 'integer'] }, 'Where in the request, when one place is at fault.'),
        details: listOf(ref('ErrorDetail'), 'Precise problems; empty when there is nothing more to say.'),
        reference: str('For INTERNAL: the reference to quote to the operators.'),
        retryAfter: int('For RATE_LIMITED: seconds to wait (also in the Retry-After header).'),
        currentStep: int('For STALE_STEP: the step the game is at.'),
      },
      ['code', 'message', 'details'],
    ),
    additionalProperties: true,
  },
  object('ErrorResponse', 'The body of every error response.', { error: ref('ApiError') }),
  object('Ok', 'The action was done.', { ok: bool('Always true on success.') }),
  object('User', 'A player account.', { id: str('User id.'), username: str('Unique user name.') }),
  object('Invitation', 'An invitation to a game.', {
    user: ref('User'),
    invitedAt: dateTime('When the creator invited them.'),
  }),
  object('AuthPayload', 'Credentials issued by register, login and refresh.', {
    accessToken: str('Short-lived JWT access token; send as `Authorization: Bearer <token>`.'),
    expiresIn: int('Seconds until the access token expires.'),
    refreshToken: str('Opaque, single-use refresh token.'),
    user: ref('User'),
  }),
  object('ApiToken', 'A personal API token (never its secret).', {
    id: str('Token id.'),
    name: str('Name given at creation.'),
    scopes: listOf({ type: 'string', enum: ['read', 'play', 'admin'] }, 'What the token may do.'),
    createdAt: dateTime('When it was created.'),
    lastUsedAt: nullable(dateTime('When it was last used, if ever.')),
  }),
  object('NewApiToken', 'A new API token with its secret, shown once.', {
    token: str('The secret.'),
    apiToken: ref('ApiToken'),
  }),
  object('Scenario', 'A scenario of a game module.', {
    id: str('Scenario id.'),
    title: str('Title.'),
    description: str('What the scenario is.'),
    sides: listOf({ type: 'string' }, 'Sides that must be seated.'),
  }),
  object(
    'GameOption',
    'A named game option with its documented default.',
    {
      id: str('Option id (key in `options`).'),
      description: str('What the option changes.'),
      type: str('Value type: string, number or boolean.'),
      default: any('Value used when the option is not given.'),
      values: nullable(listOf({ type: 'string' }, 'Allowed values, for a choice.') as { type: string }),
      rule: nullable(str('Rule number this option settles, if any.')),
    },
    ['id', 'description', 'type'],
  ),
  object('GameModule', 'A game this server runs.', {
    id: str('Module id.'),
    title: str('Title.'),
    sides: listOf({ type: 'string' }, 'All sides of the game.'),
    scenarios: listOf(ref('Scenario'), 'Scenarios.'),
    options: listOf(ref('GameOption'), 'Options.'),
    promptKinds: listOf(ref('PromptKind'), 'Kinds of prompt the module issues (for TimeControl.perKind).'),
  }),
  object(
    'PromptKind',
    'A kind of prompt a module issues.',
    {
      kind: str('Prompt kind (Prompt.kind).'),
      description: str('What it asks for.'),
      ordersSchema: any(
        'JSON Schema of the orders this kind accepts (`$schema` names the draft; draft-07 when absent); strings naming hexes or pieces carry `x-warpost-ref`. Absent when the module publishes none.',
      ),
    },
    ['kind', 'description'],
  ),
  object('Text', 'A sentence for the viewer: a stable key and parameters (for translations) and the English text.', {
    key: str('Stable key, e.g. event.step-resolved.'),
    params: {
      type: 'object',
      description: 'Values the sentence is built from.',
      additionalProperties: { type: ['string', 'number'] },
    },
    text: str('The sentence in English.'),
  }),
  object(
    'BoardHex',
    'One hex of a board.',
    {
      id: str('Hex id, as orders and pieces name it.'),
      x: { type: 'number', description: 'Centre, in units of the hex outer radius.' },
      y: { type: 'number', description: 'Centre, in units of the hex outer radius (y grows downwards).' },
      terrain: str('Terrain (module-defined word).'),
      features: listOf({ type: 'string' }, 'Printed features (module-defined words).'),
      neighbors: listOf({ type: 'string' }, 'Adjacent hexes as the rules count them (wraps and poles included).'),
      label: str('Printed name, if any.'),
    },
    ['id', 'x', 'y', 'terrain', 'neighbors'],
  ),
  object('BoardBox', 'An off-map holding box.', {
    id: str('Box id, as pieces name it in `at`.'),
    title: str('Title.'),
  }),
  object('BoardTrack', 'A printed track.', {
    id: str('Track id.'),
    title: str('Title.'),
    spaces: listOf(
      {
        type: 'object',
        properties: { id: str('Space id.'), label: str('What is printed on it.') },
        required: ['id', 'label'],
      },
      'Spaces, in order.',
    ),
  }),
  object(
    'Board',
    'A map of a module, static for a module version, for clients to draw.',
    {
      id: str('Board id, as pieces name it.'),
      title: str('Title.'),
      orientation: str('pointy or flat topped hexes.', { enum: ['pointy', 'flat'] }),
      hexes: listOf(ref('BoardHex'), 'Every hex.'),
      boxes: listOf(ref('BoardBox'), 'Off-map boxes.'),
      tracks: listOf(ref('BoardTrack'), 'Printed tracks.'),
      wrapX: {
        type: 'number',
        description: 'The board wraps east-west after this many x units (a globe), if it does.',
      },
      circles: listOf(
        ref('BoardCircle'),
        "Printed circles drawn under the hexes (a system map's orbits); no adjacency follows from them.",
      ),
      notes: str('What a client should know to draw it (poles, gaps...).'),
    },
    ['id', 'title', 'orientation', 'hexes', 'boxes', 'tracks'],
  ),
  object(
    'BoardCircle',
    'A printed circle of a board (an orbit round a sun), centre and radius in hex radii.',
    {
      x: { type: 'number', description: 'Centre x, in hex radii.' },
      y: { type: 'number', description: 'Centre y, in hex radii (grows downwards).' },
      r: { type: 'number', description: 'Radius, in hex radii.' },
      label: str('What it is, e.g. Zone 3.'),
    },
    ['x', 'y', 'r'],
  ),
  object(
    'Piece',
    "A counter as the viewer sees it, derived from the viewer's view; a hidden one has an opaque id and no values.",
    {
      id: str('Piece id: the real id, or the opaque id the view uses for a hidden counter.'),
      side: nullable(str('Owning side, when the viewer may know it.')),
      board: str('Board id.'),
      at: str('A hex id or a box id of the board.'),
      label: str('Short label.'),
      symbol: str('NATO-style symbol name (module-defined).'),
      values: str('Printed values as the counter shows them, e.g. 1-4-2.'),
      hidden: bool('Face down: the viewer sees that a counter is there, not what it is.'),
      detail: any('Further module-defined facts the viewer may see.'),
    },
    ['id', 'side', 'board', 'at', 'label', 'hidden'],
  ),
  object(
    'Situation',
    'Where a game stands for the viewer: turn and phase in a sentence, and the board the current step is played on.',
    {
      board: str(
        "Board id of the module's boards that the current step is played on; absent when no one board is current.",
      ),
      text: ref('Text'),
    },
    ['text'],
  ),
  object('Seat', 'A seated side.', { side: str('Side name.'), user: ref('User') }),
  object(
    'TimeControl',
    'How long each step may take.',
    {
      preset: str('none, live, fast, standard, slow or custom.'),
      stepSeconds: nullable(int('Seconds per step before default orders are used; null for no clock.')),
      timeOfDay: nullable(
        str(
          'Wall-clock time (HH:MM) in timeZone at which deadlines fall; absent or null: stepSeconds after the step opened.',
        ),
      ),
      timeZone: str('IANA time zone of timeOfDay and days (absent: UTC).'),
      days: listOf({ type: 'string' }, 'Days the clock runs, SUN to SAT (absent: every day).'),
      graceSeconds: int('Seconds after the deadline before default orders are used (absent: 0).'),
      readyDelaySeconds: int('Seconds between everyone being ready and the resolution (absent: 0).'),
      excuses: int('Missed turns each player may be excused per game (absent: 0).'),
      onMissedTurn: str('After the excuses: default, bot or forfeit (absent: default).'),
      reminders: listOf(
        { type: 'integer' },
        'Reminders, seconds before each deadline, largest first (absent: the server default; empty: none).',
      ),
      allowVacations: bool("False: vacations do not move this game's deadlines (absent: true)."),
      perKind: {
        type: 'object',
        description: 'Step length per prompt kind, in seconds (absent: none).',
        additionalProperties: { type: 'integer' },
      },
    },
    ['preset', 'stepSeconds'],
  ),
  object(
    'GameSummary',
    'A game as the lobby shows it.',
    {
      id: str('Game id.'),
      module: str('Game module id.'),
      scenario: str('Scenario id.'),
      status: str('Lifecycle status.', { enum: ['OPEN', 'ACTIVE', 'PAUSED', 'FINISHED', 'CANCELLED'] }),
      isPublic: bool('Listed and joinable by anyone.'),
      allowMultiSeat: bool('One user may hold several sides.'),
      options: { type: 'object', description: 'Game options in force.', additionalProperties: true },
      timeControl: ref('TimeControl'),
      seats: listOf(ref('Seat'), 'Seated sides.'),
      step: int('Current step (0 before the start).'),
      deadline: nullable(dateTime('When the current step resolves with default orders, if clocked.')),
      seedHash: str('SHA-256 of the secret dice seed, published at creation.'),
      seed: nullable(str('The dice seed, published only when the game has ended.')),
      pausedReason: nullable(str('Why the game is paused, if it is.')),
      pausedAt: nullable(dateTime('When the game was paused, if it is.')),
      pausedBy: nullable(str('Why it is paused: failure, vote, admin or module.')),
      createdAt: dateTime('When it was created.'),
      iOwe: bool('True when one of your sides owes a submission now (in the game list and the game view).'),
      myOwedSides: listOf(
        { type: 'string' },
        'Your sides that owe a submission now (in the game list and the game view).',
      ),
      title: str('Title, set at creation (plain text).'),
      description: str('Description, set at creation (plain text; may be empty).'),
      minReliability: {
        type: ['number', 'null'],
        description:
          'Joining asks at least this reliability ratio (0 to 1) of players the creator did not choose by name; null: anyone.',
      },
      freeSides: listOf(
        { type: 'string' },
        'Sides of an open game nobody holds yet (in the game list, the dashboard and the game view).',
      ),
      offeredSides: listOf(
        { type: 'string' },
        'Seats of a running game offered to anyone or to you by name (POST /games/{gameId}/take-seat takes one).',
      ),
      press: ref('PressRules'),
    },
    [
      'id',
      'module',
      'scenario',
      'status',
      'isPublic',
      'allowMultiSeat',
      'options',
      'timeControl',
      'seats',
      'step',
      'deadline',
      'seedHash',
      'seed',
      'pausedReason',
      'pausedAt',
      'pausedBy',
      'createdAt',
    ],
  ),
  object(
    'Prompt',
    'What one side owes now.',
    {
      side: str('Side that owes.'),
      kind: str('Kind of submission (module-defined).'),
      secret: bool('Sealed until every owed submission of the step is in.'),
      description: str('What to decide.'),
      choices: any('Legal choices, computed by the game module.'),
      defaultOrders: any('Orders used if nothing arrives by the deadline.'),
      text: ref('Text'),
    },
    ['side', 'kind', 'secret', 'description', 'text'],
  ),
  object('OwedSide', 'Whether a side that owes orders is ready (never what it sent).', {
    side: str('Side.'),
    ready: bool('Its orders are in and ready.'),
  }),
  object('MySubmission', "The caller's own sealed orders for the current step.", {
    step: int('Step.'),
    side: str('Side.'),
    orders: any('The orders as submitted.'),
    ordersHash: str('SHA-256 of the canonical JSON of the orders.'),
    ready: bool('Marked ready.'),
    updatedAt: dateTime('Last change.'),
  }),
  object(
    'Event',
    'Something that happened, as the viewer may see it.',
    {
      seq: int('Sequence number in the game (increasing).'),
      step: int('Step it happened in.'),
      type: str('Event type (module-defined).'),
      data: any('Event data (module-defined).'),
      rolls: any('Dice rolled for this event.'),
      createdAt: dateTime('When it was recorded.'),
      text: ref('Text'),
    },
    ['seq', 'step', 'type', 'createdAt', 'text'],
  ),
  object(
    'Outcome',
    'The result of a finished game.',
    {
      winner: nullable(str('Winning side; null for a draw.')),
      level: nullable(str('Victory level, where the game has levels.')),
      score: any('Score (module-defined).'),
      summary: str('One-line result.'),
    },
    ['summary'],
  ),
  object(
    'GameView',
    "A game as the caller's side sees it.",
    {
      game: ref('GameSummary'),
      viewer: nullable(str('The side this view is for; null for a spectator.')),
      view: any('The game state as the viewer may see it (module-defined).'),
      pieces: nullable(
        listOf(ref('Piece'), "The counters of the viewer's view; null when the module publishes none.") as {
          type: string;
        },
      ),
      situation: nullableRef(
        'Situation',
        "Turn, phase and current board, from the viewer's view; null when the module does not say.",
      ),
      myPrompts: listOf(ref('Prompt'), "The viewer's own prompts with their legal choices."),
      owed: listOf(ref('OwedSide'), 'Sides still owed this step, and whether each is ready.'),
      mySubmission: nullableRef('MySubmission', "The viewer's own sealed orders, if any."),
      outcome: nullableRef('Outcome', 'The result, once the game has ended.'),
    },
    ['game', 'viewer', 'myPrompts', 'owed'],
  ),
  object('ValidationResult', 'Result of a dry run of orders.', {
    valid: bool('No errors.'),
    side: str('Side the orders were checked for.'),
    step: int('Current step.'),
    errors: listOf(ref('ErrorDetail'), 'One entry per failing order.'),
  }),
  object('Receipt', 'A server-signed statement that orders were accepted (README, "Trust").', {
    version: int('Receipt format version.'),
    kind: str('What was accepted: orders (sealed orders or a reveal) or commitment.'),
    gameId: str('Game id.'),
    step: int('Step.'),
    side: str('Side.'),
    hash: str('SHA-256 of the canonical JSON of the stored orders (or the commitment).'),
    seedHash: str("The game's published dice-seed hash."),
    issuedAt: str('When the server accepted it (ISO-8601, as signed).'),
    keyId: str('RFC 7638 thumbprint of the signing key.'),
    signature: str('Ed25519 signature of `signed` (base64url).'),
    signed: str('The exact signed text: canonical JSON of every other field.'),
  }),
  object(
    'SubmitResult',
    'Accepted orders.',
    {
      gameId: str('Game id.'),
      step: int('Step.'),
      side: str('Side.'),
      ordersHash: str('SHA-256 of the canonical JSON of the stored orders.'),
      ready: bool('Marked ready.'),
      stepComplete: bool('Every owed side is ready; the step is queued for resolution.'),
      replayed: bool('This answer replays an earlier request with the same idempotency key.'),
      receipt: nullableRef(
        'Receipt',
        'Signed receipt for the stored orders (null only for answers stored before receipts existed).',
      ),
    },
    ['gameId', 'step', 'side', 'ordersHash', 'ready', 'stepComplete', 'replayed'],
  ),
];

/** Helpers for route files. */
export const s = { str, int, bool, nullable, ref, any, listOf };

/** Path parameter of every game route. */
export const gameParams = {
  type: 'object',
  properties: { gameId: str('Game id.', { minLength: 1, maxLength: 100 }) },
  required: ['gameId'],
};

/** A request body: only the listed fields are accepted. */
export function body(description: string, properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', description, properties, required, additionalProperties: false };
}

/** `side` in bodies and queries: which of the caller's sides, when they hold several. */
export const side = str('Which of your sides acts (needed only when you hold several).', { maxLength: 100 });

/** The responses every route may give besides its success. */
export const errorResponses = {
  '4xx': { description: 'Client error: see `error.code`.', ...ref('ErrorResponse') },
  '5xx': {
    description:
      'Server error: `INTERNAL` (with a reference), or `UNAVAILABLE` (503, with a Retry-After header: the database or queue is restarting; nothing was changed, try again).',
    ...ref('ErrorResponse'),
  },
};

/** The responses of a route that answers with one named list: `{ [key]: items[] }`. */
export function listResponse(description: string, key: string, items: object, itemsDescription: string) {
  return {
    200: { type: 'object', description, properties: { [key]: listOf(items, itemsDescription) }, required: [key] },
    ...errorResponses,
  };
}
