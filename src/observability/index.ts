// Running it in production: Prometheus metrics (/metrics), OpenTelemetry traces, structured logs and
// readiness (/api/ready). `setupObservability` wires all four to a runtime; buildServer takes its `instrument`
// (hooks and routes registered before every other route) and its Fastify logging options.
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../engine/runtime.ts';
import { bearerCredential, safeEqual } from '../secrets.ts';
import { createLogger, fastifyLogging, logTurns, type Logger } from './logging.ts';
import { Metrics } from './metrics.ts';
import { Readiness } from './readiness.ts';
import { setupTracing, type Tracing, type TracingOptions } from './tracing.ts';

export { Metrics } from './metrics.ts';
export { Readiness, type ReadyReport } from './readiness.ts';
export { createLogger, fastifyLogging, logTurns, redactUrl, type Logger, type LoggerOptions } from './logging.ts';
export { setupTracing, tracingConfigured, type Tracing, type TracingOptions } from './tracing.ts';

export interface ObservabilityOptions {
  runtime: Runtime;
  /** The admin token always reads /metrics; SWITCHBOARD_METRICS_TOKEN (env) adds a token that reads only that. */
  adminToken: string;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Tests: export spans here instead of OTLP. */
  spanExporter?: TracingOptions['exporter'];
}

export interface Observability {
  logger: Logger;
  metrics: Metrics;
  readiness: Readiness;
  tracing: Tracing | null;
  /** buildServer's `instrument`: tracing plugin and HTTP metrics hook. */
  instrument(app: FastifyInstance): Promise<void>;
  /** buildServer's `probes`: GET /metrics and GET /api/ready, with the route config (their rate limit) it gives. */
  probes(app: FastifyInstance, config?: Record<string, unknown>): Promise<void>;
  /** buildServer's `logging`: this logger for Fastify, with probes and scrapes left out of the request log. */
  logging: ReturnType<typeof fastifyLogging>;
  /** Stop observing and export the last spans. */
  close(): Promise<void>;
}

export async function setupObservability(opts: ObservabilityOptions): Promise<Observability> {
  const env = opts.env ?? process.env;
  const logger = opts.logger ?? createLogger({ env });
  const tracing = await setupTracing({ env, exporter: opts.spanExporter });
  const metrics = new Metrics();
  metrics.attach(opts.runtime);
  const readiness = new Readiness(opts.runtime);
  const stopLogs = logTurns(opts.runtime, logger, env);
  const tokens = [opts.adminToken, env.SWITCHBOARD_METRICS_TOKEN].filter((t): t is string => Boolean(t));

  async function instrument(app: FastifyInstance): Promise<void> {
    if (tracing) await tracing.plugin(app);
    metrics.observeHttp(app);
  }

  async function probes(app: FastifyInstance, config: Record<string, unknown> = {}): Promise<void> {
    app.get('/metrics', { config, schema: { summary: 'Prometheus metrics (admin token or SWITCHBOARD_METRICS_TOKEN)', hide: true } }, async (req, reply) => {
      const given = bearerCredential(req.headers.authorization);
      if (!given || !tokens.some((t) => safeEqual(given, t))) {
        return reply.status(401).send({ error: 'unauthorized', message: 'send Authorization: Bearer <admin token or SWITCHBOARD_METRICS_TOKEN>' });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
    app.get('/api/ready', { config, schema: { summary: 'Readiness: database and migrations, bots loaded, classifiers warm, not shutting down' } }, async (_req, reply) => {
      const report = await readiness.report();
      return reply.status(report.ready ? 200 : 503).send(report);
    });
  }

  return {
    logger,
    metrics,
    readiness,
    tracing,
    instrument,
    probes,
    logging: fastifyLogging(logger),
    async close() {
      stopLogs();
      metrics.close();
      await tracing?.shutdown();
    },
  };
}
