// bot.yaml `search:` — searches over tables a bot owns (a catalogue of products, offers, opportunities): the table,
// the columns returned, the filters a caller may pass, the sort orders, the limit and an optional widening.
// Identifiers come only from here and are snake_case; every value reaches SQL as a parameter (table-search.ts).
import { z } from 'zod';

/** A table or column name: snake_case, so it can be written into SQL as it is. */
export const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'a snake_case name (letters, digits, underscores)');

const filterSchema = z
  .strictObject({
    /** equal, folded (free text cleaned to letters/digits), gazetteer, at_most, at_least, any, words, exact_then_words, enum. */
    match: z.enum(['equal', 'folded', 'gazetteer', 'at_most', 'at_least', 'any', 'words', 'exact_then_words', 'enum']),
    /** The column compared (every kind but enum). */
    column: identifier.optional(),
    /** gazetteer / any: the gazetteer whose value the text names; exact_then_words: whose synonyms are aliases. */
    gazetteer: z.string().min(1).optional(),
    /** at_most / at_least: the accepted range of the value (outside it: rejected). */
    min: z.number().optional(),
    max: z.number().optional(),
    /** enum: each accepted value → the column equalities it stands for. */
    values: z.record(z.string(), z.record(identifier, z.union([z.string(), z.number(), z.boolean()]))).optional(),
    /** gazetteer: leading words tried away when the whole text names no value ("turno da noite" → "noite"). */
    strip: z.array(z.string().min(1)).default([]),
    /** exact_then_words: values that name a family of values, matched by their words only ("engenharia": any engineering). */
    broad: z.array(z.string().min(1)).default([]),
    /** words / exact_then_words: words never matched ("de", "curso"). */
    stopwords: z.array(z.string().min(1)).default([]),
    /** exact_then_words: prefixes a stored value may carry before the name ("abi - "). */
    prefixes: z.array(z.string().min(1)).default([]),
    /** folded: "Campinas - SP" carries this filter's value (a gazetteer filter's name) after a dash, slash or comma. */
    carries: z.string().min(1).optional(),
  })
  .refine((f) => (f.match === 'enum') === (f.column === undefined), 'every match kind but enum needs a column (and enum none)')
  .refine((f) => (f.match === 'enum') === (f.values !== undefined), 'enum needs values (and only enum has them)')
  .refine((f) => f.match !== 'gazetteer' || f.gazetteer !== undefined, 'match: gazetteer needs gazetteer:');

/**
 * A widening step. Without `groups`: the `to` value is the one given, else the most frequent among the rows matching
 * `from` (a folded filter); `label` is the column naming the `from` value. With `groups`: the `to` filter (an `any`
 * filter) takes the group holding the `from` value ("PE" → the Nordeste's states).
 */
const widenStepSchema = z.strictObject({
  from: z.string().min(1),
  to: z.string().min(1),
  below: z.number().int().min(1).default(3),
  label: identifier.optional(),
  groups: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
});

export const tableSearchSchema = z.strictObject({
  /** The table searched. */
  table: identifier,
  /** The tool name in tool_start/tool_end events (`ctx.search`); default: the search's name. */
  tool: z.string().min(1).optional(),
  /** The columns returned, each with how it is read back. */
  columns: z.record(identifier, z.enum(['text', 'number', 'boolean'])),
  /** The filters a caller may pass, by name. */
  filters: z.record(z.string().min(1), filterSchema).default({}),
  /** Full-text search of the caller's `query` over a column. */
  text: z.strictObject({ column: identifier, language: identifier.default('simple') }).optional(),
  /** Sort orders by name: columns, each optionally followed by `desc` (nulls always last). The first is the default. */
  sorts: z.record(z.string().min(1), z.array(z.string().regex(/^[a-z_][a-z0-9_]*( (asc|desc))?$/, "a column, optionally followed by ' asc' or ' desc'")).min(1)).default({}),
  /** Rows returned when the caller gives no limit, and the most a caller may ask for. */
  limit: z.strictObject({ default: z.number().int().min(1).default(10), max: z.number().int().min(1).default(50) }).default({ default: 10, max: 50 }),
  /**
   * Steps tried in order while the rows are fewer than `below`: each searches by its `to` filter instead of its `from`
   * filter (and the `from` filters of the steps before it). One step or a list.
   */
  widen: z
    .union([widenStepSchema, z.array(widenStepSchema).min(1)])
    .transform((w) => (Array.isArray(w) ? w : [w]))
    .optional(),
});

export const searchesSchema = z.record(identifier, tableSearchSchema).default({});

export type TableSearchConfig = z.infer<typeof tableSearchSchema>;
export type SearchFilterConfig = z.infer<typeof filterSchema>;

/** Cross-references of `search:`: gazetteers named exist, sort and widening name columns and filters declared. */
export function searchProblems(searches: Record<string, TableSearchConfig>, gazetteerTypes: Set<string>): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  for (const [name, s] of Object.entries(searches)) {
    for (const [f, spec] of Object.entries(s.filters)) {
      if (spec.gazetteer && !gazetteerTypes.has(spec.gazetteer)) out.push({ path: ['search', name, 'filters', f, 'gazetteer'], message: `'${spec.gazetteer}' is not one of the gazetteers` });
      if (spec.carries && s.filters[spec.carries]?.match !== 'gazetteer') out.push({ path: ['search', name, 'filters', f, 'carries'], message: `'${spec.carries}' is not a gazetteer filter of this search` });
      if (spec.carries && spec.match !== 'folded') out.push({ path: ['search', name, 'filters', f, 'carries'], message: 'carries goes with match: folded' });
    }
    (s.widen ?? []).forEach((w, i) => {
      const path = ['search', name, 'widen', ...(s.widen!.length > 1 ? [i] : [])];
      const from = s.filters[w.from];
      if (!from?.column || from.match === 'enum') out.push({ path: [...path, 'from'], message: `'${w.from}' is not a filter of this search` });
      else if (!w.groups && from.match !== 'folded') out.push({ path: [...path, 'from'], message: `'${w.from}' is not a folded filter of this search (a step without groups widens a folded filter)` });
      if (!s.filters[w.to]?.column || s.filters[w.to].match === 'enum') out.push({ path: [...path, 'to'], message: `'${w.to}' is not a filter of this search` });
      else if (w.groups && s.filters[w.to].match !== 'any') out.push({ path: [...path, 'to'], message: `'${w.to}' is not an any filter (a step with groups searches a group's values)` });
    });
    if (s.limit.default > s.limit.max) out.push({ path: ['search', name, 'limit'], message: 'limit.default is above limit.max' });
  }
  return out;
}
