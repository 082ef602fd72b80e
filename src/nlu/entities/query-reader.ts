// A search request's constraints read from one message, as bot.yaml `queries:` declares them: "áo hoodie xám
// size M dưới 500k" → { product_type: sweatshirts, color: grey, size: M, price: { lte: 500000, currency: VND } }.
// Fields are read in their declared order and each takes its words, so a later one never reads them again
// (the budget's "2 đô" is no colour, the size's "40" no price). A gazetteer field reads with GazetteerReader
// (diacritics typed must match, ambiguous words need a cue); `generic` values give way to a more specific one
// named later ("áo … loại hoodie"); `terms` collects words of a list the bot supplies (its products' names).
import type { Gazetteer, Language } from '../types.ts';
import { GazetteerReader } from './gazetteer-reader.ts';
import { readPriceRange, type PriceRange } from './price-range.ts';
import { readSize } from './sizes.ts';
import { readHeight, readWeight } from './body.ts';

export interface QueryField {
  /**
   * `budget` (a price range), `size` (a clothing or shoe size), `height` (a person's, in cm), `weight` (in kg),
   * `terms` (the caller's words) or a gazetteer's type.
   */
  kind: string;
  /** budget: "about X" is X ± tolerance; default 0.2. */
  tolerance?: number;
  /** gazetteer: broad values that a more specific value of the same gazetteer, later in the message, replaces. */
  generic?: string[];
  /** terms: words of the bot's names never collected (botQueryTerms). */
  stopwords?: string[];
  /** terms: gazetteers whose values' words are never collected: their own fields read them (botQueryTerms). */
  except?: string[];
}

export type QueryValue = string | number | string[] | Omit<PriceRange, 'spans'>;

export interface QueryReadOptions {
  lang: Language;
  gazetteers: Gazetteer[];
  /** For `terms` fields: the words worth collecting (lowercase, without diacritics). */
  terms?: Iterable<string>;
}

const hasDiacritics = (raw: string, folded: string) => raw !== folded;

/** Reads one field's value from the message, taking the words it reads from `reader`; undefined when absent. */
type FieldReader = (text: string, spec: QueryField, options: QueryReadOptions, reader: GazetteerReader) => QueryValue | undefined;

const readBudget: FieldReader = (text, spec, options, reader) => {
  const price = readPriceRange(text, options.lang, { tolerance: spec.tolerance });
  if (!price) return undefined;
  const { spans, ...range } = price;
  for (const span of spans) reader.take(span.start, span.end);
  return range;
};

/** A field read by a span reader (size, height, weight): its value, its words taken. */
const spanField =
  (read: typeof readSize | typeof readHeight): FieldReader =>
  (text, _spec, options, reader) => {
    const found = read(text, options.lang, (start, end) => reader.taken(start, end));
    if (!found) return undefined;
    reader.take(found.start, found.end);
    return found.value;
  };

/** The caller's words not yet read, typed without diacritics, each once. */
const readTerms: FieldReader = (_text, _spec, options, reader) => {
  const terms = new Set(options.terms ?? []);
  const found: string[] = [];
  reader.tokens.forEach((t, i) => {
    if (!reader.used[i] && terms.has(t.folded) && !hasDiacritics(t.raw, t.folded) && !found.includes(t.folded)) found.push(t.folded);
  });
  return found;
};

/** A gazetteer's value; a `generic` one gives way to a later, more specific value. */
const readGazetteerField: FieldReader = (_text, spec, options, reader) => {
  const g = options.gazetteers.find((x) => x.type === spec.kind);
  if (!g) return undefined;
  let value = reader.read(g)?.value;
  if (value && spec.generic?.includes(value)) value = reader.read(g)?.value ?? value;
  return value || undefined;
};

/** The readers of the built-in kinds; any other kind names a gazetteer. */
const FIELD_READERS = new Map<string, FieldReader>([
  ['budget', readBudget],
  ['size', spanField(readSize)],
  ['height', spanField(readHeight)],
  ['weight', spanField(readWeight)],
  ['terms', readTerms],
]);

/** The message's value for each declared field that it names (a `terms` field is always there, maybe empty). */
export function readQuery(text: string, fields: Record<string, QueryField>, options: QueryReadOptions): Record<string, QueryValue> {
  const reader = new GazetteerReader(text);
  const out: Record<string, QueryValue> = {};
  for (const [field, spec] of Object.entries(fields)) {
    const read = FIELD_READERS.get(spec.kind) ?? readGazetteerField;
    const value = read(text, spec, options, reader);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

const LANGUAGES: Record<string, Language> = { pt: 'pt', es: 'es', vi: 'vi', en: 'en' };

/** What readBotQuery needs of a bot's config. */
export interface QueryConfig {
  language: string;
  gazetteers: Gazetteer[];
  queries: Record<string, Record<string, QueryField>>;
}

/** readQuery with the bot's query `name` (bot.yaml `queries:`), language and gazetteers; {} for an unknown name. */
export function readBotQuery(config: QueryConfig, name: string, text: string, terms?: Iterable<string>): Record<string, QueryValue> {
  const fields = config.queries[name];
  if (!fields) return {};
  return readQuery(text, fields, { lang: LANGUAGES[config.language.slice(0, 2)] ?? 'en', gazetteers: config.gazetteers, terms });
}
