// Opens the store: embedded PGlite (default, under DATA_DIR or in memory) or PostgreSQL (DATABASE_URL).
// Both expose the same `Database` surface so every module's SQL runs unchanged on either.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PgliteStatements } from './pglite-statements.ts';
import { extractPgliteTemplate, pgliteTemplate } from './pglite-template.ts';
import { ensureWritableDataDir } from './data-dir.ts';
import { PgListener } from './pg-listener.ts';
import { asStoreError } from './unavailable.ts';
import type { ClientBase, Pool as PgPool } from 'pg';
import type { Sql } from './types.ts';

/** Statements and transactions on one connection (the store itself, or the connection that holds a lock). */
export interface Connection extends Sql {
  /** Run `fn` in one transaction: everything it writes commits together or not at all. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

interface LockOptions {
  /**
   * Call `fn` at once, without waiting for the lock: its statements on `conn` are sent behind the lock request
   * (one round trip for the lock and the first statement) and run, and return, only once the lock is held. `fn`
   * must touch the store through `conn` first: anything else it does before a result of `conn` is unlocked.
   */
  pipelined?: boolean;
}

export interface Database extends Connection {
  readonly kind: 'pglite' | 'postgres';
  /** Run several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Hold a lock named `key` across processes while `fn` runs (Postgres: a session-level advisory lock on a
   * dedicated connection; PGlite: the process is the only writer, so an in-process lock suffices). `fn`
   * receives the lock's connection: statements run on it need no other pool checkout. On Postgres the unlock
   * is sent once `fn` has finished (everything it committed is visible before the lock is free) but not
   * waited for: a waiter on the lock, in this process or another, gets it when the unlock arrives.
   */
  withLock<T>(key: string, fn: (conn: Connection) => Promise<T>, opts?: LockOptions): Promise<T>;
  /**
   * Like withLock, but never waits: when another process holds the lock, `fn` does not run. The unlock is
   * waited for, so a next try right after this one returned finds the lock free.
   */
  tryWithLock<T>(key: string, fn: (conn: Connection) => Promise<T>): Promise<{ locked: true; value: T } | { locked: false }>;
  /** Cross-process notifications (Postgres LISTEN/NOTIFY; in-process fan-out on PGlite). */
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… → PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; ':memory:' (or undefined with memory: true) keeps everything in memory. */
  dataDir?: string;
  /** Postgres schema to use (tests isolate runs in their own schema). Created if missing. */
  schema?: string;
  /** PGlite: a new cluster runs initdb instead of starting from the shipped one (which has the core tables). */
  empty?: boolean;
  /**
   * PGlite on disk: run Postgres in a worker thread (`start` does), so it starts on another core while the main
   * thread loads the server, and its statements' CPU stays off the main thread.
   */
  worker?: boolean;
}

export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.schema);
  const dataDir = opts.dataDir ?? ':memory:';
  if (!isInMemory(dataDir)) ensureWritableDataDir(dataDir);
  if (opts.worker && !isInMemory(dataDir)) return (await import('./pglite-remote.ts')).openPgliteInWorker({ dataDir, empty: opts.empty ?? false });
  return openPglite(dataDir, opts.empty);
}

const isInMemory = (dataDir: string) => dataDir === ':memory:' || dataDir === 'memory://';

/**
 * An embedded store from its statements: the process is PGlite's only writer, so an in-process lock suffices,
 * and notifications fan out in process.
 */
export function embeddedDatabase(sql: Pick<Database, 'query' | 'queryArrays' | 'exec' | 'transaction' | 'close'>): Database {
  const listeners = new Map<string, Set<(p: string) => void>>();
  const db: Database = {
    kind: 'pglite',
    ...sql,
    withLock: (_key, fn) => fn(db),
    tryWithLock: async (_key, fn) => ({ locked: true, value: await fn(db) }),
    notify: async (channel, payload) => {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
    listen: async (channel, onPayload) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(onPayload);
      listeners.set(channel, set);
      return async () => void set.delete(onPayload);
    },
  };
  return db;
}

async function openPglite(dataDir: string, empty = false): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = isInMemory(dataDir);
  // A new cluster starts from the shipped empty one instead of running initdb (see pglite-template.ts): on disk
  // its files are written before PGlite opens the directory, in memory PGlite loads it.
  if (!empty && !inMemory && !existsSync(join(dataDir, 'PG_VERSION'))) await extractPgliteTemplate(dataDir);
  const template = !empty && inMemory ? pgliteTemplate() : null;
  const options = template ? { loadDataDir: template } : {};
  const pg = inMemory ? new PGlite(options) : new PGlite(dataDir, options);
  await pg.waitReady;
  const statements = new PgliteStatements(pg);
  // Outside a transaction a statement waits for PGlite's transaction mutex too (as `pg.query` does), so it
  // never runs inside another caller's open transaction.
  const run = (inTransaction: boolean, q: { query: typeof pg.query }, text: string, params: unknown[] = [], rowMode: 'object' | 'array') => {
    if (!PgliteStatements.preparable(text)) return q.query(text, params, { rowMode }).then((r) => r.rows);
    const exec = () => pg.runExclusive(() => statements.run(text, params, rowMode, !inTransaction));
    return inTransaction ? exec() : pg._runExclusiveTransaction(exec);
  };
  const wrap = (q: { query: typeof pg.query }, inTransaction: boolean): Sql => ({
    query: async (text, params) => (await run(inTransaction, q, text, params, 'object')) as never,
    queryArrays: async (text, params) => (await run(inTransaction, q, text, params, 'array')) as never,
  });
  return embeddedDatabase({
    ...wrap(pg, false),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx, true))),
    close: () => pg.close(),
  });
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  const pgmod = await import('pg');
  const Pool = pgmod.default.Pool;
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
    const admin = new pgmod.default.Client({ connectionString: url });
    await admin.connect();
    // Two processes starting together may both create it: the loser's duplicate is the schema it wanted.
    await admin.query(`create schema if not exists ${schema}`).catch((err: { code?: string }) => {
      if (err.code !== '23505' && err.code !== '42P06') throw err;
    });
    await admin.end();
  }
  const options = schema ? `-c search_path=${schema},public` : undefined;
  // A checkout that cannot get a connection in this time fails (503) instead of waiting for an unreachable server.
  const connectionTimeoutMillis = 15_000;
  const pool = new Pool({ connectionString: url, max: 10, options, connectionTimeoutMillis });
  // Advisory locks hold a connection for a whole turn: they get their own pool so turns never starve
  // the query pool (which would deadlock once every query connection held a lock).
  // Pipelined connections: a statement can go out in the same round trip as the lock (withLock's `pipelined`).
  const lockPool = new Pool({ connectionString: url, max: 20, options, connectionTimeoutMillis, pipeline: true } as ConstructorParameters<typeof Pool>[0]);
  for (const p of [pool, lockPool]) {
    // A connection Postgres drops (restart, failover, pg_terminate_backend) emits 'error': idle ones through the
    // pool, checked-out ones on the client itself. Either way the pool discards it and opens new ones on demand.
    p.on('error', (err) => console.error('[store] idle connection dropped:', err.message));
    p.on('connect', (client) => void client.on('error', (err) => console.error('[store] connection dropped:', err.message)));
  }
  const listener = new PgListener({ client: () => new pgmod.default.Client({ connectionString: url, options }), log: (m) => console.error(m) });
  /** Statements fail with StoreUnavailableError (503, Retry-After) while the server cannot be reached. */
  const guarded = <T>(p: Promise<T>): Promise<T> => p.catch((err: unknown) => Promise.reject(asStoreError(err)));
  const checkout = (p: PgPool) => guarded(p.connect());

  const sqlOf = (client: ClientBase | PgPool): Sql => ({
    query: async (t, p) => (await guarded(client.query(t, p as unknown[]))).rows as never,
    queryArrays: async (t, p) => (await guarded(client.query({ text: t, values: p as unknown[], rowMode: 'array' }))).rows,
  });
  const inTransaction = async <T>(client: ClientBase, fn: (tx: Sql) => Promise<T>): Promise<T> => {
    await client.query('begin');
    try {
      const result = await fn(sqlOf(client));
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  };
  /** Statements on `client`; with `after`, none returns (or starts a transaction) before `after` has succeeded. */
  const connectionOf = (client: ClientBase, after?: Promise<void>): Connection => {
    const sql = sqlOf(client);
    if (!after) return { ...sql, transaction: (fn) => inTransaction(client, fn) };
    const behind = <T>(p: Promise<T>) => (p.catch(() => {}), after.then(() => p));
    return {
      query: (t, p) => behind(sql.query(t, p)),
      queryArrays: (t, p) => behind(sql.queryArrays!(t, p)),
      transaction: async (fn) => (await after, inTransaction(client, fn)),
    };
  };

  return {
    kind: 'postgres',
    ...sqlOf(pool),
    exec: async (sql) => {
      await guarded(pool.query(sql));
    },
    transaction: async (fn) => {
      const client = await checkout(pool);
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    withLock: async (key, fn, opts) => {
      const client = await checkout(lockPool);
      let locked = false;
      const lock = guarded(client.query('select pg_advisory_lock(hashtext($1))', [key])).then(() => void (locked = true));
      try {
        if (!opts?.pipelined) await lock;
        // Pipelined: fn's first statement on the connection goes out right behind the lock (the server runs it
        // once the lock is held, with a snapshot taken then); no result of it is returned before the lock's.
        return await fn(connectionOf(client, opts?.pipelined ? lock : undefined));
      } finally {
        await lock.catch(() => {});
        if (locked) {
          // Sent now, not waited for; a failed unlock drops the connection, which ends the lock too.
          client.query('select pg_advisory_unlock(hashtext($1))', [key]).then(
            () => client.release(),
            (err: Error) => client.release(err),
          );
        } else client.release();
      }
    },
    tryWithLock: async (key, fn) => {
      const client = await checkout(lockPool);
      try {
        const [{ locked }] = (await guarded(client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [key]))).rows;
        if (!locked) return { locked: false };
        try {
          return { locked: true, value: await fn(connectionOf(client)) };
        } finally {
          await guarded(client.query('select pg_advisory_unlock(hashtext($1))', [key]));
        }
      } finally {
        client.release();
      }
    },
    notify: async (channel, payload) => {
      await guarded(pool.query('select pg_notify($1, $2)', [channel, payload]));
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close: async () => {
      await listener.close();
      await pool.end();
      await lockPool.end();
    },
  };
}

/** A fresh store for tests: PGlite in memory, or an isolated schema on TEST_DATABASE_URL's Postgres. */
export async function openTestDatabase(kind: 'pglite' | 'postgres' = 'pglite'): Promise<Database & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({});
    return Object.assign(db, { drop: () => db.close() });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl: url, schema });
  return Object.assign(db, {
    drop: async () => {
      await db.query(`drop schema if exists ${schema} cascade`);
      await db.close();
    },
  });
}

/** The drivers a store test should run on: PGlite always, Postgres too when TEST_DATABASE_URL is set. */
export function testDrivers(): ('pglite' | 'postgres')[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}
