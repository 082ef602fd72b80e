// The HTTP server: Fastify with zod-validated routes, OpenAPI at /docs, and clear 4xx errors for bad input.
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type LogController } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Runtime } from '../engine/index.ts';
import { domainErrorOf, UnavailableError } from '../errors/index.ts';
import { errorBody, errorName, statusOf } from './errors.ts';
import { type AuthConfig } from './auth.ts';
import { chatRoutes } from './routes/chat.ts';
import type { NdjsonStreamOptions } from './routes/ndjson-stream.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { adminRoutes } from './routes/admin.ts';
import { eventRoutes } from './routes/events.ts';
import { staticRoutes } from './routes/static.ts';
import { DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE } from '../ingress/index.ts';

export interface ServerOptions {
  runtime: Runtime;
  auth: AuthConfig;
  /** Allowed CORS origins (comma-separated in SWITCHBOARD_CORS_ORIGINS); none by default. */
  corsOrigins?: string[];
  /** Requests per minute per IP on every route (default 1200). */
  rateLimitPerMinute?: number;
  /** Chat messages per minute per IP and conversation (default 120). */
  chatRateLimitPerMinute?: number;
  /** The bot behind a bare `POST /chat` without a `bot` field (SWITCHBOARD_DEFAULT_BOT); else the only bot served. */
  defaultBot?: string;
  /** NDJSON chat streams: keep-alive interval and the pause between the reply's pieces (src/server/routes/ndjson-stream.ts). */
  stream?: NdjsonStreamOptions;
  logger?: boolean;
  /**
   * Milliseconds a client has to send a whole request, headers and body (default 30 000): a client that trickles
   * its body a byte at a time is answered 408 and let go, instead of holding a connection for as long as it likes.
   */
  requestTimeoutMs?: number;
  /** Trust X-Forwarded-For (set when running behind a reverse proxy). */
  trustProxy?: boolean;
  /** A logger instance for Fastify (src/observability: pino, JSON lines), instead of `logger`. */
  logging?: { loggerInstance: FastifyBaseLogger; logController?: LogController };
  /** Hooks registered on the root before every route (src/observability: traces, HTTP metrics). */
  instrument?: (app: FastifyInstance) => Promise<void>;
  /**
   * Routes for probes and scrapers (src/observability: GET /metrics, GET /api/ready), registered under a rate
   * limit of their own: `config` holds it, to pass to each route.
   */
  probes?: (app: FastifyInstance, config: { rateLimit: { max: number; timeWindow: string } }) => Promise<void>;
  /** Probe and scrape requests per minute per IP and route (default 600: a scrape every few seconds is far below it). */
  probeRateLimitPerMinute?: number;
  /** Extra route plugins (channels). They get the server's runtime and auth, to guard their own /api routes. */
  plugins?: ((app: FastifyInstance, ctx: RouteContext) => Promise<void>)[];
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const requestTimeout = opts.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    ...(opts.logging ?? { logger: opts.logger ? { level: 'info' } : false }),
    // Behind a reverse proxy, rate limits must see the client's address (X-Forwarded-For).
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 256 * 1024,
    // Given to Node's constructor too: Node 20 enforces only the one it was built with (Fastify sets its own on the
    // server afterwards). The check runs every quarter of the allowance (Node's default is every 30 s).
    requestTimeout,
    http: { requestTimeout, connectionsCheckingInterval: Math.max(50, Math.min(5_000, requestTimeout / 4)) },
    // Reject JSON with prototype-poisoning keys instead of silently keeping them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await opts.instrument?.(app as unknown as FastifyInstance);

  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } });
  await app.register(cors, { origin: opts.corsOrigins?.length ? opts.corsOrigins : false });
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute ?? 1200,
    timeWindow: '1 minute',
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: 'too_many_requests', message: `rate limit reached (${ctx.max} per ${ctx.after === '1 minute' ? 'minute' : ctx.after}); retry in ${ctx.after}` }),
  });
  // Their own bucket per route and address, so a scraper never spends the API's budget, nor the API the scraper's.
  await opts.probes?.(app as unknown as FastifyInstance, { rateLimit: { max: opts.probeRateLimitPerMinute ?? 600, timeWindow: '1 minute' } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Switchboard API', version: '0.1.0', description: 'Customer-service chat bots: chat, operator inbox, admin.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => `${v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body'}: ${v.message}`);
      return reply.status(400).send({ error: 'bad_request', message: `invalid request: ${details.join('; ')}` });
    }
    const domain = domainErrorOf(err);
    if (domain) {
      // A fault of the moment (the database unreachable) says when to try again.
      if (domain instanceof UnavailableError && domain.retryAfterSeconds) reply.header('retry-after', String(domain.retryAfterSeconds));
      return reply.status(statusOf(domain)).send(errorBody(statusOf(domain), domain.message));
    }
    const e = err as { statusCode?: number; code?: string; message: string };
    const status = e.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'send JSON with Content-Type: application/json' : e.message;
      return reply.status(status).send({ error: errorName(status), message });
    }
    req.log.error(err);
    console.error('[server] unexpected error:', e.message);
    return reply.status(500).send({ error: 'internal_error', message: 'something went wrong on our side; what you sent may not have been kept: send it again' });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ error: 'not_found', message: `no route ${req.method} ${req.url.split('?')[0]}` }));

  const ctx = { runtime: opts.runtime, auth: opts.auth, chatRateLimitPerMinute: opts.chatRateLimitPerMinute ?? DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE, defaultBot: opts.defaultBot, stream: opts.stream };
  await app.register(async (scoped) => chatRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.register(async (scoped) => sessionRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.register(async (scoped) => adminRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.register(async (scoped) => (await import('./routes/knowledge.ts')).knowledgeRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.register(async (scoped) => (await import('./routes/persona.ts')).personaRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.register(async (scoped) => (await import('./routes/learning.ts')).learningRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.register(async (scoped) => eventRoutes(scoped, ctx));
  await app.register(async (scoped) => (await import('./routes/ui-stream.ts')).uiStreamRoutes(scoped.withTypeProvider<ZodTypeProvider>(), ctx));
  for (const plugin of opts.plugins ?? []) await app.register(async (scoped) => plugin(scoped, ctx));
  await app.register(async (scoped) => staticRoutes(scoped));
  return app;
}

export type RouteContext = { runtime: Runtime; auth: AuthConfig; chatRateLimitPerMinute?: number; defaultBot?: string; stream?: NdjsonStreamOptions };
