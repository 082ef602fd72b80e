// loadTable: one of bot.yaml's `tables:` loaded from its CSV files into the bot's table (created by the bot's
// migration). Each line of a source file becomes one row (or one per `rows:` entry), its columns made as bot.yaml
// says; the table is written by ONE statement, only while it is empty, so a crash never leaves it half-loaded and
// "already loaded?" stays a row count.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BotConfig } from '../bot/config.ts';
import { fold } from '../text/index.ts';
import { gazetteerValue } from '../nlu/index.ts';
import { parseCsv } from '../store/csv.ts';
import type { Sql } from '../store/index.ts';
import type { TableColumnConfig, TableLoadConfig } from './table-load-schema.ts';

type Config = Pick<BotConfig, 'tables' | 'gazetteers'>;
type Line = Record<string, string>;
type Row = Record<string, unknown>;

export interface LoadTableOptions {
  /** The bot's folder: the table's `dir` is relative to it. */
  botDir: string;
  /** The environment (`dirEnv`); default `process.env`. */
  env?: Record<string, string | undefined>;
  log?: (message: string) => void;
  /** Read at most this many lines of each source file (tests load a small part). */
  maxRows?: number;
}

/** "CIÊNCIA DA COMPUTAÇÃO" → "Ciência da Computação": `lower` words stay lowercase after the first, `upper` ones in capitals. */
export function titleCase(text: string, words: { lower?: string[]; upper?: string[] } = {}): string {
  const lower = new Set((words.lower ?? []).map((w) => w.toLowerCase()));
  const upper = new Set((words.upper ?? []).map((w) => w.toLowerCase()));
  return text
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((w, i) => (upper.has(w) ? w.toUpperCase() : i > 0 && lower.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** The folder a table's files are read from: `dirEnv` when set, else `dir` relative to the bot folder. */
export function tableDir(table: TableLoadConfig, botDir: string, env: Record<string, string | undefined> = process.env): string {
  const fromEnv = table.dirEnv ? env[table.dirEnv] : undefined;
  return fromEnv ? resolve(fromEnv) : resolve(botDir, table.dir);
}

const cellText = (v: unknown): string | null => (v === undefined || v === null ? null : String(v).trim() || null);

/** Lookups: key name → folded key → the distinct values found under it. */
type LookupIndex = Map<string, Map<string, Set<string>>>;

const keyOf = (cells: (string | null)[]) => (cells.every((c) => c !== null) ? cells.map((c) => fold(c!)).join('\u0001') : null);

function indexLookup(lines: Line[], spec: TableLoadConfig['lookups'][string]): LookupIndex {
  const index: LookupIndex = new Map();
  for (const [key, columns] of Object.entries(spec.keys)) {
    const byKey = new Map<string, Set<string>>();
    for (const line of lines) {
      const value = cellText(line[spec.value]);
      const k = keyOf(columns.map((c) => cellText(line[c])));
      if (value === null || k === null) continue;
      byKey.set(k, (byKey.get(k) ?? new Set()).add(value));
    }
    index.set(key, byKey);
  }
  return index;
}

/** Build every row of table `name` from its files, without touching the store. */
export async function readTableRows(config: Config, name: string, opts: { dir: string; maxRows?: number }): Promise<Row[]> {
  const table = config.tables[name];
  if (!table) throw new Error(`bot.yaml has no table '${name}' (tables: ${Object.keys(config.tables).join(', ')})`);
  const files = new Map<string, Promise<Line[]>>();
  const read = (file: string) => {
    if (!files.has(file)) files.set(file, readFile(resolve(opts.dir, file), 'utf8').then(parseCsv));
    return files.get(file)!;
  };
  const lookups = new Map<string, LookupIndex>();
  for (const [id, spec] of Object.entries(table.lookups)) lookups.set(id, indexLookup(await read(spec.file), spec));

  const gazetteer = (type: string) => {
    const g = config.gazetteers.find((x) => x.type === type);
    if (!g) throw new Error(`tables.${name}: no gazetteer '${type}'`);
    return g;
  };
  const rows: Row[] = [];
  for (const source of table.sources) {
    const all = await read(source.file);
    const lines = opts.maxRows === undefined ? all : all.slice(0, opts.maxRows);
    const header = new Set(Object.keys(all[0] ?? {}));
    // A name read is a column made above, else a column of the file; anything else is a mistake in bot.yaml.
    const get = (line: Line, row: Row, col: string): unknown => {
      if (Object.hasOwn(row, col)) return row[col];
      if (!header.has(col)) throw new Error(`tables.${name}: '${col}' is neither a column of ${source.file} nor one made above it`);
      return line[col];
    };
    const make = (line: Line, row: Row, columns: Record<string, TableColumnConfig>): boolean => {
      for (const [col, c] of Object.entries(columns)) {
        const value = columnValue(c, (x) => get(line, row, x), lookups, gazetteer, table);
        if (value === null && c.required) return false;
        row[col] = value;
      }
      return true;
    };
    for (const line of lines) {
      const common: Row = {};
      if (!make(line, common, source.columns)) continue;
      for (const entry of source.rows ?? [{}]) {
        const row: Row = { ...common };
        if (make(line, row, entry) && make(line, row, table.columns)) rows.push(row);
      }
    }
  }
  return rows;
}

type GazetteerOf = (type: string) => BotConfig['gazetteers'][number];

/** A column's value for one line: taken from its source, shaped as a string, then `nullIf` and `or` applied. */
function columnValue(
  c: TableColumnConfig,
  get: (col: string) => unknown,
  lookups: Map<string, LookupIndex>,
  gazetteer: GazetteerOf,
  table: TableLoadConfig,
): unknown {
  const v = shapedText(c, sourceValue(c, get, lookups), gazetteer, table);
  return withNullRules(c, v, get);
}

/** The value as the column's source gives it: a constant, a cell, a sum, a folded text or a lookup. */
function sourceValue(c: TableColumnConfig, get: (col: string) => unknown, lookups: Map<string, LookupIndex>): unknown {
  if (c.value !== undefined) return c.value;
  if (c.from !== undefined) return cellText(get(c.from));
  if (c.sum) return c.sum.reduce((acc: number, col) => acc + (Number(cellText(get(col)) ?? 0) || 0), 0);
  if (c.fold) return fold(c.fold.map((col) => cellText(get(col)) ?? '').join(' '));
  return lookupValue(c, get, lookups);
}

/** The first `by` key of the line that finds exactly one value in the lookup; null when none does. */
function lookupValue(c: TableColumnConfig, get: (col: string) => unknown, lookups: Map<string, LookupIndex>): string | null {
  const index = lookups.get(c.lookup!)!;
  for (const [key, parts] of c.by!.map((k) => Object.entries(k)[0])) {
    const k = keyOf(parts.map((p) => cellText(get(p))));
    const found = k === null ? undefined : index.get(key)?.get(k);
    if (found?.size === 1) return [...found][0];
  }
  return null;
}

/** A string value through `pattern`, `case`, `gazetteer` and `type: number`, in that order; other values as they are. */
function shapedText(c: TableColumnConfig, value: unknown, gazetteer: GazetteerOf, table: TableLoadConfig): unknown {
  let v = typeof value === 'string' && c.pattern ? patternMatch(value, c.pattern) : value;
  if (typeof v === 'string' && c.case === 'title') v = titleCase(v, table.titleCase);
  if (typeof v === 'string' && c.gazetteer) v = gazetteerValue(gazetteer(c.gazetteer), v) ?? v;
  if (typeof v === 'string' && c.type === 'number') v = Number.isFinite(Number(v)) ? Number(v) : null;
  return v;
}

/** The pattern's first matching group (else the whole match) as cell text; null when it does not match. */
function patternMatch(text: string, pattern: string): string | null {
  const m = new RegExp(pattern, 'u').exec(text);
  return m ? (cellText(m.slice(1).find((g) => g !== undefined) ?? m[0]) ?? null) : null;
}

/** A value listed in `nullIf` becomes null; a null value falls back to the `or` column. */
function withNullRules(c: TableColumnConfig, value: unknown, get: (col: string) => unknown): unknown {
  let v = value;
  if (v !== null && c.nullIf.some((n) => n === v || String(n) === String(v))) v = null;
  if (v === null && c.or !== undefined) v = cellText(get(c.or));
  return v;
}

/**
 * Load table `name` of bot.yaml `tables:` unless it holds rows already; returns the rows now in it. The columns
 * are written as bot.yaml makes them, converted to the table's own column types.
 */
export async function loadTable(sql: Sql, config: Config, name: string, opts: LoadTableOptions): Promise<{ rows: number; loaded: boolean }> {
  const table = config.tables[name];
  if (!table) throw new Error(`bot.yaml has no table '${name}' (tables: ${Object.keys(config.tables).join(', ')})`);
  const log = opts.log ?? (() => {});
  const count = async () => Number((await sql.query<{ n: number | string }>(`select count(*)::int as n from ${name}`))[0]?.n ?? 0);
  const before = await count();
  if (before > 0) {
    log(`${name}: already loaded (${before} rows)`);
    return { rows: before, loaded: false };
  }
  const started = Date.now();
  const rows = await readTableRows(config, name, { dir: tableDir(table, opts.botDir, opts.env), maxRows: opts.maxRows });
  if (rows.length > 0) {
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].join(', ');
    await sql.query(`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, $1::json)`, [JSON.stringify(rows)]);
  }
  const after = await count();
  log(`${name}: ${after} rows loaded from ${table.sources.map((s) => s.file).join(', ')} (${Date.now() - started} ms)`);
  return { rows: after, loaded: true };
}

/**
 * Create table `name` of bot.yaml `tables:` when it does not exist, from the columns bot.yaml makes: `type: number`
 * (and a `sum`) as double precision, a boolean `value` as boolean, the rest as text. For a bot without a migration
 * of its own (a bot without code: the runtime loads its tables when it loads the bot).
 */
export async function createTable(sql: Sql, config: Config, name: string): Promise<void> {
  const table = config.tables[name];
  if (!table) throw new Error(`bot.yaml has no table '${name}' (tables: ${Object.keys(config.tables).join(', ')})`);
  const types = new Map<string, string>();
  const add = (columns: Record<string, TableColumnConfig>) => {
    for (const [col, c] of Object.entries(columns)) {
      const type = c.type === 'number' || c.sum ? 'double precision' : typeof c.value === 'boolean' ? 'boolean' : typeof c.value === 'number' ? 'double precision' : 'text';
      if (!types.has(col) || types.get(col) === 'text') types.set(col, type);
    }
  };
  for (const source of table.sources) {
    add(source.columns);
    for (const row of source.rows ?? []) add(row);
  }
  add(table.columns);
  await sql.query(`create table if not exists ${name} (${[...types].map(([c, t]) => `${c} ${t}`).join(', ')})`);
}
