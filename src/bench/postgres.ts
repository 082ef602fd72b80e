// The Postgres the benchmark runs on: BENCH_DATABASE_URL, DATABASE_URL, or the local default; each run in
// its own schema (as openTestDatabase does), dropped afterwards. Unreachable → skipped with a note.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../store/index.ts';

const DEFAULT_BENCH_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

export function benchPostgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.DATABASE_URL || DEFAULT_BENCH_POSTGRES;
}

/** Where the URL points, without its password (for printing). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** Connect within `timeoutMs`, or return why not. */
export async function probePostgres(url: string, timeoutMs = 3000): Promise<string | null> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A store in a fresh schema of the Postgres at `url`; drop() removes the schema and closes. */
export async function openBenchPostgres(url: string): Promise<Database & { drop(): Promise<void>; schema: string }> {
  const schema = benchSchemaName('bench');
  const db = await openDatabase({ databaseUrl: url, schema });
  return Object.assign(db, {
    schema,
    drop: async () => {
      try {
        await db.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await db.close();
      }
    },
  });
}

/** A fresh schema name for one part of a run (the peer's checkpoints). */
export function benchSchemaName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** Drop a schema the bench created. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
