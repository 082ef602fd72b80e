// The tables of bot.yaml `records:` made in the store (created when missing, as declared) and read and written in
// turns through `TurnRows`: the declaration gives the columns and how their values read back.
import type { DeferredWrite } from '../engine/outcomes.ts';
import type { RecordColumnConfig, RecordTableConfig } from './records-schema.ts';
import { TurnRows } from './turn-rows.ts';
import type { Sql } from './types.ts';

type Records = Record<string, RecordTableConfig>;
type Row = { id: string; created_at: Date };

const SQL_TYPE = { text: 'text', number: 'numeric', date: 'timestamptz', boolean: 'boolean' } as const;

function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);
}

function columnSql(name: string, column: RecordColumnConfig): string {
  const c = typeof column === 'string' ? { type: column, required: false } : column;
  const parts = [name, SQL_TYPE[c.type]];
  if (c.required) parts.push('NOT NULL');
  if (c.default !== undefined) parts.push(`DEFAULT ${literal(c.default)}`);
  if (c.references) parts.push(`REFERENCES ${c.references}(id)${c.onDelete ? ` ON DELETE ${c.onDelete.toUpperCase()}` : ''}`);
  return parts.join(' ');
}

/** The statements creating one record table and its indexes when they do not exist. */
export function recordTableSql(name: string, table: RecordTableConfig): string[] {
  const columns = [
    'id text PRIMARY KEY',
    ...table.scope.map((c) => `${c} text NOT NULL`),
    ...Object.entries(table.columns).map(([c, column]) => columnSql(c, column)),
    'created_at timestamptz NOT NULL DEFAULT now()',
    ...table.unique.map((cols) => `UNIQUE (${cols.join(', ')})`),
  ];
  return [
    `CREATE TABLE IF NOT EXISTS ${name} (${columns.join(', ')})`,
    ...table.indexes.map((cols) => `CREATE INDEX IF NOT EXISTS ${name}_${cols.join('_')}_idx ON ${name} (${cols.join(', ')})`),
  ];
}

/** Create the bot's record tables that do not exist yet, in their declared order (a referenced table first). */
export async function createRecordTables(sql: Sql, config: { records: Records }): Promise<void> {
  for (const [name, table] of Object.entries(config.records)) for (const statement of recordTableSql(name, table)) await sql.query(statement);
}

/**
 * A record table as one turn sees it (`TurnRows`): its rows in `scope` (a value for each scope column), each change
 * a write given to `writes` (`ctx.defer`, or a list a test runs).
 */
export function recordRows<R extends Row>(
  config: { id: string; records: Records },
  name: string,
  sql: Sql,
  writes: DeferredWrite[] | ((write: DeferredWrite) => void),
  scope: Record<string, string> = {},
): TurnRows<R> {
  const table = config.records[name];
  if (!table) throw new Error(`bot '${config.id}': bot.yaml has no record table '${name}' (records: ${Object.keys(config.records).join(', ') || 'none'})`);
  const missing = table.scope.filter((c) => scope[c] === undefined);
  if (missing.length || Object.keys(scope).length !== table.scope.length) throw new Error(`bot '${config.id}': records.${name} is scoped by ${table.scope.join(', ') || 'nothing'}; got ${Object.keys(scope).join(', ') || 'nothing'}`);
  const kinds = Object.fromEntries(Object.entries(table.columns).map(([c, column]) => [c, typeof column === 'string' ? column : column.type]));
  const columns = { id: 'text', ...kinds, created_at: 'date' } as Record<keyof R, 'text' | 'number' | 'date' | 'boolean'>;
  return new TurnRows<R>(sql, writes, { table: name, columns, ...(table.scope.length ? { scope } : {}) });
}
