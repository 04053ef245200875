/**
 * Signed receipts: every accepted submission, commitment and reveal is signed with the key
 * published at /.well-known/warpost-signing-key; a tampered receipt fails; after resolution a
 * side fetches the orders adjudicated for it and checks them against its receipt.
 */
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jcs, ordersHash } from '#platform/trust/canonical.js';
import { errorCode, gql, waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, view, type Player } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { commit, newSalt, reveal, SUBMIT_R, UNLIMITED } from '../helpers/trust.js';

const ADJUDICATED = `query($g:ID!,$s:Int!,$side:String){adjudicatedOrders(gameId:$g,step:$s,side:$side){step side origin orders ordersHash commitment salt receipts{kind hash signature signed}}}`;

let stack: Stack;
let alice: Player;
let bob: Player;
let jwk: { kty: string; crv: string; x: string; kid: string };

beforeAll(async () => {
  stack = await startStack('services', UNLIMITED);
  await stack.spawnWorker();
  const s = Math.random().toString(36).slice(2, 8);
  alice = await register(stack.base, `rca_${s}`);
  bob = await register(stack.base, `rcb_${s}`);
  const res = await fetch(`${stack.base}/.well-known/warpost-signing-key`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/jwk+json');
  jwk = (await res.json()) as typeof jwk;
});
afterAll(async () => stack?.close());

/** What any client does: rebuild the signed text from the fields and check the signature. */
function checks(receipt: Record<string, unknown>): boolean {
  const { signature, signed: _signed, ...payload } = receipt;
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(jcs(payload)), key, Buffer.from(String(signature), 'base64url'));
}

describe('receipts', () => {
  it('publishes an Ed25519 JWK, also through GraphQL', async () => {
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwk.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const r = await gql(stack.base, `{signingKey}`);
    expect(r.data.signingKey).toEqual(jwk);
  });

  it('sign every accepted submission, commitment and reveal; tampering breaks them; adjudicated orders match', async () => {
    const g = await createGame(stack.base, alice, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await join(stack.base, bob, g.id, 'south');
    const northOrders = { bid: 2, note: 'north plan' };
    const plain = await as(stack.base, alice, SUBMIT_R, { g: g.id, s: 1, o: northOrders, k: 'r1' });
    const salt = newSalt();
    const southOrders = { bid: 1, note: 'south plan' };
    const committed = await commit(stack.base, bob, g.id, 1, southOrders, salt);
    const revealed = await reveal(stack.base, bob, g.id, 1, southOrders, salt);
    const receipts = [
      plain.data.submitOrders.receipt,
      committed.data.commitOrders.receipt,
      revealed.data.revealOrders.receipt,
    ];

    for (const r of receipts) {
      expect(r).toMatchObject({ version: 1, gameId: g.id, step: 1, seedHash: g.seedHash, keyId: jwk.kid });
      expect(r.signed).toBe(jcs({ ...r, signature: undefined, signed: undefined }));
      expect(checks(r)).toBe(true);
      expect(checks({ ...r, hash: ordersHash({ bid: 9 }) })).toBe(false);
      expect(checks({ ...r, side: r.side === 'north' ? 'south' : 'north' })).toBe(false);
      expect(checks({ ...r, signature: (r.signature[0] === 'A' ? 'B' : 'A') + r.signature.slice(1) })).toBe(false);
    }
    expect(receipts.map((r) => r.kind)).toEqual(['orders', 'commitment', 'orders']);
    expect(receipts[0].hash).toBe(ordersHash(northOrders));
    expect(receipts[2].hash).toBe(ordersHash(southOrders));
    // An idempotent replay returns the same receipt.
    const again = await as(stack.base, alice, SUBMIT_R, { g: g.id, s: 1, o: northOrders, k: 'r1' });
    expect(again.data.submitOrders.receipt).toEqual(receipts[0]);

    // Before resolution nothing is adjudicated; the other side's orders are never shown while the game runs.
    await waitFor(async () => (await view(stack.base, alice, g.id)).game.step === 2);
    const mine = (await as(stack.base, bob, ADJUDICATED, { g: g.id, s: 1 })).data.adjudicatedOrders;
    expect(mine).toMatchObject({
      side: 'south',
      origin: 'player',
      orders: southOrders,
      salt,
      commitment: receipts[1].hash,
    });
    expect(mine.ordersHash).toBe(ordersHash(mine.orders));
    expect(mine.receipts.at(-1).hash).toBe(mine.ordersHash);
    expect(mine.receipts.map((r: any) => r.kind)).toEqual(['commitment', 'orders']);
    const north = (await as(stack.base, alice, ADJUDICATED, { g: g.id, s: 1 })).data.adjudicatedOrders;
    expect(north.ordersHash).toBe(receipts[0].hash);
    expect(errorCode(await as(stack.base, alice, ADJUDICATED, { g: g.id, s: 1, side: 'south' }))).toBe('NOT_YOUR_SIDE');
    expect(errorCode(await as(stack.base, alice, ADJUDICATED, { g: g.id, s: 2 }))).toBe('STEP_NOT_AVAILABLE');
    expect(alice.seen.join('\n')).not.toContain('south plan');
  });
});
