/**
 * Commit–reveal for secret prompts (README, "Trust"): the browser sends only the SHA-256 of the
 * RFC 8785 canonical JSON of {orders, salt}, keeps orders and salt in localStorage, and reveals
 * them when every owed side is bound. The salt never leaves this browser before the reveal.
 */
import canonicalize from 'canonicalize';
import { gql } from './api';

export interface Commitment {
  orders: unknown;
  salt: string;
  commitment: string;
}

const key = (gameId: string, side: string, step: number) => `warpost:commit:${gameId}:${side}:${step}`;

/** 32 random bytes as base64url (43 characters of A-Z a-z 0-9 _ -, as revealOrders accepts). */
function newSalt(): string {
  const b = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function commitmentOf(orders: unknown, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalize({ orders, salt })));
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export function storedCommitment(gameId: string, side: string, step: number): Commitment | null {
  try {
    return JSON.parse(localStorage.getItem(key(gameId, side, step)) ?? 'null') as Commitment | null;
  } catch {
    return null;
  }
}

/**
 * Commits to `orders`. The orders and salt are stored before the commitment is sent, so an answer
 * lost on the way still leaves this browser able to reveal; a refusal puts the earlier one back.
 */
export async function commitOrders(gameId: string, side: string, step: number, orders: unknown, sideArg?: string) {
  const salt = newSalt();
  const c: Commitment = { orders, salt, commitment: await commitmentOf(orders, salt) };
  const k = key(gameId, side, step);
  const before = localStorage.getItem(k);
  localStorage.setItem(k, JSON.stringify(c));
  try {
    const d = await gql<{ commitOrders: { commitment: string; revealOpen: boolean } }>(
      'mutation($g:ID!,$s:Int!,$c:String!,$k:String!,$side:String){commitOrders(gameId:$g,step:$s,commitment:$c,idempotencyKey:$k,side:$side){commitment revealOpen}}',
      { g: gameId, s: step, c: c.commitment, k: crypto.randomUUID(), side: sideArg },
    );
    return d.commitOrders;
  } catch (e) {
    if ((e as { code?: string }).code !== 'NETWORK') {
      if (before) localStorage.setItem(k, before);
      else localStorage.removeItem(k);
    }
    throw e;
  }
}

/** Reveals the commitment this browser holds for the step; false when it holds none. */
export async function revealOrders(gameId: string, side: string, step: number, sideArg?: string): Promise<boolean> {
  const c = storedCommitment(gameId, side, step);
  if (!c) return false;
  await gql(
    'mutation($g:ID!,$s:Int!,$o:JSON!,$salt:String!,$k:String!,$side:String){revealOrders(gameId:$g,step:$s,orders:$o,salt:$salt,idempotencyKey:$k,side:$side){stepComplete}}',
    { g: gameId, s: step, o: c.orders ?? null, salt: c.salt, k: `reveal-${c.commitment}`, side: sideArg },
  );
  localStorage.removeItem(key(gameId, side, step));
  return true;
}
