/**
 * Several API instances with the same keys (docs/operations.md, "Several instances"): a token
 * issued by one is accepted by the other and refused by an instance with another JWT_SECRET, a
 * receipt signed by one verifies against the key the other publishes, and a subscriber on one
 * instance hears what a submission on another (and the worker process) caused. A worker stopped
 * with SIGTERM mid-resolution finishes the step before it exits.
 */
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jcs } from '#platform/trust/canonical.js';
import { collect, gql, waitFor, wsClient } from '../helpers/gql.js';
import { withPg } from '../helpers/db.js';
import { as, createGame, join, register, submit, view } from '../helpers/play.js';
import { SUBMIT_R } from '../helpers/trust.js';
import { startStack, type Stack } from '../helpers/stack.js';

let one: Stack;
let two: Stack;
beforeAll(async () => {
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  one = await startStack('services', { WARPOST_SIGNING_KEY: signingKey });
  // The second instance shares the database, Redis, queue prefix, token key and signing key of the first.
  two = await startStack('services', {
    WARPOST_QUEUE_PREFIX: one.env.WARPOST_QUEUE_PREFIX,
    API_REDIS_PREFIX: one.env.API_REDIS_PREFIX,
    JWT_SECRET: one.env.JWT_SECRET,
    WARPOST_SIGNING_KEY: signingKey,
  });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

describe('several processes', () => {
  it('share keys: a token and a receipt of one instance hold on the other; another JWT_SECRET refuses the token', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(one.base, `ka_${s}`);
    const b = await register(two.base, `kb_${s}`);
    expect((await as(two.base, a, `{me{id}}`)).data.me.id).toBe(a.id);
    expect((await as(one.base, b, `{me{id}}`)).data.me.id).toBe(b.id);

    const g = await createGame(one.base, a, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    await join(two.base, b, g.id, 'south');
    const r = await as(one.base, a, SUBMIT_R, { g: g.id, s: 1, o: { bid: 1 }, k: `k-${s}` });
    const receipt = r.data.submitOrders.receipt;
    const jwk = (await (await fetch(`${two.base}/.well-known/warpost-signing-key`)).json()) as {
      kid: string;
      kty: string;
      crv: string;
      x: string;
    };
    expect(receipt.keyId).toBe(jwk.kid);
    const { signature, signed: _signed, ...payload } = receipt;
    const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
    expect(verify(null, Buffer.from(jcs(payload)), key, Buffer.from(signature, 'base64url'))).toBe(true);

    // An instance left with a key of its own (the data directory's default) knows nobody's tokens.
    const stray = await startStack('services', { WARPOST_QUEUE_PREFIX: one.env.WARPOST_QUEUE_PREFIX });
    try {
      const refused = await gql(stray.base, `{me{id}}`, {}, a.token);
      expect(refused.errors?.[0]?.extensions?.code).toBe('TOKEN_INVALID');
    } finally {
      await stray.close();
    }
  });

  it('subscriptions on one API instance receive updates caused through another', async () => {
    await one.spawnWorker();
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(one.base, `ia_${s}`);
    const b = await register(two.base, `ib_${s}`);
    const g = await createGame(one.base, a, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    const ws = wsClient(two.base, a.token);
    const turns = collect(ws, `subscription{myTurn{gameId step}}`);
    await new Promise((r) => setTimeout(r, 300));
    await join(two.base, b, g.id, 'south');
    await turns.until((items) => items.some((i: any) => i.myTurn.gameId === g.id && i.myTurn.step === 1));
    const events = collect(ws, `subscription($g:ID!){gameEvents(gameId:$g){step events{type}}}`, { g: g.id });
    await new Promise((r) => setTimeout(r, 300));
    await submit(one.base, a, g.id, 1, { bid: 1 });
    await submit(one.base, b, g.id, 1, { bid: 2 });
    await events.until((items) =>
      items.some((i: any) => i.gameEvents.events.some((e: any) => e.type === 'bids-revealed')),
    );
    await ws.dispose();
  });

  it('SIGTERM lets a resolution in flight finish before the worker exits', async () => {
    for (const w of one.workers) if (w.exitCode === null) w.kill('SIGKILL');
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(one.base, `sa_${s}`);
    const b = await register(one.base, `sb_${s}`);
    const g = await createGame(one.base, a, { module: 'sealed-bid', scenario: 'short', side: 'north' });
    await join(one.base, b, g.id, 'south');
    const worker = await one.spawnWorker({ WARPOST_FAULT_RESOLVE_DELAY_MS: '2000' });
    let log = '';
    worker.stdout!.on('data', (d) => (log += d.toString()));
    await submit(one.base, a, g.id, 1, { bid: 1 });
    await submit(one.base, b, g.id, 1, { bid: 2 });
    await waitFor(async () => log.includes('fault injection'), 20_000);
    worker.kill('SIGTERM');
    const code = await new Promise((r) => worker.once('exit', r));
    expect(code).toBe(0);
    expect((await view(one.base, a, g.id)).game.step).toBe(2);
    const n = await withPg(
      async (c) =>
        (await c.query(`SELECT count(*)::int AS n FROM "StepRecord" WHERE "gameId" = $1 AND step = 1`, [g.id])).rows[0]
          .n,
    );
    expect(n).toBe(1);
  });
});
