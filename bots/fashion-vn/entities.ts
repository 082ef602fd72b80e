// Product entities from Vietnamese shop messages, with or without diacritics and teen-code: bot.yaml's
// `queries.product` (budget, size, product type, colour, material, read by the runtime) plus the words of the
// catalogue's product names — mapped onto the catalogue's categories and attributes.
//
// Currency: the shop's catalogue is in VND (Saleor's demo one in USD). Budgets keep the currency the customer used;
// toSaleorFilter converts them to the catalogue currency with settings.vnd_per_usd (25 000 by default), rounding
// the lower bound down and the upper bound up (to the cent in USD) so nothing at the edge is lost.
import { dirname, resolve } from 'node:path';
import { type BotConfig, foldPreservingOffsets, readBotConfig, readBotQuery, searchRelaxing, sourcePath } from 'switchboard';
import { loadCatalog, type Product, type ProductSearchFilter, type SaleorClient } from 'switchboard/saleor';

export type Currency = 'VND' | 'USD';

interface PriceRange {
  gte?: number;
  lte?: number;
  currency: Currency;
}

export interface ProductEntities {
  /** A key of the vocabulary's product types: a catalogue category slug ('t-shirts', 'sweatshirts') or a group ('tops'). */
  product_type?: string;
  /** Canonical colour: the English word the catalogue uses ('grey', 'white'…). */
  color?: string;
  /** 'S'…'XXL' (attribute `size`) or a shoe size '39'…'45' (attribute `shoe-size`). */
  size?: string;
  /** A material attribute value slug ('cotton', 'wool'…). */
  material?: string;
  price?: PriceRange;
  /** Catalogue words found in the text (product names such as 'polygon', 'plimsolls'), used as search terms. */
  keywords: string[];
}

interface Term { canonical: string; label: string; synonyms: string[] }

export interface CatalogVocabulary {
  productTypes: Record<string, { label: string; synonyms: string[]; categories: string[] }>;
  colors: Record<string, { label: string; synonyms: string[]; searchTerm: string }>;
  materials: Record<string, { label: string; synonyms: string[] }>;
  /** The bot's config: its gazetteers and `queries.product`. */
  config: BotConfig;
  /** settings.cues: phrases that steer a turn, over the folded message ('cheaper', 'other', 'demonstrative'…). */
  cues: Record<string, RegExp>;
  /** settings.demonstrative_words: the words of cues.demonstrative as written with diacritics. */
  demonstrativeWords: Set<string>;
  /** Lowercase words of catalogue product names worth searching for. */
  nameTerms: string[];
  /** Categories searched when the customer names no product type. */
  defaultCategories: string[];
  /** Broad product types ("áo", "quần áo") that a more specific one in the same message replaces. */
  genericProductTypes: string[];
  sizeAttribute: string;
  shoeSizeAttribute: string;
  /** The variant attribute whose value slugs are the canonical colours; without one, colours are searched by name. */
  colorAttribute?: string;
  materialAttribute: string;
  /** Currency of the Saleor channel. */
  catalogCurrency: Currency;
  vndPerUsd: number;
  /** How many products the replies list. */
  maxProductsShown: number;
}

// --- vocabulary ---

function gazetteerTerms(config: BotConfig, type: string): Term[] {
  const g = config.gazetteers.find((x) => x.type === type);
  return Object.entries(g?.values ?? {}).map(([canonical, synonyms]) => ({ canonical, label: synonyms[0] ?? canonical, synonyms }));
}

/** Words of a product's name worth searching for: not short, not a number, not a stop word, no type or colour word. */
function nameTermsOf(productNames: string[], stopwords: Set<string>, known: Set<string>): string[] {
  return [...new Set(productNames.flatMap((n) => fold(n).match(/[a-z0-9]+/g) ?? []))]
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !stopwords.has(w) && !known.has(w));
}

/** What settings say about the catalogue: its attributes, currency and how many products a reply lists. */
function catalogueSettings(s: Record<string, any>) {
  return {
    defaultCategories: s.default_categories ?? [],
    sizeAttribute: s.size_attribute ?? 'size',
    shoeSizeAttribute: s.shoe_size_attribute ?? 'shoe-size',
    colorAttribute: s.color_attribute,
    materialAttribute: s.material_attribute ?? 'material',
    catalogCurrency: s.catalog_currency === 'VND' ? 'VND' : 'USD',
    vndPerUsd: Number(s.vnd_per_usd ?? 25000),
    maxProductsShown: Number(s.max_products_shown ?? 5),
  } satisfies Partial<CatalogVocabulary>;
}

/** Builds the vocabulary from a bot config (gazetteers + settings) and, optionally, the catalogue's product names. */
export function vocabularyFromConfig(config: BotConfig, productNames: string[] = []): CatalogVocabulary {
  const s = config.settings as Record<string, any>;
  const groups: Record<string, string[]> = s.product_type_categories ?? {};
  const colorSearch: Record<string, string> = s.color_search_terms ?? {};
  const record = <T>(terms: Term[], extra: (t: Term) => T) =>
    Object.fromEntries(terms.map((t) => [t.canonical, { label: t.label, synonyms: t.synonyms, ...extra(t) }]));
  const colors = record(gazetteerTerms(config, 'color'), (t) => ({ searchTerm: colorSearch[t.canonical] ?? t.canonical }));
  const productTypes = record(gazetteerTerms(config, 'product_type'), (t) => ({ categories: groups[t.canonical] ?? [t.canonical] }));
  // every word of a type's or colour's names ("jean" of "quần jean"): the gazetteers read those
  const wordsOf = (names: string[]) => names.flatMap((n) => fold(n).match(/[a-z0-9]+/g) ?? []);
  const known = new Set([...Object.values(productTypes).flatMap((t) => wordsOf(t.synonyms)), ...Object.values(colors).flatMap((c) => [...wordsOf(c.synonyms), c.searchTerm])]);
  return {
    ...catalogueSettings(s),
    config,
    cues: Object.fromEntries(Object.entries<string>(s.cues ?? {}).map(([k, v]) => [k, new RegExp(v, 'u')])),
    demonstrativeWords: new Set(s.demonstrative_words ?? []),
    productTypes,
    colors,
    materials: record(gazetteerTerms(config, 'material'), () => ({})),
    nameTerms: nameTermsOf(productNames, new Set<string>(s.name_stopwords ?? []), known),
    genericProductTypes: config.queries.product?.product_type?.generic ?? [],
  };
}

export const botDir = dirname(sourcePath(import.meta.url));

let botConfig: BotConfig | undefined;
let defaultVocab: CatalogVocabulary | undefined;

/** This bot's bot.yaml, validated (read once). */
export function fashionConfig(): BotConfig {
  botConfig ??= readBotConfig(botDir);
  return botConfig;
}

/**
 * The catalogue the local Saleor server loads for this bot: env SALEOR_DATA, else bot.yaml
 * settings.saleor_dev_catalogue (relative to the bot's folder), else the server's default (Saleor's demo data).
 */
export function devCatalogueFile(config: BotConfig, env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.SALEOR_DATA) return env.SALEOR_DATA;
  const file = (config.settings as Record<string, unknown>).saleor_dev_catalogue;
  return typeof file === 'string' && file ? resolve(botDir, file) : undefined;
}

/** bot.yaml's vocabulary plus the product names of the catalogue the local Saleor server loads (when present). */
export function defaultVocabulary(): CatalogVocabulary {
  if (!defaultVocab) {
    let names: string[];
    try {
      names = loadCatalog(devCatalogueFile(fashionConfig())).products.map((p) => p.name);
    } catch {
      names = []; // no catalogue file on this machine: keywords come only from the gazetteers
    }
    defaultVocab = vocabularyFromConfig(fashionConfig(), names);
  }
  return defaultVocab;
}

// --- text handling ---

/** Lowercase, no diacritics, đ → d. Same length as the NFC input (Vietnamese letters are single code units in NFC). */
export function fold(text: string): string {
  return foldPreservingOffsets(text.normalize('NFC'));
}

const NEVER = /(?!)/u;
/** A cue of settings.cues (never matching when the bot.yaml lacks it). */
export const cue = (vocab: CatalogVocabulary, name: string): RegExp => vocab.cues[name] ?? NEVER;

// --- the extractor ---

/** The product search of the message: bot.yaml `queries.product`, with the catalogue's name words as keywords. */
export function extractProductEntities(text: string, catalog: CatalogVocabulary = defaultVocabulary()): ProductEntities {
  const { keywords, price, ...named } = readBotQuery(catalog.config, 'product', text, catalog.nameTerms);
  const entities = { ...named, keywords: Array.isArray(keywords) ? keywords : [] } as ProductEntities;
  if (price && typeof price === 'object' && !Array.isArray(price)) entities.price = { ...price, currency: price.currency === 'USD' ? 'USD' : 'VND' };
  return entities;
}

// --- to Saleor ---

export interface FilterOptions {
  vocabulary?: CatalogVocabulary;
  /** Page size; default 12. */
  first?: number;
}

/** Converts an amount between VND and the catalogue currency. */
export function convertAmount(amount: number, from: Currency, to: Currency, vndPerUsd: number): number {
  if (from === to) return amount;
  return from === 'VND' ? amount / vndPerUsd : amount * vndPerUsd;
}

/** The catalogue categories of the product type asked for, else those searched when none is named. */
function categoriesOf(entities: ProductEntities, vocab: CatalogVocabulary): string[] {
  return entities.product_type ? vocab.productTypes[entities.product_type]?.categories ?? [entities.product_type] : vocab.defaultCategories;
}

/** The variant attributes asked for: a letter or shoe size, the material, the colour (when colours are an attribute). */
function attributesOf(entities: ProductEntities, vocab: CatalogVocabulary): { slug: string; values: string[] }[] {
  const attributes: { slug: string; values: string[] }[] = [];
  if (entities.size) attributes.push({ slug: /^\d+$/.test(entities.size) ? vocab.shoeSizeAttribute : vocab.sizeAttribute, values: [entities.size.toLowerCase()] });
  if (entities.material) attributes.push({ slug: vocab.materialAttribute, values: [entities.material] });
  if (entities.color && vocab.colorAttribute) attributes.push({ slug: vocab.colorAttribute, values: [entities.color] });
  return attributes;
}

/** The words searched: the colour's name when colours are no attribute, and the catalogue words asked for. */
function searchTextOf(entities: ProductEntities, vocab: CatalogVocabulary): string {
  const colorTerm = entities.color && !vocab.colorAttribute ? vocab.colors[entities.color]?.searchTerm ?? entities.color : undefined;
  return [colorTerm, ...entities.keywords].filter(Boolean).join(' ');
}

/** The budget in the catalogue currency, the lower bound rounded down and the upper one up (to the cent in USD). */
function priceOf(price: PriceRange, vocab: CatalogVocabulary): ProductSearchFilter['price'] {
  const to = vocab.catalogCurrency;
  const conv = (n: number) => convertAmount(n, price.currency, to, vocab.vndPerUsd);
  const decimals = to === 'VND' ? 1 : 100;
  const out: NonNullable<ProductSearchFilter['price']> = {};
  if (price.gte !== undefined) out.gte = Math.floor(conv(price.gte) * decimals) / decimals;
  if (price.lte !== undefined) out.lte = Math.ceil(conv(price.lte) * decimals) / decimals;
  return out;
}

export function toSaleorFilter(entities: ProductEntities, options: FilterOptions = {}): ProductSearchFilter {
  const vocab = options.vocabulary ?? defaultVocabulary();
  const filter: ProductSearchFilter = { first: options.first ?? 12 };
  const categories = categoriesOf(entities, vocab);
  if (categories.length) filter.categories = [...categories];
  const attributes = attributesOf(entities, vocab);
  if (attributes.length) filter.attributes = attributes;
  const search = searchTextOf(entities, vocab);
  if (search) filter.search = search;
  if (entities.price && (entities.price.gte !== undefined || entities.price.lte !== undefined)) filter.price = priceOf(entities.price, vocab);
  return filter;
}

// --- searching with relaxation ---

export type Relaxable = 'material' | 'size' | 'color' | 'price';

/**
 * What a shop assistant gives up first when nothing matches: the material, then the colour, then the
 * size, then the budget. Colour goes before size because a size is about fit (a white tee in M is no
 * use to someone who wears XL, a tee in M of another colour may well be); when the size cannot be met
 * at all (one-size hoodies), the colour is kept and the size dropped instead. The budget goes last.
 */
export const RELAX_ORDER: readonly Relaxable[] = ['material', 'color', 'size', 'price'];

export interface FindOptions {
  vocabulary?: CatalogVocabulary;
  /** Products already shown that should not come back ("mẫu khác"). */
  excludeProductIds?: string[];
  /** Order in which constraints are dropped when nothing matches; [] disables relaxation. */
  relax?: Relaxable[];
}

export interface FindResult {
  products: Product[];
  /** Constraints dropped to find something (empty when everything matched). */
  relaxed: Relaxable[];
  /** The entities of the search that produced `products`. */
  entities: ProductEntities;
}

/** The colour's name in the catalogue (a variant's colour value), when the catalogue has a colour attribute. */
function colorName(vocab: CatalogVocabulary, color: string): string | undefined {
  return vocab.colorAttribute ? vocab.colors[color]?.label : undefined;
}

/** A product has one variant with the size and colour asked for in stock (or untracked stock). */
function hasVariantInStock(product: Product, size: string | undefined, color: string | undefined): boolean {
  return product.variants.some((v) =>
    (!size || v.size?.toUpperCase() === size.toUpperCase()) &&
    (!color || !v.color || fold(v.color) === fold(color)) &&
    (v.quantityAvailable === null || v.quantityAvailable > 0));
}

/**
 * Searches Saleor for the entities; when nothing matches, drops constraints in RELAX_ORDER (never the
 * product type nor catalogue keywords) and says which. Saleor errors propagate (SaleorError).
 */
export async function findProducts(client: SaleorClient, entities: ProductEntities, options: FindOptions = {}): Promise<FindResult> {
  const vocab = options.vocabulary ?? defaultVocabulary();
  const exclude = new Set(options.excludeProductIds ?? []);
  const search = async (current: ProductEntities) =>
    (await client.searchProducts(toSaleorFilter(current, { vocabulary: vocab })))
      .filter((p) => !exclude.has(p.id))
      .filter((p) => !current.size || hasVariantInStock(p, current.size, current.color && colorName(vocab, current.color)));
  const found = await searchRelaxing({ ...entities, keywords: [...entities.keywords] }, options.relax ?? RELAX_ORDER, search);
  return { products: found.items, relaxed: found.relaxed, entities: found.query };
}
