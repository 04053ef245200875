/**
 * One whole Cerberus game between two bot clients over the public API: two users register, one
 * creates the game (scenario `campaign`) as HUMAN, the other joins as CETIAN, and each plays its
 * side with `playAsBot` and the module's bot on its own view (cerberus-view-bot.ts). Used by
 * `npm run demo`, the API test (test/games/cerberus-api.test.ts) and the bench (bench/cerberus.ts).
 */
import { randomBytes } from 'node:crypto';
import { playAsBot, type BotPlayerOptions, type BotPlayerResult } from './bot-player.js';
import { cerberusBotOrders, pruneOrders } from './cerberus-view-bot.js';

export const SIDES = ['HUMAN', 'CETIAN'] as const;
export type CerberusSide = (typeof SIDES)[number];

export interface Seat {
  side: CerberusSide;
  username: string;
  password: string;
  token: string;
}

export interface MatchOptions {
  url: string;
  /** Usernames get this prefix and a random suffix. */
  prefix?: string;
  /** Game options (defaults: the module's). */
  options?: Record<string, unknown>;
  log?(line: string): void;
  /** Per-side hooks passed on to playAsBot (leak checks, timings). */
  hooks?: Partial<Record<CerberusSide, Pick<BotPlayerOptions, 'onReceive' | 'onSubmitted' | 'onUpdate'>>>;
  /** Called once the game exists, before anyone plays. */
  onCreated?(gameId: string, seats: Record<CerberusSide, Seat>): void | Promise<void>;
}

export interface MatchResult {
  gameId: string;
  seats: Record<CerberusSide, Seat>;
  players: Record<CerberusSide, BotPlayerResult>;
  /** From creating the game to both clients seeing it end. */
  wallMs: number;
}

export async function gqlCall<T = any>(url: string, query: string, variables: object = {}, token?: string): Promise<T> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => `${e.extensions?.code}: ${e.message}`).join('; '));
  return body.data!;
}

async function registerSeat(url: string, side: CerberusSide, username: string): Promise<Seat> {
  const password = randomBytes(12).toString('base64url');
  const d = await gqlCall<{ register: { accessToken: string } }>(
    url,
    `mutation($u:String!,$p:String!){register(username:$u,password:$p){accessToken}}`,
    { u: username, p: password },
  );
  // A play-scoped personal token: it outlives the short access token over a long game.
  const t = await gqlCall<{ createApiToken: { token: string } }>(
    url,
    `mutation{createApiToken(name:"cerberus bot",scopes:[read,play]){token}}`,
    {},
    d.register.accessToken,
  );
  return { side, username, password, token: t.createApiToken.token };
}

export async function playCerberusMatch(o: MatchOptions): Promise<MatchResult> {
  const log = o.log ?? (() => undefined);
  const tag = `${o.prefix ?? 'cerberus'}_${randomBytes(3).toString('hex')}`;
  const seats = {
    HUMAN: await registerSeat(o.url, 'HUMAN', `${tag}_human`),
    CETIAN: await registerSeat(o.url, 'CETIAN', `${tag}_cetian`),
  };
  const t0 = performance.now();
  const created = await gqlCall<{ createGame: { id: string } }>(
    o.url,
    `mutation($i:CreateGameInput!){createGame(input:$i){id}}`,
    { i: { module: 'cerberus', scenario: 'campaign', side: 'HUMAN', ...(o.options ? { options: o.options } : {}) } },
    seats.HUMAN.token,
  );
  const gameId = created.createGame.id;
  await o.onCreated?.(gameId, seats);
  log(`game ${gameId}: ${seats.HUMAN.username} (HUMAN) against ${seats.CETIAN.username} (CETIAN)`);
  const seed = randomBytes(8).toString('hex'); // the bots' own randomness (set-up variety)
  const play = (side: CerberusSide, onReady?: () => void) =>
    playAsBot({
      onReady,
      url: o.url,
      token: seats[side].token,
      gameId,
      name: side,
      decide: ({ view, prompt, step }) => cerberusBotOrders(view, side, prompt.kind, `${seed}-${side}`, step),
      prune: pruneOrders,
      log,
      ...o.hooks?.[side],
    });
  // The creator listens before the join starts the game; the other player subscribes once seated
  // (a subscription carries the events of the side its user held when it was opened).
  let humanReady!: () => void;
  const listening = new Promise<void>((r) => (humanReady = r));
  const human = play('HUMAN', humanReady);
  await Promise.race([
    listening,
    human.then(() => Promise.reject(new Error('the HUMAN client stopped before the game started'))),
  ]);
  await gqlCall(
    o.url,
    `mutation($g:ID!){joinGame(gameId:$g,side:"CETIAN"){status}}`,
    { g: gameId },
    seats.CETIAN.token,
  );
  const [h, c] = await Promise.all([human, play('CETIAN')]);
  return { gameId, seats, players: { HUMAN: h, CETIAN: c }, wallMs: performance.now() - t0 };
}
