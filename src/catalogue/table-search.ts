// searchTable: one of bot.yaml's `search:` entries run over its table. Filters are normalised first (free text
// cleaned to letters, digits, spaces and hyphens; gazetteer values looked up; numbers bounded); a value that cannot
// be understood is reported in `rejected` and the search returns no rows (never an error). Every value reaches SQL
// as a parameter; identifiers come only from the validated bot.yaml.
import type { BotConfig } from '../bot/config.ts';
import { foldDiacritics } from '../text/index.ts';
import type { Sql } from '../store/index.ts';
import { fold } from '../text/index.ts';
import { cleanSearchText, gazetteerOf, givenText, normaliseSearchFilters, type Gazetteers } from './table-search-filters.ts';
import type { SearchFilterConfig, TableSearchConfig } from './table-search-schema.ts';

export interface TableSearchParams {
  /** Filter name → the caller's value (text, number, or a list for `any`). Empty values are ignored. */
  filters?: Record<string, unknown>;
  /** Full-text terms (the search's `text:`). */
  query?: string;
  /** One of the search's `sorts` (else its first). */
  sort?: string;
  limit?: number;
  /** false: no widening; a number: widen below that many rows instead of `widen.below`. */
  widen?: boolean | number;
  /** exact_then_words filters: only the exact value, or only its words (default: exact, then words when exact finds nothing). */
  match?: 'exact' | 'words';
}

export interface TableSearchResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Matching rows before the limit. */
  total: number;
  /** The filters as applied, normalised, with the query and the sort. */
  applied: Record<string, unknown>;
  /** Filters whose value could not be understood; any rejection yields no rows. */
  rejected: string[];
  /**
   * Set when the search widened: `from` the narrowest value the caller gave (as the table spells it, else as given),
   * `to` the value searched instead (a group's name), `filter` the filter it went to.
   */
  widened?: { from: string; to: string; filter: string };
  /** With an exact_then_words filter: `exact` (the value itself), `words` (only its words found rows), `broad` (a broad value). */
  matched?: 'exact' | 'words' | 'broad';
}

const aliasMaps = new WeakMap<object, Map<string, string>>();

function aliasesOf(gazetteers: Gazetteers, type: string | undefined): Map<string, string> {
  return type ? gazetteerAliases(gazetteerOf(gazetteers, type)) : new Map();
}

/**
 * A gazetteer's synonyms that differ from their value, folded → the folded value ("vet" → "medicina veterinaria"),
 * for `expandAliases`; built once per gazetteer.
 */
export function gazetteerAliases(gazetteer: Pick<Gazetteers[number], 'values'>): Map<string, string> {
  let out = aliasMaps.get(gazetteer);
  if (!out) {
    out = new Map();
    for (const [value, synonyms] of Object.entries(gazetteer.values)) {
      for (const s of synonyms) if (fold(s) !== fold(value)) out.set(fold(s), fold(value));
    }
    aliasMaps.set(gazetteer, out);
  }
  return out;
}

/** Expand a gazetteer's aliases in folded text, in one pass (a replacement is never expanded again). */
export function expandAliases(folded: string, aliases: Map<string, string>): string {
  if (aliases.size === 0) return folded;
  return folded.replace(aliasPattern(aliases), (m) => aliases.get(m) ?? m);
}

const aliasPatterns = new WeakMap<Map<string, string>, RegExp>();

/** The aliases as one pattern, longest first, compiled once per map. */
function aliasPattern(aliases: Map<string, string>): RegExp {
  let pattern = aliasPatterns.get(aliases);
  if (!pattern) {
    const escaped = [...aliases.keys()].sort((a, b) => b.length - a.length).map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    pattern = new RegExp(`(?<![a-z0-9])(${escaped.join('|')})(?![a-z0-9])`, 'g');
    aliasPatterns.set(aliases, pattern);
  }
  return pattern;
}

interface Where {
  where: string[];
  params: unknown[];
}

type Mode = 'exact' | 'words';
type Param = (value: unknown) => string;

function buildWhere(search: TableSearchConfig, gazetteers: Gazetteers, f: Record<string, unknown>, query: string | undefined, mode: Mode): Where | null {
  const where: string[] = [];
  const params: unknown[] = [];
  const p: Param = (v) => `$${params.push(v)}`;
  for (const [name, value] of Object.entries(f)) {
    const spec = search.filters[name];
    const clauses = CLAUSES[spec.match](spec, value, p, { gazetteers, mode });
    if (!clauses) return null;
    where.push(...clauses);
  }
  if (query && search.text) where.push(`to_tsvector('${search.text.language}', ${search.text.column}) @@ plainto_tsquery('${search.text.language}', ${p(query)})`);
  return { where, params };
}

/** A filter's SQL conditions, its values as parameters; null when it can match no row. */
type ClauseBuilder = (spec: SearchFilterConfig, value: unknown, p: Param, ctx: { gazetteers: Gazetteers; mode: Mode }) => string[] | null;

const equalTo: ClauseBuilder = (spec, value, p) => [`${spec.column} = ${p(value)}`];

const CLAUSES: Record<SearchFilterConfig['match'], ClauseBuilder> = {
  equal: equalTo,
  folded: equalTo,
  gazetteer: equalTo,
  at_most: (spec, value, p) => [`${spec.column} <= ${p(value)}`],
  at_least: (spec, value, p) => [`${spec.column} >= ${p(value)}`],
  any: (spec, value, p) => [`${spec.column} = any(${p(value)}::text[])`],
  enum: (spec, value, p) => Object.entries(spec.values![value as string]).map(([c, v]) => `${c} = ${p(v)}`),
  words: (spec, value, p, ctx) => textClauses(spec, value as string, p, ctx.gazetteers, 'words'),
  exact_then_words: (spec, value, p, ctx) => textClauses(spec, value as string, p, ctx.gazetteers, ctx.mode),
};

/** A text filter: in exact mode one of its exact spellings, else each of its words (stopwords aside) at a word start. */
function textClauses(spec: SearchFilterConfig, text: string, p: Param, gazetteers: Gazetteers, mode: Mode): string[] | null {
  const expanded = expandAliases(text, aliasesOf(gazetteers, spec.gazetteer));
  if (mode === 'exact') {
    // The value as given and with its aliases expanded ("vet" → "medicina veterinaria"), bare or after a prefix.
    const names = [...new Set([text, expanded])];
    const all = [...names, ...spec.prefixes.flatMap((pre) => names.map((n) => `${foldDiacritics(pre.toLowerCase())}${n}`))];
    return [`${spec.column} = any(${p(all)}::text[])`];
  }
  const stop = new Set(spec.stopwords.map(fold));
  const tokens = expanded.split(/[\s-]+/).filter((t) => t.length > 0 && !stop.has(t));
  if (tokens.length === 0) return null;
  // Tokens are [a-z0-9] only (cleanSearchText), so they are safe inside a regex; \m anchors at a word start.
  return tokens.map((t) => `${spec.column} ~ ${p(`\\m${t}`)}`);
}

function readRow(search: TableSearchConfig, r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [c, kind] of Object.entries(search.columns)) {
    const v = r[c];
    out[c] = v === null || v === undefined ? null : kind === 'number' ? Number(v) : kind === 'boolean' ? Boolean(v) : String(v);
  }
  return out;
}

async function runOnce(sql: Sql, search: TableSearchConfig, gazetteers: Gazetteers, f: Record<string, unknown>, query: string | undefined, order: string, limit: number, mode: Mode) {
  const built = buildWhere(search, gazetteers, f, query, mode);
  if (!built) return { rows: [], total: 0 };
  const where = built.where.length > 0 ? `where ${built.where.join(' and ')}` : '';
  built.params.push(limit);
  const rows = await sql.query<Record<string, unknown>>(
    `select ${Object.keys(search.columns).join(', ')}, count(*) over () as search_total from ${search.table} ${where} ${order} limit $${built.params.length}`,
    built.params,
  );
  return { rows: rows.map((r) => readRow(search, r)), total: rows.length > 0 ? Number(rows[0].search_total) : 0 };
}

type WidenStep = NonNullable<TableSearchConfig['widen']>[number];

/** The `from` value as spelled in the table (its `label` column), with its most frequent `to` value. */
async function placeOf(sql: Sql, search: TableSearchConfig, w: WidenStep, from: unknown, to: unknown): Promise<{ label: string; to: string } | null> {
  const fromCol = search.filters[w.from].column!;
  const toCol = search.filters[w.to].column!;
  const params: unknown[] = [from];
  const byTo = to !== undefined ? `and ${toCol} = $${params.push(to)}` : '';
  const rows = await sql.query<{ label: string; to: string }>(
    `select min(${w.label ?? fromCol})::text as label, ${toCol}::text as to from ${search.table} where ${fromCol} = $1 ${byTo} group by ${toCol} order by count(*) desc limit 1`,
    params,
  );
  return rows[0] ?? null;
}

type Found = { rows: Record<string, unknown>[]; total: number };
type Widened = { from: string; to: string; filter: string };

/**
 * The search with its widening: each step, while the rows are fewer than its `below`, searches by its `to` value
 * instead of its `from` filter (and the earlier steps' `from` filters), kept when it finds more rows.
 */
async function runWidening(sql: Sql, search: TableSearchConfig, gazetteers: Gazetteers, applied: Record<string, unknown>, given: Record<string, unknown>, run: (f: Record<string, unknown>) => Promise<Found>, widen: boolean | number | undefined) {
  let best = { ...(await run(applied)), widened: undefined as Widened | undefined };
  if (widen === false) return best;
  const values = { ...applied };
  const dropped: string[] = [];
  let from: string | undefined;
  for (const w of search.widen ?? []) {
    const below = typeof widen === 'number' ? widen : w.below;
    const value = values[w.from];
    dropped.push(w.from);
    if (value === undefined || best.rows.length >= below) continue;
    const target = await widenTarget(sql, search, w, value, values);
    if (!target) continue;
    // The narrowest value the caller gave, as the table spells it or as the caller wrote it.
    from ??= applied[w.from] !== undefined ? (target.label ?? givenText(search, gazetteers, w.from, given[w.from])) : undefined;
    values[w.to] = target.to;
    const second = await run(withoutDropped(values, dropped, w.to));
    if (second.rows.length > best.rows.length) best = { ...second, widened: { from: from ?? String(value), to: target.toName, filter: w.to } };
  }
  return best;
}

/**
 * What a widening step searches by instead: the group holding the value, else the `to` value given or the most
 * frequent one among the rows with the value (with the value as the table spells it); null when there is none.
 */
async function widenTarget(sql: Sql, search: TableSearchConfig, w: WidenStep, value: unknown, values: Record<string, unknown>): Promise<{ to: unknown; toName: string; label?: string } | null> {
  if (w.groups) {
    const group = Object.entries(w.groups).find(([, members]) => members.includes(String(value)));
    return group ? { toName: group[0], to: group[1] } : null;
  }
  const known = await placeOf(sql, search, w, value, values[w.to]);
  const to = values[w.to] ?? known?.to;
  return to === undefined ? null : { to, toName: String(to), label: known?.label };
}

/** The values without the filters widened away, but with the step's `to` filter. */
function withoutDropped(values: Record<string, unknown>, dropped: string[], to: string): Record<string, unknown> {
  const wider = { ...values };
  for (const d of dropped) if (d !== to) delete wider[d];
  return wider;
}

/** The search's sort: the caller's when the search has it, else its first; with its ORDER BY clause. */
function sortOf(search: TableSearchConfig, asked: string | undefined): { sort: string | undefined; order: string } {
  const sort = asked !== undefined && Object.hasOwn(search.sorts, asked) ? asked : Object.keys(search.sorts)[0];
  return { sort, order: sort ? `order by ${search.sorts[sort].map((c) => `${c} nulls last`).join(', ')}` : '' };
}

/** The sort among the applied filters, only when the caller asked for it and the search has it. */
function sortApplied(asked: string | undefined, sort: string | undefined): { sort?: string } {
  return asked !== undefined && sort === asked ? { sort } : {};
}

function limitOf(search: TableSearchConfig, asked: number | undefined): number {
  return Math.max(1, Math.min(search.limit.max, Math.floor(Number(asked) || search.limit.default)));
}

/**
 * How exact_then_words filters match, in order: an exact value wins through every widening step ("medicina" is not
 * "medicina veterinaria" while Medicina is anywhere near), then its words; a broad value ("engenharia") matches by
 * its words at once.
 */
function matchModes(search: TableSearchConfig, gazetteers: Gazetteers, applied: Record<string, unknown>, asked: Mode | undefined): { exact: boolean; broad: boolean; modes: Mode[] } {
  const exactFilters = Object.keys(applied).filter((k) => search.filters[k].match === 'exact_then_words');
  const broad = exactFilters.some((k) => {
    const spec = search.filters[k];
    const value = String(applied[k]);
    return [value, expandAliases(value, aliasesOf(gazetteers, spec.gazetteer))].some((v) => spec.broad.map(fold).includes(v));
  });
  const exact = exactFilters.length > 0;
  const modes: Mode[] = !exact ? ['words'] : asked ? [asked] : broad ? ['words'] : ['exact', 'words'];
  return { exact, broad, modes };
}

function searchOf(config: Pick<BotConfig, 'search'>, name: string): TableSearchConfig {
  const search = config.search[name];
  if (!search) throw new Error(`bot.yaml has no search '${name}' (search: ${Object.keys(config.search).join(', ')})`);
  return search;
}

/** Run the search `name` of `config.search` over `sql`. */
export async function searchTable<Row = Record<string, unknown>>(sql: Sql, config: Pick<BotConfig, 'search' | 'gazetteers'>, name: string, params: TableSearchParams = {}): Promise<TableSearchResult<Row>> {
  const search = searchOf(config, name);
  const { applied, rejected } = normaliseSearchFilters(search, config.gazetteers, params.filters);
  const query = params.query === undefined ? undefined : cleanSearchText(params.query);
  const { sort, order } = sortOf(search, params.sort);
  const limit = limitOf(search, params.limit);
  const result = { applied: { ...applied, ...(query ? { query } : {}), ...sortApplied(params.sort, sort) }, rejected };
  if (rejected.length > 0) return { ...result, rows: [], total: 0 };

  const { exact, broad, modes } = matchModes(search, config.gazetteers, applied, params.match);
  for (const mode of modes) {
    const run = (f: Record<string, unknown>) => runOnce(sql, search, config.gazetteers, f, query, order, limit, mode);
    const found = await runWidening(sql, search, config.gazetteers, applied, params.filters ?? {}, run, params.widen);
    if (found.rows.length === 0 && mode !== modes[modes.length - 1]) continue;
    return {
      ...result,
      rows: found.rows as Row[],
      total: found.total,
      ...(found.widened ? { widened: found.widened } : {}),
      ...(exact ? { matched: broad && !params.match ? 'broad' : mode } : {}),
    };
  }
  return { ...result, rows: [], total: 0 };
}
