/**
 * Optional OpenTelemetry traces (WARPOST_TRACING; docs/operations.md, "Traces"). Off, the API
 * below is OpenTelemetry's no-op: spans cost nothing and no context travels. On, each process
 * sends its spans over OTLP/HTTP (the exporter reads the standard OTEL_EXPORTER_OTLP_* variables),
 * and a resolution job carries the W3C trace context of the request that queued it in its data,
 * so a submission's trace reaches the worker's resolution of its step.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** W3C trace context (`traceparent`, `tracestate`) as carried in a job's data. */
export type TraceCarrier = Record<string, string>;

let provider: NodeTracerProvider | undefined;

/**
 * Registers the process's tracer provider, once (later calls keep the first). `exporter` replaces
 * OTLP and sends each span as it ends (tests: an in-memory exporter).
 */
export function startTracing(opts: { exporter?: SpanExporter } = {}): void {
  if (provider) return;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'warpost' }),
    spanProcessors: [
      opts.exporter ? new SimpleSpanProcessor(opts.exporter) : new BatchSpanProcessor(new OTLPTraceExporter()),
    ],
  });
  provider.register(); // AsyncLocalStorage context and the W3C propagator
}

/** Sends the spans still buffered (at shutdown). */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}

const tracer = () => trace.getTracer('warpost');

/** The active trace context to put in a job's data; undefined when tracing is off. */
export function traceCarrier(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? carrier : undefined;
}

/**
 * Runs `fn` in a span, the child of `parent` (a job's carried context, an HTTP request's headers)
 * when given, else of the active span. A thrown error marks the span and goes on.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  opts: { kind?: SpanKind; parent?: Record<string, string | string[] | undefined> } = {},
): Promise<T> {
  const ctx = opts.parent ? propagation.extract(ROOT_CONTEXT, opts.parent) : context.active();
  return tracer().startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, attributes }, ctx, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
