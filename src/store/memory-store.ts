// A throwaway store for a bot's tests: PGlite in memory with the runtime's own tables, the bot's migrations and its
// bot.yaml `records:` tables, read and written as the store's `Sql`.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { coreMigrations } from './migrations.ts';
import type { RecordTableConfig } from './records-schema.ts';
import { createRecordTables } from './records.ts';
import type { Migration, Sql } from './types.ts';

export interface MemoryStore extends Sql {
  /** `fn` in one transaction: committed when it returns, rolled back when it throws (a crash before the reply). */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const asSql = (db: PGlite | Transaction): Sql => ({ query: async <T,>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows });

/** The store, made as `migrations` (after the runtime's) and `config.records` say. */
export async function memoryStore(bot: { migrations?: Migration[]; config?: { records: Record<string, RecordTableConfig> } } = {}): Promise<MemoryStore> {
  const pg = new PGlite();
  for (const m of [...coreMigrations, ...(bot.migrations ?? [])]) await pg.exec(m.sql);
  const sql = asSql(pg);
  if (bot.config) await createRecordTables(sql, bot.config);
  return {
    ...sql,
    transaction: (fn) => pg.transaction((tx) => fn(asSql(tx))),
    close: () => pg.close(),
  };
}
