// Drizzle over any `Sql` (a store or a transaction), through Drizzle's proxy driver: one schema, both drivers.
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Sql } from './types.ts';
import * as schema from './schema.ts';

const cache = new WeakMap<Sql, ReturnType<typeof build>>();

/** One Drizzle instance per store or transaction (building one per call shows up in turn latency). */
export function orm(sql: Sql) {
  let db = cache.get(sql);
  if (!db) cache.set(sql, (db = build(sql)));
  return db;
}

function build(sql: Sql) {
  return drizzle(
    async (text, params, method) => {
      if (method === 'all' && sql.queryArrays) return { rows: await sql.queryArrays(text, params) };
      return { rows: (await sql.query(text, params)) as never };
    },
    { schema },
  );
}
export type Orm = ReturnType<typeof build>;
