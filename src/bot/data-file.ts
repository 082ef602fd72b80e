// bot.yaml `data:` at load: each table's file read (JSON, YAML or CSV), its rows and the inline ones checked
// column by column, the key's values unique; then the gazetteers with `from:` get a value per row. A bot whose
// file is missing or holds a bad row does not load, and the error names the table, the file, the row and the column.
import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { z } from 'zod';
import { extendGazetteer } from '../nlu/index.ts';
import { parseCsv } from '../store/csv.ts';
import { readYamlFile } from '../yaml-file.ts';
import type { BotConfig } from './config.ts';
import type { DataColumnConfig, DataTableConfig } from './data-schema.ts';

/** The value a column accepts (a CSV cell is text: read as the column's type). */
function cellSchema(column: DataColumnConfig, fromCsv: boolean): z.ZodType {
  const min = column.min;
  let schema: z.ZodType;
  if (column.type === 'list') {
    const list = z.array(z.string().trim().min(1));
    schema = min === undefined ? list : list.min(min);
    if (fromCsv) schema = z.preprocess((v) => (typeof v === 'string' ? v.split('|').map((s) => s.trim()).filter(Boolean) : v), schema);
  } else if (column.type === 'number' || column.type === 'integer') {
    const number = column.type === 'integer' ? z.number().int() : z.number();
    schema = min === undefined ? number : number.min(min);
    if (fromCsv) schema = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v), schema);
  } else if (column.type === 'boolean') {
    schema = fromCsv ? z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()) : z.boolean();
  } else {
    schema = z.string().trim().min(1);
  }
  const empty = (v: unknown) => (v === undefined || v === null || (fromCsv && v === '') ? undefined : v);
  return z.preprocess(empty, column.default === undefined ? schema : schema.default(column.default as never));
}

const rowSchema = (table: DataTableConfig, fromCsv: boolean) =>
  z.strictObject(Object.fromEntries(Object.entries(table.columns).map(([name, column]) => [name, cellSchema(column, fromCsv)])));

/** The rows of a table's file, as written (a CSV's cells as text). */
function readRows(path: string): { rows: unknown; csv: boolean } {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return { rows: parseCsv(readFileSync(path, 'utf8')), csv: true };
  if (ext === '.json') return { rows: JSON.parse(readFileSync(path, 'utf8')), csv: false };
  if (ext === '.yaml' || ext === '.yml') return { rows: readYamlFile(path), csv: false };
  throw new Error(`'${path}' is no .json, .yaml, .yml or .csv file`);
}

/** A table's rows checked: the file's, then the inline ones; an Error naming the row and the column otherwise. */
function loadDataTable(name: string, table: DataTableConfig, botDir: string): Record<string, unknown>[] {
  const sources: { where: string; rows: unknown; csv: boolean }[] = [];
  if (table.file) {
    const path = resolve(botDir, table.file);
    if (!existsSync(path)) throw new Error(`data.${name}.file: '${table.file}' does not exist in ${botDir}`);
    sources.push({ where: table.file, ...readRows(path) });
  }
  sources.push({ where: `data.${name}.rows`, rows: table.rows, csv: false });
  const out: Record<string, unknown>[] = [];
  for (const { where, rows, csv } of sources) {
    if (!Array.isArray(rows)) throw new Error(`data.${name}: ${where} holds no list of rows`);
    const schema = rowSchema(table, csv);
    rows.forEach((raw, i) => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`data.${name}: ${where} row ${i + 1}${rowLabel(table, raw)}: ${issue.path.join('.') || 'row'}: ${issue.message}`);
      }
      out.push(parsed.data as Record<string, unknown>);
    });
  }
  if (table.key) uniqueKey(name, table.key, out);
  return out;
}

const rowLabel = (table: DataTableConfig, raw: unknown) => {
  const key = table.key && raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[table.key] : undefined;
  return key === undefined ? '' : ` (${table.key} "${String(key)}")`;
};

function uniqueKey(name: string, key: string, rows: Record<string, unknown>[]): void {
  const seen = new Set<unknown>();
  for (const row of rows) {
    if (seen.has(row[key])) throw new Error(`data.${name}: two rows have ${key} "${String(row[key])}"`);
    seen.add(row[key]);
  }
}

/** Every `data:` table's rows read into the configuration, then the gazetteers with `from:` extended with them. */
export function readDataTables(config: BotConfig, botDir: string): void {
  for (const [name, table] of Object.entries(config.data)) config.data[name] = { ...table, rows: loadDataTable(name, table, botDir) };
  config.gazetteers = config.gazetteers.map((g) => {
    if (!g.from) return g;
    const { value, synonyms } = g.from;
    const values = config.data[g.from.data].rows.map((row) => [String(row[value]), synonyms.flatMap((s) => [row[s] ?? []].flat().map(String))] as const);
    return extendGazetteer(g, Object.fromEntries(values)) as typeof g;
  });
}
