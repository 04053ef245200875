/**
 * A typed Warpost client: logs in (registering on first use), joins a game, submits orders
 * whenever one of its sides owes them, and follows the game's events over graphql-ws.
 *
 *   npm start                                  # in another terminal
 *   npx tsx examples/client.ts --demo          # creates a game, plays both sides with default orders
 *   npx tsx examples/client.ts --game <id> --user alice --password 'correct horse battery'
 *
 * Options: --url (default http://127.0.0.1:3000), --module/--scenario (demo game), --orders '<json>'
 * (instead of each prompt's default orders). Uses only fetch, graphql-ws and ws.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** An operation with its result and variable types, so calls are checked end to end. */
type Operation<TData, TVars> = { query: string; _types?: [TData, TVars] };
const operation = <TData, TVars = Record<string, never>>(query: string) => ({ query }) as Operation<TData, TVars>;

interface Prompt {
  side: string;
  kind: string;
  description: string;
  defaultOrders: unknown;
}
interface GameView {
  viewer: string | null;
  game: { id: string; status: string; step: number };
  myPrompts: Prompt[];
  mySubmission: { step: number; ready: boolean } | null;
}
interface Event {
  seq: number;
  step: number;
  type: string;
  data: unknown;
}
interface Credentials {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const CREDENTIALS = 'accessToken refreshToken expiresIn';
const LOGIN = operation<{ login: Credentials }, { u: string; p: string }>(
  `mutation($u:String!,$p:String!){login(username:$u,password:$p){${CREDENTIALS}}}`,
);
const REGISTER = operation<{ register: Credentials }, { u: string; p: string }>(
  `mutation($u:String!,$p:String!){register(username:$u,password:$p){${CREDENTIALS}}}`,
);
const REFRESH = operation<{ refresh: Credentials }, { r: string }>(
  `mutation($r:String!){refresh(refreshToken:$r){${CREDENTIALS}}}`,
);
const MODULES = operation<{ modules: { id: string; scenarios: { id: string }[] }[] }>(`{modules{id scenarios{id}}}`);
const CREATE = operation<{ createGame: { id: string } }, { i: object }>(
  `mutation($i:CreateGameInput!){createGame(input:$i){id}}`,
);
const JOIN = operation<{ joinGame: { status: string } }, { g: string }>(
  `mutation($g:ID!){joinGame(gameId:$g){status}}`,
);
const VIEW = operation<{ game: GameView }, { g: string; side?: string }>(
  `query($g:ID!,$side:String){game(id:$g,side:$side){viewer game{id status step} myPrompts{side kind description defaultOrders} mySubmission{step ready}}}`,
);
const SUBMIT = operation<
  { submitOrders: { stepComplete: boolean } },
  { g: string; s: number; o: unknown; k: string; side: string }
>(
  `mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!,$side:String){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k,side:$side){stepComplete}}`,
);
const EVENTS = `subscription($g:ID!){gameEvents(gameId:$g,afterSeq:0){step status events{seq step type data}}}`;
const MY_TURN = `subscription{myTurn{gameId step sides}}`;

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    user: { type: 'string', default: `player_${randomUUID().slice(0, 6)}` },
    password: { type: 'string', default: 'correct horse battery' },
    game: { type: 'string' },
    demo: { type: 'boolean', default: false },
    module: { type: 'string' },
    scenario: { type: 'string' },
    orders: { type: 'string' },
  },
});

/** A GraphQL error answer, with its documented `extensions.code`. */
class ApiError extends Error {
  constructor(
    readonly codes: (string | undefined)[],
    message: string,
  ) {
    super(message);
  }
}

/** GraphQL over HTTP. */
async function post<TData, TVars>(op: Operation<TData, TVars>, variables: TVars, token?: string): Promise<TData> {
  const res = await fetch(`${args.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: op.query, variables }),
  });
  const body = (await res.json()) as { data?: TData; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length)
    throw new ApiError(
      body.errors.map((e) => e.extensions?.code),
      body.errors.map((e) => `${e.extensions?.code}: ${e.message}`).join('; '),
    );
  return body.data!;
}

/**
 * A logged-in user. The access token is short-lived (15 minutes by default): it is refreshed
 * when two thirds of its life have passed, and again (once per call) when the server answers
 * UNAUTHENTICATED or TOKEN_EXPIRED. A refresh token that no longer works means a fresh login.
 */
class Session {
  private creds!: Credentials;
  private expiresAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    readonly user: string,
    private readonly password: string,
  ) {}

  async login(): Promise<this> {
    try {
      this.set((await post(LOGIN, { u: this.user, p: this.password })).login);
    } catch {
      this.set((await post(REGISTER, { u: this.user, p: this.password })).register);
    }
    return this;
  }

  private set(creds: Credentials) {
    this.creds = creds;
    this.expiresAt = Date.now() + (creds.expiresIn * 1000 * 2) / 3;
  }

  /** One refresh at a time: refresh tokens are single-use, so two concurrent ones would end the login. */
  private refresh(): Promise<void> {
    this.refreshing ??= post(REFRESH, { r: this.creds.refreshToken })
      .then(
        (r) => this.set(r.refresh),
        () => this.login().then(() => undefined),
      )
      .finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /** A token with at least a third of its life left. */
  async token(): Promise<string> {
    if (Date.now() >= this.expiresAt) await this.refresh();
    return this.creds.accessToken;
  }

  async call<TData, TVars>(op: Operation<TData, TVars>, variables: TVars): Promise<TData> {
    const token = await this.token();
    try {
      return await post(op, variables, token);
    } catch (e) {
      if (!(e instanceof ApiError) || !e.codes.some((c) => c === 'UNAUTHENTICATED' || c === 'TOKEN_EXPIRED')) throw e;
      if (this.creds.accessToken === token) await this.refresh();
      return post(op, variables, this.creds.accessToken);
    }
  }
}

/**
 * One player: submits for every owed prompt of its sides, and logs what its side may see.
 * It looks at what is owed on every myTurn notice (the server sends the owed state first when the
 * subscription starts, then live notices) and after every (re)connection; graphql-ws re-subscribes
 * on reconnect, with a fresh token in the connection payload.
 */
async function play(name: string, session: Session, gameId: string): Promise<void> {
  const ws: Client = createClient({
    url: `${args.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: async () => ({ authorization: `Bearer ${await session.token()}` }),
    retryAttempts: Infinity,
    shouldRetry: () => true,
    on: { connected: () => checkOwed() },
  });
  // One check at a time, each reading the game afresh, so no prompt is answered twice.
  let queue = Promise.resolve();
  const checkOwed = (sides: (string | undefined)[] = [undefined]) => {
    queue = queue.then(() => submitOwed(sides)).catch((e) => console.error(`[${name}] ${e.message}`));
  };
  const submitOwed = async (sides: (string | undefined)[]) => {
    for (const side of sides) {
      const { game } = await session.call(VIEW, { g: gameId, side });
      if (game.game.status !== 'ACTIVE') return;
      const sent = game.mySubmission?.step === game.game.step && game.mySubmission.ready;
      for (const prompt of sent ? [] : game.myPrompts) {
        const orders = args.orders ? JSON.parse(args.orders) : prompt.defaultOrders;
        const r = await session.call(SUBMIT, {
          g: gameId,
          s: game.game.step,
          o: orders,
          k: randomUUID(),
          side: prompt.side,
        });
        console.log(
          `[${name}] step ${game.game.step}: ${prompt.side} sent ${prompt.kind} orders${r.submitOrders.stepComplete ? ' (step complete)' : ''}`,
        );
      }
    }
  };
  ws.subscribe<{ myTurn: { gameId: string; sides: string[] } }>(
    { query: MY_TURN },
    {
      next: ({ data }) => void (data?.myTurn.gameId === gameId && checkOwed(data.myTurn.sides)),
      error: (e) => console.error(`[${name}] myTurn`, e),
      complete: () => undefined,
    },
  );
  let lastSeq = 0; // a re-subscription after a reconnect starts from the beginning again
  await new Promise<void>((done) => {
    ws.subscribe<{ gameEvents: { status: string; events: Event[] } }>(
      { query: EVENTS, variables: { g: gameId } },
      {
        next: ({ data }) => {
          for (const e of data?.gameEvents.events ?? []) {
            if (e.seq <= lastSeq) continue;
            lastSeq = e.seq;
            console.log(`[${name}] #${e.seq} step ${e.step} ${e.type} ${JSON.stringify(e.data)}`);
          }
          if (data && data.gameEvents.status !== 'ACTIVE' && data.gameEvents.status !== 'OPEN') done();
        },
        error: (e) => (console.error(`[${name}] gameEvents`, e), done()),
        complete: done,
      },
    );
  });
  await queue;
  await ws.dispose();
  console.log(`[${name}] the game is over`);
}

if (args.demo) {
  const [a, b] = [
    await new Session(`${args.user}_a`, args.password).login(),
    await new Session(`${args.user}_b`, args.password).login(),
  ];
  const module = (await a.call(MODULES, {})).modules.find((m) => !args.module || m.id === args.module);
  if (!module) throw new Error(`No module ${args.module} on this server.`);
  const { createGame } = await a.call(CREATE, {
    i: { module: module.id, scenario: args.scenario ?? module.scenarios[0].id, side: 'random' },
  });
  console.log(`game ${createGame.id} (${module.id})`);
  await b.call(JOIN, { g: createGame.id });
  await Promise.all([play('a', a, createGame.id), play('b', b, createGame.id)]);
} else {
  if (!args.game) throw new Error('Give --game <id> (or --demo).');
  const session = await new Session(args.user, args.password).login();
  const joined = await session
    .call(JOIN, { g: args.game })
    .catch((e: Error) => (console.log(`join: ${e.message}`), null));
  if (joined) console.log(`joined; the game is ${joined.joinGame.status}`);
  await play(args.user, session, args.game);
}
