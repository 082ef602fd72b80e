// The real server (buildServer + Runtime) on 127.0.0.1 and a random port, over a throwaway store, with a
// clock that the conversation runner sets. Eval and bench both measure through it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Runtime, type RuntimeOptions } from '../engine/index.ts';
import { buildServer, type AuthConfig, type ServerOptions } from '../server/index.ts';
import { openDatabase, type Database } from '../store/index.ts';
import type { Observability, ObservabilityOptions } from '../observability/index.ts';

export interface EvalClock {
  now: Date;
  set(at: Date | string): void;
  advanceMinutes(m: number): void;
}

export function createClock(start: Date = new Date()): EvalClock {
  return {
    now: start,
    set(at) {
      this.now = typeof at === 'string' ? new Date(at) : at;
    },
    advanceMinutes(m) {
      this.now = new Date(this.now.getTime() + m * 60_000);
    },
  };
}

export interface EvalServer {
  url: string;
  runtime: Runtime;
  db: Database;
  app: FastifyInstance;
  clock: EvalClock;
  /** Set when started with `observe`. */
  observability?: Observability;
  /** Operator/admin token of this server. */
  token: string;
  /** The secret its user tokens are signed with (conversations with a `user` prove it as an app would). */
  userTokenSecret: string;
  close(): Promise<void>;
}

export interface EvalServerOptions extends Partial<Omit<RuntimeOptions, 'db' | 'now'>> {
  /** A store to use (it is closed with the server unless keepDb); default: PGlite in memory. */
  db?: Database;
  keepDb?: boolean;
  clock?: EvalClock;
  /** Build the model binding from src/llm (as `switchboard start` does); default true. */
  withModels?: boolean;
  /** Admin and operator tokens; default: one random token for both (`token`). */
  auth?: { adminToken: string; operatorToken: string; userTokenSecret?: string; users?: AuthConfig['users'] };
  /** More options for buildServer (rate limits, plugins). */
  server?: Partial<Omit<ServerOptions, 'runtime' | 'auth'>>;
  /** Metrics, logs, traces and readiness as `switchboard start` wires them (src/observability). */
  observe?: Omit<ObservabilityOptions, 'runtime' | 'adminToken'>;
}

export async function startEvalServer(opts: EvalServerOptions = {}): Promise<EvalServer> {
  const db = opts.db ?? (await openDatabase({ dataDir: ':memory:' }));
  const clock = opts.clock ?? createClock();
  let modelFactory = opts.modelFactory;
  if (!modelFactory && opts.withModels !== false) modelFactory = (await import('../llm/index.ts')).modelBindingFor;
  let runtime: Runtime;
  try {
    runtime = await Runtime.create({ ...opts, db, modelFactory, now: () => clock.now });
  } catch (err) {
    if (!opts.db) await db.close();
    throw err;
  }
  const given: NonNullable<EvalServerOptions['auth']> = opts.auth ?? (() => {
    const token = randomBytes(16).toString('base64url');
    return { adminToken: token, operatorToken: token };
  })();
  const auth = { ...given, userTokenSecret: given.userTokenSecret ?? randomBytes(32).toString('base64url') };
  const token = auth.adminToken;
  const observability = opts.observe && (await (await import('../observability/index.ts')).setupObservability({ ...opts.observe, runtime, adminToken: auth.adminToken }));
  const app = await buildServer({ ...opts.server, ...(observability ? { instrument: observability.instrument, probes: observability.probes, logging: observability.logging } : {}), runtime, auth });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    runtime,
    db,
    app,
    clock,
    observability: observability || undefined,
    token,
    userTokenSecret: auth.userTokenSecret,
    async close() {
      await runtime.close();
      await app.close();
      if (!opts.keepDb) await db.close();
      await observability?.close();
    },
  };
}
