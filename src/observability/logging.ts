// Structured logs: one pino logger for Fastify (requests) and for the runtime (one line per turn, mode changes).
// JSON lines by default; pretty only when stdout is a terminal (or LOG_FORMAT=pretty). Customers' messages are
// personal data: a turn's text and reply are logged only with SWITCHBOARD_LOG_MESSAGES=true.
import { trace } from '@opentelemetry/api';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Runtime } from '../engine/runtime.ts';
import type { RuntimeSignal } from '../engine/signals.ts';
import { tracingEnabled } from '../spans.ts';

export type { Logger };

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Query parameters that carry credentials (EventSource cannot send headers): never written to a log. */
const SECRET_PARAMS = new Set(['token', 'sessiontoken', 'hub.verify_token']);

/**
 * `url` with the values of credential parameters replaced by `[redacted]`. Names are compared as the server
 * reads them, decoded and in any case (`%74oken` is `token`); a name that does not decode is redacted too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('=', q)) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  const params = url
    .slice(q + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = decodedName(pair.slice(0, eq));
      return name === undefined || SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q + 1)}${params.join('&')}${url.slice(end)}`;
}

function decodedName(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

export interface LoggerOptions {
  env?: NodeJS.ProcessEnv;
  /** Where lines go (tests pass a stream); default stdout, pretty-printed when it is a terminal. */
  stream?: DestinationStream;
}

/** The process's logger: LOG_LEVEL (info), LOG_FORMAT (json, or pretty; default pretty only in a terminal). */
export function createLogger({ env = process.env, stream }: LoggerOptions = {}): Logger {
  const requested = env.LOG_LEVEL?.toLowerCase();
  const level = requested && LEVELS.has(requested) ? requested : 'info';
  const pretty = !stream && (env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT !== 'json' && process.stdout.isTTY === true));
  const options: pino.LoggerOptions = {
    level,
    base: { service: env.OTEL_SERVICE_NAME || 'switchboard' },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      err: pino.stdSerializers.err,
    },
  };
  if (stream) return pino(options, stream);
  if (pretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } } });
  return pino(options);
}

/**
 * One line per HTTP request, written when it completes, with the request (method, redacted URL, address), the
 * status and the time taken; Fastify's default is a second line when the request arrives.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's logging options for this logger: probes and scrapes (health, ready, metrics) are not logged. */
export function fastifyLogging(logger: Logger): { loggerInstance: Logger; logController: LogController } {
  const quiet = (req: FastifyRequest) => req.url === '/api/health' || req.url === '/api/ready' || req.url.startsWith('/metrics');
  return { loggerInstance: logger, logController: new OneLinePerRequest({ disableRequestLogging: quiet }) };
}

/** One line per turn (info; warn when refused, error when failed) and per mode change, with the ids as fields. */
export function logTurns(runtime: Runtime, logger: Logger, env: NodeJS.ProcessEnv = process.env): () => void {
  const withText = env.SWITCHBOARD_LOG_MESSAGES === 'true' || env.SWITCHBOARD_LOG_MESSAGES === '1';
  return runtime.signals.on((s: RuntimeSignal) => {
    // Nothing is built for a line its level leaves out (LOG_LEVEL=warn keeps only refused and failed turns).
    if (s.type === 'turn') {
      if (!logger.isLevelEnabled(s.outcome === 'failed' ? 'error' : s.outcome === 'rejected' ? 'warn' : 'info')) return;
      const fields: Record<string, unknown> = {
        bot: s.bot,
        sessionId: s.sessionId,
        turnId: s.turnId,
        outcome: s.outcome,
        intents: s.intents,
        path: s.path || undefined,
        mode: s.mode || undefined,
        ms: Math.round(s.ms * 100) / 100,
        ...traceIds(),
      };
      if (withText) Object.assign(fields, { text: s.text, reply: s.reply ?? null });
      if (s.outcome === 'failed') logger.error({ ...fields, error: s.error }, 'turn failed');
      else if (s.outcome === 'rejected') logger.warn({ ...fields, error: s.error }, 'turn refused');
      else logger.info(fields, 'turn');
    } else if (s.type === 'mode') {
      if (logger.isLevelEnabled('info')) logger.info({ bot: s.bot, sessionId: s.sessionId, from: s.from, to: s.to, reason: s.reason, ...traceIds() }, 'conversation mode changed');
    } else if (s.type === 'double_texting') {
      if (logger.isLevelEnabled('debug')) logger.debug({ bot: s.bot, policy: s.policy, decision: s.decision }, 'double texting');
    }
  });
}

/** The active trace's ids, so a log line leads to its trace. */
function traceIds(): { traceId?: string; spanId?: string } {
  if (!tracingEnabled()) return {};
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx ? { traceId: ctx.traceId, spanId: ctx.spanId } : {};
}
