// bot.yaml `data:` — small tables shipped with the bot (a shop's catalogue of products, a price list): a JSON, YAML
// or CSV file beside bot.yaml, and/or rows written inline, checked column by column when the bot loads and kept in
// memory for the bot's code (`botVocabulary(import.meta.url).data(name)`, `ctx.bot.data[name].rows`). A gazetteer's
// `from:` takes its values from one of them. The rows are read and checked by data-file.ts.
import { z } from 'zod';

/** The kinds of cell a column holds. */
const columnTypes = ['text', 'number', 'integer', 'boolean', 'list'] as const;

export const dataColumnSchema = z.strictObject({
  /** `text` (not empty), `number`, `integer`, `boolean` or `list` (of texts; a CSV cell separates them with `|`). */
  type: z.enum(columnTypes).default('text'),
  /** `number`/`integer`: the least value; `list`: the fewest items. */
  min: z.number().optional(),
  /** The value of a row that leaves the column out (or a CSV cell left empty); without it the column is required. */
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
});

/** A column written as its type alone (`price: integer`) or with its options (`price: { type: integer, min: 1 }`). */
const columnSchema = z.union([z.enum(columnTypes).transform((type) => dataColumnSchema.parse({ type })), dataColumnSchema]);

export const dataTableSchema = z.strictObject({
  /** The file of rows, relative to the bot folder: `.json` (a list of objects), `.yaml`/`.yml` (the same) or `.csv` (a header row). */
  file: z.string().min(1).optional(),
  /** The row's columns and what each holds; a row with another key is refused. */
  columns: z.record(z.string().min(1), columnSchema).refine((c) => Object.keys(c).length > 0, 'name at least one column'),
  /** A column no two rows share a value of (a product's id). */
  key: z.string().min(1).optional(),
  /** Rows written here, after the file's. */
  rows: z.array(z.record(z.string(), z.unknown())).default([]),
});

export const dataSchema = z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/, 'a snake_case name (letters, digits, underscores)'), dataTableSchema).default({});

/** A gazetteer's values from one of `data:`: each row's `value` column, its `synonyms` columns' texts as its synonyms. */
export const gazetteerFromSchema = z.strictObject({
  /** The entry of `data:`. */
  data: z.string().min(1),
  /** The column whose text is the gazetteer value (a product's id). */
  value: z.string().min(1),
  /** Columns of text or lists of texts that name the value too (a product's name, its aliases). */
  synonyms: z.array(z.string().min(1)).default([]),
});

export type DataTableConfig = z.infer<typeof dataTableSchema>;
export type DataColumnConfig = z.infer<typeof dataColumnSchema>;
type GazetteerFrom = z.infer<typeof gazetteerFromSchema>;
type Problem = { path: (string | number)[]; message: string };

/** Cross-references of `data:` and of the gazetteers' `from:`: the key and the columns named exist and hold texts. */
export function dataProblems(data: Record<string, DataTableConfig>, gazetteers: { type: string; from?: GazetteerFrom }[]): Problem[] {
  const out: Problem[] = [];
  for (const [name, table] of Object.entries(data)) {
    if (table.key && !table.columns[table.key]) out.push({ path: ['data', name, 'key'], message: `'${table.key}' is not one of its columns (${Object.keys(table.columns).join(', ')})` });
    if (!table.file && !table.rows.length) out.push({ path: ['data', name], message: 'give a file or rows' });
  }
  gazetteers.forEach((g, i) => {
    if (!g.from) return;
    const at = ['gazetteers', i, 'from'];
    const table = data[g.from.data];
    if (!table) return void out.push({ path: [...at, 'data'], message: `'${g.from.data}' is not one of data: (${Object.keys(data).join(', ') || 'none'})` });
    const wants = (column: string, path: (string | number)[], types: string[]) => {
      const type = table.columns[column]?.type;
      if (!type) out.push({ path, message: `'${column}' is not a column of data.${g.from!.data}` });
      else if (!types.includes(type)) out.push({ path, message: `'${column}' holds ${type}, not ${types.join(' or ')}` });
    };
    wants(g.from.value, [...at, 'value'], ['text']);
    g.from.synonyms.forEach((s, j) => wants(s, [...at, 'synonyms', j], ['text', 'list']));
  });
  return out;
}
