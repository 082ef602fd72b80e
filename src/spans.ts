// The one call the engine, the model client and the store use to open a span. Spans are made only while
// tracing is on (an OTLP endpoint is configured, or a test installed an exporter): otherwise `inSpan` is a plain
// call, so a turn pays nothing for tracing it does not use. Depends on @opentelemetry/api only (no SDK).
import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

let enabled = false;

/** Called by setupTracing (src/observability/tracing.ts) once a tracer provider is registered. */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
}

export function tracingEnabled(): boolean {
  return enabled;
}

/**
 * Run `fn` inside a new active span (a child of the current one), ending it when `fn` settles; a thrown error
 * is recorded on the span and rethrown. With tracing off, `fn` runs as is and receives no span.
 */
export function inSpan<T>(name: string, attributes: Attributes | (() => Attributes), fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!enabled) return fn(undefined);
  const attrs = typeof attributes === 'function' ? attributes() : attributes;
  return trace.getTracer('switchboard').startActiveSpan(name, { attributes: attrs }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Add attributes to the span that is active now (the turn's, inside a turn); nothing when tracing is off. */
export function annotateActiveSpan(attributes: Attributes): void {
  if (enabled) trace.getActiveSpan()?.setAttributes(attributes);
}

/** Attribute names shared by spans, logs and the docs. */
export const ATTR = {
  bot: 'switchboard.bot',
  session: 'switchboard.session_id',
  turn: 'switchboard.turn_id',
  intents: 'switchboard.intents',
  outcome: 'switchboard.outcome',
  path: 'switchboard.path',
  mode: 'switchboard.mode',
} as const;
