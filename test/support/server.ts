// Starts the real server on 127.0.0.1 (random port) over a fresh store, for end-to-end tests over HTTP.
import type { FastifyInstance } from 'fastify';
import { Runtime, type RuntimeOptions } from '../../src/engine/index.ts';
import { buildServer } from '../../src/server/index.ts';
import { openDatabase, openTestDatabase, type Database } from '../../src/store/index.ts';

export const ADMIN = 'test-admin-token';
export const OPERATOR = 'test-operator-token';

export interface TestServer {
  url: string;
  runtime: Runtime;
  db: Database;
  app: FastifyInstance;
  /** Moves the injectable clock. */
  clock: { now: Date; advanceMinutes(m: number): void };
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
  server?: Partial<import('../../src/server/index.ts').ServerOptions>;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const owned = !opts.db;
  const db = opts.db ?? (opts.dataDir ? await openDatabase({ dataDir: opts.dataDir }) : await openTestDatabase(opts.driver ?? 'pglite'));
  const clock = {
    now: opts.start ?? new Date('2026-03-09T12:00:00-03:00'), // a Monday noon in São Paulo
    advanceMinutes(m: number) {
      this.now = new Date(this.now.getTime() + m * 60_000);
    },
  };
  const runtime = await Runtime.create({ ...opts, db, now: () => clock.now });
  const app = await buildServer({ runtime, auth: { adminToken: ADMIN, operatorToken: OPERATOR }, rateLimitPerMinute: 100_000, chatRateLimitPerMinute: 100_000, ...opts.server });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
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
    url,
    runtime,
    db,
    app,
    clock,
    post: (p, b, h) => call('POST', p, b, h),
    get: (p, h) => call('GET', p, undefined, h),
    put: (p, b, h) => call('PUT', p, b, h),
    async chat(bot, body) {
      const res = await call('POST', `/api/bots/${bot}/chat`, body);
      if (res.status !== 200) throw new Error(`chat ${bot} → ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async close() {
      await runtime.close();
      await app.close();
      if (owned && !opts.keepDb) await ((db as Database & { drop?: () => Promise<void> }).drop?.() ?? db.close());
      else if (owned) await db.close();
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
