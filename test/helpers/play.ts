/** Player-level helpers over the GraphQL API. */
import { randomUUID } from 'node:crypto';
import { gql, type GqlResult } from './gql.js';

export interface Player {
  name: string;
  token: string;
  refreshToken: string;
  id: string;
  /** Raw text of every HTTP response this player received (for leak checks). */
  seen: string[];
}

export async function register(base: string, name: string): Promise<Player> {
  const r = await gql(
    base,
    `mutation($u:String!,$p:String!){register(username:$u,password:$p){accessToken refreshToken user{id}}}`,
    { u: name, p: 'correct horse battery' },
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return {
    name,
    token: r.data.register.accessToken,
    refreshToken: r.data.register.refreshToken,
    id: r.data.register.user.id,
    seen: [],
  };
}

export async function as<T = any>(
  base: string,
  p: Player,
  query: string,
  vars: Record<string, unknown> = {},
): Promise<GqlResult<T>> {
  const r = await gql<T>(base, query, vars, p.token);
  p.seen.push(r.raw);
  return r;
}

export const VIEW = `query($id:ID!,$side:String){game(id:$id,side:$side){viewer view game{id status step deadline seedHash seed pausedReason seats{side user{username}}}
  myPrompts{side kind secret choices defaultOrders} owed{side ready} mySubmission{step orders ready}
  events{seq step type data rolls} outcome{winner summary score}}}`;

export const SUBMIT = `mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!,$side:String,$ready:Boolean){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k,side:$side,ready:$ready){step side ordersHash stepComplete replayed ready}}`;

export async function createGame(base: string, p: Player, input: Record<string, unknown>) {
  const r = await as(base, p, `mutation($i:CreateGameInput!){createGame(input:$i){id status seedHash seats{side}}}`, {
    i: input,
  });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.createGame as { id: string; status: string; seedHash: string };
}

export async function join(base: string, p: Player, gameId: string, side?: string) {
  const r = await as(
    base,
    p,
    `mutation($g:ID!,$s:String){joinGame(gameId:$g,side:$s){id status step seats{side user{username}}}}`,
    { g: gameId, s: side },
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.joinGame;
}

export async function view(base: string, p: Player, gameId: string, side?: string) {
  const r = await as(base, p, VIEW, { id: gameId, side });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.game;
}

export async function submit(
  base: string,
  p: Player,
  gameId: string,
  step: number,
  orders: unknown,
  extra: Record<string, unknown> = {},
) {
  return as(base, p, SUBMIT, { g: gameId, s: step, o: orders, k: randomUUID(), ...extra });
}
