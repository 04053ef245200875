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

interface Prompt { side: string; kind: string; description: string; defaultOrders: unknown }
interface GameView { viewer: string | null; game: { id: string; status: string; step: number }; myPrompts: Prompt[] }
interface Event { seq: number; step: number; type: string; data: unknown }

const LOGIN = operation<{ login: { accessToken: string } }, { u: string; p: string }>(`mutation($u:String!,$p:String!){login(username:$u,password:$p){accessToken}}`);
const REGISTER = operation<{ register: { accessToken: string } }, { u: string; p: string }>(`mutation($u:String!,$p:String!){register(username:$u,password:$p){accessToken}}`);
const MODULES = operation<{ modules: { id: string; scenarios: { id: string }[] }[] }>(`{modules{id scenarios{id}}}`);
const CREATE = operation<{ createGame: { id: string } }, { i: object }>(`mutation($i:CreateGameInput!){createGame(input:$i){id}}`);
const JOIN = operation<{ joinGame: { status: string } }, { g: string }>(`mutation($g:ID!){joinGame(gameId:$g){status}}`);
const VIEW = operation<{ game: GameView }, { g: string; side?: string }>(`query($g:ID!,$side:String){game(id:$g,side:$side){viewer game{id status step} myPrompts{side kind description defaultOrders}}}`);
const SUBMIT = operation<{ submitOrders: { stepComplete: boolean } }, { g: string; s: number; o: unknown; k: string; side: string }>(
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

/** GraphQL over HTTP; errors carry the documented `extensions.code`. */
async function call<TData, TVars>(op: Operation<TData, TVars>, variables: TVars, token?: string): Promise<TData> {
  const res = await fetch(`${args.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: op.query, variables }),
  });
  const body = (await res.json()) as { data?: TData; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => `${e.extensions?.code}: ${e.message}`).join('; '));
  return body.data!;
}

async function login(user: string, password: string): Promise<string> {
  try {
    return (await call(LOGIN, { u: user, p: password })).login.accessToken;
  } catch {
    return (await call(REGISTER, { u: user, p: password })).register.accessToken;
  }
}

/** One player: submits for every owed prompt of its sides, and logs what its side may see. */
async function play(name: string, token: string, gameId: string): Promise<void> {
  const ws: Client = createClient({ url: `${args.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` } });
  const submitOwed = async () => {
    const { game } = await call(VIEW, { g: gameId }, token);
    for (const prompt of game.myPrompts) {
      const orders = args.orders ? JSON.parse(args.orders) : prompt.defaultOrders;
      const r = await call(SUBMIT, { g: gameId, s: game.game.step, o: orders, k: randomUUID(), side: prompt.side }, token);
      console.log(`[${name}] step ${game.game.step}: ${prompt.side} sent ${prompt.kind} orders${r.submitOrders.stepComplete ? ' (step complete)' : ''}`);
    }
  };
  ws.subscribe<{ myTurn: { gameId: string } }>({ query: MY_TURN }, {
    next: ({ data }) => void (data?.myTurn.gameId === gameId && submitOwed().catch((e) => console.error(`[${name}] ${e.message}`))),
    error: (e) => console.error(`[${name}] myTurn`, e),
    complete: () => undefined,
  });
  await new Promise<void>((done) => {
    ws.subscribe<{ gameEvents: { status: string; events: Event[] } }>({ query: EVENTS, variables: { g: gameId } }, {
      next: ({ data }) => {
        for (const e of data?.gameEvents.events ?? []) console.log(`[${name}] #${e.seq} step ${e.step} ${e.type} ${JSON.stringify(e.data)}`);
        if (data && data.gameEvents.status !== 'ACTIVE' && data.gameEvents.status !== 'OPEN') done();
      },
      error: (e) => (console.error(`[${name}] gameEvents`, e), done()),
      complete: done,
    });
    submitOwed().catch((e) => console.error(`[${name}] ${e.message}`));
  });
  await ws.dispose();
  console.log(`[${name}] the game is over`);
}

if (args.demo) {
  const [a, b] = [await login(`${args.user}_a`, args.password), await login(`${args.user}_b`, args.password)];
  const module = (await call(MODULES, {})).modules.find((m) => !args.module || m.id === args.module);
  if (!module) throw new Error(`No module ${args.module} on this server.`);
  const { createGame } = await call(CREATE, { i: { module: module.id, scenario: args.scenario ?? module.scenarios[0].id, side: 'random' } }, a);
  console.log(`game ${createGame.id} (${module.id})`);
  await call(JOIN, { g: createGame.id }, b);
  await Promise.all([play('a', a, createGame.id), play('b', b, createGame.id)]);
} else {
  if (!args.game) throw new Error('Give --game <id> (or --demo).');
  const token = await login(args.user, args.password);
  const joined = await call(JOIN, { g: args.game }, token).catch((e: Error) => (console.log(`join: ${e.message}`), null));
  if (joined) console.log(`joined; the game is ${joined.joinGame.status}`);
  await play(args.user, token, args.game);
}
