/**
 * /metrics: after a submission and a resolution the counters moved — requests by route pattern and
 * status code and submissions on the API, resolutions and their latency on the worker's own port
 * (WARPOST_METRICS_PORT) — and the queue, outbox and subscription gauges are there. The bearer
 * token (METRICS_TOKEN) is required when set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/gql.js';
import { freePort, sample } from '../helpers/metrics.js';
import { createGame, join, register, submit, view } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

const TOKEN = 'metrics-test-token';

describe('/metrics', () => {
  let stack: Stack;
  let workerUrl: string;
  beforeAll(async () => {
    stack = await startStack('services', { METRICS_TOKEN: TOKEN });
    const port = await freePort();
    workerUrl = `http://127.0.0.1:${port}/metrics`;
    await stack.spawnWorker({ WARPOST_METRICS_PORT: String(port), HOST: '127.0.0.1' });
  });
  afterAll(async () => stack?.close());

  const scrape = async (url = `${stack.base}/metrics`) => {
    const r = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    return r.text();
  };

  it('refuses a scrape without the bearer token, or with a wrong one', async () => {
    expect((await fetch(`${stack.base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${stack.base}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('warpost_');
  });

  it('after a submission and a resolution, the counters moved', async () => {
    const api0 = await scrape();
    const worker0 = await scrape(workerUrl);
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `mx_a_${s}`);
    const b = await register(stack.base, `mx_b_${s}`);
    const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await join(stack.base, b, g.id, 'south');
    expect((await submit(stack.base, a, g.id, 1, { bid: 2, note: 'n' })).errors).toBeUndefined();
    expect((await submit(stack.base, b, g.id, 1, { bid: 1, note: 's' })).errors).toBeUndefined();
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2);
    const missing = await fetch(`${stack.base}/no-such-route/${g.id}`);
    expect(missing.status).toBe(404);

    const api1 = await scrape();
    expect(
      sample(api1, 'warpost_submissions_total', { result: 'accepted' }) -
        sample(api0, 'warpost_submissions_total', { result: 'accepted' }),
    ).toBe(2);
    const gqlOk = { method: 'POST', route: '/graphql', status_code: '200' };
    expect(
      sample(api1, 'warpost_http_requests_total', gqlOk) - sample(api0, 'warpost_http_requests_total', gqlOk),
    ).toBeGreaterThanOrEqual(6);
    expect(
      sample(api1, 'warpost_http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(api1).not.toContain(g.id); // route patterns, never raw URLs
    expect(api1).toMatch(/^warpost_queue_jobs\{queue="resolve",state="waiting"\} \d+/m);
    expect(api1).toMatch(/^warpost_queue_oldest_waiting_seconds\{queue="notify"\} [\d.]+/m);
    expect(api1).toMatch(/^warpost_outbox_lag_seconds\{consumer="publish"\} [\d.]+/m);
    expect(api1).toMatch(/^warpost_open_subscriptions \d+/m);

    const worker1 = await waitFor(async () => {
      const t = await scrape(workerUrl);
      return (
        sample(t, 'warpost_resolutions_total', { outcome: 'resolved' }) >
          sample(worker0, 'warpost_resolutions_total', { outcome: 'resolved' }) && t
      );
    }, 10_000);
    expect(
      sample(worker1, 'warpost_resolution_duration_seconds_count') -
        sample(worker0, 'warpost_resolution_duration_seconds_count'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(worker1, 'warpost_resolution_wait_seconds_count')).toBeGreaterThanOrEqual(1);
  });
});
