/**
 * OpenTelemetry traces (WARPOST_TRACING; docs/operations.md, "Traces"): the submission that
 * completes a step, sent over GraphQL with a client's `traceparent`, and the worker's resolution
 * of that step, taken from BullMQ on Redis, are spans of one trace: HTTP server span → queue
 * (producer) span → resolve (consumer) span. An in-memory exporter collects the spans of this
 * process, which runs the API and a worker.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '#platform/tracing.js';
import { waitFor } from '../helpers/gql.js';
import { createGame, join, register, submit, SUBMIT, view } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

const exporter = new InMemorySpanExporter();
let stack: Stack;
beforeAll(async () => {
  startTracing({ exporter }); // before boot: the platform's own start keeps this provider
  stack = await startStack('services', { WARPOST_TRACING: 'true' });
  await stack.booted.startWorker(); // a BullMQ worker in this process: the job goes through Redis
});
afterAll(async () => stack?.close());

const spans = () => exporter.getFinishedSpans();
const attr = (s: ReadableSpan, k: string) => s.attributes[k];

describe('traces', () => {
  it('a submission over GraphQL and its resolution by the worker share a trace id', async () => {
    const s = Math.random().toString(36).slice(2, 8);
    const a = await register(stack.base, `tr_a_${s}`);
    const b = await register(stack.base, `tr_b_${s}`);
    const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'standard', side: 'north' });
    await join(stack.base, b, g.id, 'south');
    expect((await submit(stack.base, a, g.id, 1, { bid: 2, note: 'a' })).errors).toBeUndefined();

    // The last owed submission, in a trace the client started.
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${stack.base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${b.token}`,
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ query: SUBMIT, variables: { g: g.id, s: 1, o: { bid: 1, note: 'b' }, k: randomUUID() } }),
    });
    expect(
      ((await res.json()) as { data: { submitOrders: { stepComplete: boolean } } }).data.submitOrders.stepComplete,
    ).toBe(true);
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 30_000);

    const resolve = await waitFor(
      async () =>
        spans().find(
          (x) => x.name === 'resolve' && attr(x, 'warpost.game_id') === g.id && attr(x, 'warpost.step') === 1,
        ),
      10_000,
    );
    expect(resolve.spanContext().traceId).toBe(traceId);
    expect(attr(resolve, 'warpost.outcome')).toBe('resolved');
    const queued = spans().find((x) => x.name === 'queue resolve' && attr(x, 'warpost.game_id') === g.id)!;
    expect(queued.spanContext().traceId).toBe(traceId);
    expect(resolve.parentSpanContext?.spanId).toBe(queued.spanContext().spanId);
    const request = spans().find((x) => x.spanContext().spanId === queued.parentSpanContext?.spanId)!;
    expect(request.name).toBe('POST /graphql');
    expect(attr(request, 'http.response.status_code')).toBe(200);
    // The first submission did not complete the step: its request queued nothing, in its own trace.
    const others = spans().filter((x) => x.name === 'POST /graphql' && x.spanContext().traceId !== traceId);
    expect(others.length).toBeGreaterThan(0);
    expect(spans().filter((x) => x.name === 'queue resolve' && attr(x, 'warpost.game_id') === g.id)).toHaveLength(1);
  });
});
