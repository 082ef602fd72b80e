// Product entities from Vietnamese shop messages, with or without diacritics and teen-code:
// product type, colour, size, material, price range, catalogue keywords — mapped onto the
// catalogue's own categories and attribute values so they feed Saleor directly.
//
// The vocabulary is data: bot.yaml's gazetteers (canonical value → synonyms, first synonym = display
// label) and settings (category groups, colour search words, VND rate). Code only knows Vietnamese:
// price phrasing, size phrasing and the words that are ambiguous once diacritics are dropped.
//
// Currency: the demo catalogue is in USD. Budgets keep the currency the customer used; toSaleorFilter
// converts VND to the catalogue currency with settings.vnd_per_usd (25 000 by default), rounding the
// lower bound down and the upper bound up to the cent so nothing at the edge is lost.
import { dirname } from 'node:path';
import { type BotConfig, foldPreservingOffsets, readBotConfig, readPriceRange, readSize, sourcePath } from 'switchboard';
import { loadCatalog, type Product, type ProductSearchFilter, type SaleorClient } from 'switchboard/saleor';

export type Currency = 'VND' | 'USD';

export interface PriceRange {
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
  sizes: Record<string, { label: string; synonyms: string[] }>;
  materials: Record<string, { label: string; synonyms: string[] }>;
  /** Lowercase words of catalogue product names worth searching for. */
  nameTerms: string[];
  /** Categories searched when the customer names no product type. */
  defaultCategories: string[];
  /** Broad product types ("áo", "quần áo") that a more specific one in the same message replaces. */
  genericProductTypes: string[];
  sizeAttribute: string;
  shoeSizeAttribute: string;
  materialAttribute: string;
  /** Currency of the Saleor channel. */
  catalogCurrency: Currency;
  vndPerUsd: number;
  /** "tầm X" → X·(1 ± tolerance). */
  priceTolerance: number;
  /** How many products the replies list. */
  maxProductsShown: number;
}

// --- vocabulary ---

const NAME_STOPWORDS = new Set(['the', 'and', 'for', 'with', 'your', 'like', 'own', 'pill', 'in', 'at', 'of', 'on', 'a', 'tee', 'shirt', 'polo', 'hoodie', 'beanie', 'card', 'gift', 'juice', 'sunglasses']);

function gazetteerTerms(config: BotConfig, type: string): Term[] {
  const g = config.gazetteers.find((x) => x.type === type);
  return Object.entries(g?.values ?? {}).map(([canonical, synonyms]) => ({ canonical, label: synonyms[0] ?? canonical, synonyms }));
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
  const typeWords = new Set(Object.values(productTypes).flatMap((t) => t.synonyms.map(fold)));
  const colorWords = new Set(Object.values(colors).flatMap((c) => [...c.synonyms.map(fold), c.searchTerm]));
  const nameTerms = [...new Set(productNames.flatMap((n) => fold(n).match(/[a-z0-9]+/g) ?? []))]
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !NAME_STOPWORDS.has(w) && !typeWords.has(w) && !colorWords.has(w));
  return {
    productTypes,
    colors,
    sizes: record(gazetteerTerms(config, 'size'), () => ({})),
    materials: record(gazetteerTerms(config, 'material'), () => ({})),
    nameTerms,
    defaultCategories: s.default_categories ?? [],
    genericProductTypes: s.generic_product_types ?? [],
    sizeAttribute: s.size_attribute ?? 'size',
    shoeSizeAttribute: s.shoe_size_attribute ?? 'shoe-size',
    materialAttribute: s.material_attribute ?? 'material',
    catalogCurrency: s.catalog_currency === 'VND' ? 'VND' : 'USD',
    vndPerUsd: Number(s.vnd_per_usd ?? 25000),
    priceTolerance: Number(s.price_tolerance ?? 0.2),
    maxProductsShown: Number(s.max_products_shown ?? 5),
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

/** bot.yaml's vocabulary plus the demo catalogue's product names (when the reference data is present). */
export function defaultVocabulary(): CatalogVocabulary {
  if (!defaultVocab) {
    let names: string[] = [];
    try {
      names = loadCatalog().products.map((p) => p.name);
    } catch {
      names = []; // no demo catalogue on this machine: keywords come only from the gazetteers
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

interface Token { raw: string; folded: string; start: number; end: number }

function tokenize(raw: string, folded: string): Token[] {
  const out: Token[] = [];
  for (const m of folded.matchAll(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu)) {
    out.push({ raw: raw.slice(m.index!, m.index! + m[0].length), folded: m[0], start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

const hasDiacritics = (s: string) => s !== fold(s);

/**
 * Words that mean something else once written without diacritics (đen/đến, đỏ/đồ, hồng/hông=không,
 * be/bé, vàng/vâng, tím/tìm, cam/cảm, nâu/nấu, ghi (write), da/dạ, len/lên, kính/kinh, mũ/MU…).
 * Written without diacritics they count only next to a cue word or a product type.
 */
const AMBIGUOUS_ASCII = new Set(['den', 'do', 'hong', 'be', 'vang', 'tim', 'cam', 'nau', 'ghi', 'kem', 'da', 'len', 'bong', 'lanh', 'lua', 'kinh', 'khan', 'mu', 'non', 'trang', 'tui', 'dep', 'vay', 'dam', 'cap', 'top']);

const CUES: Record<string, Set<string>> = {
  color: new Set(['mau', 'color', 'colour']),
  material: new Set(['chat', 'bang', 'vai', 'lieu', 'soi', 'loai']),
  // not "có"/"con": "co dep ko" is far more often "có đẹp không" than "có dép không"
  product_type: new Set(['cai', 'chiec', 'doi', 'mua', 'ban', 'xem', 'tim', 'lay', 'order', 'dat']),
};

const PARTICLES = new Set(['shop', 'ad', 'admin', 'a', 'ah', 'ak', 'vay', 'v', 'z', 'ta', 'nhi', 'nha', 'ne', 'em', 'chi', 'anh', 'ban', 'b', 'oi', 'ha', 'he']);

interface Matcher { canonical: string; tokens: { raw: string; folded: string }[] }

function matchers(terms: Record<string, { synonyms: string[] }>): Matcher[] {
  const out: Matcher[] = [];
  for (const [canonical, t] of Object.entries(terms)) {
    for (const s of [...t.synonyms, canonical]) {
      const raw = s.normalize('NFC').toLowerCase();
      const f = fold(raw);
      const toks = tokenize(raw, f).map((x) => ({ raw: x.raw, folded: x.folded }));
      if (toks.length) out.push({ canonical, tokens: toks });
    }
  }
  // longest first, so "xanh da trời" wins over "xanh" and "áo thun" over "áo"
  return out.sort((a, b) => b.tokens.length - a.tokens.length || b.tokens.map((t) => t.folded).join(' ').length - a.tokens.map((t) => t.folded).join(' ').length);
}

function tokenMatches(tok: Token, form: { raw: string; folded: string }): boolean {
  if (tok.folded !== form.folded) return false;
  // a word written with diacritics means exactly that word: "đồ" is not "đỏ", "đến" is not "đen",
  // "đá" is not "da"; a word written without them may stand for any accented form
  return !hasDiacritics(tok.raw) || tok.raw === form.raw;
}

interface Found { type: string; canonical: string; first: number; last: number } // token indexes

class Scanner {
  readonly tokens: Token[];
  readonly used: boolean[];
  readonly found: Found[] = [];
  constructor(readonly raw: string, readonly folded: string) {
    this.tokens = tokenize(raw, folded);
    this.used = this.tokens.map(() => false);
  }
  /** Marks tokens overlapping the character span [start, end) as used. */
  useSpan(start: number, end: number) {
    this.tokens.forEach((t, i) => {
      if (t.start < end && start < t.end) this.used[i] = true;
    });
  }
  foundAt(tokenIndex: number, type?: string) {
    return this.found.find((f) => f.first <= tokenIndex && tokenIndex <= f.last && (!type || f.type === type));
  }
  /** First match of any matcher (longest first); ambiguous bare words need a cue or an adjacent product/colour. */
  scan(type: string, list: Matcher[]): string | undefined {
    let best: Found | undefined;
    for (const m of list) {
      for (let i = 0; i + m.tokens.length <= this.tokens.length; i++) {
        if (best && i >= best.first) break;
        let ok = true;
        for (let k = 0; k < m.tokens.length && ok; k++) ok = !this.used[i + k] && tokenMatches(this.tokens[i + k], m.tokens[k]);
        if (!ok) continue;
        if (m.tokens.length === 1 && this.isAmbiguous(i) && (!this.hasCue(type, i) || this.isQuestionParticle(i))) continue;
        best = { type, canonical: m.canonical, first: i, last: i + m.tokens.length - 1 };
        break;
      }
    }
    if (!best) return undefined;
    for (let k = best.first; k <= best.last; k++) this.used[k] = true;
    this.found.push(best);
    return best.canonical;
  }
  /** Southern "hong" = không at the end of a question: "có áo thun hong shop?" */
  private isQuestionParticle(i: number): boolean {
    if (this.tokens[i].folded !== 'hong') return false;
    const next = this.tokens[i + 1];
    return !next || PARTICLES.has(next.folded);
  }
  private isAmbiguous(i: number): boolean {
    const t = this.tokens[i];
    return !hasDiacritics(t.raw) && AMBIGUOUS_ASCII.has(t.folded);
  }
  private hasCue(type: string, i: number): boolean {
    const prev = this.tokens[i - 1];
    if (prev && CUES[type]?.has(prev.folded)) return true;
    if (type === 'product_type') {
      // "kinh ram", "mu len" are matched as phrases; a bare ambiguous product word needs a cue
      return false;
    }
    // right after a product type or colour: "ao den", "giay da", "ao hoodie xam"
    return i > 0 && Boolean(this.foundAt(i - 1, 'product_type') || this.foundAt(i - 1, 'color'));
  }
}

// --- the extractor ---

const compiled = new WeakMap<CatalogVocabulary, { types: Matcher[]; colors: Matcher[]; materials: Matcher[] }>();

function compiledOf(vocab: CatalogVocabulary) {
  let c = compiled.get(vocab);
  if (!c) {
    c = { types: matchers(vocab.productTypes), colors: matchers(vocab.colors), materials: matchers(vocab.materials) };
    compiled.set(vocab, c);
  }
  return c;
}

export function extractProductEntities(text: string, catalog: CatalogVocabulary = defaultVocabulary()): ProductEntities {
  const raw = text.normalize('NFC').toLowerCase();
  const sc = new Scanner(raw, fold(raw));
  const entities: ProductEntities = { keywords: [] };
  const { types, colors, materials } = compiledOf(catalog);

  // the budget and the size first, so their words ("2 đô", "size 40") are not read as a colour or a type
  const price = readPriceRange(text, 'vi', { tolerance: catalog.priceTolerance });
  if (price) {
    entities.price = { currency: price.currency as Currency, ...(price.gte !== undefined && { gte: price.gte }), ...(price.lte !== undefined && { lte: price.lte }) };
    for (const span of price.spans) sc.useSpan(span.start, span.end);
  }
  const size = readSize(text, 'vi', (start, end) => sc.tokens.some((t, i) => sc.used[i] && t.start < end && start < t.end));
  if (size) {
    entities.size = size.value;
    sc.useSpan(size.start, size.end);
  }
  let productType = sc.scan('product_type', types);
  // "áo … loại hoodie": a generic type ("áo", "quần áo") gives way to a specific one named later
  if (productType && catalog.genericProductTypes.includes(productType)) productType = sc.scan('product_type', types) ?? productType;
  if (productType) entities.product_type = productType;
  const color = sc.scan('color', colors);
  if (color) entities.color = color;
  const material = sc.scan('material', materials);
  if (material) entities.material = material;

  const names = new Set(catalog.nameTerms);
  sc.tokens.forEach((t, i) => {
    if (!sc.used[i] && names.has(t.folded) && !hasDiacritics(t.raw) && !entities.keywords.includes(t.folded)) entities.keywords.push(t.folded);
  });
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

export function toSaleorFilter(entities: ProductEntities, options: FilterOptions = {}): ProductSearchFilter {
  const vocab = options.vocabulary ?? defaultVocabulary();
  const filter: ProductSearchFilter = { first: options.first ?? 12 };
  const categories = entities.product_type
    ? vocab.productTypes[entities.product_type]?.categories ?? [entities.product_type]
    : vocab.defaultCategories;
  if (categories.length) filter.categories = [...categories];
  const attributes: { slug: string; values: string[] }[] = [];
  if (entities.size) {
    const isShoe = /^\d+$/.test(entities.size);
    attributes.push({ slug: isShoe ? vocab.shoeSizeAttribute : vocab.sizeAttribute, values: [entities.size.toLowerCase()] });
  }
  if (entities.material) attributes.push({ slug: vocab.materialAttribute, values: [entities.material] });
  if (attributes.length) filter.attributes = attributes;
  const search = [entities.color ? vocab.colors[entities.color]?.searchTerm ?? entities.color : undefined, ...entities.keywords].filter(Boolean).join(' ');
  if (search) filter.search = search;
  if (entities.price && (entities.price.gte !== undefined || entities.price.lte !== undefined)) {
    const to = vocab.catalogCurrency;
    const conv = (n: number) => convertAmount(n, entities.price!.currency, to, vocab.vndPerUsd);
    const decimals = to === 'VND' ? 1 : 100;
    filter.price = {};
    if (entities.price.gte !== undefined) filter.price.gte = Math.floor(conv(entities.price.gte) * decimals) / decimals;
    if (entities.price.lte !== undefined) filter.price.lte = Math.ceil(conv(entities.price.lte) * decimals) / decimals;
  }
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

/**
 * The sets of constraints to drop, in the order to try them: fewer first, then by `order`
 * (material · color · size · price → {material}, {color}, {size}, {price}, {material, color}, …).
 */
export function relaxations(present: Relaxable[], order: readonly Relaxable[]): Relaxable[][] {
  const keys = order.filter((k) => present.includes(k));
  const out: Relaxable[][] = [];
  const pick = (start: number, size: number, acc: Relaxable[]) => {
    if (acc.length === size) return void out.push(acc);
    for (let i = start; i < keys.length; i++) pick(i + 1, size, [...acc, keys[i]]);
  };
  for (let size = 1; size <= keys.length; size++) pick(0, size, []);
  return out;
}

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

/** A product has the size in stock (or untracked stock). */
export function hasSizeInStock(product: Product, size: string): boolean {
  return product.variants.some((v) => v.size?.toUpperCase() === size.toUpperCase() && (v.quantityAvailable === null || v.quantityAvailable > 0));
}

/**
 * Searches Saleor for the entities; when nothing matches, drops constraints in RELAX_ORDER (never the
 * product type nor catalogue keywords) and says which. Saleor errors propagate (SaleorError).
 */
export async function findProducts(client: SaleorClient, entities: ProductEntities, options: FindOptions = {}): Promise<FindResult> {
  const vocab = options.vocabulary ?? defaultVocabulary();
  const order = options.relax ?? RELAX_ORDER;
  const exclude = new Set(options.excludeProductIds ?? []);
  const search = async (current: ProductEntities) =>
    (await client.searchProducts(toSaleorFilter(current, { vocabulary: vocab })))
      .filter((p) => !exclude.has(p.id))
      .filter((p) => !current.size || hasSizeInStock(p, current.size));
  const exact: ProductEntities = { ...entities, keywords: [...entities.keywords] };
  const found = await search(exact);
  if (found.length) return { products: found, relaxed: [], entities: exact };
  const present = (['material', 'color', 'size', 'price'] as const).filter((k) => entities[k] !== undefined);
  let last: FindResult = { products: [], relaxed: [], entities: exact };
  for (const drop of relaxations(present, order)) {
    const current: ProductEntities = { ...exact };
    for (const k of drop) delete current[k];
    const products = await search(current);
    if (products.length) return { products, relaxed: drop, entities: current };
    last = { products: [], relaxed: drop, entities: current };
  }
  return last;
}
