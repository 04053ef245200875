/**
 * A server span per HTTP request when tracing is on (WARPOST_TRACING; platform/tracing.ts). It
 * continues a trace the client sent (`traceparent`), is named by the route pattern (never the raw
 * URL, which carries ids), and is the active span from the handler on (entered in preHandler,
 * after the body is read), so what the request queues carries its trace.
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const spans = new WeakMap<FastifyRequest, Span>();

export function registerTracing(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return;
  const tracer = trace.getTracer('warpost');
  app.addHook('onRequest', (req, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    spans.set(
      req,
      tracer.startSpan(
        `${req.method} ${req.routeOptions.url ?? 'unmatched'}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
        parent,
      ),
    );
    done();
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const span = spans.get(req);
    if (!span) return done();
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = spans.get(req);
    if (span) {
      span.setAttributes({
        'http.route': req.routeOptions.url ?? 'unmatched',
        'http.response.status_code': reply.statusCode,
      });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
