// Starts the real server on 127.0.0.1 (random port) over a fresh store, for end-to-end tests over HTTP: the eval's
// server (src/eval/server.ts) with fixed admin/operator tokens, a Monday-noon clock and HTTP helpers.
import type { FastifyInstance } from 'fastify';
import { signUserToken } from '../../src/server/identity.ts';
import type { Runtime, RuntimeOptions } from '../../src/engine/index.ts';
import { createClock, startEvalServer, type EvalClock, type EvalServer } from '../../src/eval/index.ts';
import type { ConsoleUser, ServerOptions } from '../../src/server/index.ts';
import { openDatabase, openTestDatabase, type Database } from '../../src/store/index.ts';

export const ADMIN = 'test-admin-token';
export const OPERATOR = 'test-operator-token';
/** The secret the test server verifies user tokens with (SWITCHBOARD_USER_TOKEN_SECRET in production). */
const USER_TOKEN_SECRET = 'test-user-token-secret-of-32-chars!';

/** A user token as the embedding application signs it: a JWT (HS256) whose subject is the user id. */
export function userToken(userId: string, opts: { secret?: string; expiresIn?: string } = {}): Promise<string> {
  return signUserToken(userId, opts.secret ?? USER_TOKEN_SECRET, opts.expiresIn);
}

export interface TestServer {
  url: string;
  runtime: Runtime;
  db: Database;
  app: FastifyInstance;
  /** The injectable clock (set it, or move it on). */
  clock: EvalClock;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  put(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  chat(bot: string, body: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<Omit<RuntimeOptions, 'db' | 'now'>> {
  driver?: 'pglite' | 'postgres';
  /** Reuse a PGlite data directory (restart tests). */
  dataDir?: string;
  db?: Database;
  start?: Date;
  keepDb?: boolean;
  server?: Partial<Omit<ServerOptions, 'runtime' | 'auth'>>;
  /** Named console tokens beside the fixed admin and operator ones (SWITCHBOARD_CONSOLE_USERS). */
  consoleUsers?: ConsoleUser[];
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const owned = !opts.db;
  const db = opts.db ?? (opts.dataDir ? await openDatabase({ dataDir: opts.dataDir }) : await openTestDatabase(opts.driver ?? 'pglite'));
  const { driver: _driver, dataDir: _dataDir, start, server: serverOptions, keepDb, consoleUsers, ...runtimeOptions } = opts;
  // A store this helper opened is dropped (a Postgres test schema) or closed, unless the test keeps it.
  const releaseDb = async () => {
    if (owned && !keepDb) await ((db as Database & { drop?: () => Promise<void> }).drop?.() ?? db.close());
    else if (owned) await db.close();
  };
  let server: EvalServer;
  try {
    server = await startEvalServer({
      ...runtimeOptions,
      db,
      keepDb: true, // closed (or dropped) below
      withModels: false, // a test that wants models passes its modelFactory
      clock: createClock(start ?? new Date('2026-03-09T12:00:00-03:00')), // a Monday noon in São Paulo
      auth: { adminToken: ADMIN, operatorToken: OPERATOR, userTokenSecret: USER_TOKEN_SECRET, users: consoleUsers },
      server: { rateLimitPerMinute: 100_000, chatRateLimitPerMinute: 100_000, ...serverOptions },
    });
  } catch (err) {
    await releaseDb();
    throw err;
  }
  const { url } = server;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any };
  };
  return {
    ...server,
    post: (p, b, h) => call('POST', p, b, h),
    get: (p, h) => call('GET', p, undefined, h),
    put: (p, b, h) => call('PUT', p, b, h),
    async chat(bot, body) {
      const res = await call('POST', `/api/bots/${bot}/chat`, body);
      if (res.status !== 200) throw new Error(`chat ${bot} → ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async close() {
      await server.close();
      await releaseDb();
    },
  };
}

export const auth = (token = ADMIN) => ({ authorization: `Bearer ${token}` });

/** Read an NDJSON response into its events. */
export async function ndjson(url: string, body: unknown): Promise<any[]> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' }, body: JSON.stringify(body) });
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
