// bot.yaml `tables:` — tables a bot loads from CSV files into its own store tables (a catalogue, offers): the
// files, how each of the table's columns is made from a file's cells (typed, mapped through a gazetteer, looked up
// by key in another file), several rows from one line, and lines left out. Loaded by table-load.ts.
import { z } from 'zod';
import { identifier } from './table-search-schema.ts';

/** A column of the table made from the current line: the names it reads are file columns or columns made above. */
export const tableColumnSchema = z
  .strictObject({
    /** A column of the file (or of the table, made above): its cell. */
    from: z.string().min(1).optional(),
    /** A fixed value. */
    value: z.union([z.string(), z.number(), z.boolean()]).optional(),
    /** Columns summed as numbers (empty cells count 0). */
    sum: z.array(z.string().min(1)).min(1).optional(),
    /** Columns joined by spaces and folded (lowercase, no accents): a column to compare without accents or case. */
    fold: z.array(z.string().min(1)).min(1).optional(),
    /** A lookup of `lookups:`, tried key by key in `by` order (each `{ key: the columns that fill it }`): the first that finds one value. */
    lookup: z.string().min(1).optional(),
    by: z
      .array(z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).refine((k) => Object.keys(k).length === 1, 'one key per entry: { key: [columns] }'))
      .min(1)
      .optional(),
    /** With `from`: the cell's first group of this regex (else the whole match); no match is no value. */
    pattern: z.string().min(1).optional(),
    /** `title`: every word capitalised but the table's `titleCase.lower` words, `titleCase.upper` ones in capitals. */
    case: z.enum(['title']).optional(),
    /** The gazetteer value the text names (by itself or a synonym); text naming none is kept as it is. */
    gazetteer: z.string().min(1).optional(),
    /** `text` or `number` (a cell that is no number is no value). */
    type: z.enum(['text', 'number']).default('text'),
    /** Values that mean no value (`[0]`: a zero cut-off is none). */
    nullIf: z.array(z.union([z.string(), z.number()])).default([]),
    /** With no value, this column's (of the file, or made above). */
    or: z.string().min(1).optional(),
    /** A line whose value is none gives no row. */
    required: z.boolean().default(false),
  })
  .refine((c) => [c.from, c.value, c.sum, c.fold, c.lookup].filter((x) => x !== undefined).length === 1, 'a column says one of from, value, sum, fold or lookup')
  .refine((c) => (c.lookup === undefined) === (c.by === undefined), 'lookup goes with by (and by with lookup)')
  .refine((c) => c.pattern === undefined || c.from !== undefined, 'pattern goes with from');

const columnsSchema = z.record(identifier, tableColumnSchema);

const sourceSchema = z.strictObject({
  /** The CSV file (header row), relative to the table's `dir`. */
  file: z.string().min(1),
  /** The columns every row of this file has. */
  columns: columnsSchema.default({}),
  /** Several rows from one line: each entry's columns added to (or replacing) the source's; a row per entry kept. */
  rows: z.array(columnsSchema).min(1).optional(),
});

const lookupSchema = z.strictObject({
  /** The CSV file, relative to the table's `dir`. */
  file: z.string().min(1),
  /** The column whose cell is the value found (a line with it empty is left out). */
  value: z.string().min(1),
  /** Keys by name, each the file's columns whose cells (folded) make it: `{ name: [Nome], acronym_state: [Sigla, UF] }`. */
  keys: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)),
});

export const tableLoadSchema = z.strictObject({
  /** The folder of the files, relative to the bot folder. */
  dir: z.string().min(1).default('.'),
  /** An environment variable that, when set, is the folder instead (absolute, or relative to the working directory). */
  dirEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/).optional(),
  /** Values looked up by key in other files. */
  lookups: z.record(z.string().min(1), lookupSchema).default({}),
  /** The words `case: title` keeps in lowercase (particles) and in capitals (acronyms). */
  titleCase: z.strictObject({ lower: z.array(z.string()).default([]), upper: z.array(z.string()).default([]) }).default({ lower: [], upper: [] }),
  /** The files, loaded in order (a later file's lookups may read an earlier one's file too). */
  sources: z.array(sourceSchema).min(1),
  /** Columns every row of every source gets, made after its source's columns (folded copies for searching). */
  columns: columnsSchema.default({}),
});

export const tablesSchema = z.record(identifier, tableLoadSchema).default({});

export type TableLoadConfig = z.infer<typeof tableLoadSchema>;
export type TableColumnConfig = z.infer<typeof tableColumnSchema>;

/** Cross-references of `tables:`: lookups and their keys named exist, gazetteers exist. */
export function tableProblems(tables: Record<string, TableLoadConfig>, gazetteerTypes: Set<string>): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  for (const [name, t] of Object.entries(tables)) {
    const check = (columns: Record<string, TableColumnConfig>, path: (string | number)[]) => {
      for (const [col, c] of Object.entries(columns)) {
        if (c.gazetteer && !gazetteerTypes.has(c.gazetteer)) out.push({ path: [...path, col, 'gazetteer'], message: `'${c.gazetteer}' is not one of the gazetteers` });
        if (c.lookup && !t.lookups[c.lookup]) out.push({ path: [...path, col, 'lookup'], message: `'${c.lookup}' is not one of this table's lookups` });
        for (const [key, parts] of (c.by ?? []).map((k) => Object.entries(k)[0])) {
          const keyColumns = c.lookup ? t.lookups[c.lookup]?.keys[key] : undefined;
          if (c.lookup && t.lookups[c.lookup] && !keyColumns) out.push({ path: [...path, col, 'by', key], message: `'${key}' is not a key of lookup '${c.lookup}'` });
          else if (keyColumns && keyColumns.length !== parts.length) out.push({ path: [...path, col, 'by', key], message: `key '${key}' has ${keyColumns.length} column(s), not ${parts.length}` });
        }
      }
    };
    t.sources.forEach((s, i) => {
      check(s.columns, ['tables', name, 'sources', i, 'columns']);
      s.rows?.forEach((r, j) => check(r, ['tables', name, 'sources', i, 'rows', j]));
    });
    check(t.columns, ['tables', name, 'columns']);
  }
  return out;
}
