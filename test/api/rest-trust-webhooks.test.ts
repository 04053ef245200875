/**
 * The REST mirror of webhooks and trust (commit–reveal, adjudicated orders, replays, exports)
 * end to end against the real services, a resolution worker and a notifier: every response is
 * checked against its schema in the served OpenAPI document, bad input changes nothing, and
 * GraphQL sees the same state (both call the same platform services).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '#platform/trust/canonical.js';
import { gql, waitFor } from '../helpers/gql.js';
import { expectApiError, expectNoInternals, OpenApiResponses, rest, type RestResult } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { EXPORT } from '../helpers/trust.js';
import { NOTIFY_ENV, spawnNotifier, startReceiver, verifyWebhook, type Receiver } from '../notifications/helpers.js';

let stack: Stack;
let rx: Receiver;
let api: OpenApiResponses;
const suffix = Math.random().toString(36).slice(2, 8);

async function call(
  method: string,
  template: string,
  params: Record<string, string | number> = {},
  opts: Parameters<typeof rest>[3] & { query?: string } = {},
): Promise<RestResult> {
  const path =
    template.replace(/\{(\w+)\}/g, (_m, k) => encodeURIComponent(String(params[k]))) +
    (opts.query ? `?${opts.query}` : '');
  const res = await rest(stack.base, method, path, opts);
  expectNoInternals(res.raw);
  api.check(method, `/api/v1${template}`, res);
  if (res.status >= 400) expectApiError(res.body.error);
  return res;
}

const registerUser = async (name: string) =>
  (
    await call(
      'POST',
      '/auth/register',
      {},
      { body: { username: `${name}_${suffix}`, password: 'correct horse battery' } },
    )
  ).body.accessToken as string;

beforeAll(async () => {
  rx = await startReceiver();
  stack = await startStack('services', NOTIFY_ENV);
  await Promise.all([stack.spawnWorker(), spawnNotifier(stack)]);
  api = new OpenApiResponses(await (await fetch(`${stack.base}/docs/json`)).json());
});
afterAll(async () => {
  await stack?.close();
  await rx?.close();
});

describe('REST: webhooks', () => {
  it('create, list, change, test, rotate with grace, delivery log, redeliver, delete', async () => {
    const alice = await registerUser('rw_alice');
    const bob = await registerUser('rw_bob');
    const path = `/rest-hook/${suffix}`;

    const made = await call(
      'POST',
      '/webhooks',
      {},
      { token: alice, body: { url: `${rx.url}${path}`, kinds: ['GAME_STARTED'] } },
    );
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    expect(made.body.webhook).toMatchObject({
      format: 'JSON',
      gameId: null,
      kinds: ['GAME_STARTED'],
      enabled: true,
      consecutiveFailures: 0,
    });
    const hookId = made.body.webhook.id;
    const first = made.body.secret;

    // Bad input is refused with details naming the body field, and stores nothing.
    const badUrl = await call('POST', '/webhooks', {}, { token: alice, body: { url: 'ftp://example.com/x' } });
    expect([badUrl.status, badUrl.body.error.code, badUrl.body.error.details[0].path]).toEqual([
      400,
      'BAD_INPUT',
      ['body', 'url'],
    ]);
    const badKind = await call(
      'POST',
      '/webhooks',
      {},
      { token: alice, body: { url: `${rx.url}/x`, kinds: ['NOPE'] } },
    );
    expect(badKind.body.error).toMatchObject({ code: 'BAD_INPUT', details: [{ path: ['body', 'kinds', 0] }] });
    const badGrace = await call(
      'POST',
      '/webhooks/{webhookId}/rotate-secret',
      { webhookId: hookId },
      { token: alice, body: { graceSeconds: 10_000_000 } },
    );
    expect(badGrace.body.error.code).toBe('BAD_INPUT');
    const listed = await call('GET', '/webhooks', {}, { token: alice });
    expect(listed.body.webhooks.map((h: any) => h.id)).toEqual([hookId]);
    expect(listed.raw).not.toContain(first); // secrets are shown once
    expect((await call('POST', '/webhooks', {}, { body: { url: `${rx.url}/x` } })).body.error.code).toBe(
      'UNAUTHENTICATED',
    );

    const changed = await call(
      'PATCH',
      '/webhooks/{webhookId}',
      { webhookId: hookId },
      { token: alice, body: { kinds: ['GAME_STARTED', 'GAME_FINISHED'] } },
    );
    expect(changed.body.kinds).toEqual(['GAME_STARTED', 'GAME_FINISHED']);

    // A signed test message arrives and shows in the delivery log.
    const test = await call('POST', '/webhooks/{webhookId}/test', { webhookId: hookId }, { token: alice });
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ kind: 'WEBHOOK_TEST', eventType: 'webhook.test' });
    const got = await waitFor(async () => rx.at(path)[0]);
    expect(verifyWebhook(first, got).type).toBe('webhook.test');
    expect(got.headers['webhook-id']).toBe(test.body.id);
    const log = await waitFor(async () => {
      const r = await call(
        'GET',
        '/webhooks/{webhookId}/deliveries',
        { webhookId: hookId },
        { token: alice, query: 'first=5' },
      );
      return r.body.deliveries[0]?.status === 'SENT' && r;
    });
    expect(log.body.deliveries[0]).toMatchObject({
      id: test.body.id,
      attempts: 1,
      attemptLog: [{ attempt: 1, ok: true, statusCode: 200, response: 'ok' }],
    });
    expect(
      (
        await call(
          'GET',
          '/webhooks/{webhookId}/deliveries',
          { webhookId: hookId },
          { token: alice, query: 'status=FAILED' },
        )
      ).body.deliveries,
    ).toEqual([]);

    // Rotation: the new secret signs, and the old one too during the grace period.
    const rotated = await call(
      'POST',
      '/webhooks/{webhookId}/rotate-secret',
      { webhookId: hookId },
      { token: alice, body: { graceSeconds: 600 } },
    );
    expect(rotated.body.secret).not.toBe(first);
    expect(Date.parse(rotated.body.webhook.previousSecretExpiresAt)).toBeGreaterThan(Date.now());

    // Redelivery: the same webhook-id again, signed with both secrets now.
    const again = await call(
      'POST',
      '/webhook-deliveries/{deliveryId}/redeliver',
      { deliveryId: test.body.id },
      { token: alice },
    );
    expect([again.status, again.body.id]).toEqual([202, test.body.id]);
    const second = await waitFor(async () => rx.at(path)[1]);
    expect(second.headers['webhook-id']).toBe(test.body.id);
    expect(verifyWebhook(rotated.body.secret, second).type).toBe('webhook.test');
    expect(verifyWebhook(first, second).type).toBe('webhook.test');

    // Someone else's hook does not exist for bob.
    expect(
      (await call('GET', '/webhooks/{webhookId}/deliveries', { webhookId: hookId }, { token: bob })).body.error.code,
    ).toBe('NOT_FOUND');
    expect(
      (await call('POST', '/webhook-deliveries/{deliveryId}/redeliver', { deliveryId: test.body.id }, { token: bob }))
        .body.error.code,
    ).toBe('NOT_FOUND');
    expect((await call('DELETE', '/webhooks/{webhookId}', { webhookId: hookId }, { token: bob })).status).toBe(404);

    // GraphQL sees the same hook, then nothing after the REST delete.
    const viaGraphql = await gql(stack.base, '{ webhooks { id kinds previousSecretExpiresAt } }', {}, alice);
    expect(viaGraphql.data.webhooks).toEqual([
      {
        id: hookId,
        kinds: ['GAME_STARTED', 'GAME_FINISHED'],
        previousSecretExpiresAt: rotated.body.webhook.previousSecretExpiresAt,
      },
    ]);
    expect((await call('DELETE', '/webhooks/{webhookId}', { webhookId: hookId }, { token: alice })).body).toEqual({
      ok: true,
    });
    expect((await call('GET', '/webhooks', {}, { token: alice })).body.webhooks).toEqual([]);
    expect(
      (await call('GET', '/webhooks/{webhookId}/deliveries', { webhookId: hookId }, { token: alice })).status,
    ).toBe(404);
  });
});

describe('REST: commit–reveal, adjudicated orders, replay, export', () => {
  it('a step played by commit–reveal over REST, then checked against receipts and GraphQL', async () => {
    const alice = await registerUser('rt_alice');
    const bob = await registerUser('rt_bob');
    const gameId = (
      await call(
        'POST',
        '/games',
        {},
        { token: alice, body: { module: 'sealed-bid', scenario: 'standard', side: 'north' } },
      )
    ).body.id;
    await call('POST', '/games/{gameId}/join', { gameId }, { token: bob, body: { side: 'south' } });

    const orders = {
      north: { bid: 1, note: `north-secret-${suffix}` },
      south: { bid: 1, note: `south-secret-${suffix}` },
    };
    const salts = { north: randomUUID().replace(/-/g, ''), south: randomUUID().replace(/-/g, '') };
    const commitBody = (side: 'north' | 'south') => ({
      step: 1,
      commitment: commitmentOf(orders[side], salts[side]),
      idempotencyKey: randomUUID(),
    });

    const bad = await call(
      'POST',
      '/games/{gameId}/commitments',
      { gameId },
      { token: alice, body: { ...commitBody('north'), commitment: 'z'.repeat(64) } },
    );
    expect([bad.status, bad.body.error.code, bad.body.error.details[0].path]).toEqual([
      400,
      'BAD_INPUT',
      ['body', 'commitment'],
    ]);
    const c1 = await call(
      'POST',
      '/games/{gameId}/commitments',
      { gameId },
      { token: alice, body: commitBody('north') },
    );
    expect(c1.body).toMatchObject({
      gameId,
      step: 1,
      side: 'north',
      revealOpen: false,
      replayed: false,
      receipt: { kind: 'commitment', hash: c1.body.commitment },
    });
    const early = await call(
      'POST',
      '/games/{gameId}/reveal',
      { gameId },
      { token: alice, body: { step: 1, orders: orders.north, salt: salts.north, idempotencyKey: randomUUID() } },
    );
    expect(early.body.error).toMatchObject({ code: 'REVEAL_NOT_OPEN', waiting: ['south'] });
    const c2 = await call('POST', '/games/{gameId}/commitments', { gameId }, { token: bob, body: commitBody('south') });
    expect(c2.body.revealOpen).toBe(true);

    // A reveal that does not open the commitment changes nothing.
    const mismatch = await call(
      'POST',
      '/games/{gameId}/reveal',
      { gameId },
      {
        token: alice,
        body: { step: 1, orders: { ...orders.north, bid: 2 }, salt: salts.north, idempotencyKey: randomUUID() },
      },
    );
    expect([mismatch.status, mismatch.body.error.code]).toEqual([422, 'COMMITMENT_MISMATCH']);
    const r1 = await call(
      'POST',
      '/games/{gameId}/reveal',
      { gameId },
      { token: alice, body: { step: 1, orders: orders.north, salt: salts.north, idempotencyKey: randomUUID() } },
    );
    expect(r1.body).toMatchObject({
      side: 'north',
      stepComplete: false,
      receipt: { kind: 'orders', hash: r1.body.ordersHash },
    });
    const r2 = await call(
      'POST',
      '/games/{gameId}/reveal',
      { gameId },
      { token: bob, body: { step: 1, orders: orders.south, salt: salts.south, idempotencyKey: randomUUID() } },
    );
    expect(r2.body.stepComplete).toBe(true);
    await waitFor(
      async () => (await rest(stack.base, 'GET', `/games/${gameId}`, { token: alice })).body.game.step === 2,
    );

    // The orders adjudicated for north match its receipts; south's stay south's while the game runs.
    const adj = await call('GET', '/games/{gameId}/steps/{step}/orders', { gameId, step: 1 }, { token: alice });
    expect(adj.body).toMatchObject({
      step: 1,
      side: 'north',
      origin: 'player',
      orders: orders.north,
      ordersHash: r1.body.ordersHash,
      commitment: c1.body.commitment,
      salt: salts.north,
    });
    expect(adj.body.receipts.map((r: any) => r.kind)).toEqual(['commitment', 'orders']);
    expect(
      (
        await call(
          'GET',
          '/games/{gameId}/steps/{step}/orders',
          { gameId, step: 1 },
          { token: alice, query: 'side=south' },
        )
      ).body.error.code,
    ).toBe('NOT_YOUR_SIDE');
    expect(
      (await call('GET', '/games/{gameId}/steps/{step}/orders', { gameId, step: 9 }, { token: alice })).body.error.code,
    ).toBe('STEP_NOT_AVAILABLE');

    // Replay of step 1 is what north saw when it opened; step 2's includes step 1's events.
    const replay1 = await call('GET', '/games/{gameId}/steps/{step}/replay', { gameId, step: 1 }, { token: alice });
    expect(replay1.body).toMatchObject({
      gameId,
      step: 1,
      viewer: 'north',
      myPrompts: [{ side: 'north', kind: 'bid', secret: true }],
    });
    const replay2 = await call('GET', '/games/{gameId}/steps/{step}/replay', { gameId, step: 2 }, { token: bob });
    expect(replay2.body.events.map((e: any) => e.step)).toContain(1);
    expect(replay2.raw).not.toContain(orders.north.note);
    expect(
      (await call('GET', '/games/{gameId}/steps/{step}/replay', { gameId, step: 50 }, { token: alice })).body.error,
    ).toMatchObject({ code: 'STEP_NOT_AVAILABLE', availableUpTo: 2 });

    // Export: a side's part while the game runs, the same document as GraphQL's; none for spectators.
    const exp = await call('GET', '/games/{gameId}/export', { gameId }, { token: bob });
    expect(exp.body).toMatchObject({ format: 'warpost-game-export', version: 1, scope: 'side', side: 'south' });
    expect(exp.raw).not.toContain(orders.north.note);
    expect(exp.raw).not.toContain(salts.north);
    expect(exp.raw).toContain(salts.south);
    const viaGraphql = (await gql(stack.base, EXPORT, { g: gameId }, bob)).data.gameExport;
    expect({ ...exp.body, exportedAt: null }).toEqual({ ...viaGraphql, exportedAt: null });
    const anonymous = await call('GET', '/games/{gameId}/export', { gameId });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([403, 'EXPORT_NOT_AVAILABLE']);
  });
});
