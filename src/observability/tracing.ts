// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set:
// then the SDK is loaded, spans go to that OTLP/HTTP endpoint in batches, and every request gets a span from
// @fastify/otel (trace context taken from an incoming `traceparent`), with the turn's spans under it:
//   request → handler → switchboard.turn → switchboard.understand (→ chat <model>)
//                                        → switchboard.specialist <node> (→ switchboard.tool <name>, chat <model>)
//                                        → switchboard.store persist
// Tests pass their own exporter (the SDK's InMemorySpanExporter) instead of an endpoint.
import { context, propagation, trace, type Context } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { ReadableSpan, Sampler, Span, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR, setTracingEnabled } from '../spans.ts';

export interface Tracing {
  /** The @fastify/otel plugin: register it before any route. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** Export what is buffered (shutdown does it too). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Export here, synchronously, instead of to OTLP (tests). */
  exporter?: SpanExporter;
  serviceVersion?: string;
}

export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true';
}

/** Start tracing for this process, or return null when it is not configured (the SDK is not even loaded). */
export async function setupTracing({ env = process.env, exporter, serviceVersion }: TracingOptions = {}): Promise<Tracing | null> {
  if (!exporter && !tracingConfigured(env)) return null;
  const [sdk, { AsyncLocalStorageContextManager }, { resourceFromAttributes }, { W3CTraceContextPropagator, W3CBaggagePropagator, CompositePropagator }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
    import('@fastify/otel'),
  ]);
  let processor: SpanProcessor;
  if (exporter) {
    processor = new sdk.SimpleSpanProcessor({ exporter });
  } else {
    // OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS, _TIMEOUT… are read by the exporter itself.
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  }
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'switchboard', ...(serviceVersion ? { 'service.version': serviceVersion } : {}) }),
    sampler: samplerFromEnv(env, sdk),
    spanProcessors: [new InheritIds(), processor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  setTracingEnabled(true);

  const instrumentation = new FastifyOtelInstrumentation({ ignorePaths: (r: { url?: string }) => r.url === '/api/health' || r.url === '/api/ready' || r.url === '/metrics' });
  instrumentation.setTracerProvider(provider);
  const fastifyPlugin = instrumentation.plugin();
  return {
    plugin: async (app) => {
      await app.register(fastifyPlugin);
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      setTracingEnabled(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** OTEL_TRACES_SAMPLER: always_on (default, under a sampled parent), traceidratio or parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG. */
function samplerFromEnv(env: NodeJS.ProcessEnv, sdk: typeof import('@opentelemetry/sdk-trace')): Sampler {
  const name = env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on';
  const ratio = Math.min(1, Math.max(0, Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1) || 0));
  if (name === 'always_off') return new sdk.AlwaysOffSampler();
  if (name === 'always_on') return new sdk.AlwaysOnSampler();
  if (name === 'traceidratio') return new sdk.TraceIdRatioBasedSampler(ratio);
  if (name === 'parentbased_traceidratio') return new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(ratio) });
  if (name === 'parentbased_always_off') return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() });
  return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
}

/**
 * Every span inside a turn carries the bot and session ids of the turn's span (set as soon as the session is
 * known), so any one of them can be found by conversation.
 */
class InheritIds implements SpanProcessor {
  onStart(span: Span, parentContext: Context): void {
    const parent = trace.getSpan(parentContext) as unknown as Partial<ReadableSpan> | undefined;
    const attrs = parent?.attributes;
    if (!attrs) return;
    for (const key of [ATTR.bot, ATTR.session]) {
      const value = attrs[key];
      if (value !== undefined && span.attributes[key] === undefined) span.setAttribute(key, value);
    }
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
