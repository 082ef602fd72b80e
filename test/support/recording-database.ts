// A store that remembers every statement run through it (on the store, in its transactions and on lock
// connections), with the parameters of its latest run: what the index-plan test EXPLAINs.
import type { Connection, Database, Sql } from '../../src/store/index.ts';

export interface RecordedStatement {
  text: string;
  params: unknown[];
}

export function recordingDatabase(db: Database): { db: Database; statements: Map<string, RecordedStatement> } {
  const statements = new Map<string, RecordedStatement>();
  const sql = <T extends Sql>(inner: T): Sql => ({
    query: (text, params) => (statements.set(text, { text, params: params ?? [] }), inner.query(text, params)),
    queryArrays: (text, params) => (statements.set(text, { text, params: params ?? [] }), inner.queryArrays!(text, params)),
  });
  const connection = (inner: Connection): Connection => ({ ...sql(inner), transaction: (fn) => inner.transaction((tx) => fn(sql(tx))) });
  const wrapped: Database = {
    ...db,
    ...connection(db),
    withLock: (key, fn, opts) => db.withLock(key, (conn) => fn(connection(conn)), opts),
    tryWithLock: (key, fn) => db.tryWithLock(key, (conn) => fn(connection(conn))),
  };
  return { db: wrapped, statements };
}
