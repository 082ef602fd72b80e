// The storage contract every module codes against. Both drivers (embedded PGlite and PostgreSQL via pg)
// implement it, so a module's SQL runs unchanged on either.

/** Raw parameterised SQL ($1, $2 … placeholders, Postgres dialect). */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The same, with each row as an array of column values (what Drizzle's proxy driver reads). */
  queryArrays?(text: string, params?: unknown[]): Promise<unknown[][]>;
}

/** A named, ordered schema change. Applied once at start-up, recorded in `_migrations`. */
export interface Migration {
  id: string; // unique and sortable within its owner, e.g. 'core-001-sessions', 'my-bot-001-orders'
  sql: string; // may hold several statements separated by ';'
}
