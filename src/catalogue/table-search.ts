// searchTable: one of bot.yaml's `search:` entries run over its table. Filters are normalised first (free text
// cleaned to letters, digits, spaces and hyphens; gazetteer values looked up; numbers bounded); a value that cannot
// be understood is reported in `rejected` and the search returns no rows (never an error). Every value reaches SQL
// as a parameter; identifiers come only from the validated bot.yaml.
import type { BotConfig } from '../bot/config.ts';
import { foldDiacritics, gazetteerValue } from '../nlu/index.ts';
import type { Sql } from '../store/index.ts';
import { fold } from '../forms/slots.ts';
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

const MAX_TEXT = 80;

/** Free text → folded letters, digits, spaces and hyphens only (quotes, semicolons, comment marks go). */
function cleanSearchText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const cleaned = fold(String(value).slice(0, MAX_TEXT * 2))
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/-{2,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
  return cleaned.length > 0 ? cleaned : undefined;
}

function readNumber(value: unknown, spec: SearchFilterConfig): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const m = value.trim().match(/^(-?\d{1,12})(?:[.,](\d{1,6}))?$/);
    if (!m) return null;
    n = Number(`${m[1]}.${m[2] ?? '0'}`);
  } else return null;
  if (!Number.isFinite(n) || (spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) return null;
  return n;
}

type Gazetteers = BotConfig['gazetteers'];

function gazetteerOf(gazetteers: Gazetteers, type: string) {
  const g = gazetteers.find((x) => x.type === type);
  if (!g) throw new Error(`search: no gazetteer '${type}'`);
  return g;
}

function lookUp(gazetteers: Gazetteers, spec: SearchFilterConfig, value: unknown): string | null {
  const text = cleanSearchText(value);
  if (!text) return null;
  const g = gazetteerOf(gazetteers, spec.gazetteer!);
  const direct = gazetteerValue(g, String(value)) ?? gazetteerValue(g, text);
  if (direct) return direct;
  const words = text.split(' ');
  for (let i = 0; i < words.length - 1 && spec.strip.map(fold).includes(words[i]); i++) {
    const found = gazetteerValue(g, words.slice(i + 1).join(' '));
    if (found) return found;
  }
  return null;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Validate and normalise the caller's filters; unknown filters and values that cannot be understood are rejected. */
function normaliseSearchFilters(search: TableSearchConfig, gazetteers: Gazetteers, filters: Record<string, unknown> = {}): { applied: Record<string, unknown>; rejected: string[] } {
  const applied: Record<string, unknown> = {};
  const rejected: string[] = [];
  for (const [name, value] of Object.entries(filters)) {
    if (!present(value)) continue;
    const spec = search.filters[name];
    if (!spec) {
      rejected.push(name);
      continue;
    }
    let out: unknown = null;
    switch (spec.match) {
      case 'equal':
        out = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
        break;
      case 'folded': {
        let text = String(value);
        // The part after the last dash, slash or comma, when it names a value of the carried filter.
        const carried = spec.carries ? text.match(/^(.*?)\s*[-/,]\s*([^-/,]+?)\s*$/) : null;
        const carriedValue = carried ? lookUp(gazetteers, search.filters[spec.carries!], carried[2]) : null;
        if (carried && carriedValue) {
          text = carried[1];
          if (!present(filters[spec.carries!])) applied[spec.carries!] = carriedValue;
        }
        out = cleanSearchText(text) ?? null;
        break;
      }
      case 'words':
      case 'exact_then_words':
        out = cleanSearchText(value) ?? null;
        break;
      case 'gazetteer':
        out = lookUp(gazetteers, spec, value);
        break;
      case 'at_most':
      case 'at_least':
        out = readNumber(value, spec);
        break;
      case 'any': {
        const list = Array.isArray(value) ? value : [value];
        const read = list.map((v) => (spec.gazetteer ? lookUp(gazetteers, spec, v) : (cleanSearchText(v) ?? null)));
        out = read.every((v) => v !== null) ? [...new Set(read)] : null;
        break;
      }
      case 'enum':
        out = typeof value === 'string' && Object.hasOwn(spec.values!, value) ? value : null;
        break;
    }
    if (out === null) rejected.push(name);
    else applied[name] = out;
  }
  return { applied, rejected };
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

function buildWhere(search: TableSearchConfig, gazetteers: Gazetteers, f: Record<string, unknown>, query: string | undefined, mode: 'exact' | 'words'): Where | null {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  for (const [name, value] of Object.entries(f)) {
    const spec = search.filters[name];
    const col = spec.column;
    switch (spec.match) {
      case 'equal':
      case 'folded':
      case 'gazetteer':
        where.push(`${col} = ${p(value)}`);
        break;
      case 'at_most':
        where.push(`${col} <= ${p(value)}`);
        break;
      case 'at_least':
        where.push(`${col} >= ${p(value)}`);
        break;
      case 'any':
        where.push(`${col} = any(${p(value)}::text[])`);
        break;
      case 'enum':
        for (const [c, v] of Object.entries(spec.values![value as string])) where.push(`${c} = ${p(v)}`);
        break;
      case 'words':
      case 'exact_then_words': {
        const text = value as string;
        const expanded = expandAliases(text, aliasesOf(gazetteers, spec.gazetteer));
        if (spec.match === 'exact_then_words' && mode === 'exact') {
          // The value as given and with its aliases expanded ("vet" → "medicina veterinaria"), bare or after a prefix.
          const names = [...new Set([text, expanded])];
          const all = [...names, ...spec.prefixes.flatMap((pre) => names.map((n) => `${foldDiacritics(pre.toLowerCase())}${n}`))];
          where.push(`${col} = any(${p(all)}::text[])`);
          break;
        }
        const stop = new Set(spec.stopwords.map(fold));
        const tokens = expanded.split(/[\s-]+/).filter((t) => t.length > 0 && !stop.has(t));
        if (tokens.length === 0) return null;
        // Tokens are [a-z0-9] only (cleanSearchText), so they are safe inside a regex; \m anchors at a word start.
        for (const t of tokens) where.push(`${col} ~ ${p(`\\m${t}`)}`);
        break;
      }
    }
  }
  if (query && search.text) where.push(`to_tsvector('${search.text.language}', ${search.text.column}) @@ plainto_tsquery('${search.text.language}', ${p(query)})`);
  return { where, params };
}

function readRow(search: TableSearchConfig, r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [c, kind] of Object.entries(search.columns)) {
    const v = r[c];
    out[c] = v === null || v === undefined ? null : kind === 'number' ? Number(v) : kind === 'boolean' ? Boolean(v) : String(v);
  }
  return out;
}

async function runOnce(sql: Sql, search: TableSearchConfig, gazetteers: Gazetteers, f: Record<string, unknown>, query: string | undefined, order: string, limit: number, mode: 'exact' | 'words') {
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

/** The text the caller gave a filter, without the part a `carries` filter took ("Natal - RN" → "Natal"). */
function givenText(search: TableSearchConfig, gazetteers: Gazetteers, name: string, value: unknown): string {
  const text = String(value).trim();
  const spec = search.filters[name];
  const carried = spec.carries ? text.match(/^(.*?)\s*[-/,]\s*([^-/,]+?)\s*$/) : null;
  return carried && lookUp(gazetteers, search.filters[spec.carries!], carried[2]) ? carried[1] : text;
}

/**
 * The search with its widening: each step, while the rows are fewer than its `below`, searches by its `to` value
 * instead of its `from` filter (and the earlier steps' `from` filters), kept when it finds more rows.
 */
async function runWidening(sql: Sql, search: TableSearchConfig, gazetteers: Gazetteers, applied: Record<string, unknown>, given: Record<string, unknown>, run: (f: Record<string, unknown>) => Promise<{ rows: Record<string, unknown>[]; total: number }>, widen: boolean | number | undefined) {
  let best = { ...(await run(applied)), widened: undefined as { from: string; to: string; filter: string } | undefined };
  if (widen === false) return best;
  const values = { ...applied };
  const dropped: string[] = [];
  let from: string | undefined;
  for (const w of search.widen ?? []) {
    const below = typeof widen === 'number' ? widen : w.below;
    const value = values[w.from];
    dropped.push(w.from);
    if (value === undefined || best.rows.length >= below) continue;
    let to: unknown;
    let toName: string | undefined;
    let label: string | undefined;
    if (w.groups) {
      const group = Object.entries(w.groups).find(([, members]) => members.includes(String(value)));
      [toName, to] = group ?? [];
    } else {
      const known = await placeOf(sql, search, w, value, values[w.to]);
      to = values[w.to] ?? known?.to;
      toName = to === undefined ? undefined : String(to);
      label = known?.label;
    }
    if (to === undefined) continue;
    // The narrowest value the caller gave, as the table spells it or as the caller wrote it.
    from ??= applied[w.from] !== undefined ? (label ?? givenText(search, gazetteers, w.from, given[w.from])) : undefined;
    values[w.to] = to;
    const wider = { ...values };
    for (const d of dropped) if (d !== w.to) delete wider[d];
    const second = await run(wider);
    if (second.rows.length > best.rows.length) best = { ...second, widened: { from: from ?? String(value), to: toName!, filter: w.to } };
  }
  return best;
}

/** Run the search `name` of `config.search` over `sql`. */
export async function searchTable<Row = Record<string, unknown>>(sql: Sql, config: Pick<BotConfig, 'search' | 'gazetteers'>, name: string, params: TableSearchParams = {}): Promise<TableSearchResult<Row>> {
  const search = config.search[name];
  if (!search) throw new Error(`bot.yaml has no search '${name}' (search: ${Object.keys(config.search).join(', ')})`);
  const { applied, rejected } = normaliseSearchFilters(search, config.gazetteers, params.filters);
  const query = params.query === undefined ? undefined : cleanSearchText(params.query);
  const sorts = Object.keys(search.sorts);
  const sort = params.sort !== undefined && Object.hasOwn(search.sorts, params.sort) ? params.sort : sorts[0];
  const order = sort ? `order by ${search.sorts[sort].map((c) => `${c} nulls last`).join(', ')}` : '';
  const limit = Math.max(1, Math.min(search.limit.max, Math.floor(Number(params.limit) || search.limit.default)));
  const result = { applied: { ...applied, ...(query ? { query } : {}), ...(params.sort !== undefined && sort === params.sort ? { sort } : {}) }, rejected };
  if (rejected.length > 0) return { ...result, rows: [], total: 0 };

  // An exact value wins through every widening step ("medicina" is not "medicina veterinaria" while Medicina is
  // anywhere near); then its words. A broad value ("engenharia") matches by its words at once.
  const exactFilters = Object.keys(applied).filter((k) => search.filters[k].match === 'exact_then_words');
  const broad = exactFilters.some((k) => {
    const spec = search.filters[k];
    const value = String(applied[k]);
    return [value, expandAliases(value, aliasesOf(config.gazetteers, spec.gazetteer))].some((v) => spec.broad.map(fold).includes(v));
  });
  const modes: ('exact' | 'words')[] = exactFilters.length === 0 ? ['words'] : params.match ? [params.match] : broad ? ['words'] : ['exact', 'words'];
  for (const mode of modes) {
    const run = (f: Record<string, unknown>) => runOnce(sql, search, config.gazetteers, f, query, order, limit, mode);
    const found = await runWidening(sql, search, config.gazetteers, applied, params.filters ?? {}, run, params.widen);
    if (found.rows.length === 0 && mode !== modes[modes.length - 1]) continue;
    return {
      ...result,
      rows: found.rows as Row[],
      total: found.total,
      ...(found.widened ? { widened: found.widened } : {}),
      ...(exactFilters.length > 0 ? { matched: broad && !params.match ? 'broad' : mode } : {}),
    };
  }
  return { ...result, rows: [], total: 0 };
}
