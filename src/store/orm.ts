// Drizzle over any `Sql` (a store or a transaction), through Drizzle's proxy driver: one schema, both drivers.
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Sql } from './types.ts';
import * as schema from './schema.ts';

export function orm(sql: Sql) {
  return drizzle(
    async (text, params, method) => {
      if (method === 'all' && sql.queryArrays) return { rows: await sql.queryArrays(text, params) };
      return { rows: (await sql.query(text, params)) as never };
    },
    { schema },
  );
}
export type Orm = ReturnType<typeof orm>;
