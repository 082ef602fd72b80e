// A product request (read with one of bot.yaml `queries:`) searched in Saleor as bot.yaml `saleor.search` maps it:
// the category field onto category slugs, fields onto attribute value slugs, words onto Saleor's text search, the
// budget onto the price range in the channel's currency. When nothing matches, the constraints of `relax` are given
// up, fewer first and in that order, and the result says which, so the reply can tell the customer.
import { searchRelaxing } from '../catalogue/relaxed-search.ts';
import { fold } from '../text/index.ts';
import type { SaleorConfig, SaleorSearchConfig } from './config-schema.ts';
import type { Product, ProductSearchFilter, SaleorClient } from './types.ts';

/** A request's values by field: strings (gazetteer values, sizes), a terms field's words, a budget. */
export type ProductRequest = object;

const valueOf = (request: ProductRequest, field: string): unknown => (request as Record<string, unknown>)[field];

/** What the search needs of a bot's config: `saleor:`, and the gazetteers and queries that name a colour. */
export interface SaleorBotConfig {
  saleor?: SaleorConfig;
  gazetteers: { type: string; values: Record<string, string[]> }[];
  queries: Record<string, Record<string, { kind: string }>>;
}

interface Budget { gte?: number; lte?: number; currency?: string }

/** An amount in another currency, with `rates` (what one unit of each is worth in a common unit); as it is when a rate is missing. */
export function convertAmount(amount: number, from: string, to: string, rates: Record<string, number>): number {
  if (from === to || !rates[from] || !rates[to]) return amount;
  return (amount * rates[from]) / rates[to];
}

function searchOf(config: SaleorBotConfig): SaleorSearchConfig {
  if (!config.saleor?.search) throw new Error('bot.yaml has no saleor.search: nothing says how a product request is searched');
  return config.saleor.search;
}

function categoriesOf(search: SaleorSearchConfig, request: ProductRequest): string[] {
  if (!search.categories) return [];
  const named = valueOf(request, search.categories.field);
  return typeof named === 'string' ? search.categories.groups[named] ?? [named] : search.categories.default;
}

/** The attribute each field goes to: the first entry for the field whose `when` the value matches. */
function attributesOf(search: SaleorSearchConfig, request: ProductRequest): { slug: string; values: string[] }[] {
  const out: { slug: string; values: string[] }[] = [];
  for (const [field, value] of Object.entries(request)) {
    if (typeof value !== 'string') continue;
    const entry = search.attributes.find((a) => a.field === field && (!a.when || new RegExp(a.when, 'u').test(value)));
    if (entry) out.push({ slug: entry.attribute, values: [value.toLowerCase()] });
  }
  return out.sort((a, b) => indexOfAttribute(search, a.slug) - indexOfAttribute(search, b.slug));
}

const indexOfAttribute = (search: SaleorSearchConfig, slug: string) => search.attributes.findIndex((a) => a.attribute === slug);

/** The words searched: the `text` fields no attribute takes, in their order. */
function textOf(search: SaleorSearchConfig, request: ProductRequest): string {
  const byAttribute = new Set(search.attributes.map((a) => a.field));
  return search.text
    .filter((field) => !byAttribute.has(field))
    .flatMap((field) => [valueOf(request, field)].flat())
    .filter((w): w is string => typeof w === 'string' && w !== '')
    .join(' ');
}

/** The budget in the channel's currency: the lower bound rounded down, the upper one up, to the currency's smallest unit. */
function priceOf(saleor: SaleorConfig, budget: Budget): ProductSearchFilter['price'] {
  const from = budget.currency ?? saleor.currency;
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: saleor.currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const unit = 10 ** digits;
  const conv = (n: number) => convertAmount(n, from, saleor.currency, saleor.rates);
  const out: NonNullable<ProductSearchFilter['price']> = {};
  if (budget.gte !== undefined) out.gte = Math.floor(conv(budget.gte) * unit) / unit;
  if (budget.lte !== undefined) out.lte = Math.ceil(conv(budget.lte) * unit) / unit;
  return out;
}

/** The Saleor product filter of a request. */
export function productFilter(config: SaleorBotConfig, request: ProductRequest): ProductSearchFilter {
  const search = searchOf(config);
  const filter: ProductSearchFilter = { first: search.first };
  const categories = categoriesOf(search, request);
  if (categories.length) filter.categories = [...categories];
  const attributes = attributesOf(search, request);
  if (attributes.length) filter.attributes = attributes;
  const text = textOf(search, request);
  if (text) filter.search = text;
  const budget = search.price ? (valueOf(request, search.price) as Budget | undefined) : undefined;
  if (budget && (budget.gte !== undefined || budget.lte !== undefined)) filter.price = priceOf(config.saleor!, budget);
  return filter;
}

/** The name a colour value has in the catalogue: the first synonym of its gazetteer value. */
function colorName(config: SaleorBotConfig, search: SaleorSearchConfig, value: unknown): string | undefined {
  if (!search.variant.color || typeof value !== 'string') return undefined;
  const kind = config.queries[search.query]?.[search.variant.color]?.kind;
  return config.gazetteers.find((g) => g.type === kind)?.values[value]?.[0] ?? value;
}

/** A product has one variant with the size and colour asked for, in stock (or with untracked stock). */
export function hasVariantInStock(product: Product, size: string | undefined, color: string | undefined): boolean {
  return product.variants.some((v) =>
    (!size || v.size?.toUpperCase() === size.toUpperCase()) &&
    (!color || !v.color || fold(v.color) === fold(color)) &&
    (v.quantityAvailable === null || v.quantityAvailable > 0));
}

export interface FindProductsOptions {
  /** Products already shown that must not come back. */
  excludeProductIds?: string[];
  /** The fields that may be given up when nothing matches; default `saleor.search.relax`, [] never. */
  relax?: string[];
}

export interface FoundProducts<R extends ProductRequest> {
  products: Product[];
  /** The fields given up to find them (empty when everything matched). */
  relaxed: string[];
  /** The request that found them. */
  request: R;
}

/**
 * Searches Saleor for the request; with a size asked, only products with the size (and colour) in stock in one
 * variant. When nothing matches, gives up the `relax` fields, fewer first. Saleor errors propagate (SaleorError).
 */
export async function findProducts<R extends ProductRequest>(client: Pick<SaleorClient, 'searchProducts'>, config: SaleorBotConfig, request: R, options: FindProductsOptions = {}): Promise<FoundProducts<R>> {
  const search = searchOf(config);
  const exclude = new Set(options.excludeProductIds ?? []);
  const sizeField = search.variant.size;
  const run = async (current: R) => {
    const size = sizeField ? (valueOf(current, sizeField) as string | undefined) : undefined;
    const color = search.variant.color ? colorName(config, search, valueOf(current, search.variant.color)) : undefined;
    return (await client.searchProducts(productFilter(config, current)))
      .filter((p) => !exclude.has(p.id))
      .filter((p) => !size || hasVariantInStock(p, size, color));
  };
  const found = await searchRelaxing(request, (options.relax ?? search.relax) as (keyof R & string)[], run);
  return { products: found.items, relaxed: found.relaxed, request: found.query };
}
