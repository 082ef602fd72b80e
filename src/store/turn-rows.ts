// A table as one turn sees it: the stored rows (read through `sql`) merged with the rows this turn added and the
// changes it made, so later actions of the turn see them; each change is also a deferred write the engine runs in
// the transaction that commits the reply. Inserts are `ON CONFLICT (id) DO NOTHING` and updates set absolute
// values by id, so running the writes twice changes nothing the second time.
import type { DeferredWrite } from '../engine/outcomes.ts';
import type { Sql } from './types.ts';

/** How a column's stored value is read back (pg gives `numeric` as a string): text as it is, else coerced. */
type ColumnKind = 'text' | 'number' | 'date' | 'boolean';

export interface TurnRowsOptions<Row> {
  table: string;
  /** The row's columns and their kinds; `id` (text) is required, `created_at` (date) orders newest first. */
  columns: { [K in keyof Row]: ColumnKind };
  /** Columns every row of this turn's scope has and every read filters by (`{ workspace: 'w1' }`). */
  scope?: Record<string, string>;
  /** Stored rows read at most (newest first). */
  limit?: number;
}

type Base = { id: string; created_at: Date };
const NAME = /^[a-z_][a-z0-9_]*$/i;

function coerce(kind: ColumnKind, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (kind === 'number') return Number(v);
  if (kind === 'date') return v instanceof Date ? v : new Date(String(v));
  if (kind === 'boolean') return v === true || v === 't' || v === 'true';
  return String(v);
}

export class TurnRows<Row extends Base> {
  private readonly added: Row[] = [];
  private readonly patches = new Map<string, Partial<Row>>();
  private readonly names: string[];
  private readonly write: (write: DeferredWrite) => void;

  constructor(
    private readonly sql: Sql,
    /** Where each change's write goes: a list the caller runs, or `ctx.defer`. */
    writes: DeferredWrite[] | ((write: DeferredWrite) => void),
    private readonly options: TurnRowsOptions<Row>,
  ) {
    this.write = Array.isArray(writes) ? (w) => void writes.push(w) : writes;
    this.names = Object.keys(options.columns);
    for (const name of [options.table, ...this.names, ...Object.keys(options.scope ?? {})]) if (!NAME.test(name)) throw new Error(`not a SQL name: ${name}`);
  }

  /** Rows whose columns equal `where` (stored and this turn's), newest first, with this turn's changes applied. */
  async list(where: Partial<Pick<Row, keyof Row>> = {}): Promise<Row[]> {
    const filter = { ...this.options.scope, ...where } as Record<string, unknown>;
    const keys = Object.keys(filter);
    for (const k of keys) if (!NAME.test(k)) throw new Error(`not a SQL name: ${k}`);
    const clause = keys.length ? ` WHERE ${keys.map((k, i) => `${k} = $${i + 1}`).join(' AND ')}` : '';
    const stored = await this.sql.query(
      `SELECT ${this.names.join(', ')} FROM ${this.options.table}${clause} ORDER BY created_at DESC LIMIT ${this.options.limit ?? 500}`,
      keys.map((k) => filter[k]),
    );
    const read = stored.map((r) => Object.fromEntries(this.names.map((n) => [n, coerce(this.options.columns[n as keyof Row], r[n])])) as Row);
    const mine = this.added.filter((row) => Object.entries(where).every(([k, v]) => (row as Record<string, unknown>)[k] === v));
    return [...mine, ...read]
      .map((row) => ({ ...row, ...this.patches.get(row.id) }))
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  }

  /** Add a row: seen by this turn at once, stored when the engine commits. */
  insert(row: Row): Row {
    this.added.push(row);
    const values = { ...this.options.scope, ...row } as Record<string, unknown>;
    const cols = Object.keys(values);
    this.write(async (tx) => {
      await tx.query(
        `INSERT INTO ${this.options.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
        cols.map((c) => values[c]),
      );
    });
    return row;
  }

  /** Change a row's columns: seen by this turn at once, stored when the engine commits. */
  update(row: Row, patch: Partial<Row>): Row {
    for (const c of Object.keys(patch)) if (c === 'id' || !(c in this.options.columns)) throw new Error(`not a column to update: ${c}`);
    this.patches.set(row.id, { ...this.patches.get(row.id), ...patch });
    const cols = Object.keys(patch);
    const scope = Object.entries(this.options.scope ?? {});
    this.write(async (tx) => {
      const set = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
      const where = ['id = $1', ...scope.map(([k], i) => `${k} = $${cols.length + i + 2}`)].join(' AND ');
      await tx.query(`UPDATE ${this.options.table} SET ${set} WHERE ${where}`, [row.id, ...cols.map((c) => (patch as Record<string, unknown>)[c]), ...scope.map(([, v]) => v)]);
    });
    return { ...row, ...patch };
  }
}
