// A search's filters as the caller gave them, normalised before they reach SQL: free text cleaned to letters, digits,
// spaces and hyphens; gazetteer values looked up; numbers bounded. A value that cannot be understood is rejected.
import type { BotConfig } from '../bot/config.ts';
import { fold } from '../text/index.ts';
import { gazetteerValue } from '../nlu/index.ts';
import type { SearchFilterConfig, TableSearchConfig } from './table-search-schema.ts';

const MAX_TEXT = 80;

export type Gazetteers = BotConfig['gazetteers'];

/** Free text → folded letters, digits, spaces and hyphens only (quotes, semicolons, comment marks go). */
export function cleanSearchText(value: unknown): string | undefined {
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

export function gazetteerOf(gazetteers: Gazetteers, type: string) {
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

/**
 * A folded filter's text split where it carries another filter's value after a dash, slash or comma
 * ("Natal - RN" → "Natal" and the value RN names); null when the filter carries none or the tail names no value.
 */
function splitCarried(search: TableSearchConfig, gazetteers: Gazetteers, spec: SearchFilterConfig, text: string): { text: string; carried: string } | null {
  const parts = spec.carries ? text.match(/^(.*?)\s*[-/,]\s*([^-/,]+?)\s*$/) : null;
  const carried = parts ? lookUp(gazetteers, search.filters[spec.carries!], parts[2]) : null;
  return parts && carried ? { text: parts[1], carried } : null;
}

/** The text the caller gave a filter, without the part a `carries` filter took ("Natal - RN" → "Natal"). */
export function givenText(search: TableSearchConfig, gazetteers: Gazetteers, name: string, value: unknown): string {
  const text = String(value).trim();
  return splitCarried(search, gazetteers, search.filters[name], text)?.text ?? text;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** What reading one filter's value may look at; a folded filter may also set the filter it carries in `applied`. */
interface ReadContext {
  search: TableSearchConfig;
  gazetteers: Gazetteers;
  filters: Record<string, unknown>;
  applied: Record<string, unknown>;
}

/** A filter's value normalised by its match kind; null when it cannot be understood. */
type FilterReader = (value: unknown, spec: SearchFilterConfig, ctx: ReadContext) => unknown;

const readText: FilterReader = (value) => cleanSearchText(value) ?? null;
const readBounded: FilterReader = (value, spec) => readNumber(value, spec);

const readFolded: FilterReader = (value, spec, ctx) => {
  const split = splitCarried(ctx.search, ctx.gazetteers, spec, String(value));
  if (split && !present(ctx.filters[spec.carries!])) ctx.applied[spec.carries!] = split.carried;
  return cleanSearchText(split ? split.text : String(value)) ?? null;
};

const readAny: FilterReader = (value, spec, ctx) => {
  const list = Array.isArray(value) ? value : [value];
  const read = list.map((v) => (spec.gazetteer ? lookUp(ctx.gazetteers, spec, v) : (cleanSearchText(v) ?? null)));
  return read.every((v) => v !== null) ? [...new Set(read)] : null;
};

const READERS: Record<SearchFilterConfig['match'], FilterReader> = {
  equal: (value) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null),
  folded: readFolded,
  words: readText,
  exact_then_words: readText,
  gazetteer: (value, spec, ctx) => lookUp(ctx.gazetteers, spec, value),
  at_most: readBounded,
  at_least: readBounded,
  any: readAny,
  enum: (value, spec) => (typeof value === 'string' && Object.hasOwn(spec.values!, value) ? value : null),
};

/** Validate and normalise the caller's filters; unknown filters and values that cannot be understood are rejected. */
export function normaliseSearchFilters(search: TableSearchConfig, gazetteers: Gazetteers, filters: Record<string, unknown> = {}): { applied: Record<string, unknown>; rejected: string[] } {
  const ctx: ReadContext = { search, gazetteers, filters, applied: {} };
  const rejected: string[] = [];
  for (const [name, value] of Object.entries(filters)) {
    if (!present(value)) continue;
    // A name the search does not declare (an inherited one such as `toString` included) is rejected.
    const spec = Object.hasOwn(search.filters, name) ? search.filters[name] : undefined;
    const out = spec ? READERS[spec.match](value, spec, ctx) : null;
    if (out === null) rejected.push(name);
    else ctx.applied[name] = out;
  }
  return { applied: ctx.applied, rejected };
}
